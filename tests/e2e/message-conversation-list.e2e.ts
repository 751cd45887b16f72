/**
 * A list of 1,000 conversations in Chromium at 375×812 (issue 13): B's inbox is seeded through
 * the server's insert path (`/_dev/im/seed-inbox`), B opens /message and the list reports every
 * conversation while the DOM holds only a window of rows; scrolling to the bottom shows the oldest
 * one, and a new message from that peer moves its conversation to the top with its unread count.
 */
import { describe, expect, it } from 'vitest';
import { MessagePaths, privateConversationId, type ChatListItem } from '../../workers/protocol/api/message';
import { embeddedUrl } from '../../workers/protocol/index';
import { demoPeerNick } from '../../server/im/dev-seed';
import { collectErrors, newPhonePage, screenshot } from '../helpers/e2e';
import { useE2eWorld } from '../helpers/e2e-world';
import { loginAsB, loginDemoPeer, seedLongInbox } from '../helpers/long-chat';
import { call } from '../helpers/ws-client';

const COUNT = 1_000;
/** Rows in the DOM at most: a screenful (812 / 65 ≈ 13) plus overscan on both sides. */
const MAX_ROWS = 40;
/** B, with COUNT conversations seeded, and how many B has in all (the demo world may add some). */
const world = useE2eWorld(async (server) => {
  const b = await seedLongInbox(server.url, COUNT);
  const list = await call<ChatListItem[]>(server.url, 'GET', embeddedUrl(MessagePaths.chatList), { token: b.token });
  return { b, total: list.body.data.length };
});

describe('a list of 1,000 conversations', () => {
  it('holds all of them in a bounded DOM, scrolls to the oldest, and a new message brings it to the top', async () => {
    expect(world.total).toBeGreaterThanOrEqual(COUNT);
    const page = await newPhonePage(world.browser);
    const errors = collectErrors(page);
    await loginAsB(page, world.server.url);
    await page.goto(`${world.server.url}/message`);
    const list = page.locator('[data-conversations]');
    await expect.poll(() => list.getAttribute('data-conversations'), { timeout: 30_000 }).toBe(String(world.total));
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
    const peer = await loginDemoPeer(world.server.url, COUNT - 1);
    const sent = await call(world.server.url, 'POST', embeddedUrl(MessagePaths.send), {
      token: peer.token,
      form: {
        toUserId: String(world.b.user.id),
        text: '最老的会话来了新消息',
        clientId: `e2e-${Date.now().toString(36)}`,
      },
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    await page.evaluate(() => window.scrollTo(0, 0));
    const first = rows.first();
    const chatId = privateConversationId(peer.user.id, world.b.user.id);
    await expect.poll(() => first.getAttribute('data-conversation-id'), { timeout: 10_000 }).toBe(chatId);
    // 陌生人: B neither follows the seeded peers nor has written to them.
    expect(await first.locator('.msg-row__name').textContent()).toBe(`${oldest}陌生人`);
    await expect.poll(() => first.locator('.msg-row__count').textContent(), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => first.locator('.msg-row__last').textContent()).toBe('最老的会话来了新消息');
    expect(await list.getAttribute('data-conversations')).toBe(String(world.total));
    expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS);
    await screenshot(page, 'message-conversation-list-new');
    expect(errors).toEqual([]);
  }, 120_000);
});
