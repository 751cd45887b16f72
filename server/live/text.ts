/** Chinese messages of the live-score REST area, in one place. */
export const LiveText = {
  matchNotFound: '比赛不存在',
  teamNotFound: '球队不存在',
  imageNotFound: '图片不存在',
  dateOutOfRange: '日期超出范围，只能查询前后7天',
  sportMismatch: '比赛项目与比赛不符',
  noVideo: '暂无直播视频',
  followed: '关注成功',
  unfollowed: '已取消关注',
  focusColumn: '焦点赛事',
  liveColumn: '正在直播',
  soonColumn: '即将开赛',
  periods: ['第一节', '第二节', '第三节', '第四节'],
  noDetail: '暂无该项数据',
  replayRefuses: '当前为回放数据，不接受现场事件',
  providerRefuses: '当前为真实数据源，不接受模拟事件',
} as const;

const FOOTBALL_STATUS = [
  '比赛异常',
  '未开赛',
  '上半场',
  '中场',
  '下半场',
  '加时赛',
  '',
  '点球决战',
  '完场',
  '推迟',
  '中断',
  '腰斩',
  '取消',
  '待定',
];
const BASKETBALL_STATUS = [
  '比赛异常',
  '未开赛',
  '第一节',
  '第一节完',
  '第二节',
  '中场',
  '第三节',
  '第三节完',
  '第四节',
  '加时',
  '完场',
  '中断',
  '取消',
  '延期',
  '腰斩',
  '待定',
];

/** Incident and text-live lines the ingest path writes for a provider's messages. */
export const IngestText = {
  statusName: (sport: 'zq' | 'lq', s: number): string =>
    (sport === 'zq' ? FOOTBALL_STATUS : BASKETBALL_STATUS)[s] || FOOTBALL_STATUS[0],
  state: (sport: 'zq' | 'lq', s: number): string =>
    `比赛状态：${(sport === 'zq' ? FOOTBALL_STATUS : BASKETBALL_STATUS)[s] || FOOTBALL_STATUS[0]}`,
  minute: (sport: 'zq' | 'lq', minute: number): string =>
    sport === 'zq' ? `第${minute}分钟` : (LiveText.periods[minute - 1] ?? `加时${minute - 4}`),
  event: {
    goal: '进球',
    yellow: '黄牌',
    red: '红牌',
    corner: '角球',
    penalty: '点球',
    sub: '换人',
    state: '状态',
  } as Record<string, string>,
  voided: '进球无效',
  /** A line of an incident: '第23分钟 阿森纳 进球 比分 1-0' (player when the provider names one). */
  incident: (when: string, team: string, what: string, player: string | undefined, score: readonly number[]) =>
    `${when} ${team}${player ? ` ${player}` : ''} ${what}，比分 ${score[0]}-${score[1]}`,
  /** Shown when a live match has had no update for a while (its status shows 比赛异常 meanwhile). */
  stale: '数据源暂无更新',
};

/** Messages of the names table's operator API and command. */
export const NamesText = {
  badProvider: '数据源只能是 nami 或 apisports',
  badKind: '类型只能是 match、league、team、player 或 company',
  badSport: '项目只能是 zq（足球）或 lq（篮球）',
  badProviderId: '缺少数据源编号（1 到 40 个字符）',
  badName: '中文名为 1 到 40 个字',
  badShort: '简称最多 20 个字',
  saved: '已保存',
};
