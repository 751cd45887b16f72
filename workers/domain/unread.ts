/** Unread total (spec §3, §9): sum of counts of chats with messageStatus 0 over the message-count codes. */
import { MESSAGE_COUNT_CODES } from '../protocol/codes';
import type { ChatCount } from '../protocol/chat';

const COUNTED: ReadonlySet<number> = new Set(MESSAGE_COUNT_CODES);

export function unreadTotal(chats: readonly ChatCount[]): number {
  let total = 0;
  for (const c of chats) {
    if (c.messageStatus === 0 && COUNTED.has(c.code) && c.count > 0) total += c.count;
  }
  return total;
}
