/**
 * A conversation's messages in the core (issue 13): the held messages by seq, the newest page a
 * first open reads, and older pages a scrolled-up chat loads. History is read in blocks of seqs
 * (BLOCK of them: (b·BLOCK, (b+1)·BLOCK]) from the offline store first, then the server
 * (`messages?afterSeq&beforeSeq`); a block below the newest held seq is complete and is kept in
 * the store, so scrolling back through a 10,000-message chat a second time reads no network.
 * Merging is by seq, so a block, a gap fetch, a live event and a send answer carrying the same
 * message still show it once. The same blocks are how the conversation travels to the tabs
 * (conversation-wire.ts): a change rebuilds and re-sends only the block it falls in.
 */
import type { BehaviorSubject } from 'rxjs';
import { Code } from '../../protocol/codes';
import { MessagePaths } from '../../protocol/api/message';
import type { ImMessage } from '../../protocol/chat';
import type { ActionResult, ConversationMessage, ConversationValue } from '../api';
import type { ConversationState, MessageBlock } from '../conversation-wire';
import type { Kernel } from '../kernel';
import { listOf } from './list-of';

/** Store keys (user data: the 'im:' prefix goes on logout, workers/core/store.ts). */
export const IM_STORE = {
  chats: 'im:chats',
  outbox: 'im:outbox',
  chat: (id: string) => `im:chat:${id}`,
  block: (id: string, block: number) => `im:block:${id}:${block}`,
  /** An unsent picture's bytes (messaging-outbox.ts). */
  picture: (clientId: string) => `im:picture:${clientId}`,
} as const;
/** Newest messages of a conversation kept in the store (and in memory while none older were asked for). */
export const KEEP = 500;
/** Seqs per history block (one older page). */
export const BLOCK = 100;
/** Beyond any seq (the server's largest): `beforeSeq` of the newest page. */
const SEQ_END = 2_147_483_647;

export interface Conversation {
  bySeq: Map<number, ImMessage>;
  /** The held messages in blocks of BLOCK seqs as last emitted, by block number; null: changed since. */
  blocks: Map<number, readonly ConversationMessage[] | null>;
  /** Client id → seq of each held message that has one (an outbox entry already stored is not shown twice). */
  byClient: Map<string, number>;
  /** The outbox's block as last emitted (the same array while nothing in it changed). */
  tail: readonly ConversationMessage[];
  readSeq: number;
  status: ConversationValue['status'];
  value$: BehaviorSubject<ConversationState>;
  fetching: Promise<void> | null;
  /** Every message above this seq (up to the newest held) is held; 0: all of history; null: not known yet. */
  floor: number | null;
  /** How many of the newest messages memory keeps (grows as older pages are loaded). */
  keep: number;
  older: Promise<ActionResult<number>> | null;
}

const blockOf = (seq: number) => Math.floor((seq - 1) / BLOCK);

/** The highest seq held (0 when none): the top block's top message. */
export function lastSeqOf(conv: Conversation): number {
  const blocks = [...conv.blocks.keys()].sort((a, b) => b - a);
  for (const b of blocks) for (let s = (b + 1) * BLOCK; s > b * BLOCK; s--) if (conv.bySeq.has(s)) return s;
  return 0;
}

function hold(conv: Conversation, m: ImMessage & { seq: number }): void {
  const was = conv.bySeq.get(m.seq);
  // A replayed event or a page that overlaps: the block is not rebuilt (nor sent to the tabs) again.
  if (was && JSON.stringify(was) === JSON.stringify(m)) return;
  conv.bySeq.set(m.seq, m);
  conv.blocks.set(blockOf(m.seq), null);
  if (m.clientId) conv.byClient.set(m.clientId, m.seq);
}

function drop(conv: Conversation, seq: number): void {
  const m = conv.bySeq.get(seq);
  if (!m) return;
  conv.bySeq.delete(seq);
  conv.blocks.set(blockOf(seq), null);
  if (m.clientId && conv.byClient.get(m.clientId) === seq) conv.byClient.delete(m.clientId);
}

/** Forgets every held message (a reset, a new session). */
export function clearHeld(conv: Conversation): void {
  conv.bySeq.clear();
  conv.blocks.clear();
  conv.byClient.clear();
}

/** Adds messages by seq; past `conv.keep` the oldest go and the floor rises to what is held. */
export function merge(conv: Conversation, messages: readonly ImMessage[]): void {
  for (const m of messages) if (typeof m.seq === 'number') hold(conv, m as ImMessage & { seq: number });
  if (conv.bySeq.size <= conv.keep) return;
  const seqs = [...conv.bySeq.keys()].sort((a, b) => a - b);
  const gone = seqs.slice(0, seqs.length - conv.keep);
  for (const s of gone) drop(conv, s);
  conv.floor = Math.max(conv.floor ?? 0, gone[gone.length - 1]!);
}

/** The newest KEEP held messages, what the store keeps of a conversation. */
export function newestHeld(conv: Conversation): ImMessage[] {
  const out: ImMessage[] = [];
  for (let s = lastSeqOf(conv); s > 0 && out.length < KEEP && out.length < conv.bySeq.size; s--) {
    const m = conv.bySeq.get(s);
    if (m) out.push(m);
  }
  return out.reverse();
}

/** Held messages from the store: the floor is below the oldest of them (they are contiguous). */
export function restore(conv: Conversation, cached: readonly ImMessage[]): void {
  merge(conv, cached);
  let min = Infinity;
  for (const s of conv.bySeq.keys()) if (s < min) min = s;
  if (min !== Infinity) conv.floor = min - 1;
}

const sameUnsent = (a: ConversationMessage, b: ConversationMessage) =>
  a.clientId === b.clientId && a.state === b.state && a.error === b.error && a.text === b.text;

/**
 * The conversation as its stream emits it: the held blocks by seq (only a block that changed is
 * built again, and only it is a new array) and then `unsent`, the outbox's messages not stored yet.
 */
export function stateOf(chatId: string, conv: Conversation, unsent: readonly ConversationMessage[]): ConversationState {
  const blocks: MessageBlock[] = [];
  for (const b of [...conv.blocks.keys()].sort((x, y) => x - y)) {
    let block = conv.blocks.get(b);
    if (!block) {
      const built: ConversationMessage[] = [];
      for (let s = b * BLOCK + 1; s <= (b + 1) * BLOCK; s++) {
        const m = conv.bySeq.get(s);
        if (m) built.push({ ...m, state: 'sent' });
      }
      if (!built.length) {
        conv.blocks.delete(b);
        continue;
      }
      conv.blocks.set(b, (block = built));
    }
    blocks.push([`s${b}`, block]);
  }
  const tail = unsent.filter((m) => !m.clientId || !conv.byClient.has(m.clientId));
  if (tail.length !== conv.tail.length || tail.some((m, i) => !sameUnsent(m, conv.tail[i]!))) conv.tail = tail;
  if (conv.tail.length) blocks.push(['outbox', conv.tail]);
  const hasOlder = conv.floor !== null && conv.floor > 0;
  return { status: conv.status, chatId, blocks, readSeq: conv.readSeq, hasOlder };
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
