/**
 * The people side of messaging (issue 13, spec §2 Message): a person's card, who I follow and who
 * follows me, finding users, searching my messages, and a private conversation's settings. Shared
 * by the server and the core. Following itself is the community's follow call (`CommunityPaths.follow`):
 * one follow relation for the whole app.
 */
import type { ImMessage } from '../chat';
import type { ChatPeer } from './message';

export const MessagePeoplePaths = {
  /** GET ?userId → PersonCard. */
  personal: '/imapi/user/personal',
  /** GET → ChatPeer[]: who I follow, newest first. (Who follows me: `MessagePaths.followers`.) */
  attention: '/imapi/user/attention',
  /** GET ?q (a nickname part, or a user id) → ChatPeer[] (at most PEOPLE_FIND_MAX). */
  find: '/imapi/user/find',
  /** GET ?q → MessageHit[]: my messages whose text holds q, newest first (at most MESSAGE_SEARCH_MAX). */
  search: '/imapi/message/search',
  /** GET ?userId (the other person) → ChatSettings of our private conversation. */
  chatDetail: '/imapi/chat/detail',
  /** POST conversationId, on (1|0) → { muted: 0|1 }: 消息免打扰 (not counted in the unread badge). */
  mute: '/imserver/chat/mute',
} as const;

/** Longest query of find and search, in characters. */
export const PEOPLE_QUERY_MAX = 20;
export const PEOPLE_FIND_MAX = 50;
export const MESSAGE_SEARCH_MAX = 100;
/** messageStatus of a muted conversation: left out of the unread total (spec §9 counts status 0). */
export const CHAT_STATUS_MUTED = 1;

export interface PersonCard extends ChatPeer {
  /** I follow this person. */
  following: boolean;
  /** This person follows me. */
  followsMe: boolean;
  /** I blocked this person. */
  blocked: boolean;
  /** This person blocked me (I may neither message nor follow them). */
  blockedMe: boolean;
  followerCount: number;
  followingCount: number;
  /** The card is mine. */
  self: boolean;
}

export interface MessageHit {
  message: ImMessage;
  /** The other person of a private conversation, or the group (id 0, its name) of a group one. */
  peer: ChatPeer;
  group?: { id: number };
  favourite: boolean;
}

export interface ChatSettings {
  conversationId: string;
  peer: ChatPeer;
  pinned: boolean;
  muted: boolean;
  blocked: boolean;
  /** The conversation has had a message (before that there is nothing to pin, mute or clear). */
  exists: boolean;
}
