/** Text of the expert-tips area (users read Chinese only). */
import { pointSpreadText } from '../../../workers/domain/handicap';
import type { TipMarketCode, TipPickCode, TipResultCode } from '../../../workers/protocol/index';

export const TJ_TEXT = {
  title: '专家推荐',
  matchList: '方案赛事',
  rank: '专家排行',
  rankAttention: '关注专家排行',
  back: '返回',
  sports: { zq: '足球', lq: '篮球' },
  sport: '球类',
  lottery: { all: '全部', jc: '竞彩', bd: '北单' },
  league: '全部联赛',
  noMatches: '暂无方案赛事',
  tipCount: (n: number) => `${n} 个方案`,
  noTips: '该比赛暂无方案',
  loadFailed: (msg: string) => `加载失败：${msg || '网络异常'}`,
  notFound: '方案不存在',
  days: { 7: '近7天', 30: '近30天' } as Record<number, string>,
  by: { hitRate: '命中率', profit: '盈利', streak: '连红' } as Record<string, string>,
  noRank: '暂无上榜专家',
  noRankAttention: '您关注的专家暂未上榜',
  hitRate: (r: number | null) => (r === null ? '命中率 --' : `命中率 ${Math.round(r * 100)}%`),
  profit: (p: number) => `盈利 ${p > 0 ? '+' : ''}${p.toFixed(2)}`,
  streak: (n: number) => `${n} 连红`,
  record: (red: number, black: number, push: number) => `${red}红 ${black}黑 ${push}走`,
  followers: (n: number) => `${n} 粉丝`,
  follow: '+ 关注',
  following: '已关注',
  unfollow: '取消关注',
  followedExperts: '专家',
  noFollowedExperts: '还没有关注的专家，去专家排行看看吧',
  pick: '推荐',
  oddsAt: '发布时赔率',
  reason: '推荐理由',
  free: '免费',
  price: (n: number) => `${n} 球币`,
  buy: (n: number) => `${n} 球币查看理由`,
  bought: (balance: number) => `购买成功，余额 ${balance} 球币`,
  refunded: '比赛取消，球币已退回',
  locked: '付费方案，购买后查看推荐理由',
  closed: '比赛已结束，方案已结算，不再出售',
  loginToBuy: '登录后购买',
  publish: '发布方案',
  publishTitle: '发布方案（赔率以发布时为准）',
  market: '玩法',
  pricePlaceholder: '价格（球币，0 为免费）',
  reasonPlaceholder: '推荐理由（至少 10 个字）',
  published: '发布成功',
  noQuote: '暂无赔率',
  apply: '申请成为专家',
  applyState: {
    none: '',
    pending: '申请审核中',
    approved: '已通过',
    rejected: '申请未通过，可再次申请',
    expert: '您已是专家',
  } as Record<string, string>,
  applied: '申请已提交，请等待审核',
  myRecord: (settled: number, hits: number) => `我的方案：已结算 ${settled} 场，命中 ${hits} 场`,
  published_at: '发布于',
};

export const MARKET_TEXT: Record<TipMarketCode, string> = {
  spf: '胜平负',
  rq: '让球',
  dxq: '大小球',
  rf: '让分',
  dxf: '大小分',
};

export const RESULT_TEXT: Record<TipResultCode, string> = { red: '红', black: '黑', push: '走', void: '取消' };

const fmtLine = (line: number) => (line > 0 ? `-${line}` : line < 0 ? `+${-line}` : '0');

/** '主胜', '客队 +0.5', '大 2.5'; basketball in points: '主队 让5.5分', '客队 受让5.5分', '大 210.5分'. */
export function pickText(market: TipMarketCode, pick: TipPickCode, line: number | null): string {
  if (market === 'spf') return pick === 'home' ? '主胜' : pick === 'away' ? '客胜' : '平局';
  if (market === 'dxq') return `${pick === 'over' ? '大' : '小'} ${line ?? ''}`;
  if (market === 'dxf') return `${pick === 'over' ? '大' : '小'} ${line ?? ''}分`;
  const l = line ?? 0;
  if (market === 'rf') {
    return `${pick === 'home' ? '主队' : '客队'} ${pointSpreadText(pick === 'home' ? l : -l)}`;
  }
  return pick === 'home' ? `主队 ${fmtLine(l)}` : `客队 ${fmtLine(-l)}`;
}
