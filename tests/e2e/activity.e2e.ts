/**
 * Activity in Chromium at 375×812: a visitor sees the current issue's published seed hash; a fan
 * registered through the real flow joins, picks a match, the match is played out by the dev feed
 * control, the right pick earns a chance, the fan draws on the wheel and sees the prize in the
 * page and in the history; the operator closes the issue, the verify view and `npm run ops --
 * verify-draws` recompute the draw from the revealed seed. Then, on this port (≠ 8008), the ChatGPT tab answers a question about a
 * match the dev feed control put in play, with a link that opens its detail page.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  collectErrors,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;

beforeAll(async () => {
  server = await startServer({ env: { OPS_TOKEN } });
  browser = await launchBrowser();
  ctx = await newPhoneContext(browser);
  // A fresh database is seeded at start: minutes when the machine's cores are shared.
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = '13712340015';
const OPS_TOKEN = 'e2e-ops-token';
const PASSWORD = 'abc12345';

async function smsCode(phone: string): Promise<string> {
  const res = await fetch(`${server.url}/_dev/sms?phone=${phone}`);
  const body = (await res.json()) as { code: number; data: { code: string } };
  expect(body.code).toBe(200);
  return body.data.code;
}

async function feedEvent(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${server.url}/_dev/feed/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string };
  expect(env.code, env.msg).toBe(200);
}

describe('activity', () => {
  let page: Page;
  let errors: string[];
  let matchIdOfPick = 0;

  it('shows the current issue with its published 64-hex seed hash to a visitor', async () => {
    page = await ctx.newPage();
    errors = collectErrors(page);
    await page.goto(`${server.url}/activity`);
    const hash = page.locator('[data-seed-hash]');
    await hash.waitFor();
    expect((await hash.textContent())?.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.locator('li.ac-match[data-match-id]').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: '登录后参加' }).waitFor();
    await screenshot(page, 'activity-visitor');
  });

  it('a fan registered through the real flow joins and picks a match', async () => {
    await page.goto(`${server.url}/user/register`);
    await page.getByLabel('手机号').fill(PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    await page.getByLabel('验证码').fill(await smsCode(PHONE));
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL((u) => u.pathname === '/user');

    await page.goto(`${server.url}/activity`);
    await page.getByRole('button', { name: '参加本期' }).click();
    await expect.poll(() => page.locator('[data-activity-points]').textContent()).toBe('1000');
    expect(await page.locator('[data-activity-chances]').textContent()).toBe('0');

    const row = page
      .locator('li.ac-match')
      .filter({ has: page.getByRole('button', { name: '主胜' }) })
      .first();
    const matchId = await row.getAttribute('data-match-id');
    expect(matchId).toMatch(/^\d+$/);
    await row.getByRole('button', { name: '主胜' }).click();
    expect(await row.getByRole('button', { name: '主胜' }).getAttribute('aria-pressed')).toBe('true');
    await row.getByRole('button', { name: '确认竞猜' }).click();
    const picked = page.locator(`li.ac-match[data-match-id="${matchId}"]`);
    await picked.getByText('已猜：主胜').waitFor();
    await expect.poll(() => page.locator('[data-activity-points]').textContent()).toBe('900');
    await screenshot(page, 'activity-picked');
    matchIdOfPick = Number(matchId);
  });

  it('the match is played out (dev state events); the right pick pays points and a chance', async () => {
    await feedEvent({ matchId: matchIdOfPick, type: 'state', state: 2 });
    await feedEvent({ matchId: matchIdOfPick, type: 'goal', side: 'home' });
    await feedEvent({ matchId: matchIdOfPick, type: 'goal', side: 'home' });
    await feedEvent({ matchId: matchIdOfPick, type: 'state', state: 8 });
    await page.reload();
    const row = page.locator(`li.ac-match[data-match-id="${matchIdOfPick}"]`);
    await row.waitFor();
    const [h, a] = (await row.locator('[data-score]').textContent())!.split('-').map(Number);
    expect(h!).toBeGreaterThan(a!);
    await expect.poll(() => page.locator('[data-activity-chances]').textContent()).toBe('1');
    expect(await page.locator('[data-activity-points]').textContent()).toBe('1100');
    await screenshot(page, 'activity-settled');
  });

  it('draws on the wheel with the chance earned and sees the prize, then finds it in the history', async () => {
    await page.getByRole('link', { name: '去抽奖' }).click();
    await page.waitForURL('**/activity/lottery');
    await page.getByText('剩余 1 次抽奖机会').waitFor();
    await page.getByRole('button', { name: '立即抽奖' }).click();
    const result = page.getByRole('status').filter({ hasText: /恭喜获得|谢谢参与/ });
    await result.waitFor();
    const prize = await page.locator('[data-draw-result]').getAttribute('data-draw-result');
    expect(prize).toBeTruthy();
    await page.getByText(/暂无抽奖机会/).waitFor();
    expect(await page.getByRole('button', { name: '立即抽奖' }).isDisabled()).toBe(true);
    await page.waitForTimeout(3200); // let the wheel finish turning for the screenshot
    await screenshot(page, 'activity-lottery');

    await page.goto(`${server.url}/activity/history`);
    await page.getByText('第 1 次').waitFor();
    expect(await page.getByText(prize!, { exact: false }).count()).toBeGreaterThan(0);
    await page.locator(`li[data-match-id="${matchIdOfPick}"] [data-outcome="won"]`).waitFor();
    await screenshot(page, 'activity-history');
    expect(errors).toEqual([]);
  });

  it('ChatGPT (4th tab on this port): 今天有哪些比赛正在进行, a team’s score and 英超积分榜, with links that open the right pages; the conversation survives a reload', async () => {
    // Another football match of the issue, put in play by the dev feed control (or already in play).
    const cur = (await (await fetch(`${server.url}/main/activity/current`)).json()) as {
      data: { matches: Array<{ matchId: number; sport: string; status: number; home: string }> };
    };
    const other = cur.data.matches.find(
      (m) => m.matchId !== matchIdOfPick && m.sport === 'zq' && m.status >= 1 && m.status <= 4,
    );
    expect(other, JSON.stringify(cur.data.matches)).toBeTruthy();
    const liveId = other!.matchId;
    const home = other!.home;
    if (other!.status === 1) await feedEvent({ matchId: liveId, type: 'state', state: 2 });
    await feedEvent({ matchId: liveId, type: 'goal', side: 'away' });

    const tabs = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: '我的' }) });
    const askChat = async (question: string, intent: string) => {
      const before = await page.locator(`[data-chat-answer="${intent}"]`).count();
      await page.getByLabel('输入你的问题').fill(question);
      await page.getByRole('button', { name: '发送' }).click();
      await page.locator(`[data-chat-answer="${intent}"]`).nth(before).waitFor();
      return page.locator(`[data-chat-answer="${intent}"]`).nth(before);
    };
    const openChat = async () => {
      await page.goto(`${server.url}/live/hot`);
      await tabs.getByRole('link', { name: 'ChatGPT' }).click();
      await page.waitForURL('**/ChatGPT');
    };
    /** Follows an answer's link to a match and checks the detail page shows that match. */
    const followMatchLink = async (answer: Locator, href: string) => {
      const id = /\/detail\/(\d+)$/.exec(href)![1]!;
      await answer.locator(`a[href="${href}"]`).click();
      await page.waitForURL(`**${href}`);
      await page.locator(`[data-match-id="${id}"]`).first().waitFor();
    };

    await openChat();
    const live = await askChat('今天有哪些比赛正在进行', 'live');
    expect(await live.textContent()).toMatch(/正在进行/);
    const liveHrefs = await live
      .locator('a[href*="/detail/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(liveHrefs.length).toBeGreaterThan(0);
    await screenshot(page, 'chatgpt-live');
    await followMatchLink(live, liveHrefs[0]!);

    // The list may hold more live matches than an answer shows; asked by team, this one is named.
    await openChat();
    const answer = await askChat(`${home}现在比分多少`, 'score');
    const link = answer.locator(`a[href="/live/zq/detail/${liveId}"]`);
    await link.waitFor();
    const answerText = (await answer.textContent())!;
    await followMatchLink(answer, `/live/zq/detail/${liveId}`);
    const score = (await page.locator(`[data-match-id="${liveId}"] [data-score]`).first().textContent())!.trim();
    expect(score).toMatch(/^\d+-\d+$/);
    expect(Number(score.split('-')[1])).toBeGreaterThan(0);
    // The answer told the same score the detail page shows.
    expect(answerText).toContain(score);
    await screenshot(page, 'chatgpt-match-detail');

    await openChat();
    const table = await askChat('英超积分榜', 'standings');
    const tableText = (await table.textContent())!;
    expect(tableText).toContain('英超积分榜');
    expect(tableText).toMatch(/1\. \S+ +\d+ 场 \d+ 胜 \d+ 平 \d+ 负 +\d+ 分/);
    await screenshot(page, 'chatgpt-standings');
    // 英超积分榜 opens the league's table in 数据库: the same leader, first row.
    const leader = /1\. (\S+) /.exec(tableText)![1]!;
    await table.getByRole('link', { name: '英超积分榜' }).click();
    await page.waitForURL('**/database/detail?id=*');
    const firstRow = page.locator('[data-standings] [data-team-id]').first();
    await firstRow.waitFor();
    expect(await firstRow.textContent()).toContain(leader);
    await screenshot(page, 'chatgpt-standings-page');

    // The conversation survives a reload (the core's offline store).
    await page.goto(`${server.url}/ChatGPT`);
    await page.locator('[data-chat-answer="standings"]').waitFor();
    expect(await page.locator('[data-chat-answer]').count()).toBe(3);
    expect(errors).toEqual([]);
  });

  it('after the operator closes the issue, the verify view and `ops verify-draws` recompute the draw', async () => {
    const issueNo = 1;
    const close = await fetch(`${server.url}/main/ops/activity/issues/${issueNo}/close`, {
      method: 'POST',
      headers: { 'x-ops-token': OPS_TOKEN },
    });
    expect(((await close.json()) as { code: number }).code).toBe(200);
    await page.goto(`${server.url}/activity`);
    await page.locator('[data-seed]').waitFor();
    expect((await page.locator('[data-seed]').textContent())?.trim()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('link', { name: '规则与验证' }).click();
    await page.waitForURL('**/activity/rule');
    await page.getByRole('button', { name: '验证' }).first().click();
    await page.getByText('种子与公布的哈希一致').waitFor();
    expect(await page.locator('[data-verify-result]').getAttribute('data-verify-result')).toBe('ok');
    await page.getByText('已重算 1 次抽奖，全部一致').waitFor();
    await screenshot(page, 'activity-verify');

    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/ops/cli.ts', 'verify-draws', String(issueNo)],
      {
        env: { ...process.env, OPS_TOKEN, OPS_URL: server.url },
      },
    );
    expect(stdout).toContain('sha256 一致');
    expect(stdout).toContain('重算 1 次抽奖，1 次一致，0 次不一致');
  });
});
