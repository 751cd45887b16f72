/**
 * Issue 31: an Alipay order's row on /user/recharge follows the payment without a reload. The
 * server runs with ALIPAY_* pointed at the local gateway (tests/helpers/alipay-sandbox.ts, which
 * signs with its own keys and POSTs the signed notification as Alipay does). The user orders,
 * sees the checkout page, comes back: the row says 待支付; the buyer pays at the gateway and the
 * open page's row turns 已到账 (and the balance moves) by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startAlipaySandbox, type AlipaySandbox } from '../helpers/alipay-sandbox';
import { loginDemo } from '../helpers/demo-login';
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
let gateway: AlipaySandbox;

beforeAll(async () => {
  gateway = await startAlipaySandbox();
  server = await startServer({
    env: {
      ALIPAY_APP_ID: gateway.appId,
      ALIPAY_APP_PRIVATE_KEY: gateway.appPrivateKey,
      ALIPAY_PUBLIC_KEY: gateway.alipayPublicKey,
      ALIPAY_GATEWAY: gateway.url,
    },
  });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await gateway?.close();
});

describe('an Alipay recharge in the browser', () => {
  it('the order row turns from 待支付 to 已到账 when Alipay notifies, without a reload', async () => {
    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    await loginDemo(page, server.url, '13800000002');
    await page.goto(`${server.url}/user/recharge`);
    await page.getByRole('radio', { name: '支付宝' }).check();
    await page.locator('[data-package-id="1"]').click();
    await page.getByRole('button', { name: /^立即支付/ }).click();
    await page.getByText('支付宝收银台').waitFor({ timeout: 15_000 });
    // Back from the checkout page without paying yet.
    await page.goto(`${server.url}/user/recharge`);
    const row = page.locator('[data-order-id]').first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-state')).toBe('created');
    expect(await row.locator('b').textContent()).toBe('待支付');
    const orderId = (await row.getAttribute('data-order-id'))!;
    const balanceBefore = await page.locator('.us-recharge__balance strong').getAttribute('data-balance');

    expect(await gateway.pay(orderId)).toBe('success');
    const paidAt = Date.now();
    await page.locator(`[data-order-id="${orderId}"][data-state="credited"]`).waitFor({ timeout: 10_000 });
    console.log(`Alipay notified → the open page's row says 已到账 ${Date.now() - paidAt} ms later`);
    expect(await page.locator(`[data-order-id="${orderId}"] b`).textContent()).toBe('已到账');
    // The balance comes with its own wallet event, which may land just after the order's row.
    await expect
      .poll(() => page.locator('.us-recharge__balance strong').getAttribute('data-balance'), { timeout: 5_000 })
      .not.toBe(balanceBefore);
    await screenshot(page, 'recharge-alipay-credited');
    expect(errors).toEqual([]);
  }, 120_000);
});
