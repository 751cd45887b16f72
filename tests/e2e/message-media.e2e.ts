/**
 * Picture messages in Chromium at 375×812 (issue 13): demo users A and B, each in their own
 * context, have their private chat open. A sends a PNG from the composer; B's tab shows it as a
 * thumbnail that opens large and closes with Escape. A file that only claims to be a PNG is
 * refused with the server's Chinese reason and reaches nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  collectErrors,
  launchBrowser,
  newPhonePage,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';
import { loginDemo, myUserId } from '../helpers/demo-login';
import { makePng } from '../server/user-centre-helpers';

let server: RunningServer;
let browser: Browser;
let a: Page;
let b: Page;
let errors: string[][];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  a = await newPhonePage(browser);
  b = await newPhonePage(browser);
  errors = [collectErrors(a), collectErrors(b)];
  await loginDemo(a, server.url, '13800000001');
  await loginDemo(b, server.url, '13800000002');
  const [aId, bId] = [await myUserId(a, server.url), await myUserId(b, server.url)];
  await a.goto(`${server.url}/message/chat?peer=${bId}`);
  await b.goto(`${server.url}/message/chat?peer=${aId}`);
  for (const p of [a, b]) await p.getByLabel('输入消息').waitFor({ timeout: 15_000 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pictures = (page: Page) => page.locator('[data-message-kind="image"]');

describe('picture messages', () => {
  it("sends a picture that the peer's tab shows, opens large and closes", async () => {
    await a
      .locator('[data-image-input]')
      .setInputFiles({ name: 'goal.png', mimeType: 'image/png', buffer: makePng(240, 160) });
    const img = pictures(b).last().locator('img');
    await img.waitFor({ timeout: 10_000 });
    expect(await img.getAttribute('src')).toMatch(/^\/media\/uploads\/[a-f0-9]{32}\.png$/);
    await b.waitForFunction(
      () => {
        const el = document.querySelector<HTMLImageElement>('[data-message-kind="image"] img');
        return !!el && el.complete && el.naturalWidth === 240;
      },
      undefined,
      { timeout: 10_000 },
    );
    await pictures(a).last().locator('img').waitFor();
    await screenshot(b, 'message-image-bubble');

    await b
      .getByRole('button', { name: /^查看大图/ })
      .last()
      .click();
    const viewer = b.getByRole('dialog', { name: '图片预览' });
    await viewer.waitFor();
    await screenshot(b, 'message-image-viewer');
    await b.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('refuses a file that only claims to be a picture, in Chinese, and sends nothing', async () => {
    const before = await pictures(b).count();
    await a.locator('[data-image-input]').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg onload="alert(1)"></svg>'.repeat(10)),
    });
    await a.getByRole('alert').filter({ hasText: '只支持 PNG、JPG、WebP 格式的图片' }).waitFor({ timeout: 10_000 });
    await b.waitForTimeout(500);
    expect(await pictures(b).count()).toBe(before);
    expect(await pictures(a).count()).toBe(before);
    expect(errors.flat()).toEqual([]);
  });
});
