/** Chat, room and inbox payloads that cross the socket. */
import type { Sport } from './live';

export interface ChatMessage {
  id: string;
  roomId: string;
  userId: number;
  nickName: string;
  avatar: string;
  /** Nobility level 0 (none) .. n. */
  nobleLevel: number;
  /** Plain text; the client renders it as text, never as markup. */
  text: string;
  kind: 'text' | 'welcome' | 'notice' | 'gift';
  at: number;
}

export interface GiftEffect {
  id: string;
  roomId: string;
  userId: number;
  nickName: string;
  giftId: number;
  giftName: string;
  icon: string;
  count: number;
  combo: number;
  at: number;
}

export type RoomEvent =
  | { kind: 'chat'; message: ChatMessage }
  | { kind: 'gift'; gift: GiftEffect }
  | { kind: 'notice'; text: string; at: number }
  | { kind: 'live'; roomId: string; live: boolean };

/** A chat list item (spec §3): unread counted where messageStatus is 0. */
export interface ChatCount {
  code: number;
  messageStatus: number;
  count: number;
  /** Private messaging (issue 13): which conversation, and the user's read marker in it. */
  conversationId?: string;
  readSeq?: number;
  pinned?: boolean;
}

export interface ImMessage {
  id: string;
  chatId: string;
  fromUserId: number;
  fromNickName: string;
  fromAvatar: string;
  /** Plain text; empty once recalled. The client renders it as text, never as markup. */
  text: string;
  at: number;
  /** Per-conversation sequence number assigned by the server (1, 2, …; no gaps). */
  seq?: number;
  /** The sender's id for idempotent retries. */
  clientId?: string;
  toUserId?: number;
  /** Unix ms of the recall, or absent. A recalled message arrives again as an `im` event. */
  recalledAt?: number;
  /** A picture message (its text is IM_IMAGE_TEXT); absent once recalled. */
  image?: ImImage;
  /** A shared match (its text names the teams); absent once recalled. The score shown is live. */
  match?: ImMatchCard;
}

/** A chat picture: a re-encoded upload (metadata dropped), served from /media/uploads. */
export interface ImImage {
  url: string;
  width: number;
  height: number;
}

/** A match shared into a chat, as it stood when shared; the bubble follows the live score. */
export interface ImMatchCard {
  matchId: number;
  sport: Sport;
  league: string;
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
  /** The feed behind the match is simulated (演示数据). */
  demo: boolean;
}

export type InboxEvent =
  | { kind: 'im'; message: ImMessage }
  /**
   * The user's chat counts. Whole list unless `partial`: then only the conversations that changed
   * (a message, a recall, a read marker, a pin); the others keep their last counts.
   */
  | { kind: 'counts'; chats: ChatCount[]; partial?: true }
  /** A group I am (or was just) in changed: name, notice, members, roles, or it was dissolved. */
  | { kind: 'group'; groupId: number }
  /** A reserved broadcast started (anchor live): `path` opens the room. */
  | { kind: 'reminder'; title: string; text: string; path: string; at: number }
  | { kind: 'logout' }
  /** The user's coin balance changed (a gift, a purchase, a credit), from any tab or device. */
  | { kind: 'wallet'; balance: number };
