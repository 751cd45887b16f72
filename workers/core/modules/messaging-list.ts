/**
 * The conversation list of the messaging core (issue 13): fetched whole on start, after a socket
 * gap and when a group changes; moved in place by each message (its last line) and by `counts`
 * events (whole, or partial: only the conversations named). A chat the list does not hold sends
 * it to the server again.
 */
import { BehaviorSubject } from 'rxjs';
import { Code } from '../../protocol/codes';
import { MessagePaths, type ChatListItem } from '../../protocol/api/message';
import type { ChatCount, ImMessage } from '../../protocol/chat';
import type { ConversationsValue } from '../api';
import type { Kernel } from '../kernel';
import { listOf } from './list-of';

export interface ChatListOptions {
  /** The session round: answers from an earlier session are dropped. */
  round(): number;
  /** Each conversation's read marker, whenever the list is set. */
  onReadSeq(chatId: string, readSeq: number): void;
  /** Keeps the list in the offline store. */
  save(items: ChatListItem[]): void;
}

export function createChatList(kernel: Kernel, opts: ChatListOptions) {
  const list$ = new BehaviorSubject<ConversationsValue>({ status: 'idle', items: [] });
  async function refreshList(): Promise<void> {
    const mine = opts.round();
    if (list$.value.status === 'idle') list$.next({ status: 'loading', items: list$.value.items });
    const env = await kernel.request<unknown>({ path: MessagePaths.chatList, silent: true });
    if (mine !== opts.round()) return;
    if (env.code !== Code.OK) {
      list$.next({ status: list$.value.items.length ? 'ready' : 'error', items: list$.value.items });
      return;
    }
    setList(listOf<ChatListItem>(env.data));
  }

  // Bumped on each `group` event: group pages fetch their detail again.
  let groupRev = 0;

  function setList(items: ChatListItem[]): void {
    list$.next({ status: 'ready', items, groupRev });
    opts.save(items);
    for (const c of items) opts.onReadSeq(c.conversationId, c.readSeq);
  }

  const byPinThenLast = (a: ChatListItem, b: ChatListItem) =>
    Number(b.pinned) - Number(a.pinned) || (b.last?.at ?? 0) - (a.last?.at ?? 0);

  function noteInList(m: ImMessage): void {
    const items = list$.value.items;
    const i = items.findIndex((c) => c.conversationId === m.chatId);
    if (i < 0) {
      void refreshList();
      return;
    }
    const c = items[i]!;
    const seq = m.seq ?? 0;
    const last = !c.last || (c.last.seq ?? 0) <= seq ? m : c.last;
    const next = { ...c, last, lastSeq: Math.max(c.lastSeq, seq) };
    setList(items.map((x, j) => (j === i ? next : x)).sort(byPinThenLast));
  }

  function applyCounts(chats: ChatCount[], partial: boolean): void {
    const items = list$.value.items;
    const byId = new Map(chats.filter((c) => c.conversationId).map((c) => [c.conversationId!, c]));
    const inList = new Set(items.map((c) => c.conversationId));
    // A chat the list does not hold (new, or back after a delete), or a whole list that differs.
    const known = partial
      ? [...byId.keys()].every((id) => inList.has(id))
      : items.every((c) => byId.has(c.conversationId)) && byId.size === items.length;
    if (!known) {
      void refreshList();
      return;
    }
    setList(
      items
        .map((c) => {
          const n = byId.get(c.conversationId);
          if (!n) return c;
          return {
            ...c,
            count: n.count,
            messageStatus: n.messageStatus,
            readSeq: Math.max(c.readSeq, n.readSeq ?? 0),
            pinned: n.pinned ?? c.pinned,
          };
        })
        .sort(byPinThenLast),
    );
  }

  /** A chat read up to `readSeq` here: its marker moves, and its count is 0 once that is its newest. */
  function readLocally(chatId: string, readSeq: number): boolean {
    const items = list$.value.items;
    const i = items.findIndex((c) => c.conversationId === chatId);
    if (i < 0) return false;
    const c = items[i]!;
    const all = readSeq >= c.lastSeq;
    if (readSeq <= c.readSeq && (!all || c.count === 0)) return all;
    const next = { ...c, readSeq: Math.max(c.readSeq, readSeq), count: all ? 0 : c.count };
    setList(items.map((x, j) => (j === i ? next : x)));
    return all;
  }

  return {
    list$,
    refreshList,
    readLocally,
    noteInList,
    applyCounts,
    onGroupChanged(): void {
      groupRev++;
      void refreshList();
    },
  };
}
