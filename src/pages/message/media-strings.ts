/** Chinese UI text of picture and match-card messages (house rule 8). */
export const MEDIA_TEXT = {
  image: {
    pick: '发图片',
    unsent: '我发送的图片（尚未发出）',
    open: '查看大图',
    alt: (from: string) => `${from} 发送的图片`,
    viewer: '图片预览',
    close: '关闭',
    badType: '只支持 PNG、JPG、WebP 格式的图片',
    tooBig: (mb: number) => `图片不能超过 ${mb}MB`,
    failed: '图片发送失败，请稍后再试',
  },
  match: {
    pick: '分享比赛',
    picker: '选择要分享的比赛',
    loading: '正在加载比赛…',
    empty: '现在没有可分享的比赛',
    failed: '比赛加载失败，请稍后再试',
    close: '关闭',
    share: (home: string, away: string) => `分享 ${home} vs ${away}`,
    card: (home: string, away: string) => `比赛：${home} 对 ${away}`,
    open: '查看比赛',
    demo: '演示数据',
  },
  /** 分享 on a match's detail page: the match to one of my conversations. */
  shareOut: {
    button: '分享',
    title: '分享比赛到聊天',
    loading: '正在加载会话…',
    empty: '还没有会话：先去“消息”里找人聊聊吧',
    to: (name: string) => `分享给 ${name}`,
    done: (name: string) => `已分享给 ${name}`,
    loginHint: '登录后可以把比赛分享到聊天。',
    login: '去登录',
  },
} as const;
