/** Chinese messages of the feed and its dev control, in one place. */
import type { Pair } from '../../../workers/protocol/index';

const EVENT_NAMES: Record<string, string> = {
  goal: '进球',
  yellow: '黄牌',
  red: '红牌',
  corner: '角球',
  state: '状态',
};

export const FeedText = {
  notFound: '比赛不存在',
  notStarted: '比分数据服务尚未启动',
  alreadyOver: '比赛已结束，不能再更改状态',
  stateMissing: '缺少目标状态 state',
  applied: '已应用',
  basketballUnsupported: '篮球比赛不支持该事件',
  notInPlay: (type: string): string => `比赛未在进行中，不能添加${EVENT_NAMES[type] ?? '事件'}`,
  unknownState: (s: number): string => `未知的比赛状态 ${s}`,
  badMove: (from: number, to: number): string => `比赛状态不能从 ${from} 变为 ${to}`,
  basketballBasket: (team: string, score: Pair): string => `${team} 得 2 分，比分 ${score[0]}-${score[1]}`,
};
