/**
 * A list of 1,000 conversations in Chromium at 375×812 (issue 13): B's inbox is seeded through
 * the server's insert path (`/_dev/im/seed-inbox`), B opens /message and the list reports every
 * conversation while the DOM holds only a window of rows; scrolling to the bottom shows the oldest
 * one, and a new message from that peer moves its conversation to the top with its unread count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MessagePaths, privateConversationId, type ChatListItem } from '../../workers/protocol/api/message';
import { embeddedUrl } from '../../workers/protocol/index';
import type { AuthResult } from '../../workers/protocol/api/user';
import { demoPeerNick } from '../../server/im/dev-seed';
import {
  collectErrors,
  launchBrowser,
  newPhonePage,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';
import { loginAsB, loginDemoPeer, seedLongInbox } from '../helpers/long-chat';
import { call } from '../helpers/ws-client';

const COUNT = 1_000;
/** Rows in the DOM at most: a screenful (812 / 65 ≈ 13) plus overscan on both sides. */
const MAX_ROWS = 40;
let server: RunningServer;
let browser: Browser;
let b: AuthResult;
/** B's conversations once seeded (the seeded ones and any the demo world gave B). */
let total = 0;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  b = await seedLongInbox(server.url, COUNT);
  const list = await call<ChatListItem[]>(server.url, 'GET', embeddedUrl(MessagePaths.chatList), { token: b.token });
  total = list.body.data.length;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a list of 1,000 conversations', () => {
  it('holds all of them in a bounded DOM, scrolls to the oldest, and a new message brings it to the top', async () => {
    expect(total).toBeGreaterThanOrEqual(COUNT);
    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    await loginAsB(page, server.url);
    await page.goto(`${server.url}/message`);
    const list = page.locator('[data-conversations]');
    await expect.poll(() => list.getAttribute('data-conversations'), { timeout: 30_000 }).toBe(String(total));
    const rows = page.locator('[data-conversation-id]');
    await rows.first().waitFor();
    expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS);
    await screenshot(page, 'message-conversation-list-top');

    // The oldest seeded conversation is the last row: scroll down until it is drawn.
    const oldest = demoPeerNick(COUNT - 1);
    const oldestRow = rows.filter({ hasText: oldest });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await oldestRow.waitFor({ timeout: 10_000 });
    await expect.poll(() => oldestRow.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS);
    // Peer 1000 was seeded with one message (1 + 999 % 3), unread.
    await expect(oldestRow.getByTitle('1 条未读').count()).resolves.toBe(1);
    await screenshot(page, 'message-conversation-list-bottom');

    // That peer writes again: the conversation goes to the top with 2 unread.
    const peer = await loginDemoPeer(server.url, COUNT - 1);
    const sent = await call(server.url, 'POST', embeddedUrl(MessagePaths.send), {
      token: peer.token,
      form: { toUserId: String(b.user.id), text: '最老的会话来了新消息', clientId: `e2e-${Date.now().toString(36)}` },
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    await page.evaluate(() => window.scrollTo(0, 0));
    const first = rows.first();
    const chatId = privateConversationId(peer.user.id, b.user.id);
    await expect.poll(() => first.getAttribute('data-conversation-id'), { timeout: 10_000 }).toBe(chatId);
    // 陌生人: B neither follows the seeded peers nor has written to them.
    expect(await first.locator('.msg-row__name').textContent()).toBe(`${oldest}陌生人`);
    await expect.poll(() => first.locator('.msg-row__count').textContent(), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => first.locator('.msg-row__last').textContent()).toBe('最老的会话来了新消息');
    expect(await list.getAttribute('data-conversations')).toBe(String(total));
    expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS);
    await screenshot(page, 'message-conversation-list-new');
    expect(errors).toEqual([]);
  }, 120_000);
});
