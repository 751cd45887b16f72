/**
 * Coins in Chromium at 375×812 over the real server (issue 17): a paid gift with no coins says
 * 余额不足 and links to the recharge page; recharging with the development provider credits at
 * once; nobility is bought and a paid gift is sent from the same balance. The balance the page
 * shows and the server's balance are checked at each step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SystemPaths, UserPaths, VlivePaths, embeddedUrl, type Envelope } from '../../workers/protocol/index';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import {
  collectErrors,
  launchBrowser,
  newPhonePage,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';

let server: RunningServer;
let browser: Browser;
const PHONE_NO = '13655550017';
const PASSWORD = 'coins2026x';
let token = '';

async function post<T = unknown>(path: string, body: Record<string, unknown>): Promise<Envelope<T>> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}
async function get<T = unknown>(path: string, auth?: string): Promise<Envelope<T>> {
  const res = await fetch(server.url + path, { headers: auth ? { accessToken: auth } : {} });
  return (await res.json()) as Envelope<T>;
}
async function seal(password: string): Promise<{ password: string; iv: string }> {
  const ivAnswer = await get<PasswordIv>(embeddedUrl(UserPaths.passwordIv));
  return { password: await encodeTransitPassword(password, ivAnswer.data), iv: ivAnswer.data.iv };
}
const serverBalance = async () => (await get<{ balance: number }>(VlivePaths.balance, token)).data.balance;
/** Waits until the page shows `n` as the balance in `selector`. */
const pageShows = (page: Page, selector: string, n: number) =>
  page.waitForFunction(
    ([sel, v]) => document.querySelector(sel)?.getAttribute('data-balance') === v,
    [selector, String(n)] as const,
    { polling: 100, timeout: 5_000 },
  );

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  expect((await post(embeddedUrl(UserPaths.smsSend), { phone: PHONE_NO, scene: 'register' })).code).toBe(200);
  const code = await get<{ code: string }>(`${SystemPaths.devSms}?phone=${PHONE_NO}`);
  const reg = await post(embeddedUrl(UserPaths.register), {
    phone: PHONE_NO,
    code: code.data.code,
    ...(await seal(PASSWORD)),
  });
  if (reg.code !== 200) throw new Error(`register failed: ${reg.msg}`);
  const login = await post<{ token: string }>(embeddedUrl(UserPaths.login), {
    phone: PHONE_NO,
    ...(await seal(PASSWORD)),
  });
  token = login.data.token;
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('coins in the browser', () => {
  it('余额不足 → recharge (dev provider) → nobility → paid gift, the balance right at each step', async () => {
    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    await page.goto(`${server.url}/user/login`);
    await page.getByLabel('手机号').fill(PHONE_NO);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    const agree = page.getByRole('checkbox');
    if (await agree.count()) await agree.check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 15_000 });

    // A paid gift with no coins: refused, with what is missing and a link to recharge.
    await page.goto(`${server.url}/vlive/detail/1001`);
    await page.getByRole('button', { name: '礼物' }).click();
    await pageShows(page, '.vl-sheet .vl-balance', 0);
    await page.locator('[data-gift-id="6"]').click();
    await page.getByRole('button', { name: '赠送' }).click();
    const short = page.locator('.vl-short');
    await short.waitFor({ timeout: 5_000 });
    expect(await short.textContent()).toContain('余额不足，还差 520 球币');
    expect(await serverBalance()).toBe(0);
    await screenshot(page, 'coins-gift-short');
    await short.getByRole('link', { name: '去充值' }).click();
    await page.waitForURL((u) => u.pathname === '/user/recharge', { timeout: 5_000 });

    // Recharge 1000 coins (¥98) with the development provider.
    await pageShows(page, '.us-recharge__balance strong', 0);
    await page.locator('[data-package-id="3"]').click();
    expect(await page.getByRole('radio', { name: '开发环境直充' }).isChecked()).toBe(true);
    await screenshot(page, 'coins-recharge');
    await page.getByRole('button', { name: '立即支付 ¥98' }).click();
    await pageShows(page, '.us-recharge__balance strong', 1000);
    await page.locator('[data-order-id][data-state="credited"]').waitFor({ timeout: 5_000 });
    expect(await serverBalance()).toBe(1000);
    await screenshot(page, 'coins-recharged');

    // Nobility (骑士, 600) from the same balance.
    await page.goto(`${server.url}/vlive/noble`);
    await pageShows(page, '[data-balance]', 1000);
    const knight = page.locator('[data-level="1"] button');
    await knight.click();
    await knight.click();
    await pageShows(page, '[data-balance]', 400);
    await page.locator('[data-level="1"].vl-level--mine').waitFor({ timeout: 5_000 });
    expect(await serverBalance()).toBe(400);

    // A paid gift (奖杯, 66).
    await page.goto(`${server.url}/vlive/detail/1001`);
    await page.getByRole('button', { name: '礼物' }).click();
    await pageShows(page, '.vl-sheet .vl-balance', 400);
    await page.locator('[data-gift-id="5"]').click();
    await page.getByRole('button', { name: '赠送' }).click();
    await pageShows(page, '.vl-sheet .vl-balance', 334);
    expect(await page.locator('.vl-short').count()).toBe(0);
    expect(await serverBalance()).toBe(334);
    await screenshot(page, 'coins-gift-sent');
    expect(errors).toEqual([]);
  }, 120_000);
});
