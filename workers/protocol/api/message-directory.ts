/**
 * The 消息 tab's address book (issue 13): the people I follow, mutual follows first. Shared by
 * the server and the core.
 */
import type { ChatPeer } from './message';

export const DirectoryPaths = {
  /** GET → Contact[]: people I follow (not those I blocked), mutual first, then by nickname. */
  contacts: '/imapi/user/contacts',
} as const;

/** The most contacts one answer holds. */
export const CONTACTS_MAX = 2000;

export interface Contact extends ChatPeer {
  /** They follow me too (互相关注). */
  mutual: boolean;
}
