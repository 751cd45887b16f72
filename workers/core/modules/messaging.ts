/**
 * Private messaging (issue 13): my conversation list and each open conversation, kept in the
 * offline store so a cold start paints at once, fed by the `im` and `counts` events of the inbox
 * topic. Sending, text or picture, goes through an outbox in the store (messaging-outbox.ts): a
 * message whose answer never came is sent again with the same client id (the server stores it
 * once) when the socket opens or the core starts again. A message is keyed by its server seq, so a replayed event, a gap fetch and the
 * send answer can all carry it and it still shows once; a seq past the next expected one fetches
 * exactly the gap.
 */
import { BehaviorSubject, distinctUntilChanged, map } from 'rxjs';
import { Code } from '../../protocol/codes';
import {
  IM_PAGE_MAX,
  MessagePaths,
  groupConversationId,
  privateConversationId,
  type ChatListItem,
} from '../../protocol/api/message';
import type { ImMessage, InboxEvent } from '../../protocol/chat';
import type { ParsedTopic } from '../../protocol/topics';
import type { ChatTarget, MessagingHandlers, SessionValue } from '../api';
import type { ConversationState } from '../conversation-wire';
import type { Kernel, StreamBuilders } from '../kernel';
import { createChatList } from './messaging-list';
import { createOutbox, type NewEntry } from './messaging-outbox';
import {
  BLOCK,
  IM_STORE,
  KEEP,
  clearHeld,
  createHistory,
  lastSeqOf,
  merge,
  newestHeld,
  restore,
  stateOf,
  type Conversation,
  type Page,
} from './messaging-history';

export { IM_STORE };
const NOT_SIGNED_IN = { ok: false, code: Code.NO_TOKEN, msg: '请先登录', data: null } as const;
/** A held conversation further behind the server than this is read again from its newest page. */
const GAP_RESET = 1_000;
/**
 * The stored chat list is read back only when a core starts: it is written at most once per this
 * many ms, with the latest list (1,000 conversations and a message a second each would otherwise
 * write all of them per message and per counts event).
 */
export const LIST_SAVE_MS = 1_000;

export interface MessagingModule {
  readonly streams: Pick<StreamBuilders, 'conversations' | 'conversation'>;
  readonly handlers: MessagingHandlers;
  onEvent(event: Extract<InboxEvent, { kind: 'im' | 'counts' | 'group' }>): void;
}

export function createMessagingModule(
  kernel: Kernel,
  session$: BehaviorSubject<SessionValue>,
  /** A chat read up to its newest message here (the unread badge drops at once). */
  onReadAll: (chatId: string, readSeq: number) => void = () => {},
): MessagingModule {
  const { store } = kernel;
  const convs = new Map<string, Conversation>();
  // Bumped per session: answers that arrive after the session ended are dropped.
  let round = 0;
  const me = () => session$.value.user?.id ?? null;

  let listToSave: { items: ChatListItem[]; round: number } | null = null;
  let saveTimer: ReturnType<Kernel['timers']['setTimeout']> | null = null;
  function saveList(items: ChatListItem[]): void {
    const scheduled = listToSave !== null;
    listToSave = { items, round };
    if (scheduled) return;
    saveTimer = kernel.timers.setTimeout(() => {
      saveTimer = null;
      const latest = listToSave;
      listToSave = null;
      // A list of a session that has ended is not kept.
      if (!latest || latest.round !== round) return;
      void store.set(IM_STORE.chats, latest.items).catch((e: unknown) => kernel.log('im list store failed', e));
    }, LIST_SAVE_MS);
  }
  kernel.onDispose(() => {
    if (saveTimer) kernel.timers.clearTimeout(saveTimer);
  });

  const chatList = createChatList(kernel, {
    round: () => round,
    save: saveList,
    onReadSeq(chatId, readSeq) {
      const conv = convs.get(chatId);
      if (conv && conv.readSeq !== readSeq) {
        conv.readSeq = Math.max(conv.readSeq, readSeq);
        emit(chatId);
      }
    },
  });
  const { list$, refreshList, noteInList } = chatList;
  const history = createHistory(kernel);
  const outbox = createOutbox(kernel, {
    round: () => round,
    loggedIn: () => !!session$.value.token,
    user: () => session$.value.user,
    emit,
    onStored(m) {
      const conv = convs.get(m.chatId);
      if (conv) {
        merge(conv, [m]);
        persist(m.chatId, conv);
      }
      noteInList(m);
      emit(m.chatId);
    },
  });

  // --- conversations -------------------------------------------------------------------------
  function emit(chatId: string): void {
    const conv = convs.get(chatId);
    if (conv) conv.value$.next(stateOf(chatId, conv, outbox.unsentOf(chatId)));
  }

  function persist(chatId: string, conv: Conversation): void {
    void store
      .set(IM_STORE.chat(chatId), newestHeld(conv))
      .catch((e: unknown) => kernel.log('im chat store failed', e));
  }

  /**
   * A group I was removed from: what this browser held of it goes (memory and the offline store),
   * so its history cannot be read here any more than on the server.
   */
  function forgetConversation(chatId: string, conv: Conversation): void {
    const top = Math.floor(lastSeqOf(conv) / BLOCK);
    clearHeld(conv);
    conv.floor = 0;
    conv.status = 'removed';
    const keys = [IM_STORE.chat(chatId), ...Array.from({ length: top + 1 }, (_, b) => IM_STORE.block(chatId, b))];
    for (const key of keys) void store.delete(key).catch((e: unknown) => kernel.log('im chat delete failed', e));
  }

  /** Nothing held, or far behind: the newest page (older ones load on demand). */
  function needsNewest(chatId: string, conv: Conversation): boolean {
    if (conv.floor === null) return true;
    const known = list$.value.items.find((c) => c.conversationId === chatId)?.lastSeq ?? 0;
    return known - lastSeqOf(conv) > GAP_RESET;
  }

  /**
   * Fetches everything after the highest seq held, page by page: exactly the gap. A conversation
   * nothing is held of (or far behind) reads its newest page instead.
   */
  function fetchGap(chatId: string): Promise<void> {
    const conv = convs.get(chatId);
    if (!conv) return Promise.resolve();
    if (conv.fetching) return conv.fetching;
    const mine = round;
    conv.fetching = (async () => {
      try {
        let got: Page;
        if (needsNewest(chatId, conv)) {
          clearHeld(conv);
          conv.keep = KEEP;
          got = await history.newest(chatId, conv);
        } else
          for (;;) {
            got = await history.after(chatId, lastSeqOf(conv), IM_PAGE_MAX);
            if (mine !== round || !got.ok) break;
            merge(conv, got.messages);
            if (got.messages.length < IM_PAGE_MAX) break;
          }
        if (mine !== round) return;
        if (!got.ok && got.code === Code.NOT_MEMBER) {
          forgetConversation(chatId, conv);
          return;
        }
        if (got.ok || got.code === Code.NOT_FOUND) {
          conv.status = 'ready';
          if (!got.ok && conv.bySeq.size === 0) conv.floor = 0;
        } else if (conv.status === 'loading' && conv.bySeq.size === 0) conv.status = 'error';
        persist(chatId, conv);
      } finally {
        conv.fetching = null;
        emit(chatId);
      }
    })();
    return conv.fetching;
  }

  function openConversation(chatId: string): Conversation {
    let conv = convs.get(chatId);
    if (conv) return conv;
    const created: Conversation = {
      bySeq: new Map(),
      blocks: new Map(),
      byClient: new Map(),
      tail: [],
      readSeq: list$.value.items.find((c) => c.conversationId === chatId)?.readSeq ?? 0,
      status: 'loading',
      value$: new BehaviorSubject<ConversationState>({
        status: 'loading',
        chatId,
        blocks: [],
        readSeq: 0,
        hasOlder: false,
      }),
      fetching: null,
      floor: null,
      keep: KEEP,
      older: null,
    };
    conv = created;
    convs.set(chatId, created);
    const mine = round;
    void (async () => {
      const cached = await store.get<ImMessage[]>(IM_STORE.chat(chatId)).catch(() => undefined);
      if (mine !== round) return;
      if (cached?.length) {
        restore(created, cached);
        created.status = 'ready';
        emit(chatId);
      }
      await fetchGap(chatId);
    })();
    created.value$.next(stateOf(chatId, created, outbox.unsentOf(chatId)));
    return created;
  }

  function onIm(m: ImMessage): void {
    const mine = me();
    if (mine !== null && m.fromUserId === mine && m.clientId) outbox.drop(m.clientId);
    noteInList(m);
    const conv = convs.get(m.chatId);
    if (!conv) return;
    const seq = m.seq ?? 0;
    const expected = lastSeqOf(conv) + 1;
    merge(conv, [m]);
    if (seq > expected && !conv.bySeq.has(expected)) void fetchGap(m.chatId);
    persist(m.chatId, conv);
    emit(m.chatId);
  }

  /** Where a new message of mine goes (null when signed out). */
  function entryFor(target: ChatTarget): Omit<NewEntry, 'text'> | null {
    const user = session$.value.user;
    if (!session$.value.token || !user) return null;
    return 'groupId' in target
      ? { toUserId: 0, groupId: target.groupId, chatId: groupConversationId(target.groupId) }
      : { toUserId: target.toUserId, chatId: privateConversationId(user.id, target.toUserId) };
  }

  // --- session ---------------------------------------------------------------------------------
  const sub = session$
    .pipe(
      map((s) => s.token),
      distinctUntilChanged(),
    )
    .subscribe((token) => {
      round++;
      outbox.reset();
      for (const [chatId, conv] of convs) {
        clearHeld(conv);
        Object.assign(conv, { readSeq: 0, floor: null, keep: KEEP, older: null });
        conv.status = token ? 'loading' : 'ready';
        emit(chatId);
      }
      if (!token) {
        list$.next({ status: 'idle', items: [] });
        return;
      }
      const mine = round;
      list$.next({ status: 'loading', items: [] });
      void (async () => {
        const [items, saved] = await Promise.all([
          store.get<ChatListItem[]>(IM_STORE.chats).catch(() => undefined),
          outbox.read(),
        ]);
        if (mine !== round) return;
        if (items?.length) list$.next({ status: 'ready', items });
        // What was 'sending' when the core stopped is sent again; the server stores it once.
        const unsentIn = outbox.adopt(saved);
        for (const chatId of convs.keys()) void fetchGap(chatId);
        for (const chatId of new Set(unsentIn)) emit(chatId);
        await refreshList();
        await outbox.drain();
      })();
    });
  kernel.onDispose(() => sub.unsubscribe());
  kernel.onSnapshot(async (topic: ParsedTopic) => {
    if (topic.kind !== 'inbox' || !session$.value.token) return;
    await Promise.all([refreshList(), ...[...convs.keys()].map(fetchGap)]);
  });
  kernel.onSocketOpen(() => {
    if (!session$.value.token) return;
    // Replay covers the socket's gap; the gap fetch covers what the replay window lost.
    for (const chatId of convs.keys()) void fetchGap(chatId);
    void outbox.drain();
  });

  return {
    streams: {
      conversations: () => list$,
      conversation: (key) => openConversation(key.chatId).value$,
    },
    handlers: {
      async sendPrivate(toUserId, text) {
        const entry = entryFor({ toUserId });
        return entry ? outbox.enqueue({ ...entry, text }) : NOT_SIGNED_IN;
      },
      async sendGroup(groupId, text) {
        const entry = entryFor({ groupId });
        return entry ? outbox.enqueue({ ...entry, text }) : NOT_SIGNED_IN;
      },
      async sendPicture(target, file, clientId) {
        const entry = entryFor(target);
        return entry ? outbox.enqueue({ ...entry, text: '' }, clientId, file) : NOT_SIGNED_IN;
      },
      retryPrivate: (clientId) => outbox.retry(clientId),
      async discardPrivate(clientId) {
        outbox.drop(clientId);
      },
      loadOlderMessages(chatId) {
        const conv = session$.value.token ? convs.get(chatId) : undefined;
        const mine = round;
        return history.loadOlder(chatId, conv, () => mine === round && emit(chatId));
      },
      async markChatRead(chatId, seq) {
        const conv = convs.get(chatId);
        if (conv && seq > conv.readSeq) {
          conv.readSeq = seq;
          emit(chatId);
        }
        // Every tab reads this worker's list and total: they follow now, not after the server's ack.
        if (chatList.readLocally(chatId, seq)) onReadAll(chatId, seq);
        await kernel.request({
          path: MessagePaths.read,
          method: 'POST',
          body: { conversationId: chatId, seq },
          silent: true,
        });
      },
    },
    onEvent(event) {
      if (!session$.value.token) return;
      if (event.kind === 'im') onIm(event.message);
      else if (event.kind === 'counts') chatList.applyCounts(event.chats, event.partial === true);
      else chatList.onGroupChanged();
    },
  };
}
