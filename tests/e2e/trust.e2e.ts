/**
 * What the screen says must be true, at 375×812 over the real server and feed: the connection
 * banner while offline and after, VS before kick-off, status words once, one alert at a time and
 * only for the sport on screen, an alert on the detail page of the match being watched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectErrors,
  footballMatchInPlay,
  revealMatchRow,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';
import { goalUntilAlert } from '../helpers/goal-alert';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;

beforeAll(async () => {
  server = await startServer({ env: { FEED_SEED: '7' } });
  browser = await launchBrowser();
  ctx = await newPhoneContext(browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function devEvent(body: Record<string, unknown>): Promise<{ code: number; msg: string }> {
  const res = await fetch(`${server.url}/_dev/feed/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string };
}

async function openList(path: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(server.url + path);
  await page.waitForSelector('[data-match-id] [data-score]', { timeout: 30_000 });
  return page;
}

describe('trust in what the screen says', () => {
  let zq: Page;
  let errors: string[] = [];

  it('an unstarted match shows VS; the DOM keeps H-A', async () => {
    zq = await ctx.newPage();
    errors = collectErrors(zq);
    await zq.goto(server.url + '/live/zq/sc');
    // Tomorrow's schedule: late in the China evening today's has nothing left to start.
    await zq.locator('.lv-dates [data-date]').nth(1).click();
    const row = zq.locator('.lv-row.is-upcoming').first();
    await row.waitFor({ timeout: 20_000 });
    const score = row.locator('[data-score]');
    expect(await score.textContent()).toBe('0-0');
    const shown = await score.evaluate((el) => getComputedStyle(el, '::after').content);
    expect(shown).toBe('"VS"');
    await screenshot(zq, 'trust-upcoming-vs');
  });

  it('football alerts: one toast at a time, none on the basketball page', async () => {
    const a = await footballMatchInPlay(server, 10);
    await zq.goto(server.url + '/live/zq');
    await revealMatchRow(zq, a, '', 20_000);
    const lq = await openList('/live/lq');
    // The basketball tab is the visible one now: the core sends alerts there, and it keeps them off.
    expect((await devEvent({ matchId: a, type: 'goal', side: 'home' })).code).toBe(200);
    await lq.waitForTimeout(1500);
    expect(await lq.locator('.lv-alert').count()).toBe(0);
    await lq.close();
    // Back on the football list, two quick goals give one toast: the newest.
    await zq.bringToFront();
    await zq.waitForTimeout(300);
    expect((await devEvent({ matchId: a, type: 'goal', side: 'home' })).code).toBe(200);
    expect((await devEvent({ matchId: a, type: 'goal', side: 'away' })).code).toBe(200);
    await zq.waitForSelector('.lv-alert', { timeout: 5000 });
    await zq.waitForTimeout(400);
    expect(await zq.locator('.lv-alert').count()).toBe(1);
    const shownScore = await zq.locator('.lv-alert [data-alert-score]').textContent();
    const rowScore = await zq.locator(`[data-match-id="${a}"] [data-score]`).textContent();
    expect(shownScore).toBe(rowScore);
    await screenshot(zq, 'trust-one-alert');
    // It goes after about 3 s.
    await zq.waitForSelector('.lv-alert', { state: 'detached', timeout: 6000 });
  });

  it('the detail page alerts a goal in the match being watched', async () => {
    const id = await footballMatchInPlay(server, 10);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/live/zq/detail/${id}`);
    await page.waitForSelector(`.lv-detail-match[data-match-id="${id}"]`, { timeout: 20_000 });
    await page.waitForTimeout(500);
    // The header above is the server's HTML: a goal before the core subscribed would not alert.
    await goalUntilAlert(page, server, id, '.lv-alert', { side: 'away', eachMs: 5_000 });
    await screenshot(page, 'trust-detail-alert');
    await page.close();
  });

  it('a goal scored while the socket is down and the tab switches sport reaches the row', async () => {
    const id = await footballMatchInPlay(server, 10);
    const zq = await openList('/live/zq');
    const score = zq.locator(`[data-match-id="${id}"] [data-score]`);
    await revealMatchRow(zq, id, '', 20_000);
    const [h, a] = (await score.textContent())!.split('-').map(Number);
    // Every socket drops; the core reconnects after RECONNECT_MS. Meanwhile: 足球 → 篮球 → 足球 and a goal.
    await fetch(`${server.url}/_dev/ws/drop`, { method: 'POST' });
    await zq.getByRole('link', { name: '篮球' }).click();
    await zq.waitForURL('**/live/lq**');
    await zq.waitForTimeout(1200);
    expect((await devEvent({ matchId: id, type: 'goal', side: 'home' })).code).toBe(200);
    await zq.getByRole('link', { name: '足球' }).click();
    await zq.waitForURL('**/live/zq**');
    await revealMatchRow(zq, id, '', 15_000);
    await expect.poll(() => score.textContent(), { timeout: 15_000 }).toBe(`${h! + 1}-${a}`);
  });

  it('offline: a quiet banner says so, and says 已恢复 when back', async () => {
    await zq.bringToFront();
    const banner = zq.locator('[data-connection]');
    // The socket drop of the test before may still be showing 已恢复 for a moment.
    await expect.poll(() => banner.getAttribute('data-connection'), { timeout: 15_000 }).toBe('ok');
    await ctx.setOffline(true);
    await expect.poll(() => banner.getAttribute('data-connection'), { timeout: 10_000 }).toBe('down');
    expect(await banner.textContent()).toBe('连接已断开，正在重连…');
    await screenshot(zq, 'trust-offline-banner');
    await ctx.setOffline(false);
    await expect.poll(() => banner.getAttribute('data-connection'), { timeout: 20_000 }).toBe('restored');
    expect(await banner.textContent()).toBe('已恢复');
    await expect.poll(() => banner.getAttribute('data-connection'), { timeout: 10_000 }).toBe('ok');
    expect(errors.filter((e) => !/WebSocket|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
  });
});

describe('follows are the server truth for a logged-in user', () => {
  const PHONE = '13912345678';
  const PASSWORD = 'follow1234';
  let a: BrowserContext;

  async function smsCode(phone: string): Promise<string> {
    const res = await fetch(`${server.url}/_dev/sms?phone=${phone}`);
    const body = (await res.json()) as { data: { code: string } };
    return body.data.code;
  }

  async function register(page: Page): Promise<void> {
    await page.goto(`${server.url}/user/register`);
    await page.getByLabel('手机号').fill(PHONE);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    await page.getByLabel('验证码').fill(await smsCode(PHONE));
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL((u) => u.pathname === '/user');
  }

  async function login(page: Page): Promise<void> {
    await page.goto(`${server.url}/user/login`);
    await page.getByLabel('手机号').fill(PHONE);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/user');
  }

  const followRows = (page: Page) => page.locator('.lv-row[data-match-id]');

  it('a starred match stays in 关注 after a reload, and in a second browser', async () => {
    a = await newPhoneContext(browser);
    const page = await a.newPage();
    await register(page);
    await page.goto(`${server.url}/live/zq`);
    const row = page.locator('.lv-row[data-live="1"]').first();
    await row.waitFor({ timeout: 20_000 });
    const id = await row.getAttribute('data-match-id');
    await row.locator('[data-follow]').click();
    await expect.poll(() => row.locator('[data-follow]').getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${server.url}/live/zq/follow`);
    await page.waitForSelector(`.lv-row[data-match-id="${id}"]`, { timeout: 10_000 });
    await page.reload();
    await page.waitForSelector(`.lv-row[data-match-id="${id}"]`, { timeout: 10_000 });
    expect(await followRows(page).count()).toBe(1);
    await screenshot(page, 'trust-follow-reload');

    const b = await newPhoneContext(browser);
    const other = await b.newPage();
    await login(other);
    await other.goto(`${server.url}/live/zq/follow`);
    await other.waitForSelector(`.lv-row[data-match-id="${id}"]`, { timeout: 10_000 });
    await b.close();

    // Logged out, the account's follows are gone from the 关注 tab.
    await page.goto(`${server.url}/user/set`);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/user');
    await page.goto(`${server.url}/live/zq/follow`);
    await page.getByText('还没有关注的比赛', { exact: false }).waitFor({ timeout: 10_000 });
    expect(await followRows(page).count()).toBe(0);
    await a.close();
  });
});
