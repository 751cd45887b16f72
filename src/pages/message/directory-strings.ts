/** Chinese UI text of the 消息 tab's notices, address book and chat-count pages (house rule 8). */
export const DIRECTORY_TEXT = {
  back: '返回',
  notice: {
    title: '通知',
    tabs: { system: '系统通知', community: '社区通知' },
    empty: { system: '暂无系统通知', community: '暂无社区通知（关注、评论、点赞会出现在这里）' },
    readAll: '全部已读',
  },
  counts: {
    title: '未读一览',
    total: (n: number) => (n > 0 ? `共 ${n} 条未读消息` : '没有未读消息'),
    totalNote: '底部「消息」上的数字就是这里的合计，免打扰的会话不算在内',
    codes: { 10000: '私信', 10001: '群聊' } as Record<number, string>,
    /** Any other kind of chat: the system's notices, never a number. */
    otherKind: '通知',
    muted: '免打扰',
    unread: (n: number) => (n > 0 ? `${n} 条未读` : '已读'),
    loading: '正在加载会话…',
    empty: '还没有会话，去找球友聊聊吧',
    failed: '会话加载失败，请稍后再试',
  },
  address: {
    title: '通讯录',
    loading: '正在加载通讯录…',
    empty: '通讯录是空的：关注球友后，他们会出现在这里',
    failed: '通讯录加载失败，请稍后再试',
    mutual: '互相关注',
    following: '我关注的',
    groups: '我的群聊',
    send: '发消息',
    count: (n: number) => `${n} 人`,
  },
} as const;
