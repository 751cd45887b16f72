/** Chinese messages of the live-score REST area, in one place. */
export const LiveText = {
  matchNotFound: '比赛不存在',
  teamNotFound: '球队不存在',
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
} as const;
