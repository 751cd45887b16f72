/**
 * A 10,000-message chat in Chromium at 375×812 (issue 13): the conversation is seeded through the
 * server's insert path (`/_dev/im/seed`), B opens it and lands on the newest message at the
 * bottom; scrolling to the top loads older pages while the rows on screen stay where they were;
 * the DOM holds a bounded window of rows however many are loaded; a message from A while B reads
 * older ones does not pull B down, and one while B is at the bottom keeps B at the bottom.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MessagePaths } from '../../workers/protocol/api/message';
import { embeddedUrl } from '../../workers/protocol/index';
import { collectErrors, newPhonePage, screenshot } from '../helpers/e2e';
import { useE2eWorld } from '../helpers/e2e-world';
import { loginAsB, seedLongChat } from '../helpers/long-chat';
import { call } from '../helpers/ws-client';

const COUNT = 10_000;
/** Rows in the DOM at most (the window plus overscan). */
const MAX_ROWS = 60;

const world = useE2eWorld(async (server) => ({ chat: await seedLongChat(server.url, COUNT) }));

const rowCount = (page: Page) => page.locator('.msg-chat__row').count();
const loaded = async (page: Page) =>
  Number(await page.locator('[data-message-count]').getAttribute('data-message-count'));
const atBottom = (page: Page) =>
  page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
/** The top of the row of `seq` in the viewport (px), or null when it is not in the DOM. */
const topOf = (page: Page, seq: number) =>
  page.evaluate((s) => document.querySelector(`[data-message-seq="${s}"]`)?.getBoundingClientRect().top ?? null, seq);

async function sendFromA(text: string): Promise<void> {
  const r = await call(world.server.url, 'POST', embeddedUrl(MessagePaths.send), {
    token: world.chat.a.token,
    form: { toUserId: String(world.chat.b.user.id), text, clientId: `e2e${Date.now().toString(36)}x` },
  });
  expect(r.body.code, r.body.msg).toBe(200);
}

describe('a 10,000-message chat', () => {
  it('opens at the bottom, loads older pages on scroll-up in place, keeps the DOM bounded', async () => {
    const page = await newPhonePage(world.browser);
    const errors = collectErrors(page);
    await loginAsB(page, world.server.url);
    await page.goto(`${world.server.url}/message/chat?peer=${world.chat.a.user.id}`);
    await page.locator(`[data-message-seq="${COUNT}"]`).waitFor({ timeout: 60_000 });
    await expect.poll(() => atBottom(page), { timeout: 10_000 }).toBe(true);
    expect(await rowCount(page)).toBeLessThanOrEqual(MAX_ROWS);
    await screenshot(page, 'message-long-chat-bottom');

    // Scroll up page after page: older pages arrive, what was at the top stays where it was.
    let pages = 0;
    while ((await loaded(page)) < 600) {
      const before = await loaded(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The first row on screen once the window has moved there (two frames), and where it is.
      const { seq: topSeq, y } = await page.evaluate(async () => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const rows = [...document.querySelectorAll<HTMLElement>('.msg-chat__row [data-message-seq]')];
        const first = rows.find(
          (r) => r.getBoundingClientRect().top >= 0 && r.getBoundingClientRect().top < innerHeight,
        )!;
        return { seq: Number(first.dataset.messageSeq), y: first.getBoundingClientRect().top };
      });
      await expect.poll(() => loaded(page), { timeout: 20_000 }).toBeGreaterThan(before);
      // That row has not moved: the older ones went in above it, out of view.
      // (Rows measured in the frames after the prepend settle it.)
      await expect
        .poll(async () => Math.abs(((await topOf(page, topSeq)) ?? Infinity) - y), { timeout: 5_000 })
        .toBeLessThan(8);
      // One page per scroll to the top, not a run of them.
      expect(await loaded(page)).toBeLessThanOrEqual(before + 100);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await rowCount(page)).toBeLessThanOrEqual(MAX_ROWS);
      pages++;
    }
    expect(pages).toBe(5);
    const seqs = await page
      .locator('.msg-chat__row [data-message-seq]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-message-seq'))));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(1_500);
    await screenshot(page, 'message-long-chat-older');

    // Reading older messages: a new one from A does not pull the view down.
    const y0 = await page.evaluate(() => window.scrollY);
    await sendFromA('翻看旧消息时来的新消息');
    await expect.poll(() => loaded(page), { timeout: 10_000 }).toBeGreaterThan(600);
    await page.waitForTimeout(300);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - y0)).toBeLessThan(8);

    // At the bottom: the next one keeps the view at the bottom, showing it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => atBottom(page), { timeout: 10_000 }).toBe(true);
    await sendFromA('在底部时来的新消息');
    await page.getByText('在底部时来的新消息', { exact: true }).waitFor({ timeout: 10_000 });
    // Screen readers hear it through the live region.
    await page.getByText('绿茵老炮：在底部时来的新消息').waitFor({ state: 'attached' });
    await expect.poll(() => atBottom(page), { timeout: 5_000 }).toBe(true);
    await screenshot(page, 'message-long-chat-new');
    expect(errors).toEqual([]);
  }, 300_000);
});
