/**
 * What the conversation list costs a tab and the offline store while messages arrive (issue 13:
 * 1,000 conversations scroll with no long task under a message storm). On the real server with
 * fake-indexeddb and the real coordinator and tab client: B holds 200 conversations (the dev
 * inbox seed); after the first delivery, each message from a peer crosses the tab's port as the
 * one conversation it changed, not the list; the tab shows it on top with its count; the stored
 * list is written once for a run of messages, not per message, and ends as the tab shows it.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ConversationsValue } from '../../../workers/core/api';
import { IM_STORE, LIST_SAVE_MS } from '../../../workers/core/modules/messaging';
import { MessagePaths, privateConversationId, type ChatListItem } from '../../../workers/protocol/api/message';
import { embeddedUrl } from '../../../workers/protocol/index';
import { DEMO_USERS } from '../../../server/accounts/seed';
import { loginDemoPeer } from '../../helpers/long-chat';
import { call } from '../../helpers/ws-client';
import { waitFor } from '../helpers/fake-clock';
import { useMessagingCores } from '../helpers/messaging-cores';

const { env, harness, loggedIn } = useMessagingCores();
const COUNT = 200;

/** List items (anything with a conversation id and a peer) anywhere inside a posted message. */
function itemsIn(data: unknown): number {
  if (Array.isArray(data)) return data.reduce((n: number, d) => n + itemsIn(d), 0);
  if (typeof data !== 'object' || data === null) return 0;
  const o = data as Record<string, unknown>;
  if (typeof o.conversationId === 'string' && typeof o.peer === 'object') return 1;
  return Object.values(o).reduce((n: number, d) => n + itemsIn(d), 0);
}

describe('the conversation list under a run of messages', () => {
  it('sends the tab the changed conversation only and writes the stored list once per run', async () => {
    const bRow = await env.srv.built.ctx.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', DEMO_USERS[1].phone)
      .executeTakeFirstOrThrow();
    const seeded = await fetch(`${env.srv.base}/_dev/im/seed-inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: bRow.id, count: COUNT }),
    });
    expect(((await seeded.json()) as { code: number }).code).toBe(200);
    const hb = harness();
    const b = await loggedIn(hb, 1);
    const tab = hb.tab('reader');
    const view = { value: null as ConversationsValue | null };
    await tab.subscribe({ kind: 'conversations' }, (v) => (view.value = v));
    // Seeded before B logs in: the core reads the list whole at login.
    await waitFor(() => (view.value?.items.length ?? 0) >= COUNT, 10_000, 'the seeded list');
    const total = view.value!.items.length;

    const deliveries: number[] = [];
    hb.tap = (t, data) => {
      if (t === 'reader') deliveries.push(itemsIn(data));
    };
    let writes = 0;
    const set = hb.store.set.bind(hb.store);
    hb.store.set = (key, value) => {
      if (key === IM_STORE.chats) writes++;
      return set(key, value);
    };

    // The oldest conversation's peer writes five times in a row.
    const peer = await loginDemoPeer(env.srv.base, COUNT - 1);
    for (let i = 1; i <= 5; i++) {
      const r = await call(env.srv.base, 'POST', embeddedUrl(MessagePaths.send), {
        token: peer.token,
        form: { toUserId: String(b.id), text: `第 ${i} 次提醒`, clientId: `list-wire-${Date.now()}-${i}` },
      });
      expect(r.body.code, r.body.msg).toBe(200);
    }
    const chatId = privateConversationId(peer.user.id, b.id);
    // Seeded with two unread (1 + 199 % 3), five more.
    await waitFor(
      () => view.value?.items[0]?.conversationId === chatId && view.value.items[0].count === 7,
      10_000,
      'top',
    );
    expect(view.value!.items).toHaveLength(total);
    expect(view.value!.items[0]!.last?.text).toBe('第 5 次提醒');
    // Each delivery carried the one conversation that changed, never the list.
    expect(deliveries.length).toBeGreaterThan(0);
    expect(Math.max(...deliveries)).toBe(1);

    // The stored list: written after the run settles, once or twice, as the tab shows it.
    await new Promise((r) => setTimeout(r, LIST_SAVE_MS * 2.5));
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(2);
    const stored = await hb.store.get<ChatListItem[]>(IM_STORE.chats);
    expect(stored?.[0]).toMatchObject({ conversationId: chatId, count: 7 });
    expect(stored).toHaveLength(total);
  }, 60_000);
});
