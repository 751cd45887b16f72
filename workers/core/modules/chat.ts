/**
 * Chat rooms (anchor rooms and match chats): history on join then live messages in order, never
 * merged; sending goes through the offline outbox, drained oldest first on every socket open, so
 * a message typed offline is delivered once when the socket returns.
 */
import { Observable } from 'rxjs';
import { Code } from '../../protocol/codes';
import { VlivePaths } from '../../protocol/api/vlive';
import type { ChatMessage, RoomEvent } from '../../protocol/chat';
import { Topics, type ParsedTopic } from '../../protocol/topics';
import type { ActionResult, ChatBatch, ChatHandlers, SessionValue } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';
import { createRoomSubjects } from '../room-subjects';
import { listOf } from './list-of';

/** After this long without an ack, the sender is told the message waits for the network. */
const ACK_WAIT_MS = 8_000;

export interface ChatModule {
  readonly streams: Pick<StreamBuilders, 'chat'>;
  readonly handlers: ChatHandlers;
  onEvent(roomId: string, event: Extract<RoomEvent, { kind: 'chat' }>): void;
  footprint(): { rooms: number };
}

export function createChatModule(kernel: Kernel, session: () => SessionValue): ChatModule {
  const { socket, store, now, timers } = kernel;
  const rooms = createRoomSubjects<ChatBatch>(kernel);
  const pending = new Map<string, (r: ActionResult<ChatMessage | null>) => void>();

  function chatStream(roomId: string): Observable<ChatBatch> {
    return new Observable<ChatBatch>((sub) => {
      const live: ChatBatch[] = [];
      let historyDone = false;
      const leave = rooms.join(roomId, (b) => (historyDone ? sub.next(b) : live.push(b)));
      void kernel
        .request<ChatMessage[]>({ path: VlivePaths.chatHistory, params: { roomId }, silent: true })
        .then((env) => {
          const history = env.code === Code.OK ? listOf<ChatMessage>(env.data) : [];
          const seen = new Set(history.map((m) => m.id));
          const messages = history.concat(live.flatMap((b) => b.messages).filter((m) => !seen.has(m.id)));
          historyDone = true;
          sub.next({ roomId, reset: true, messages });
        });
      return leave;
    });
  }

  let draining: Promise<void> | null = null;
  function drainOutbox(): Promise<void> {
    draining ??= (async () => {
      try {
        for (const it of await store.outboxAll()) {
          if (!socket.sendChat({ roomId: it.roomId, text: it.text, clientId: it.clientId })) break;
        }
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  async function sendChat(roomId: string, text: string): Promise<ActionResult<ChatMessage | null>> {
    if (!session().loggedIn) return { ok: false, code: Code.NO_TOKEN, msg: '请先登录', data: null };
    const salt = Math.floor((kernel.deps.random ?? Math.random)() * 1e9).toString(36);
    const clientId = `${kernel.instanceId}-${now().toString(36)}-${salt}`;
    const answer = new Promise<ActionResult<ChatMessage | null>>((resolve) => pending.set(clientId, resolve));
    await store.outboxAdd({ clientId, roomId, text, at: now() });
    const unwatch = kernel.watchTopic(Topics.room(roomId));
    // The outbox drains on every socket open, oldest first; this sends now if the socket is open.
    if (socket.state === 'open') await drainOutbox();
    const result = await Promise.race([
      answer,
      new Promise<ActionResult<ChatMessage | null>>((resolve) =>
        timers.setTimeout(
          () => resolve({ ok: true, code: Code.OK, msg: '网络恢复后将自动发送', data: null }),
          ACK_WAIT_MS,
        ),
      ),
    ]);
    unwatch();
    return result;
  }

  kernel.onSocketOpen(() => void drainOutbox());
  kernel.onChatAck((ack) => {
    const done = pending.get(ack.clientId);
    pending.delete(ack.clientId);
    void store.outboxRemove(ack.clientId);
    if (!ack.ok) kernel.exception(Code.REFUSED, ack.msg);
    done?.({ ok: ack.ok, code: ack.ok ? Code.OK : Code.REFUSED, msg: ack.msg, data: ack.message ?? null });
  });
  kernel.onSnapshot(async (topic: ParsedTopic) => {
    if (topic.kind !== 'room') return;
    const subj = rooms.get(topic.roomId);
    if (!subj) return;
    const env = await kernel.request<ChatMessage[]>({ path: VlivePaths.chatHistory, params: { roomId: topic.roomId } });
    if (env.code === Code.OK) subj.next({ roomId: topic.roomId, reset: true, messages: listOf<ChatMessage>(env.data) });
  });

  return {
    streams: { chat: (key) => chatStream(key.roomId) },
    handlers: { sendChat },
    onEvent(roomId, event) {
      rooms.get(roomId)?.next({ roomId, reset: false, messages: [event.message] });
    },
    footprint: () => ({ rooms: rooms.size }),
  };
}
