/**
 * Messaging API (spec §7: paths containing /imapi for reads, /imserver for writes), shared by the
 * server and the core. The chat list is also what the unread total is read from (spec §3, §9).
 */
import type { ImMessage } from '../chat';

export const MessagePaths = {
  /** GET → ChatListItem[]: the user's conversations (pinned first, then by last message). */
  chatList: '/imapi/chat/list',
  /** GET ?conversationId&afterSeq[&limit] → ImMessage[] ascending: exactly the gap after afterSeq. */
  messages: '/imapi/message/list',
  /** GET → FavouriteItem[], newest first. */
  favourites: '/imapi/message/favor',
  /** GET → BlockedUser[]. */
  blocks: '/imapi/user/blocks',
  /** POST toUserId, text, clientId → SendResult. Idempotent per (sender, clientId). */
  send: '/imserver/message/send',
  /** POST conversationId, seq → ReadResult: the read marker only moves forward. */
  read: '/imserver/message/read',
  /** POST messageId → ImMessage (recalled). Only the sender, within RECALL_WINDOW_MS. */
  recall: '/imserver/message/recall',
  /** POST messageId → { deleted: 1 }: hidden for me only. */
  deleteForMe: '/imserver/message/delete',
  /** POST messageId, on (1|0) → { favourite: 0|1 }. */
  favour: '/imserver/message/favor',
  /** POST conversationId, on (1|0) → { pinned: 0|1 } (置顶). */
  pin: '/imserver/chat/top',
  /** POST conversationId → { deleted: 1 }: the chat leaves my list until a new message arrives. */
  deleteChat: '/imserver/chat/delete',
  /** POST userId, on (1|0) → { blocked: 0|1 }. */
  block: '/imserver/user/block',
} as const;

/** The id of the private conversation between two users (the same from either side). */
export function privateConversationId(a: number, b: number): string {
  return a < b ? `p:${a}:${b}` : `p:${b}:${a}`;
}

/** The spec §3 message-count code of a private conversation (one of MESSAGE_COUNT_CODES). */
export const PRIVATE_CHAT_CODE = 10000;
/** messageStatus 0: counted in the unread total (spec §9); 1 would be a muted chat. */
export const CHAT_STATUS_COUNTED = 0;

/** Limits of spec-free product rules (issue 13). */
export const IM_TEXT_MAX = 500;
export const RECALL_WINDOW_MS = 2 * 60_000;
export const IM_SEND_RATE = { max: 20, windowMs: 10_000 } as const;
export const IM_PAGE_MAX = 200;

export interface ChatPeer {
  id: number;
  nickName: string;
  avatar: string;
}

/** A chat list item: the spec's (code, messageStatus, count) plus what the list shows. */
export interface ChatListItem {
  code: number;
  messageStatus: number;
  /** Unread messages from the peer after my read marker. */
  count: number;
  conversationId: string;
  peer: ChatPeer;
  pinned: boolean;
  lastSeq: number;
  readSeq: number;
  last: ImMessage | null;
}

export interface SendResult {
  message: ImMessage;
  /** 1 when this clientId was already stored: the stored message, nothing sent again. */
  replayed: 0 | 1;
}

export interface ReadResult {
  conversationId: string;
  readSeq: number;
}

export interface FavouriteItem {
  message: ImMessage;
  favouredAt: number;
}

export interface BlockedUser extends ChatPeer {
  blockedAt: number;
}
