/**
 * Anchor live rooms in Chromium at 375×812 over the real server: `/` lands on `/vlive/0` with
 * live rooms; a room's video plays (currentTime advances); chat typed in one tab shows in a
 * second tab and in a second browser context within 1 s; a double-tapped gift debits once and
 * its effect shows in both contexts; the embedded score widget shows an injected goal within
 * 1 s while /metrics reports one socket per browser context.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SystemPaths, UserPaths, VlivePaths, embeddedUrl, type Envelope } from '../../workers/protocol/index';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import {
  collectErrors,
  footballMatchInPlay,
  launchBrowser,
  newPhoneContext,
  screenshot,
  stampWhen,
  stampedAt,
  startServer,
  type RunningServer,
} from '../helpers/e2e';

let server: RunningServer;
let browser: Browser;
/** This test's own user (the demo users are no fixture to rely on), registered in beforeAll. */
const PHONE_NO = '13655550001';
const PASSWORD = 'vlive2026x';
const ROOM = '1001';

beforeAll(async () => {
  server = await startServer({ env: { FEED_SEED: '11' } });
  browser = await launchBrowser();
  expect((await post(embeddedUrl(UserPaths.smsSend), { phone: PHONE_NO, scene: 'register' })).code).toBe(200);
  const code = await get<{ code: string }>(`${SystemPaths.devSms}?phone=${PHONE_NO}`);
  const sealed = await seal(PASSWORD);
  const reg = await post(embeddedUrl(UserPaths.register), { phone: PHONE_NO, code: code.data.code, ...sealed });
  if (reg.code !== 200) throw new Error(`register failed: ${reg.msg}`);
});

/** `{ password, iv }` sealed for the server (the transit scheme the core uses). */
async function seal(password: string): Promise<{ password: string; iv: string }> {
  const ivAnswer = await get<PasswordIv>(embeddedUrl(UserPaths.passwordIv));
  return { password: await encodeTransitPassword(password, ivAnswer.data), iv: ivAnswer.data.iv };
}
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function post<T = unknown>(path: string, body: Record<string, unknown>, token?: string): Promise<Envelope<T>> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { accessToken: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

async function get<T = unknown>(path: string, token?: string): Promise<Envelope<T>> {
  const res = await fetch(server.url + path, { headers: token ? { accessToken: token } : {} });
  return (await res.json()) as Envelope<T>;
}

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ').pop()) : NaN;
}

/** Logs in through the app's own login page (the session then lives in the context's core). */
async function loginInUi(page: Page): Promise<void> {
  await page.goto(`${server.url}/user/login`);
  await page.getByLabel('手机号').fill(PHONE_NO);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  const agree = page.getByRole('checkbox');
  if (await agree.count()) await agree.check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 15_000 });
}

/** The logged-in user's id and a token of its own (a second session), for credits and balance checks. */
async function userOf(_page: Page): Promise<{ id: number; token: string }> {
  const login = await post<{ token: string; user: { id: number } }>(embeddedUrl(UserPaths.login), {
    phone: PHONE_NO,
    ...(await seal(PASSWORD)),
  });
  if (login.code !== 200) throw new Error(`login failed: ${login.msg}`);
  return { id: login.data.user.id, token: login.data.token };
}

function shows(page: Page, text: string, timeout: number): Promise<unknown> {
  return page.waitForFunction(
    (t) => [...document.querySelectorAll('.vl-text')].some((e) => e.textContent === t),
    text,
    { polling: 100, timeout },
  );
}

async function openRoom(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${server.url}/vlive/detail/${ROOM}`);
  await page.waitForSelector('.vl-chat', { timeout: 30_000 });
  return page;
}

describe('anchor live', () => {
  it('/ lands on /vlive/0 with live rooms', async () => {
    const ctx = await newPhoneContext(browser);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(server.url + '/');
    await page.waitForURL('**/vlive/0');
    await page.waitForSelector('[data-testid="vlive-rooms"] [data-room-id]', { timeout: 30_000 });
    // No media server here: the rooms play the built-in test signal, and their cards say so.
    expect(await page.locator('[data-room-id] .vl-badge--test').count()).toBeGreaterThan(3);
    expect(await page.locator('[data-room-id] .vl-badge--live').count()).toBe(0);
    await page.waitForTimeout(500);
    await screenshot(page, 'vlive-home');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("plays a room's live stream (currentTime advances)", async () => {
    const ctx = await newPhoneContext(browser);
    const page = await openRoom(ctx);
    await page.waitForSelector('video');
    const t0 = await page.evaluate(() => document.querySelector('video')!.currentTime);
    await page.waitForFunction((t) => document.querySelector('video')!.currentTime > t + 2, t0, {
      polling: 100,
      timeout: 20_000,
    });
    const engine = await page.evaluate(() => document.querySelector('video')!.dataset.engine);
    expect(['native', 'hls.js']).toContain(engine);
    await screenshot(page, 'vlive-room-visitor');
    await ctx.close();
  });

  describe('one room in two tabs of one context (logged in) and a second context (visitor)', () => {
    let ctxA: BrowserContext;
    let ctxB: BrowserContext;
    let a1: Page;
    let a2: Page;
    let b1: Page;
    let user: { id: number; token: string };

    beforeAll(async () => {
      ctxA = await newPhoneContext(browser);
      ctxB = await newPhoneContext(browser);
      const login = await ctxA.newPage();
      await loginInUi(login);
      user = await userOf(login);
      await login.close();
      expect((await post('/_dev/vlive/credit', { userId: user.id, amount: 1000 })).code).toBe(200);
      a1 = await openRoom(ctxA);
      a2 = await openRoom(ctxA);
      b1 = await openRoom(ctxB);
      await a1.waitForTimeout(1_000);
    });
    afterAll(async () => {
      await ctxA?.close();
      await ctxB?.close();
    });

    it('a chat message shows in the other context within 1 s, as text', async () => {
      // No 7+ digit runs: the filter masks those as contact numbers.
      const text = `主队加油 ${String.fromCharCode(0x4e00 + (Date.now() % 5000))} <b>不是标签</b>`;
      await a1.getByLabel('说点什么…').fill(text);
      // Timed in the pages (same clock): from the submit in a1 to the text in b1's DOM.
      await b1.evaluate((t) => {
        const w = window as unknown as { seenAt?: number };
        new MutationObserver((_m, obs) => {
          if ([...document.querySelectorAll('.vl-text')].some((e) => e.textContent === t)) {
            w.seenAt = Date.now();
            obs.disconnect();
          }
        }).observe(document.body, { childList: true, subtree: true });
      }, text);
      await a1.evaluate(() => {
        const w = window as unknown as { sentAt?: number };
        document
          .querySelector('form.vl-send')!
          .addEventListener('submit', () => (w.sentAt = Date.now()), { capture: true, once: true });
      });
      await a1.getByRole('button', { name: '发送' }).click();
      await shows(b1, text, 3_000);
      const sentAt = await a1.evaluate(() => (window as unknown as { sentAt: number }).sentAt);
      const seenAt = await b1.evaluate(() => (window as unknown as { seenAt: number }).seenAt);
      expect(seenAt - sentAt).toBeLessThan(1_000);
      expect(await b1.evaluate(() => document.querySelectorAll('.vl-text b').length)).toBe(0);
      await screenshot(b1, 'vlive-room-chat-visitor');
      // The same message in the sender's other tab (one core per context).
      await shows(a2, text, 1_000);
    });

    it('a double-tapped gift debits once and its effect shows in both contexts', async () => {
      const before = (await get<{ balance: number }>(VlivePaths.balance, user.token)).data.balance;
      await a1.getByRole('button', { name: '礼物' }).click();
      await a1.locator('[data-gift-id="3"]').click();
      await a1.getByRole('button', { name: '赠送' }).dblclick();
      await Promise.all([a1, b1].map((p) => p.waitForSelector('[data-gift-effect]', { timeout: 3_000 })));
      await screenshot(a1, 'vlive-room-gift');
      await a1.waitForTimeout(800);
      const after = (await get<{ balance: number }>(VlivePaths.balance, user.token)).data.balance;
      expect(before - after).toBe(10);
      await a1.locator('.vl-sheet-mask').click();
    });

    it('the score widget shows an injected goal within 1 s, one socket per context', async () => {
      // Tie the room to a football match in play, so its widget has a live score.
      const live = { id: await footballMatchInPlay(server) };
      expect((await post('/_dev/vlive/bind', { roomId: ROOM, matchId: live.id, sport: 'zq' })).code).toBe(200);
      for (const p of [a1, b1]) await p.reload();
      const widget = `.vl-score[data-match-id="${live.id}"] [data-score]`;
      for (const p of [a1, b1]) {
        await p.waitForSelector(widget, { timeout: 15_000 }).catch(async (e: unknown) => {
          const room = await get(`/api/live/room/${ROOM}`);
          const stage = await p.evaluate(() => document.querySelector('.vl-stage')?.innerHTML.slice(0, 400));
          throw new Error(`${String(e)}\nroom: ${JSON.stringify(room).slice(0, 300)}\nstage: ${stage}`);
        });
      }
      const scoreBefore = await b1.locator(widget).textContent();
      const [h, aw] = scoreBefore!.split('-').map(Number);
      // Timed in each page (see stampWhen): when the widget shows the new score.
      const widgetShows = ([sel, want]: [string, string]) => document.querySelector(sel)?.textContent === want;
      for (const p of [a1, b1]) await stampWhen(p, 'widget', widgetShows, [widget, `${h! + 1}-${aw}`]);
      const goalAt = Date.now();
      const goal = await post('/_dev/feed/event', { matchId: live.id, type: 'goal', side: 'home' });
      expect(goal.code).toBe(200);
      const shownAt = await Promise.all([a1, b1].map((p) => stampedAt(p, 'widget', 5_000)));
      for (const at of shownAt) expect(at - goalAt).toBeLessThan(1_000);
      expect(await b1.locator(widget).textContent()).toBe(`${h! + 1}-${aw}`);
      // Sockets of contexts closed by earlier tests may take a moment to be counted out.
      let sockets = await metric('ws_connections');
      for (let i = 0; i < 30 && sockets !== 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        sockets = await metric('ws_connections');
      }
      expect(sockets).toBe(2);
      await screenshot(b1, 'vlive-room-goal');
    });
  });

  it('shows replays and the nobility levels', async () => {
    const ctx = await newPhoneContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/vlive/detail/replay`);
    await page.waitForSelector('.vl-replay', { timeout: 20_000 });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, {
      polling: 100,
      timeout: 20_000,
    });
    await screenshot(page, 'vlive-replay');
    await page.goto(`${server.url}/vlive/noble`);
    await page.waitForSelector('[data-level="6"]', { timeout: 20_000 });
    await screenshot(page, 'vlive-noble');
    await ctx.close();
  });
});
