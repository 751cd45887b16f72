/**
 * Private messaging (issue 13): my conversation list and each open conversation, kept in the
 * offline store so a cold start paints at once, fed by the `im` and `counts` events of the inbox
 * topic. Sending goes through an outbox in the store: a message whose answer never came is sent
 * again with the same client id (the server stores it once) when the socket opens or the core
 * starts again. A message is keyed by its server seq, so a replayed event, a gap fetch and the
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
  type SendResult,
} from '../../protocol/api/message';
import type { ImMessage, InboxEvent } from '../../protocol/chat';
import type { ParsedTopic } from '../../protocol/topics';
import type { ActionResult, ConversationMessage, MessagingHandlers, SessionValue } from '../api';
import type { ConversationState } from '../conversation-wire';
import type { Kernel, StreamBuilders } from '../kernel';
import { createChatList } from './messaging-list';
import {
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
/** A held conversation further behind the server than this is read again from its newest page. */
const GAP_RESET = 1_000;

interface OutboxEntry {
  clientId: string;
  /** The peer of a private message; 0 for a group message. */
  toUserId: number;
  /** Set for a group message. */
  groupId?: number;
  chatId: string;
  text: string;
  at: number;
  state: 'sending' | 'failed';
  /** A refusal (bad text, blocked, rate) is not retried by itself; a network failure is. */
  refused: boolean;
  error?: string;
}

export interface MessagingModule {
  readonly streams: Pick<StreamBuilders, 'conversations' | 'conversation'>;
  readonly handlers: MessagingHandlers;
  onEvent(event: Extract<InboxEvent, { kind: 'im' | 'counts' | 'group' }>): void;
}

const newClientId = () =>
  `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 6)}`;

export function createMessagingModule(kernel: Kernel, session$: BehaviorSubject<SessionValue>): MessagingModule {
  const { store } = kernel;
  const convs = new Map<string, Conversation>();
  let outbox: OutboxEntry[] = [];
  // Bumped per session: answers that arrive after the session ended are dropped.
  let round = 0;
  const me = () => session$.value.user?.id ?? null;

  const chatList = createChatList(kernel, {
    round: () => round,
    save: (items) => void store.set(IM_STORE.chats, items).catch((e: unknown) => kernel.log('im list store failed', e)),
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

  // --- conversations -------------------------------------------------------------------------
  /** The outbox's messages of a conversation, as it shows them until they are stored. */
  function unsentOf(chatId: string): ConversationMessage[] {
    const user = session$.value.user;
    return outbox
      .filter((o) => o.chatId === chatId)
      .map((o) => ({
        id: `local:${o.clientId}`,
        chatId,
        clientId: o.clientId,
        fromUserId: user?.id ?? 0,
        fromNickName: user?.nickName ?? '',
        fromAvatar: user?.portrait ?? '',
        toUserId: o.toUserId,
        text: o.text,
        at: o.at,
        state: o.state,
        ...(o.error ? { error: o.error } : {}),
      }));
  }

  function emit(chatId: string): void {
    const conv = convs.get(chatId);
    if (conv) conv.value$.next(stateOf(chatId, conv, unsentOf(chatId)));
  }

  function persist(chatId: string, conv: Conversation): void {
    void store
      .set(IM_STORE.chat(chatId), newestHeld(conv))
      .catch((e: unknown) => kernel.log('im chat store failed', e));
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
    created.value$.next(stateOf(chatId, created, unsentOf(chatId)));
    return created;
  }

  function onIm(m: ImMessage): void {
    const mine = me();
    if (mine !== null && m.fromUserId === mine && m.clientId) dropFromOutbox(m.clientId);
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

  // --- outbox ----------------------------------------------------------------------------------
  function saveOutbox(): Promise<void> {
    return store.set(IM_STORE.outbox, outbox).catch((e: unknown) => kernel.log('im outbox store failed', e));
  }

  function dropFromOutbox(clientId: string): void {
    const before = outbox.length;
    outbox = outbox.filter((o) => o.clientId !== clientId);
    if (outbox.length !== before) void saveOutbox();
  }

  const inFlight = new Set<string>();

  async function deliver(entry: OutboxEntry): Promise<ActionResult<ImMessage | null>> {
    const mine = round;
    if (inFlight.has(entry.clientId)) return { ok: false, code: Code.REFUSED, msg: '正在发送', data: null };
    inFlight.add(entry.clientId);
    entry.state = 'sending';
    entry.refused = false;
    delete entry.error;
    emit(entry.chatId);
    try {
      const env = await kernel.request<SendResult>(
        entry.groupId
          ? {
              path: MessagePaths.groupSend,
              method: 'POST',
              body: { groupId: entry.groupId, text: entry.text, clientId: entry.clientId },
              silent: true,
            }
          : {
              path: MessagePaths.send,
              method: 'POST',
              body: { toUserId: entry.toUserId, text: entry.text, clientId: entry.clientId },
              silent: true,
            },
      );
      if (mine !== round) return { ok: false, code: env.code, msg: env.msg, data: null };
      if (env.code === Code.OK) {
        const m = env.data.message;
        dropFromOutbox(entry.clientId);
        const conv = convs.get(m.chatId);
        if (conv) {
          merge(conv, [m]);
          persist(m.chatId, conv);
        }
        noteInList(m);
        emit(m.chatId);
        return { ok: true, code: env.code, msg: env.msg, data: m };
      }
      entry.state = 'failed';
      entry.error = env.msg;
      // 5000 is what a lost network looks like: sent again on the next socket open.
      entry.refused = env.code !== Code.SERVER_ERROR;
      await saveOutbox();
      emit(entry.chatId);
      return { ok: false, code: env.code, msg: env.msg, data: null };
    } finally {
      inFlight.delete(entry.clientId);
    }
  }

  /** A new message: into the outbox (kept in the store) first, then sent. */
  async function enqueue(
    m: Pick<OutboxEntry, 'toUserId' | 'groupId' | 'chatId' | 'text'>,
  ): Promise<ActionResult<ImMessage | null>> {
    const entry: OutboxEntry = { ...m, clientId: newClientId(), at: kernel.now(), state: 'sending', refused: false };
    outbox.push(entry);
    await saveOutbox();
    emit(entry.chatId);
    return deliver(entry);
  }

  async function drainOutbox(): Promise<void> {
    for (const entry of [...outbox]) {
      if (entry.refused || !session$.value.token) continue;
      await deliver(entry);
    }
  }

  // --- session ---------------------------------------------------------------------------------
  const sub = session$
    .pipe(
      map((s) => s.token),
      distinctUntilChanged(),
    )
    .subscribe((token) => {
      round++;
      outbox = [];
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
          store.get<OutboxEntry[]>(IM_STORE.outbox).catch(() => undefined),
        ]);
        if (mine !== round) return;
        if (items?.length) list$.next({ status: 'ready', items });
        // What was 'sending' when the core stopped is sent again; the server stores it once.
        outbox = (saved ?? []).map((o) => ({ ...o, state: o.refused ? 'failed' : 'sending' }));
        for (const chatId of convs.keys()) void fetchGap(chatId);
        for (const o of outbox) emit(o.chatId);
        await refreshList();
        await drainOutbox();
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
    void drainOutbox();
  });

  return {
    streams: {
      conversations: () => list$,
      conversation: (key) => openConversation(key.chatId).value$,
    },
    handlers: {
      async sendPrivate(toUserId, text) {
        const user = session$.value.user;
        if (!session$.value.token || !user) return { ok: false, code: Code.NO_TOKEN, msg: '请先登录', data: null };
        return enqueue({ toUserId, chatId: privateConversationId(user.id, toUserId), text });
      },
      async sendGroup(groupId, text) {
        if (!session$.value.token || !session$.value.user)
          return { ok: false, code: Code.NO_TOKEN, msg: '请先登录', data: null };
        return enqueue({ toUserId: 0, groupId, chatId: groupConversationId(groupId), text });
      },
      async retryPrivate(clientId) {
        const entry = outbox.find((o) => o.clientId === clientId);
        if (!entry) return { ok: false, code: Code.NOT_FOUND, msg: '消息不存在', data: null };
        return deliver(entry);
      },
      async discardPrivate(clientId) {
        const entry = outbox.find((o) => o.clientId === clientId);
        dropFromOutbox(clientId);
        if (entry) emit(entry.chatId);
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
