/** Chinese UI text of the app shell (house rule 8: one place per area). */
export const shellText = {
  loading: '加载中',
  /** Shown once on screens with scores or odds while the server runs its simulator. */
  demoData: { label: '演示数据', note: '：比分和赔率来自内置的模拟数据源，并非真实比赛。' },
  tabs: {
    matches: '比赛',
    headlines: '头条',
    vlive: '直播',
    message: '消息',
    chatgpt: 'ChatGPT',
    user: '我的',
  },
  tabBarLabel: '底部导航',
  banner: {
    suffix: '直播',
    slogan: '顶级体育赛事直播APP',
    download: '立即下载',
    close: '关闭下载提示',
    label: '下载APP',
  },
  newsBar: {
    label: '已保存的资讯',
    remove: '移除',
    communityTag: '圈子',
    newsTag: '资讯',
  },
  error: {
    notFound: '404-页面不存在',
    /** The status message of spec §8 for unknown routes (English, as the spec words it). */
    notFoundDetail: 'This page could not be found',
    generic: '应用发生错误异常',
    home: '返回首页',
    leavingIn: (s: number) => `${s} 秒后自动返回首页`,
    closingIn: (s: number) => `${s} 秒后自动关闭`,
    /** Shown when the error page itself fails; kept in English as the spec words it. */
    fallback: 'An error occurred while showing the error page',
  },
  toastLabel: '提示',
  connectionDown: '连接已断开，正在重连…',
  connectionRestored: '已恢复',
  unreadLabel: (n: number) => `${n} 条未读消息`,
} as const;

/** The app's default name until the server's app info answers (spec: appInfo.name). */
export const DEFAULT_APP_NAME = '球赛';
