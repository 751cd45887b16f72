/**
 * Picture messages in Chromium at 375×812 (issue 13): demo users A and B, each in their own
 * context, have their private chat open. A sends a PNG from the composer; B's tab shows it as a
 * thumbnail that opens large and closes with Escape. A file that only claims to be a PNG is
 * refused with the server's Chinese reason and reaches nobody; it stays failed in A's chat (the
 * picture goes through the core's outbox like a text) until deleted. A shares a football match in
 * play from the composer's picker; B's card shows its score, and a goal injected with the dev
 * control moves that score in B's chat (live through B's core).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  collectErrors,
  footballMatchInPlay,
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
      { polling: 100, timeout: 10_000 },
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
    // Focus is on the viewer's close button, and goes back to the thumbnail after Escape.
    expect(await b.evaluate(() => document.activeElement?.textContent)).toBe('关闭');
    await b.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await b.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^查看大图/);
  });

  it('refuses a file that only claims to be a picture, in Chinese: it reaches nobody and stays failed in my chat', async () => {
    const before = await pictures(b).count();
    await a.locator('[data-image-input]').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg onload="alert(1)"></svg>'.repeat(10)),
    });
    await a
      .getByRole('alert')
      .filter({ hasText: '只支持 PNG、JPG、WebP 格式的图片' })
      .first()
      .waitFor({ timeout: 10_000 });
    // Like a refused text, it stays in my chat as failed (retry or delete).
    const failed = pictures(a).last();
    await a.waitForFunction(
      () => {
        const all = document.querySelectorAll('[data-message-kind="image"]');
        return all[all.length - 1]?.getAttribute('data-message-state') === 'failed';
      },
      undefined,
      { polling: 100 },
    );
    // Its bytes are no picture, so the bubble shows the unsent picture's placeholder.
    await failed.getByRole('img', { name: '我发送的图片（尚未发出）' }).waitFor();
    await screenshot(a, 'message-image-failed');
    await b.waitForTimeout(500);
    expect(await pictures(b).count()).toBe(before);
    await failed.getByRole('button', { name: '删除' }).click();
    await a.waitForFunction((n) => document.querySelectorAll('[data-message-kind="image"]').length === n, before, {
      polling: 100,
    });
    expect(errors.flat()).toEqual([]);
  });

  it("shares a live match whose card follows a goal in the peer's chat", async () => {
    const matchId = await footballMatchInPlay(server);
    await a.getByRole('button', { name: '分享比赛' }).click();
    const picker = a.getByRole('dialog', { name: '选择要分享的比赛' });
    const row = picker.locator(`button[data-match-id="${matchId}"]`);
    await row.waitFor({ timeout: 15_000 });
    await screenshot(a, 'message-match-picker');
    await row.click();
    await picker.waitFor({ state: 'detached', timeout: 10_000 });

    const cardB = b.locator(`[data-message-kind="match"] [data-match-id="${matchId}"]`).last();
    await cardB.waitFor({ timeout: 10_000 });
    expect(await cardB.textContent()).toContain('演示数据');
    const score = cardB.locator('[data-score]');
    await b.waitForFunction(
      (id) => /^\d+-\d+$/.test(document.querySelector(`[data-match-id="${id}"] [data-score]`)?.textContent ?? ''),
      matchId,
      { polling: 100, timeout: 10_000 },
    );
    const home = Number(((await score.textContent()) ?? '').split('-')[0]);
    const goal = await fetch(`${server.url}/_dev/feed/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matchId, type: 'goal', side: 'home' }),
    });
    expect(((await goal.json()) as { code: number }).code).toBe(200);
    // At least one more home goal (the simulator may add its own meanwhile).
    await b.waitForFunction(
      ([id, before]) => {
        const text = document.querySelector(
          `[data-message-kind="match"] [data-match-id="${id}"] [data-score]`,
        )?.textContent;
        return Number(text?.split('-')[0]) >= before + 1;
      },
      [matchId, home] as const,
      { polling: 100, timeout: 10_000 },
    );
    await screenshot(b, 'message-match-card');
    expect(errors.flat()).toEqual([]);
  });
});
