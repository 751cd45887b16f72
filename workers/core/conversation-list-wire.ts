/**
 * How the conversation list travels from the core to a tab (issue 13: a list of 1,000
 * conversations scrolls with no long task while messages arrive). Each message or counts event
 * changes one conversation, and the core's list keeps every other item the same object; the
 * coordinator remembers, per tab subscription, which item objects it has delivered and sends only
 * the new or changed ones plus the order of every id. The tab client keeps the items it was sent
 * and joins them in that order, so an unchanged row stays the same object there too (a memoised
 * row does not render again) and the tab does not decode the whole list per message.
 *
 * The first delivery of a subscription is `full`: the tab drops what it held. As with
 * conversation-wire.ts, a delivery is relative to what that subscription was last sent.
 */
import type { ChatListItem } from '../protocol/api/message';
import type { ConversationsValue } from './api';

/** One delivery of the list to a tab. */
export interface ConversationListPatch {
  status: ConversationsValue['status'];
  groupRev?: number;
  /** The tab holds nothing of this subscription yet (or must forget what it holds). */
  full: boolean;
  /** Every conversation id, in list order: a held item not named here is gone. */
  ids: string[];
  /** Items the tab does not hold as they are now. */
  changed: ChatListItem[];
}

/** What a tab subscription was last sent: conversation id → the item delivered. */
export type SentItems = Map<string, ChatListItem>;

/** Coordinator side: the patch that brings a subscription holding `sent` to `value` (and records it as sent). */
export function listPatchFor(
  sent: SentItems | null,
  value: ConversationsValue,
): { patch: ConversationListPatch; sent: SentItems } {
  const next: SentItems = new Map();
  const changed: ChatListItem[] = [];
  const ids: string[] = [];
  for (const item of value.items) {
    ids.push(item.conversationId);
    next.set(item.conversationId, item);
    if (sent?.get(item.conversationId) !== item) changed.push(item);
  }
  const patch: ConversationListPatch = { status: value.status, full: sent === null, ids, changed };
  if (value.groupRev !== undefined) patch.groupRev = value.groupRev;
  return { patch, sent: next };
}

/** Tab side: applies a patch to the items held (in place) and answers the list as views read it. */
export function applyListPatch(held: SentItems, patch: ConversationListPatch): ConversationsValue {
  if (patch.full) held.clear();
  for (const item of patch.changed) held.set(item.conversationId, item);
  const items: ChatListItem[] = [];
  for (const id of patch.ids) {
    const item = held.get(id);
    if (item) items.push(item);
  }
  if (held.size > items.length) {
    const named = new Set(patch.ids);
    for (const id of [...held.keys()]) if (!named.has(id)) held.delete(id);
  }
  const value: ConversationsValue = { status: patch.status, items };
  if (patch.groupRev !== undefined) value.groupRev = patch.groupRev;
  return value;
}
