/** Messaging API paths (/imapi…), used by the core for the unread total (spec §3, §7). */
export const MessagePaths = {
  /** GET → ChatCount[] (code, messageStatus, count): the unread total sums messageStatus 0. */
  chatList: '/imapi/chat/list',
} as const;
