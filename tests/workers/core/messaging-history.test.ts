/**
 * A long conversation in the core (issue 13), on the real server with fake-indexeddb: opening it
 * reads the newest page only; `loadOlderMessages` pages back block by block to the first message
 * with no seq twice; a live message while scrolled back lands once; after a worker restart with
 * the network down, the history already read comes back from the offline store (Dexie) alone.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ConversationValue } from '../../../workers/core/api';
import { BLOCK, IM_STORE } from '../../../workers/core/modules/messaging-history';
import { waitFor } from '../helpers/fake-clock';
import { range, seqsOf, useMessagingCores } from '../helpers/messaging-cores';

const { harness, loggedIn, seedHistory } = useMessagingCores();
const COUNT = 1_050;
/** Paging back through 11 blocks on a real server: slow on a loaded machine. */
const SLOW = 120_000;

/** A and user `who` (B) with COUNT seeded messages between them; B's core has the chat open. */
async function openSeeded(who: 1 | 2) {
  const ha = harness();
  const hb = harness();
  const a = await loggedIn(ha, 0);
  const b = await loggedIn(hb, who);
  const chatId = await seedHistory(a.id, b.id, COUNT);
  const view = { value: null as ConversationValue | null };
  await b.tab.subscribe({ kind: 'conversation', chatId }, (v) => (view.value = v));
  await waitFor(() => view.value?.status === 'ready' && view.value.messages.length > 0, 20_000, 'newest page');
  return { a, b, hb, chatId, view };
}

describe('paging back through a long conversation', () => {
  it(
    'opens on the newest page, pages back to seq 1 with each seq once, and a live message lands once',
    async () => {
      const { a, b, hb, chatId, view } = await openSeeded(1);
      expect(seqsOf(view.value)).toEqual(range(COUNT - BLOCK + 1, COUNT));
      expect(view.value!.hasOlder).toBe(true);

      // Two loads at once share one: the rest of the block below the newest page, not two blocks.
      const [r1, r2] = await Promise.all([b.tab.loadOlderMessages(chatId), b.tab.loadOlderMessages(chatId)]);
      const partial = (COUNT - BLOCK) % BLOCK;
      expect(r1).toMatchObject({ ok: true, data: partial });
      expect(r2.data).toBe(partial);
      await waitFor(() => seqsOf(view.value).length === BLOCK + partial, 15_000, 'second page');
      expect(seqsOf(view.value)).toEqual(range(COUNT - BLOCK - partial + 1, COUNT));
      expect((await b.tab.loadOlderMessages(chatId)).data).toBe(BLOCK);

      // A live message while scrolled back: once, at the end.
      const live = await a.tab.sendPrivate(b.id, '翻到上面时来的新消息');
      expect(live.ok, live.msg).toBe(true);
      await waitFor(() => seqsOf(view.value).includes(COUNT + 1), 15_000, 'live message');

      for (let i = 0; i < 20 && view.value!.hasOlder; i++)
        expect((await b.tab.loadOlderMessages(chatId)).ok).toBe(true);
      await waitFor(() => view.value?.hasOlder === false, 15_000, 'history start');
      expect(seqsOf(view.value)).toEqual(range(1, COUNT + 1));
      expect(view.value!.messages[0]!.text).toBe('历史第1条');
      expect(await b.tab.loadOlderMessages(chatId)).toMatchObject({ ok: true, data: 0 });
      // Complete blocks are kept in the offline store.
      expect(await hb.store.get(IM_STORE.block(chatId, 0))).toHaveLength(BLOCK);
    },
    SLOW,
  );

  it(
    'after a restart with the network down, the history already read comes from the offline store',
    async () => {
      const { b, hb, chatId, view } = await openSeeded(2);
      while (view.value!.hasOlder) expect((await b.tab.loadOlderMessages(chatId)).ok).toBe(true);
      expect(seqsOf(view.value)).toEqual(range(1, COUNT));

      hb.kill();
      hb.networkDown = true;
      hb.start();
      const again = hb.tab('after-restart');
      let back: ConversationValue | null = null;
      await again.subscribe({ kind: 'conversation', chatId }, (v) => (back = v));
      await waitFor(() => back?.status === 'ready' && back.messages.length > 0, 20_000, 'stored newest');
      // The store keeps the newest 500; older blocks come from it with no network.
      expect(seqsOf(back)[0]).toBeGreaterThan(1);
      for (let i = 0; i < 20 && back!.hasOlder; i++) {
        const r = await again.loadOlderMessages(chatId);
        expect(r.ok, r.msg).toBe(true);
      }
      await waitFor(() => back?.hasOlder === false, 15_000, 'history start offline');
      expect(seqsOf(back)).toEqual(range(1, COUNT));
    },
    SLOW,
  );
});
