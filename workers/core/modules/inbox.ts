/**
 * The logged-in user's inbox topic: unread total (spec: chats with messageStatus 0) and the IM
 * messages. Watched while a session holds a token; cleared when it ends. The messaging area
 * grows here.
 */
import { BehaviorSubject, distinctUntilChanged, map } from 'rxjs';
import { Code } from '../../protocol/codes';
import { MessagePaths } from '../../protocol/api/message';
import { Topics, type ParsedTopic } from '../../protocol/topics';
import type { InboxEvent } from '../../protocol/chat';
import { unreadTotal } from '../../domain/unread';
import type { InboxValue, SessionValue, UnreadValue } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';
import { listOf } from './list-of';
import { exhaustive } from '../exhaustive';

export interface InboxModule {
  readonly streams: Pick<StreamBuilders, 'unread' | 'inbox'>;
  onEvent(event: Extract<InboxEvent, { kind: 'im' | 'counts' }>): void;
}

export function createInboxModule(kernel: Kernel, session$: BehaviorSubject<SessionValue>): InboxModule {
  const unread$ = new BehaviorSubject<UnreadValue>({ total: 0 });
  const inbox$ = new BehaviorSubject<InboxValue>({ messages: [] });
  let release: (() => void) | null = null;

  async function refreshUnread(): Promise<void> {
    const env = await kernel.request<unknown>({ path: MessagePaths.chatList, silent: true });
    if (env.code === Code.OK) {
      const chats = listOf<{ code: number; messageStatus: number; count: number }>(env.data);
      unread$.next({ total: unreadTotal(chats) });
    }
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
        unread$.next({ total: 0 });
        inbox$.next({ messages: [] });
      }
    });
  kernel.onDispose(() => sub.unsubscribe());
  kernel.onSnapshot(async (topic: ParsedTopic) => {
    if (topic.kind === 'inbox') await refreshUnread();
  });

  return {
    streams: { unread: () => unread$, inbox: () => inbox$ },
    onEvent(event) {
      switch (event.kind) {
        case 'im':
          inbox$.next({ messages: inbox$.value.messages.concat(event.message).slice(-200) });
          return;
        case 'counts':
          unread$.next({ total: unreadTotal(event.chats) });
          return;
        default:
          return exhaustive(event);
      }
    },
  };
}
