/**
 * How one conversation travels from the core to a tab (issue 13: a 10,000-message chat scrolls
 * with no long task). The core holds a conversation's messages in blocks (by seq, then the
 * outbox's as the last block) and a block that did not change stays the same array. The
 * coordinator remembers, per tab subscription, which block arrays it has delivered, and sends
 * only the blocks that are new or changed plus the order of every block; the tab client keeps
 * the blocks it was sent and joins them into the `ConversationValue` the views read. A page of
 * older history, a live message or a send state costs one block on the wire, not the whole chat.
 *
 * The first delivery of a subscription (a new tab, a new core, a re-linked tab) is `full`: the
 * tab drops what it held. Coalescing is safe: a delivery is always relative to what that tab
 * subscription was last sent, whatever the core emitted in between.
 */
import type { ConversationMessage, ConversationValue } from './api';

/** One block: its key (`s<n>` for seqs (n·BLOCK, (n+1)·BLOCK], `outbox` for the unsent) and its messages in order. */
export type MessageBlock = readonly [key: string, messages: readonly ConversationMessage[]];

/** A conversation as the core's stream emits it. */
export interface ConversationState {
  status: ConversationValue['status'];
  chatId: string;
  readSeq: number;
  hasOlder: boolean;
  /** Every block, in order. */
  blocks: readonly MessageBlock[];
}

/** One delivery of a conversation to a tab. */
export interface ConversationPatch {
  status: ConversationValue['status'];
  chatId: string;
  readSeq: number;
  hasOlder: boolean;
  /** The tab holds nothing of this subscription yet (or must forget what it holds). */
  full: boolean;
  /** The key of every block, in order: a held block not named here is gone. */
  keys: string[];
  /** Blocks the tab does not hold as they are now. */
  changed: MessageBlock[];
}

/** What a tab subscription was last sent: block key → the array delivered. */
export type SentBlocks = Map<string, readonly ConversationMessage[]>;

/** Coordinator side: the patch that brings a subscription holding `sent` to `state` (and records it as sent). */
export function patchFor(
  sent: SentBlocks | null,
  state: ConversationState,
): { patch: ConversationPatch; sent: SentBlocks } {
  const next: SentBlocks = new Map();
  const changed: MessageBlock[] = [];
  const keys: string[] = [];
  for (const block of state.blocks) {
    const [key, messages] = block;
    keys.push(key);
    next.set(key, messages);
    if (sent?.get(key) !== messages) changed.push(block);
  }
  const { status, chatId, readSeq, hasOlder } = state;
  return { patch: { status, chatId, readSeq, hasOlder, full: sent === null, keys, changed }, sent: next };
}

/** Tab side: applies a patch to the blocks held (in place) and answers the conversation as views read it. */
export function applyPatch(held: SentBlocks, patch: ConversationPatch): ConversationValue {
  if (patch.full) held.clear();
  for (const [key, messages] of patch.changed) held.set(key, messages);
  const named = new Set(patch.keys);
  for (const key of [...held.keys()]) if (!named.has(key)) held.delete(key);
  const parts: Array<readonly ConversationMessage[]> = [];
  for (const key of patch.keys) {
    const block = held.get(key);
    if (block) parts.push(block);
  }
  const messages = ([] as ConversationMessage[]).concat(...parts);
  const { status, chatId, readSeq, hasOlder } = patch;
  return { status, chatId, readSeq, hasOlder, messages };
}
