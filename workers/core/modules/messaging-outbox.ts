/**
 * The messaging outbox (issue 13): every message I send, text or picture, private or group, is
 * kept in the offline store until the server has stored it. A send whose answer never came (the
 * network or the socket dropped, the tab reloaded, the worker restarted) goes again with the same
 * client id when the socket opens or the core starts, and the server stores it once. A refusal
 * (bad text, blocked, rate, not a picture) stays as failed until retried or discarded.
 *
 * A picture's bytes wait under their own key (IM_STORE.picture), written before its entry, so an
 * entry in the store always has its bytes; they go with the entry.
 */
import { Code } from '../../protocol/codes';
import { MessagePaths, type SendResult } from '../../protocol/api/message';
import { IM_IMAGE_TEXT, MessageMediaPaths } from '../../protocol/api/message-media';
import { PORTRAIT_MAX_BYTES } from '../../protocol/api/user-centre';
import type { ImMessage, UserInfo } from '../../protocol/index';
import type { ActionResult, ConversationMessage, RestRequest } from '../api';
import type { Kernel } from '../kernel';
import { IM_STORE } from './messaging-history';

export interface OutboxEntry {
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
  /** A picture message: its bytes' type (the bytes are under IM_STORE.picture(clientId)). */
  picture?: { type: string };
}

export type NewEntry = Pick<OutboxEntry, 'toUserId' | 'groupId' | 'chatId' | 'text'>;

export interface OutboxHooks {
  /** The session round now (an answer from an older one is dropped). */
  round(): number;
  loggedIn(): boolean;
  user(): UserInfo | null;
  /** The conversation's outbox messages changed. */
  emit(chatId: string): void;
  /** The server stored a message I sent. */
  onStored(m: ImMessage): void;
}

type SendAnswer = ActionResult<ImMessage | null>;

const newClientId = () =>
  `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 6)}`;
const refusedAnswer = (msg: string, code: number = Code.REFUSED): SendAnswer => ({ ok: false, code, msg, data: null });

export function createOutbox(kernel: Kernel, hooks: OutboxHooks) {
  const { store } = kernel;
  let entries: OutboxEntry[] = [];
  const inFlight = new Set<string>();

  function save(): Promise<void> {
    return store.set(IM_STORE.outbox, entries).catch((e: unknown) => kernel.log('im outbox store failed', e));
  }

  function drop(clientId: string): void {
    const entry = entries.find((o) => o.clientId === clientId);
    if (!entry) return;
    entries = entries.filter((o) => o !== entry);
    void save();
    if (entry.picture)
      void store.delete(IM_STORE.picture(clientId)).catch((e: unknown) => kernel.log('im picture delete failed', e));
  }

  /** The request of an entry: a text, or a picture with its stored bytes (null when they are gone). */
  async function requestOf(entry: OutboxEntry): Promise<RestRequest | null> {
    const target = entry.groupId ? { groupId: entry.groupId } : { toUserId: entry.toUserId };
    if (!entry.picture) {
      const path = entry.groupId ? MessagePaths.groupSend : MessagePaths.send;
      return { path, method: 'POST', body: { ...target, text: entry.text, clientId: entry.clientId }, silent: true };
    }
    const bytes = await store.get<ArrayBuffer>(IM_STORE.picture(entry.clientId)).catch(() => undefined);
    if (!bytes) return null;
    const file = new Blob([bytes], { type: entry.picture.type });
    return {
      path: MessageMediaPaths.image,
      method: 'POST',
      body: { ...target, clientId: entry.clientId, file },
      silent: true,
    };
  }

  async function deliver(entry: OutboxEntry): Promise<SendAnswer> {
    const mine = hooks.round();
    if (inFlight.has(entry.clientId)) return refusedAnswer('正在发送');
    inFlight.add(entry.clientId);
    entry.state = 'sending';
    entry.refused = false;
    delete entry.error;
    hooks.emit(entry.chatId);
    try {
      const req = await requestOf(entry);
      const env = req
        ? await kernel.request<SendResult>(req)
        : { code: Code.NOT_FOUND, msg: '图片已不在本机，请重新选择', data: null };
      if (mine !== hooks.round()) return refusedAnswer(env.msg, env.code);
      if (env.code === Code.OK && env.data) {
        const m = env.data.message;
        drop(entry.clientId);
        hooks.onStored(m);
        return { ok: true, code: env.code, msg: env.msg, data: m };
      }
      entry.state = 'failed';
      entry.error = env.msg;
      // 5000 is what a lost network looks like: sent again on the next socket open.
      entry.refused = env.code !== Code.SERVER_ERROR;
      await save();
      hooks.emit(entry.chatId);
      return refusedAnswer(env.msg, env.code);
    } finally {
      inFlight.delete(entry.clientId);
    }
  }

  /** A new message: into the outbox (kept in the store) first, then sent. */
  async function enqueue(m: NewEntry, clientId = newClientId(), picture?: Blob): Promise<SendAnswer> {
    if (entries.some((o) => o.clientId === clientId)) return refusedAnswer('这条消息已在发送');
    const entry: OutboxEntry = { ...m, clientId, at: kernel.now(), state: 'sending', refused: false };
    if (picture) {
      if (picture.size > PORTRAIT_MAX_BYTES)
        return refusedAnswer(`图片太大：不能超过 ${PORTRAIT_MAX_BYTES / 1024 / 1024} MB`, Code.BAD_INPUT);
      // The bytes before the entry: a stored entry always finds its picture.
      await store.set(IM_STORE.picture(clientId), await picture.arrayBuffer());
      Object.assign(entry, { text: IM_IMAGE_TEXT, picture: { type: picture.type } });
    }
    entries.push(entry);
    await save();
    hooks.emit(entry.chatId);
    return deliver(entry);
  }

  return {
    enqueue,
    /** Sends a failed message again (same client id). */
    retry(clientId: string): Promise<SendAnswer> {
      const entry = entries.find((o) => o.clientId === clientId);
      return entry ? deliver(entry) : Promise.resolve(refusedAnswer('消息不存在', Code.NOT_FOUND));
    },
    /** Drops a message from the outbox (discarded, or stored as another tab or the server told). */
    drop(clientId: string): void {
      const entry = entries.find((o) => o.clientId === clientId);
      drop(clientId);
      if (entry) hooks.emit(entry.chatId);
    },
    /** Sends again everything not refused. */
    async drain(): Promise<void> {
      for (const entry of [...entries]) {
        if (entry.refused || !hooks.loggedIn()) continue;
        await deliver(entry);
      }
    },
    /** A new session: nothing of the last one is held. */
    reset(): void {
      entries = [];
    },
    /** The stored outbox (to `adopt` if the session is still the one that asked). */
    read: () => store.get<OutboxEntry[]>(IM_STORE.outbox).catch(() => undefined),
    /** Takes the stored outbox; what was 'sending' when the core stopped is sent again. Answers its chats. */
    adopt(saved: OutboxEntry[] | undefined): string[] {
      entries = (saved ?? []).map((o) => ({ ...o, state: o.refused ? 'failed' : 'sending' }));
      return entries.map((o) => o.chatId);
    },
    /** The outbox's messages of a conversation, as it shows them until they are stored. */
    unsentOf(chatId: string): ConversationMessage[] {
      const user = hooks.user();
      return entries
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
          ...(o.picture ? { unsentPicture: true as const } : {}),
        }));
    },
  };
}
