/**
 * A read in one tab clears the other tabs' unread badge from the worker's own store, at once:
 * not after the server's read ack and `counts` event (held back here until the badge has moved).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MessagePaths } from '../../../workers/protocol/api/message';
import type { ConversationValue, ConversationsValue, UnreadValue } from '../../../workers/core/api';
import { waitFor } from '../helpers/fake-clock';
import { useMessagingCores } from '../helpers/messaging-cores';

const { harness, loggedIn } = useMessagingCores();

describe('cross-tab read badge', () => {
  it(
    "a read in tab 1 drops tab 2's unread total before the server has answered the read",
    { timeout: 90_000 },
    async () => {
      const ha = harness();
      const hb = harness();
      const a = await loggedIn(ha, 0);
      const b = await loggedIn(hb, 1);
      const [b1, b2] = [hb.tab('b1'), hb.tab('b2')];
      let unread2: UnreadValue | null = null;
      let list2: ConversationsValue | null = null;
      await b2.subscribe({ kind: 'unread' }, (v) => (unread2 = v));
      await b2.subscribe({ kind: 'conversations' }, (v) => (list2 = v));
      await waitFor(() => list2?.status === 'ready', 8_000, 'list ready');
      const start = unread2!.total;

      const sent = await a.tab.sendPrivate(b.id, '今晚看球吗？');
      expect(sent.ok, sent.msg).toBe(true);
      const chatId = sent.data!.chatId;
      await waitFor(() => unread2?.total === start + 1, 8_000, 'badge +1');

      let conv: ConversationValue | null = null;
      await b1.subscribe({ kind: 'conversation', chatId }, (v) => (conv = v));
      await waitFor(() => conv?.messages.some((m) => m.text === '今晚看球吗？') ?? false, 8_000, 'tab 1 shows it');
      const seq = conv!.messages.find((m) => m.text === '今晚看球吗？')!.seq!;

      // The server's read answer (and so its counts event) is held until tab 2's badge has moved.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let readSent = false;
      hb.fetchGate = (url) => {
        if (!url.includes(MessagePaths.read)) return Promise.resolve();
        readSent = true;
        return held;
      };
      const reading = b1.markChatRead(chatId, seq);
      try {
        await waitFor(() => unread2?.total === start, 3_000, "tab 2's badge drops while the read is in flight");
        expect(readSent).toBe(true);
        expect(list2!.items.find((c) => c.conversationId === chatId)).toMatchObject({ count: 0, readSeq: seq });
      } finally {
        release();
        hb.fetchGate = null;
      }
      await reading;
      // The server agrees afterwards: the total stays where it is.
      await new Promise((r) => setTimeout(r, 300));
      expect(unread2!.total).toBe(start);
    },
  );
});
