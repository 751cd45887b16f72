/**
 * Expert tips in Chromium at 375×812 over the real server (production mode, settlement ticking
 * on its own): a user with 20 settled tips of their own applies and an operator approves them
 * (OPS_TOKEN); as that expert they publish a tip in the match list at the quoted odds; a buyer
 * opens a paid tip, buys it with coins and reads the reasoning (one debit); a `state` dev event
 * finishes the match and the tip shows 红, and the expert, second to a rival by 连红 before (one
 * 黑 against the rival's 红), moves to first among the experts the buyer follows and up the whole
 * ranking; the match detail's 统计 tab then shows the scorer's goal in the player lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  OPS_TOKEN_HEADER,
  OpsProposalPaths,
  ProposalPaths,
  SystemPaths,
  UserPaths,
  VlivePaths,
  embeddedUrl,
  fillPath,
  type Envelope,
  type ExpertApplicationState,
  type ExpertRankRow,
  type TipCard,
} from '../../workers/protocol/index';
import { UserCentrePaths, type TipMatch } from '../../workers/protocol/api/user-centre';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import {
  collectErrors,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';

const OPS = 'ops-token-proposal-e2e';
const EXPERT_PHONE = '13655551401';
const BUYER_PHONE = '13655551402';
const RIVAL_PHONE = '13655551403';
const PAID_REASON = '两队近期进球偏少，客队防守稳固，看好小球。';
const PASSWORD = 'tips2026x';
let server: RunningServer;
let browser: Browser;
let expert = { id: 0, token: '' };
let buyer = { id: 0, token: '' };
let rival = { id: 0, token: '' };
let matchId = 0;
let paidTip = 0;

async function post<T = unknown>(
  path: string,
  body: Record<string, unknown>,
  token?: string,
  ops = false,
): Promise<Envelope<T>> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { accessToken: token } : {}),
      ...(ops ? { [OPS_TOKEN_HEADER]: OPS } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}
async function get<T = unknown>(path: string, token?: string): Promise<Envelope<T>> {
  const res = await fetch(server.url + path, { headers: token ? { accessToken: token } : {} });
  return (await res.json()) as Envelope<T>;
}
async function seal(password: string): Promise<{ password: string; iv: string }> {
  const ivAnswer = await get<PasswordIv>(embeddedUrl(UserPaths.passwordIv));
  return { password: await encodeTransitPassword(password, ivAnswer.data), iv: ivAnswer.data.iv };
}
async function register(phone: string): Promise<{ id: number; token: string }> {
  expect((await post(embeddedUrl(UserPaths.smsSend), { phone, scene: 'register' })).code).toBe(200);
  const code = await get<{ code: string }>(`${SystemPaths.devSms}?phone=${phone}`);
  const reg = await post(embeddedUrl(UserPaths.register), { phone, code: code.data.code, ...(await seal(PASSWORD)) });
  if (reg.code !== 200) throw new Error(`register failed: ${reg.msg}`);
  const login = await post<{ token: string; user: { id: number } }>(embeddedUrl(UserPaths.login), {
    phone,
    ...(await seal(PASSWORD)),
  });
  if (login.code !== 200) throw new Error(`login failed: ${login.msg}`);
  return { id: login.data.user.id, token: login.data.token };
}
async function feedEvent(body: Record<string, unknown>): Promise<void> {
  const env = await post('/_dev/feed/event', body);
  expect(env.code, env.msg).toBe(200);
}
async function loginInUi(page: Page, phone: string): Promise<void> {
  await page.goto(`${server.url}/user/login`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  const agree = page.getByRole('checkbox');
  if (await agree.count()) await agree.check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 15_000 });
}

beforeAll(async () => {
  server = await startServer({ env: { FEED_SEED: '7', OPS_TOKEN: OPS } });
  browser = await launchBrowser();
  expert = await register(EXPERT_PHONE);
  buyer = await register(BUYER_PHONE);
  rival = await register(RIVAL_PHONE);
  // 20 tips of each user's own, each on a match then played to a home win: 20 settled, all hit.
  const offered = (await get<TipMatch[]>(embeddedUrl(UserCentrePaths.tipMatches), expert.token)).data;
  expect(offered.length).toBeGreaterThan(22);
  // The latest match is kept for the expert tips (least likely to kick off while this runs).
  matchId = offered[offered.length - 1]!.id;
  await Promise.all(
    offered.slice(0, 20).map(async (m) => {
      for (const who of [expert, rival]) {
        const add = await post(
          embeddedUrl(UserCentrePaths.tipAdd),
          { matchId: m.id, pick: 'home', reason: '看好主队主场取胜' },
          who.token,
        );
        expect(add.code, add.msg).toBe(200);
      }
      await feedEvent({ matchId: m.id, type: 'state', state: 2 });
      await feedEvent({ matchId: m.id, type: 'goal', side: 'home' });
      await feedEvent({ matchId: m.id, type: 'state', state: 8 });
    }),
  );
  for (const who of [expert, rival]) {
    const applied = await post<ExpertApplicationState>(embeddedUrl(ProposalPaths.apply), {}, who.token);
    expect(applied.code, applied.msg).toBe(200);
    const approved = await post(embeddedUrl(OpsProposalPaths.decide), { userId: who.id, approve: true }, '', true);
    expect(approved.code, approved.msg).toBe(200);
    // The buyer follows both experts (their own ranking: /proposal/rank/attention).
    const followed = await post<{ follow: number }>(
      embeddedUrl(ProposalPaths.follow),
      { expertId: who.id },
      buyer.token,
    );
    expect(followed.data.follow).toBe(1);
  }
  // A first expert tip each, on another match played to a home win: the rival's 红, the expert's
  // 黑. By 连红 the rival (1) ranks above the expert (0) until the expert's next tips settle.
  const first = offered[20]!.id;
  for (const [who, pick] of [
    [rival, 'home'],
    [expert, 'away'],
  ] as const) {
    const r = await post(
      embeddedUrl(ProposalPaths.publish),
      { matchId: first, market: 'spf', pick, price: 0, reason: '两队状态对比明显，看好这个方向。' },
      who.token,
    );
    expect(r.code, r.msg).toBe(200);
  }
  await feedEvent({ matchId: first, type: 'state', state: 2 });
  await feedEvent({ matchId: first, type: 'goal', side: 'home' });
  await feedEvent({ matchId: first, type: 'state', state: 8 });
  // (expect.poll is for tests only: a plain wait for the settlement ticker here)
  const want = JSON.stringify([
    [rival.id, 1, 1],
    [expert.id, 2, 0],
  ]);
  let seen = '';
  for (const end = Date.now() + 60_000; seen !== want && Date.now() < end;) {
    seen = JSON.stringify((await streakRanks()).map((r) => [r.expertId, r.rank, r.streak]));
    if (seen !== want) await new Promise((r) => setTimeout(r, 250));
  }
  expect(seen).toBe(want);
  // A paid tip by the same expert on the match, for the buyer: under the total (the match is
  // played to 1-0 below, so it settles 红 with the free tip).
  const paid = await post<{ id: number }>(
    embeddedUrl(ProposalPaths.publish),
    { matchId, market: 'dxq', pick: 'under', price: 30, reason: PAID_REASON },
    expert.token,
  );
  expect(paid.code, paid.msg).toBe(200);
  paidTip = paid.data.id;
  expect((await post('/_dev/vlive/credit', { userId: buyer.id, amount: 100 })).code).toBe(200);
}, 420_000);

/** The 7-day 连红 ranking of the experts the buyer follows, from the API. */
async function streakRanks(): Promise<ExpertRankRow[]> {
  return (await get<ExpertRankRow[]>(`${embeddedUrl(ProposalPaths.rankAttention)}?days=7&by=streak`, buyer.token)).data;
}

/** The rank shown on the page for each expert, read from the rows' data-rank. */
async function shownRanks(page: Page): Promise<Record<number, number>> {
  await page.locator('[data-expert-rank]').waitFor({ timeout: 15_000 });
  return page.$$eval('[data-expert-rank] [data-expert-id]', (rows) =>
    Object.fromEntries(
      rows.map((r) => [Number(r.getAttribute('data-expert-id')), Number(r.getAttribute('data-rank'))]),
    ),
  );
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('expert tips at 375×812', () => {
  it('an expert publishes a tip; a buyer buys the paid one; the match ends and the tip settles 红, the rank moves', async () => {
    const ctxE = await newPhoneContext(browser);
    const ctxB = await newPhoneContext(browser);
    try {
      // --- the expert publishes in the match list at the quoted odds
      const pe = await ctxE.newPage();
      const errors = collectErrors(pe);
      await loginInUi(pe, EXPERT_PHONE);
      await pe.goto(`${server.url}/proposal/matchList`);
      const card = pe.locator(`[data-tip-match="${matchId}"]`);
      await card.waitFor({ timeout: 15_000 });
      await card.getByRole('button', { name: /个方案/ }).click();
      const form = card.getByRole('form', { name: '发布方案' });
      await form.getByRole('button', { name: '胜平负' }).click();
      await form.locator('[data-pick="home"]').click();
      await form.getByLabel('推荐理由（至少 10 个字）').fill('主队近五场主场全胜，客队客场疲软，看好主胜。');
      await form.getByRole('button', { name: '发布方案' }).click();
      await form.getByText('发布成功').waitFor({ timeout: 10_000 });
      await card.locator('[data-tip-id]').nth(1).waitFor({ timeout: 10_000 });
      await screenshot(pe, 'proposal-matchlist');
      const tips = (await get<TipCard[]>(embeddedUrl(fillPath(ProposalPaths.matchTips, { id: matchId })))).data;
      const mine = tips.find((t) => t.market === 'spf')!;
      expect(mine.expertId).toBe(expert.id);

      // --- the buyer opens the paid tip, buys it, reads the reasoning
      const pb = await ctxB.newPage();
      await loginInUi(pb, BUYER_PHONE);
      await pb.goto(`${server.url}/proposal/detail?id=${paidTip}`);
      await pb.getByText('付费方案，购买后查看推荐理由').waitFor({ timeout: 15_000 });
      expect(await pb.locator('[data-tip-reason]').count()).toBe(0);
      await pb.getByRole('button', { name: '30 球币查看理由' }).click();
      await pb.locator('[data-tip-reason]').getByText(PAID_REASON).waitFor({ timeout: 10_000 });
      await pb.getByText('购买成功，余额 70 球币').waitFor();
      await screenshot(pb, 'proposal-detail-bought');
      const wallet = await get<{ balance: number }>(embeddedUrl(VlivePaths.balance), buyer.token);
      expect(wallet.data.balance).toBe(70);

      // --- before the match, by 连红: among the experts the buyer follows the rival is first and
      // the expert second; in the whole ranking the expert sits below the rival
      const pr = await ctxB.newPage();
      await pr.goto(`${server.url}/proposal/rank/attention`);
      await pr.getByRole('button', { name: '连红' }).click();
      await pr.locator(`[data-expert-rank] [data-expert-id="${expert.id}"]`).waitFor({ timeout: 15_000 });
      expect(await shownRanks(pr)).toEqual({ [rival.id]: 1, [expert.id]: 2 });
      await screenshot(pr, 'proposal-rank-attention-before');
      const pa = await ctxB.newPage();
      await pa.goto(`${server.url}/proposal/rank`);
      await pa.getByRole('button', { name: '连红' }).click();
      await pa.locator(`[data-expert-rank] [data-expert-id="${expert.id}"]`).waitFor({ timeout: 15_000 });
      const allBefore = await shownRanks(pa);
      expect(allBefore[expert.id]).toBeGreaterThan(allBefore[rival.id]!);

      // --- the match is played to a home win; the tip shows 红 on its own
      await pe.goto(`${server.url}/proposal/detail?id=${mine.id}`);
      await pe.locator(`[data-tip-id="${mine.id}"]`).waitFor({ timeout: 15_000 });
      await feedEvent({ matchId, type: 'state', state: 2 });
      await feedEvent({ matchId, type: 'goal', side: 'home' });
      const t0 = Date.now();
      await feedEvent({ matchId, type: 'state', state: 8 });
      await pe.locator('[data-tip-result="red"]').waitFor({ timeout: 20_000 });
      console.info(`[proposal.e2e] tip shown 红 ${Date.now() - t0} ms after the full-time event`);
      await screenshot(pe, 'proposal-detail-settled');

      // --- and the rank moves: the expert (连红 2 now) passes the rival, first among the followed,
      // and up the whole ranking
      await expect
        .poll(async () => (await streakRanks()).map((r) => [r.expertId, r.rank, r.streak]), { timeout: 30_000 })
        .toEqual([
          [expert.id, 1, 2],
          [rival.id, 2, 1],
        ]);
      await pr.reload();
      await pr.getByRole('button', { name: '连红' }).click();
      await pr
        .locator(`[data-expert-rank] [data-expert-id="${expert.id}"][data-rank="1"]`)
        .waitFor({ timeout: 15_000 });
      expect(await shownRanks(pr)).toEqual({ [expert.id]: 1, [rival.id]: 2 });
      await screenshot(pr, 'proposal-rank');
      await pa.reload();
      await pa.getByRole('button', { name: '连红' }).click();
      await pa.locator(`[data-expert-rank] [data-expert-id="${expert.id}"]`).waitFor({ timeout: 15_000 });
      const allAfter = await shownRanks(pa);
      console.info(`[proposal.e2e] 连红 rank of the expert: ${allBefore[expert.id]} → ${allAfter[expert.id]}`);
      expect(allAfter[expert.id]).toBeLessThan(allAfter[rival.id]!);
      expect(allAfter[expert.id]).toBeLessThan(allBefore[expert.id]!);

      // --- match detail's 统计 tab shows the player lines: the home side's scorer has 1 goal
      await pe.goto(`${server.url}/live/zq/detail/${matchId}`);
      await pe.getByRole('tab', { name: '统计' }).click();
      const home = pe.locator('[data-players="home"]');
      await home.waitFor({ timeout: 15_000 });
      await pe.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-players="home"] tbody tr')].some(
            (tr) => tr.querySelectorAll('td')[2]?.textContent === '1',
          ),
        undefined,
        { polling: 100, timeout: 10_000 },
      );
      expect(await pe.locator('[data-players="away"] tbody tr').count()).toBeGreaterThan(0);
      await screenshot(pe, 'proposal-zq-player-stats');
      expect(errors).toEqual([]);
    } finally {
      await ctxE.close();
      await ctxB.close();
    }
  }, 180_000);
});
