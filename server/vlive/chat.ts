/**
 * Room chat: the hub hands every CHAT_SEND frame of an authenticated user to `handle`. Anchor
 * rooms (`room:<roomId>`) and match chats (`room:match-<id>`) share it: per-user rate limit,
 * text rules (./chat-filter.ts), a resend of the same clientId delivered once, stored history,
 * then one RoomEvent on the room's topic.
 */
import crypto from 'node:crypto';
import { Topics, type ChatMessage, type ChatSendFrame } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { VliveTables } from '../db/tables/vlive';
import type { ChatResult, Hub } from '../ws/hub';
import { checkChatText } from './chat-filter';
import { rateLimiterFor, type AsyncRateLimiter } from '../limits/shared-rate-limit';

/** 3 messages at once, then one per 1.5 s (nobles from 伯爵 up: one per 0.75 s). */
export const CHAT_BURST = 3;
export const CHAT_REFILL_MS = 1_500;
export const CHAT_NOBLE_REFILL_MS = 750;
/** The same text again within this window is refused as flooding. */
export const CHAT_REPEAT_MS = 10_000;
export const CHAT_HISTORY_LIMIT = 50;

const MATCH_ROOM = /^match-(\d{1,10})$/;

export interface ChatService {
  handle(userId: number, frame: ChatSendFrame['data']): Promise<ChatResult>;
  /** Stored messages of a room, oldest first (the last `limit` before `before`). */
  history(roomId: string, before?: number, limit?: number): Promise<ChatMessage[]>;
  /** Stores and publishes a system line (notice or gift) in a room. */
  systemLine(
    roomId: string,
    kind: 'notice' | 'gift',
    text: string,
    by?: { userId: number; nickName: string; avatar: string; nobleLevel: number },
  ): Promise<ChatMessage>;
}

export interface ChatServiceOptions {
  db: Db;
  hub: Hub;
  now: () => number;
  /** Cluster mode: the rate limit is shared by every gateway (PostgreSQL `rate_buckets`). */
  clustered?: boolean;
}

/** A stored chat message (the table's row). */
type ChatRow = VliveTables['vlive_chat_messages'];

export function rowToMessage(r: Omit<ChatRow, 'client_id'>): ChatMessage {
  return {
    id: r.id,
    roomId: r.room_id,
    userId: r.user_id,
    nickName: r.nick_name,
    avatar: r.avatar,
    nobleLevel: r.noble_level,
    text: r.text,
    kind: r.kind,
    at: Number(r.at),
  };
}

export function createChatService(opts: ChatServiceOptions): ChatService {
  const { db, hub, now } = opts;
  const limiter: AsyncRateLimiter = rateLimiterFor(opts, 'chat', CHAT_BURST, CHAT_REFILL_MS);
  /** clientIds stored lately here, so a resend skips the rate limit (it is answered from storage). */
  const recentClientIds = new Map<string, true>();
  /** Anchor rooms are seeded and never deleted: a positive answer is kept. */
  const knownRooms = new Set<string>();

  async function roomExists(roomId: string): Promise<boolean> {
    if (MATCH_ROOM.test(roomId) || knownRooms.has(roomId)) return true;
    const row = await db.selectFrom('vlive_rooms').select('id').where('id', '=', roomId).executeTakeFirst();
    if (row) knownRooms.add(roomId);
    return Boolean(row);
  }

  type LastLine = { client_id?: string; text?: string; at?: number };
  /**
   * Single process: each user's last text line, kept as it is stored here (every line goes through
   * this process), so a line costs no read of it; a user not seen since start is read once. In
   * cluster mode another gateway may have stored the last line, so it is always read from storage.
   */
  const lastLines = opts.clustered ? null : new Map<number, LastLine>();

  /** The user's last text message, in any room, or `{}` when there is none. */
  async function lastMessageOf(userId: number): Promise<LastLine> {
    const known = lastLines?.get(userId);
    if (known) return known;
    const row = await db
      .selectFrom('vlive_chat_messages')
      .select(['client_id', 'text', 'at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'text')
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const last = row ?? {};
    remember(userId, last);
    return last;
  }

  function remember(userId: number, last: LastLine): void {
    if (!lastLines) return;
    // Re-inserted at the end, so the oldest entry is the least recently active user.
    lastLines.delete(userId);
    lastLines.set(userId, last);
    if (lastLines.size > 100_000) lastLines.delete(lastLines.keys().next().value!);
  }

  async function store(row: Omit<ChatRow, 'id'>): Promise<{ message: ChatMessage; fresh: boolean }> {
    const id = crypto.randomUUID();
    const inserted = await db
      .insertInto('vlive_chat_messages')
      .values({ id, ...row })
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { message: rowToMessage(inserted), fresh: true };
    const existing = await db
      .selectFrom('vlive_chat_messages')
      .selectAll()
      .where('user_id', '=', row.user_id)
      .where('client_id', '=', row.client_id)
      .executeTakeFirstOrThrow();
    return { message: rowToMessage(existing), fresh: false };
  }

  return {
    async handle(userId, frame) {
      const at = now();
      if (!(await roomExists(frame.roomId))) return { ok: false, msg: '直播间不存在' };
      const checked = checkChatText(frame.text);
      if (!checked.ok) return { ok: false, msg: checked.msg };
      // One query for who is talking: name, avatar, active nobility.
      const user = await db
        .selectFrom('users as u')
        .leftJoin('vlive_user_nobility as n', (j) => j.onRef('n.user_id', '=', 'u.id').on('n.expires_at', '>', at))
        .select(['u.nick_name', 'u.portrait', 'n.level'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      if (!user) return { ok: false, msg: '请先登录' };
      const noble = user.level ?? 0;
      // A resend of a stored clientId is answered below (store() finds it) before any limit. The
      // user's last stored message (whichever gateway took it) tells a resend and a repeat apart.
      const last = recentClientIds.get(`${userId}:${frame.clientId}`) ? null : await lastMessageOf(userId);
      if (last && last.client_id !== frame.clientId) {
        if (!(await limiter.take(userId, at, noble >= 3 ? CHAT_NOBLE_REFILL_MS : CHAT_REFILL_MS))) {
          return { ok: false, msg: '发言太快了，请稍后再试' };
        }
        if (last.text === checked.text && at - Number(last.at) < CHAT_REPEAT_MS) {
          return { ok: false, msg: '请勿重复发言' };
        }
      }
      const { message, fresh } = await store({
        room_id: frame.roomId,
        user_id: userId,
        client_id: frame.clientId,
        nick_name: user.nick_name,
        avatar: user.portrait,
        noble_level: noble,
        text: checked.text,
        kind: 'text',
        at,
      });
      if (fresh) {
        remember(userId, { client_id: frame.clientId, text: message.text, at: message.at });
        recentClientIds.set(`${userId}:${frame.clientId}`, true);
        if (recentClientIds.size > 100_000) recentClientIds.delete(recentClientIds.keys().next().value!);
      }
      // Acknowledged only once the line is on the room's topic for good: a gateway that dies
      // between storing and publishing has not acknowledged, so the sender's outbox resends it.
      const published = await hub.publishStored(
        Topics.room(frame.roomId),
        { kind: 'chat', message },
        message.id,
        !fresh,
      );
      if (!published) return { ok: false, msg: '发送失败，请稍后再试' };
      return { ok: true, msg: checked.masked ? '部分内容已被屏蔽' : 'success', message };
    },

    async history(roomId, before, limit = CHAT_HISTORY_LIMIT) {
      let q = db.selectFrom('vlive_chat_messages').selectAll().where('room_id', '=', roomId);
      if (before !== undefined) q = q.where('at', '<', before);
      const rows = await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.reverse().map(rowToMessage);
    },

    async systemLine(roomId, kind, text, by) {
      const { message } = await store({
        room_id: roomId,
        user_id: by?.userId ?? 0,
        client_id: `${kind}-${crypto.randomUUID()}`,
        nick_name: by?.nickName ?? '系统',
        avatar: by?.avatar ?? '',
        noble_level: by?.nobleLevel ?? 0,
        text,
        kind,
        at: now(),
      });
      hub.publish(Topics.room(roomId), { kind: 'chat', message });
      return message;
    },
  };
}
