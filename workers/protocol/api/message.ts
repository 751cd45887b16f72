/**
 * Messaging API (spec §7: paths containing /imapi for reads, /imserver for writes), shared by the
 * server and the core. The chat list is also what the unread total is read from (spec §3, §9).
 */
import type { ImMessage } from '../chat';

export const MessagePaths = {
  /** GET → ChatListItem[]: the user's conversations (pinned first, then by last message). */
  chatList: '/imapi/chat/list',
  /**
   * GET ?conversationId&afterSeq[&limit] → ImMessage[] ascending: exactly the gap after afterSeq.
   * With beforeSeq (> afterSeq): the newest `limit` messages below it, ascending (an older page).
   */
  messages: '/imapi/message/list',
  /** GET → FavouriteItem[], newest first. */
  favourites: '/imapi/message/favor',
  /** GET → BlockedUser[]. */
  blocks: '/imapi/user/blocks',
  /** POST userIds (comma list of my followers), text → MassResult. MASS_DAILY a day. */
  mass: '/imserver/message/mass',
  /** GET → MassItem[]: my mass sendings, newest first. */
  massHistory: '/imapi/message/mass',
  /** GET → ChatPeer[]: who follows me (the people a mass sending may reach). */
  followers: '/imapi/user/fans',
  /** GET → PrivacySettings. */
  privacy: '/imapi/user/privacy',
  /** POST whoMayMessage ('everyone' | 'following') → PrivacySettings. */
  setPrivacy: '/imserver/user/privacy',
  /** GET → GroupSummary[]: the groups I am in. */
  groupList: '/imapi/group/list',
  /** GET ?groupId[&code] → GroupDetail (members only; with the group's invite code, anyone). */
  groupDetail: '/imapi/group/detail',
  /** POST name, memberIds (comma list, may be empty) → GroupDetail. GROUP_CREATE_DAILY a day. */
  groupCreate: '/imserver/group/create',
  /** POST groupId, name?, notice? → GroupDetail (rename / notice: see GROUP_PERMISSIONS). */
  groupUpdate: '/imserver/group/update',
  /** POST groupId, userIds (comma list) → GroupDetail: members add people (up to GROUP_MEMBER_MAX). */
  groupInvite: '/imserver/group/invite',
  /** POST groupId, code → GroupDetail: join by the group's invite link. */
  groupJoin: '/imserver/group/join',
  /**
   * GET → GroupInvitation[]: groups I was invited to by someone I do not follow, while I accept
   * messages only from people I follow; I am not a member until I accept.
   */
  groupInvitations: '/imapi/group/invitations',
  /** POST groupId, accept (1|0) → GroupDetail when accepted, { declined: 1 } when declined. */
  groupInvitationAnswer: '/imserver/group/invitation/answer',
  /** POST groupId → { left: 1 }. The owner cannot leave (dissolve instead). */
  groupLeave: '/imserver/group/leave',
  /** POST groupId → { dissolved: 1 }: owner only; the group leaves every member's list. */
  groupDissolve: '/imserver/group/delete',
  /** POST groupId, userId → GroupDetail: remove a member (see GROUP_PERMISSIONS). */
  groupRemove: '/imserver/group/remove',
  /** POST groupId, userId, minutes (0 = lift) → GroupDetail: mute one member. */
  groupMute: '/imserver/group/mute',
  /** POST groupId, on (1|0) → GroupDetail: 全员禁言 (only owner and admins may speak). */
  groupMuteAll: '/imserver/group/muteAll',
  /** POST groupId, userId, on (1|0) → GroupDetail: make or unmake an admin (owner only). */
  groupAdmin: '/imserver/group/admin',
  /** POST groupId, text, clientId → SendResult. Idempotent per (sender, clientId). */
  groupSend: '/imserver/group/send',
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

/** The conversation id of a group. */
export function groupConversationId(groupId: number): string {
  return `g:${groupId}`;
}

/** The `msg` of Code.NOT_MEMBER: the server's answer and the chat page's state say the same. */
export const IM_NOT_MEMBER_MSG = '你已不在这个群聊中，无法查看聊天记录或发言';

/** The group id of a group conversation id, or null for a private one. */
export function groupIdOf(conversationId: string): number | null {
  const m = /^g:(\d{1,10})$/.exec(conversationId);
  return m ? Number(m[1]) : null;
}

/** The spec §3 message-count code of a private conversation (one of MESSAGE_COUNT_CODES). */
export const PRIVATE_CHAT_CODE = 10000;
/** The spec §3 message-count code of a group conversation (one of MESSAGE_COUNT_CODES). */
export const GROUP_CHAT_CODE = 10001;

export type GroupRole = 'owner' | 'admin' | 'member';
export type GroupAction =
  | 'rename'
  | 'notice'
  | 'invite'
  | 'removeMember'
  | 'removeAdmin'
  | 'muteMember'
  | 'muteAdmin'
  | 'muteAll'
  | 'setAdmin'
  | 'speakWhenAllMuted'
  | 'leave'
  | 'dissolve';

/**
 * Who may do what in a group (issue 13), enforced by the server and tested cell by cell. Nobody
 * may remove or mute the owner; an admin acts on members only; the owner cannot leave (dissolve).
 */
export const GROUP_PERMISSIONS: Readonly<Record<GroupAction, readonly GroupRole[]>> = {
  rename: ['owner', 'admin'],
  notice: ['owner', 'admin'],
  invite: ['owner', 'admin', 'member'],
  removeMember: ['owner', 'admin'],
  removeAdmin: ['owner'],
  muteMember: ['owner', 'admin'],
  muteAdmin: ['owner'],
  muteAll: ['owner', 'admin'],
  setAdmin: ['owner'],
  speakWhenAllMuted: ['owner', 'admin'],
  leave: ['admin', 'member'],
  dissolve: ['owner'],
};

export function groupMay(role: GroupRole, action: GroupAction): boolean {
  return GROUP_PERMISSIONS[action].includes(role);
}

export const GROUP_NAME_MAX = 20;
export const GROUP_NOTICE_MAX = 300;
export const GROUP_MEMBER_MAX = 500;
export const GROUP_CREATE_DAILY = 10;
/** Longest single mute, minutes (30 days). */
export const GROUP_MUTE_MAX_MINUTES = 30 * 24 * 60;
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
  /**
   * A private chat with someone I do not follow and have never written to: shown in the 陌生人
   * folder rather than the main list (its unread still counts).
   */
  stranger?: boolean;
  /** Set for a group conversation: `peer` then holds the group's name (id 0). */
  group?: { id: number; memberCount: number };
}

export const MASS_DAILY = 3;
export const MASS_RECIPIENTS_MAX = 200;

export interface MassResult {
  id: number;
  /** Recipients that got the message. */
  sent: number;
  /** Chosen followers skipped because they blocked me. */
  skipped: number;
}

export interface MassItem {
  id: number;
  text: string;
  recipientCount: number;
  at: number;
}

export type WhoMayMessage = 'everyone' | 'following';
export interface PrivacySettings {
  whoMayMessage: WhoMayMessage;
}

export interface GroupSummary {
  id: number;
  conversationId: string;
  name: string;
  memberCount: number;
  role: GroupRole;
}

export interface GroupMember extends ChatPeer {
  role: GroupRole;
  /** Unix ms until which this member may not speak, or absent. */
  mutedUntil?: number;
}

export interface GroupDetail {
  id: number;
  conversationId: string;
  name: string;
  notice: string;
  ownerId: number;
  muteAll: boolean;
  memberCount: number;
  /** My role, or null when I am not a member (looking at an invite link). */
  myRole: GroupRole | null;
  /** Members only; the invite link's code. */
  inviteCode?: string;
  members: GroupMember[];
  /**
   * On create and invite: the people who accept messages only from those they follow and were
   * asked instead of added (they join when they accept).
   */
  asked?: number[];
}

/** An invitation waiting for my answer (see MessagePaths.groupInvitations). */
export interface GroupInvitation {
  groupId: number;
  name: string;
  memberCount: number;
  inviter: ChatPeer;
  invitedAt: number;
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
