/**
 * The logged-in user's inbox topic: unread total (spec: chats with messageStatus 0) and the IM
 * messages. Watched while a session holds a token; cleared when it ends. The messaging area
 * grows here.
 */
import { BehaviorSubject, distinctUntilChanged, map } from 'rxjs';
import { Code } from '../../protocol/codes';
import { MessagePaths } from '../../protocol/api/message';
import { Topics, type ParsedTopic } from '../../protocol/topics';
import type { ChatCount, InboxEvent } from '../../protocol/chat';
import { unreadTotal } from '../../domain/unread';
import type { InboxValue, SessionValue, UnreadValue } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';
import { listOf } from './list-of';
import { exhaustive } from '../exhaustive';

export interface InboxModule {
  readonly streams: Pick<StreamBuilders, 'unread' | 'inbox'>;
  onEvent(event: Extract<InboxEvent, { kind: 'im' | 'counts' }>): void;
  /**
   * A chat read up to its newest message in one of this browser's tabs: its count drops to 0
   * now, so every tab's badge (one store, this worker) follows at once instead of after the
   * server's `counts` event (which still comes, and wins).
   */
  readLocally(chatId: string, readSeq: number): void;
}

export function createInboxModule(kernel: Kernel, session$: BehaviorSubject<SessionValue>): InboxModule {
  const unread$ = new BehaviorSubject<UnreadValue>({ total: 0 });
  const inbox$ = new BehaviorSubject<InboxValue>({ messages: [] });
  let release: (() => void) | null = null;
  // The last counts per chat: a partial `counts` event replaces only the chats it names.
  let counts = new Map<string, ChatCount>();
  const keyOf = (c: ChatCount) => c.conversationId ?? `code:${c.code}`;

  function setCounts(chats: readonly ChatCount[], partial: boolean): void {
    if (!partial) counts = new Map();
    for (const c of chats) counts.set(keyOf(c), c);
    unread$.next({ total: unreadTotal([...counts.values()]) });
  }

  async function refreshUnread(): Promise<void> {
    const env = await kernel.request<unknown>({ path: MessagePaths.chatList, silent: true });
    if (env.code === Code.OK) setCounts(listOf<ChatCount>(env.data), false);
  }

  const sub = session$
    .pipe(
      map((s) => s.token),
      distinctUntilChanged(),
    )
    .subscribe((token) => {
      release?.();
      release = null;
      if (token) {
        release = kernel.watchTopic(Topics.inbox);
        void refreshUnread();
      } else {
        counts = new Map();
        unread$.next({ total: 0 });
        inbox$.next({ messages: [] });
      }
    });
  kernel.onDispose(() => sub.unsubscribe());
  kernel.onSnapshot(async (topic: ParsedTopic) => {
    if (topic.kind === 'inbox') await refreshUnread();
  });

  function readLocally(chatId: string, readSeq: number): void {
    const c = counts.get(chatId);
    if (!c || c.count === 0) return;
    counts.set(chatId, { ...c, count: 0, readSeq: Math.max(c.readSeq ?? 0, readSeq) });
    unread$.next({ total: unreadTotal([...counts.values()]) });
  }

  return {
    streams: { unread: () => unread$, inbox: () => inbox$ },
    readLocally,
    onEvent(event) {
      switch (event.kind) {
        case 'im':
          inbox$.next({ messages: inbox$.value.messages.concat(event.message).slice(-200) });
          return;
        case 'counts':
          setCounts(event.chats, event.partial === true);
          return;
        default:
          return exhaustive(event);
      }
    },
  };
}
