/**
 * What a conversation costs on the wire to a tab (issue 13: a 10,000-message chat scrolls with no
 * long task). On the real server with fake-indexeddb and the real coordinator and tab client,
 * counting the messages inside every delivery that crosses the tab's port: paging back through
 * a long chat sends each page once (not the whole held history again), a live message sends its
 * block only, and the tab still sees the whole conversation in order. The patch functions are
 * checked alone too: a first delivery replaces, a block left out is dropped.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage, ConversationValue } from '../../../workers/core/api';
import { applyPatch, patchFor, type ConversationState } from '../../../workers/core/conversation-wire';
import { BLOCK } from '../../../workers/core/modules/messaging-history';
import { waitFor } from '../helpers/fake-clock';
import { range, seqsOf, useMessagingCores } from '../helpers/messaging-cores';

const { harness, loggedIn, seedHistory } = useMessagingCores();
const COUNT = 1_050;
const SLOW = 120_000;

/** Messages (anything with a chat id, a seq or client id, and a text) anywhere inside a posted message. */
function messagesIn(data: unknown): number {
  if (Array.isArray(data)) return data.reduce((n: number, d) => n + messagesIn(d), 0);
  if (typeof data !== 'object' || data === null) return 0;
  const o = data as Record<string, unknown>;
  if (typeof o.chatId === 'string' && typeof o.text === 'string' && ('seq' in o || 'clientId' in o)) return 1;
  return Object.values(o).reduce((n: number, d) => n + messagesIn(d), 0);
}

describe('a conversation on the wire to a tab', () => {
  it(
    'paging back sends each page once, a live message sends its block, and the tab holds it all in order',
    async () => {
      const ha = harness();
      const hb = harness();
      const a = await loggedIn(ha, 0);
      const b = await loggedIn(hb, 1);
      const chatId = await seedHistory(a.id, b.id, COUNT);
      const deliveries: number[] = [];
      hb.tap = (tab, data) => {
        if (tab === 'reader') deliveries.push(messagesIn(data));
      };
      const tab = hb.tab('reader');
      const view = { value: null as ConversationValue | null };
      await tab.subscribe({ kind: 'conversation', chatId }, (v) => (view.value = v));
      await waitFor(() => view.value?.status === 'ready' && view.value.messages.length > 0, 10_000, 'newest page');

      while (view.value!.hasOlder) {
        const held = view.value!.messages.length;
        expect((await tab.loadOlderMessages(chatId)).ok).toBe(true);
        await waitFor(() => view.value!.messages.length > held || !view.value!.hasOlder, 5_000, 'older page');
      }
      expect(seqsOf(view.value)).toEqual(range(1, COUNT));
      // Every message crossed the port once (a page's block; the newest page's block once more when
      // the page below it completed it), never the held history again per page.
      expect(Math.max(...deliveries)).toBeLessThanOrEqual(BLOCK);
      const total = deliveries.reduce((n, d) => n + d, 0);
      expect(total).toBeLessThanOrEqual(COUNT + BLOCK);

      deliveries.length = 0;
      const live = await a.tab.sendPrivate(b.id, '翻到上面时来的新消息');
      expect(live.ok, live.msg).toBe(true);
      await waitFor(() => seqsOf(view.value).includes(COUNT + 1), 5_000, 'live message');
      expect(seqsOf(view.value)).toEqual(range(1, COUNT + 1));
      // The live message opens block COUNT / BLOCK: it alone travels.
      expect(deliveries.reduce((n, d) => n + d, 0)).toBeLessThanOrEqual(BLOCK);

      // My own send: the outbox's block, then the stored one; the tab shows it once.
      deliveries.length = 0;
      const mine = await tab.sendPrivate(a.id, '我的回复');
      expect(mine.ok, mine.msg).toBe(true);
      await waitFor(() => seqsOf(view.value).includes(COUNT + 2), 5_000, 'my message');
      expect(view.value!.messages.filter((m) => m.text === '我的回复')).toHaveLength(1);
      expect(view.value!.messages.at(-1)).toMatchObject({ seq: COUNT + 2, state: 'sent' });
      expect(deliveries.reduce((n, d) => n + d, 0)).toBeLessThanOrEqual(2 * BLOCK);
    },
    SLOW,
  );
});

describe('conversation patches', () => {
  const msg = (seq: number): ConversationMessage => ({
    id: String(seq),
    chatId: 'c',
    fromUserId: 1,
    fromNickName: '',
    fromAvatar: '',
    text: `第${seq}条`,
    at: seq,
    seq,
    state: 'sent',
  });
  const state = (blocks: ConversationState['blocks']): ConversationState => ({
    status: 'ready',
    chatId: 'c',
    readSeq: 0,
    hasOlder: false,
    blocks,
  });

  it('sends only changed blocks, drops blocks left out, and a first delivery replaces what the tab held', () => {
    const b0 = [msg(1), msg(2)];
    const b1 = [msg(101)];
    const first = patchFor(null, state([['s0', b0]]));
    expect(first.patch).toMatchObject({ full: true, keys: ['s0'] });
    const held = new Map([['stale', [msg(999)]]]);
    expect(applyPatch(held, first.patch).messages.map((m) => m.seq)).toEqual([1, 2]);

    // Two emissions coalesced into one delivery: the patch is from what was sent, not from the last emission.
    const second = patchFor(
      first.sent,
      state([
        ['s0', b0],
        ['s1', b1],
      ]),
    );
    expect(second.patch.changed.map(([k]) => k)).toEqual(['s1']);
    const b1b = [msg(101), msg(102)];
    const third = patchFor(second.sent, state([['s1', b1b]]));
    expect(third.patch.changed).toEqual([['s1', b1b]]);
    applyPatch(held, second.patch);
    expect(applyPatch(held, third.patch).messages.map((m) => m.seq)).toEqual([101, 102]);
    expect([...held.keys()]).toEqual(['s1']);
  });
});
