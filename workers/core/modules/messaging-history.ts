/**
 * A conversation's messages in the core (issue 13): the held messages by seq, the newest page a
 * first open reads, and older pages a scrolled-up chat loads. History is read in blocks of seqs
 * (BLOCK of them: (b·BLOCK, (b+1)·BLOCK]) from the offline store first, then the server
 * (`messages?afterSeq&beforeSeq`); a block below the newest held seq is complete and is kept in
 * the store, so scrolling back through a 10,000-message chat a second time reads no network.
 * Merging is by seq, so a block, a gap fetch, a live event and a send answer carrying the same
 * message still show it once.
 */
import type { BehaviorSubject } from 'rxjs';
import { Code } from '../../protocol/codes';
import { MessagePaths } from '../../protocol/api/message';
import type { ImMessage } from '../../protocol/chat';
import type { ActionResult, ConversationValue } from '../api';
import type { Kernel } from '../kernel';
import { listOf } from './list-of';

/** Store keys (user data: the 'im:' prefix goes on logout, workers/core/store.ts). */
export const IM_STORE = {
  chats: 'im:chats',
  outbox: 'im:outbox',
  chat: (id: string) => `im:chat:${id}`,
  block: (id: string, block: number) => `im:block:${id}:${block}`,
} as const;
/** Newest messages of a conversation kept in the store (and in memory while none older were asked for). */
export const KEEP = 500;
/** Seqs per history block (one older page). */
export const BLOCK = 100;
/** Beyond any seq (the server's largest): `beforeSeq` of the newest page. */
const SEQ_END = 2_147_483_647;

export interface Conversation {
  bySeq: Map<number, ImMessage>;
  readSeq: number;
  status: ConversationValue['status'];
  value$: BehaviorSubject<ConversationValue>;
  fetching: Promise<void> | null;
  /** Every message above this seq (up to the newest held) is held; 0: all of history; null: not known yet. */
  floor: number | null;
  /** How many of the newest messages memory keeps (grows as older pages are loaded). */
  keep: number;
  older: Promise<ActionResult<number>> | null;
}

export function lastSeqOf(conv: Conversation): number {
  let max = 0;
  for (const s of conv.bySeq.keys()) if (s > max) max = s;
  return max;
}

/** Adds messages by seq; past `conv.keep` the oldest go and the floor rises to what is held. */
export function merge(conv: Conversation, messages: readonly ImMessage[]): void {
  for (const m of messages) if (typeof m.seq === 'number') conv.bySeq.set(m.seq, m);
  if (conv.bySeq.size <= conv.keep) return;
  const seqs = [...conv.bySeq.keys()].sort((a, b) => a - b);
  const drop = seqs.slice(0, seqs.length - conv.keep);
  for (const s of drop) conv.bySeq.delete(s);
  conv.floor = Math.max(conv.floor ?? 0, drop[drop.length - 1]!);
}

/** The newest KEEP held messages, what the store keeps of a conversation. */
export function newestHeld(conv: Conversation): ImMessage[] {
  const seqs = [...conv.bySeq.keys()].sort((a, b) => a - b).slice(-KEEP);
  return seqs.map((s) => conv.bySeq.get(s)!);
}

/** Held messages from the store: the floor is below the oldest of them (they are contiguous). */
export function restore(conv: Conversation, cached: readonly ImMessage[]): void {
  merge(conv, cached);
  let min = Infinity;
  for (const s of conv.bySeq.keys()) if (s < min) min = s;
  if (min !== Infinity) conv.floor = min - 1;
}

export type Page = { ok: true; messages: ImMessage[] } | { ok: false; code: number };

export function createHistory(kernel: Kernel) {
  async function page(chatId: string, afterSeq: number, beforeSeq: number | undefined, limit: number): Promise<Page> {
    const env = await kernel.request<ImMessage[]>({
      path: MessagePaths.messages,
      query:
        beforeSeq === undefined
          ? { conversationId: chatId, afterSeq, limit }
          : { conversationId: chatId, afterSeq, beforeSeq, limit },
      silent: true,
    });
    if (env.code !== Code.OK) return { ok: false, code: env.code };
    return { ok: true, messages: listOf<ImMessage>(env.data) };
  }

  /** The block's messages: the store's copy when it has one, else the server's (kept when complete). */
  async function readBlock(chatId: string, block: number, complete: boolean): Promise<Page> {
    const key = IM_STORE.block(chatId, block);
    const stored = await kernel.store.get<ImMessage[]>(key).catch(() => undefined);
    if (Array.isArray(stored)) return { ok: true, messages: stored };
    const got = await page(chatId, block * BLOCK, block * BLOCK + BLOCK + 1, BLOCK);
    if (got.ok && complete)
      void kernel.store.set(key, got.messages).catch((e: unknown) => kernel.log('im block store failed', e));
    return got;
  }

  /**
   * Loads the block just below the floor (store first, then server) into the conversation and
   * answers how many messages it added; an empty block means nothing older is left to show.
   */
  async function olderBlock(chatId: string, conv: Conversation): Promise<Page> {
    const floor = conv.floor;
    if (floor === null || floor <= 0) return { ok: true, messages: [] };
    const block = Math.floor((floor - 1) / BLOCK);
    const got = await readBlock(chatId, block, (block + 1) * BLOCK <= lastSeqOf(conv));
    if (!got.ok || conv.floor !== floor) return got;
    const added = got.messages.filter((m) => typeof m.seq === 'number' && m.seq <= floor && !conv.bySeq.has(m.seq));
    conv.keep += added.length;
    merge(conv, added);
    // Nothing in the block (a cleared chat, or the start): nothing older to show.
    conv.floor = got.messages.length === 0 ? 0 : block * BLOCK;
    return { ok: true, messages: added };
  }

  return {
    /** The oldest `limit` messages after a seq: a gap. */
    after: (chatId: string, afterSeq: number, limit: number) => page(chatId, afterSeq, undefined, limit),

    /** The newest page of a conversation nothing is held of; sets the floor below it. */
    async newest(chatId: string, conv: Conversation): Promise<Page> {
      const got = await page(chatId, 0, SEQ_END, BLOCK);
      if (got.ok) {
        merge(conv, got.messages);
        const first = got.messages[0]?.seq ?? 1;
        conv.floor = got.messages.length < BLOCK ? 0 : first - 1;
      }
      return got;
    },

    /** `olderBlock` for the core's handler: one load at a time per conversation, then `done`. */
    loadOlder(chatId: string, conv: Conversation | undefined, done: () => void): Promise<ActionResult<number>> {
      if (!conv) return Promise.resolve({ ok: false, code: Code.NOT_FOUND, msg: '会话未打开', data: 0 });
      conv.older ??= olderBlock(chatId, conv)
        .then((got): ActionResult<number> =>
          got.ok
            ? { ok: true, code: Code.OK, msg: '', data: got.messages.length }
            : { ok: false, code: got.code, msg: '加载更早的消息失败，请稍后再试', data: 0 },
        )
        .finally(() => {
          conv.older = null;
          done();
        });
      return conv.older;
    },
  };
}
