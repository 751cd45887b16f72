/** Chinese UI text of picture and match-card messages (house rule 8). */
export const MEDIA_TEXT = {
  image: {
    pick: '发图片',
    sending: '正在发送图片…',
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
} as const;
