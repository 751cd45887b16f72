/** Chinese text of the shell's own pages: /user/about and /message/version. */
export const aboutText = {
  title: '关于我们',
  tagline: '顶级体育赛事直播APP',
  intro: [
    '球赛直播是一款面向中文球迷的体育赛事直播与比分应用。我们提供足球、篮球赛事的实时比分、技术统计、文字直播与指数变化，并汇集热门主播的赛事解说直播间。',
    '无论你在地铁上、办公室里还是球场边，打开球赛直播即可同时关注多场比赛：进球、红黄牌、角球第一时间提醒，多个标签页共享同一条实时连接，省电又省流量。',
  ],
  features: [
    { title: '实时比分', text: '足球、篮球全球联赛即时比分，进球与比赛状态秒级推送。' },
    { title: '主播直播', text: '专业主播陪你看球，弹幕互动、送礼打赏，精彩不错过。' },
    { title: '赛事数据', text: '技术统计、文字直播、阵容与历史交锋，一站看全。' },
    { title: '资讯社区', text: '头条资讯、专家推荐与球迷圈子，聊球更有料。' },
  ],
  version: (v: string) => `当前版本 ${v}`,
  agreements: '协议与政策',
  versionInfo: '版本信息',
  copyright: (year: number) => `© ${year} 球赛直播 版权所有`,
} as const;

export const versionText = {
  title: '版本信息',
  current: '当前版本',
  server: '服务端版本',
  built: '构建时间',
  upToDate: '已是最新版本',
  newer: '发现新版本，刷新页面即可更新',
  reload: '立即更新',
  checking: '正在检查更新…',
  checkFailed: '暂时无法检查更新',
  historyTitle: '更新记录',
  history: [
    {
      version: '0.1.0',
      notes: [
        '全新底部导航：比赛、头条、直播、消息（或 ChatGPT）、我的。',
        '支持添加到主屏幕，离线时也能打开应用外壳。',
        '下载页按设备显示安装步骤：安卓、iOS 与添加到主屏幕。',
        '新增用户协议、隐私政策、社区规则等协议页面。',
      ],
    },
  ],
} as const;
