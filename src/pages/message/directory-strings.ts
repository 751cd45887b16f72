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
    title: '会话未读',
    total: (n: number) => `未读合计 ${n} 条`,
    totalNote: '与底部「消息」角标一致：计入未读的会话的未读数之和',
    codes: { 10000: '私信', 10001: '群聊' } as Record<number, string>,
    codeLabel: (code: number) => `类别 ${code}`,
    counted: '计入未读',
    notCounted: '不计入',
    unread: (n: number) => (n > 0 ? `${n} 条未读` : '无未读'),
    loading: '正在加载会话…',
    empty: '还没有会话',
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
