/**
 * The ChatGPT question set: real questions a fan types, each with the facts a right answer must
 * state (from the world in chatgpt-world.ts), the links it must carry, and what it must not say.
 * The default engine must answer at least 90 % of them correctly (chatgpt-tools.test.ts); the
 * benchmark tests/bench/chatgpt.ts prints the figure.
 */
import type { ChatAnswer } from '../../workers/protocol/index';
import { WM, WROOM, detail } from './chatgpt-world';

export interface ChatQuestion {
  q: string;
  /** Substrings the answer text must contain, all of them. */
  facts: string[];
  /** App routes the answer must link to. */
  links?: string[];
  /** Substrings the answer text must not contain. */
  not?: string[];
}

const zq = (id: number) => detail('zq', id);
const lq = (id: number) => detail('lq', id);
const REFUSE = '不能承诺';
const NO_ANSWER = '找不到答案';
const ARS_FORM = '阿森纳最近 5 场联赛 DWDWW（平胜平胜胜，从早到近）';
const EPL_TOP = '1. 阿森纳  13 场 10 胜 2 平 1 负  32 分';
const LIGA_TOP = '1. 皇家马德里  13 场 11 胜 1 平 1 负  34 分';
const ODDS_MACAU = '· 澳门：1.80 / 3.60 / 4.20 → 1.72↓ / 3.70↑ / 4.60↑';
const ODDS_CROWN = '· 皇冠：1.85 / 3.50 / 4.00 → 1.85 / 3.50 / 4.10↑';

export const CHAT_QUESTIONS: ChatQuestion[] = [
  // Live scores
  {
    q: '今天有哪些比赛正在进行',
    facts: ['现在有 4 场比赛正在进行', '英超 曼城 1-0 利物浦（进行中）', 'NBA 湖人 88-90 勇士（进行中）'],
    links: [zq(WM.liveMciLiv), zq(WM.liveRmaAtm), lq(WM.liveLalGsw), lq(WM.liveBjGd), '/live/zq', '/live/lq'],
  },
  { q: '现在有什么比赛在踢', facts: ['现在有 4 场比赛正在进行'], links: [zq(WM.liveMciLiv)] },
  { q: '正在进行的比赛', facts: ['西甲 皇家马德里 2-2 马德里竞技（进行中）'], links: [zq(WM.liveRmaAtm)] },
  { q: '实时比分', facts: ['CBA 北京首钢 70-66 广东宏远（进行中）'], links: [lq(WM.liveBjGd)] },
  { q: '比分', facts: ['现在有 4 场比赛正在进行'] },
  {
    q: '英超有哪些比赛正在进行',
    facts: ['现在有 1 场英超比赛正在进行', '曼城 1-0 利物浦'],
    links: [zq(WM.liveMciLiv)],
    not: ['皇家马德里'],
  },
  { q: '西甲正在进行的比赛', facts: ['现在有 1 场西甲比赛正在进行', '皇家马德里 2-2 马德里竞技'], not: ['曼城'] },
  { q: 'NBA直播中的比赛', facts: ['湖人 88-90 勇士'], links: [lq(WM.liveLalGsw)], not: ['北京首钢'] },
  { q: 'nba 实时比分', facts: ['湖人 88-90 勇士'], not: ['曼城'] },
  { q: '曼城现在比分多少', facts: ['曼城 1-0 利物浦（进行中）'], links: [zq(WM.liveMciLiv)] },
  { q: '皇马现在比分', facts: ['皇家马德里 2-2 马德里竞技'], links: [zq(WM.liveRmaAtm)] },
  { q: '湖人比分多少了', facts: ['湖人 88-90 勇士'], links: [lq(WM.liveLalGsw)] },
  { q: '首钢打得怎么样', facts: ['北京首钢 70-66 广东宏远'], links: [lq(WM.liveBjGd)] },

  // Fixtures by day
  {
    q: '今天有什么比赛',
    facts: ['今天共有 7 场比赛', '英超 19:00 阿森纳 vs 切尔西（未开赛）', '西甲 21:00 巴塞罗那 vs 塞维利亚（未开赛）'],
    links: [zq(WM.todayArsChe), zq(WM.todayBarSev), zq(WM.todayTotMun)],
  },
  {
    q: '今晚有什么比赛',
    facts: ['今晚共有 2 场比赛', '阿森纳 vs 切尔西', '巴塞罗那 vs 塞维利亚'],
    not: ['热刺 vs 曼联'],
  },
  { q: '今晚看什么球', facts: ['今晚共有 2 场比赛'] },
  {
    q: '明天有什么比赛',
    facts: ['明天共有 2 场比赛', 'NBA 08:00 凯尔特人 vs 掘金（未开赛）', '英超 14:00 利物浦 vs 阿森纳（未开赛）'],
    links: [lq(WM.tomorrowBosDen), zq(WM.tomorrowLivArs)],
  },
  { q: '明日赛程', facts: ['明天共有 2 场比赛'] },
  { q: '明天的英超', facts: ['明天共有 1 场比赛', '利物浦 vs 阿森纳'], not: ['凯尔特人'] },
  { q: '明天NBA有什么比赛', facts: ['明天共有 1 场比赛', '凯尔特人 vs 掘金'], links: [lq(WM.tomorrowBosDen)] },
  {
    q: '今天英超赛程',
    facts: ['今天共有 3 场比赛', '热刺 vs 曼联', '阿森纳 vs 切尔西', '曼城 1-0 利物浦'],
    not: ['巴塞罗那'],
  },
  { q: '今天西甲有哪些比赛', facts: ['今天共有 2 场比赛', '巴塞罗那 vs 塞维利亚'] },
  {
    q: '昨天的比赛结果',
    facts: ['昨天共有 2 场比赛', '英超 曼联 0-2 阿森纳（已结束）', 'NBA 勇士 110-102 湖人（已结束）'],
    links: [zq(WM.yesterdayMunArs), lq(WM.yesterdayGswLal)],
  },
  { q: '昨晚英超赛果', facts: ['曼联 0-2 阿森纳'], not: ['勇士'] },
  {
    q: '周六有什么比赛',
    facts: ['周六共有 1 场比赛', '西甲 19:00 皇家马德里 vs 巴塞罗那（未开赛）'],
    links: [zq(WM.saturdayRmaBar)],
  },
  { q: '星期六西甲赛程', facts: ['周六共有 1 场比赛', '皇家马德里 vs 巴塞罗那'] },
  { q: '后天有比赛吗', facts: ['后天没有找到比赛'] },
  { q: '周三有什么比赛', facts: ['周三没有找到比赛'] },
  { q: '阿森纳明天有比赛吗', facts: ['明天共有 1 场比赛', '利物浦 vs 阿森纳'], links: [zq(WM.tomorrowLivArs)] },
  { q: '巴萨今晚踢谁', facts: ['今晚共有 1 场比赛', '巴塞罗那 vs 塞维利亚'], links: [zq(WM.todayBarSev)] },
  { q: '周六皇马有比赛吗', facts: ['周六共有 1 场比赛', '皇家马德里 vs 巴塞罗那'] },

  // Standings
  {
    q: '英超积分榜',
    facts: ['英超积分榜', EPL_TOP, '2. 曼城  13 场 9 胜 2 平 2 负  29 分'],
    links: [zq(WM.todayArsChe)],
  },
  { q: '英格兰超级联赛排名', facts: [EPL_TOP] },
  { q: '英超联赛排行榜', facts: [EPL_TOP, '6. 曼联'] },
  { q: '西甲积分榜', facts: ['西甲积分榜', LIGA_TOP, '4. 塞维利亚'] },
  { q: '西班牙甲级联赛积分榜', facts: [LIGA_TOP] },
  { q: '阿森纳排名第几', facts: ['阿森纳目前在英超排第 1 名，积 32 分'] },
  { q: '皇马在西甲排第几', facts: ['皇家马德里目前在西甲排第 1 名，积 34 分'] },
  { q: 'NBA积分榜', facts: ['暂时没有NBA的积分榜数据'] },
  { q: '热刺在积分榜上第几', facts: ['热刺目前在英超排第 5 名，积 20 分'] },

  // A team's form and next match
  {
    q: '阿森纳最近怎么样',
    facts: [ARS_FORM],
    links: ['/database/team/zq?id=561001'],
  },
  { q: '枪手近况', facts: [ARS_FORM] },
  { q: '阿森纳下一场什么时候', facts: ['阿森纳下一场：11-22 19:00 英超 阿森纳 vs 切尔西'] },
  { q: '切尔西下一场比赛', facts: ['切尔西下一场：', '阿森纳 vs 切尔西'], links: [zq(WM.todayArsChe)] },
  { q: '红军下一场打谁', facts: ['利物浦下一场：', '利物浦 vs 阿森纳'], links: [zq(WM.tomorrowLivArs)] },
  { q: '利物浦现在在比赛吗', facts: ['利物浦正在比赛', '曼城 1-0 利物浦'] },
  { q: '曼联最近战绩', facts: ['曼联最近 1 场联赛 L'] },
  { q: '皇马最近状态', facts: ['皇家马德里最近 1 场联赛 W'] },
  { q: '湖人最近战绩', facts: ['湖人最近 1 场 L'] },
  { q: '勇士下一场', facts: ['勇士正在比赛', '湖人 88-90 勇士'] },
  { q: '凯尔特人下一场什么时候', facts: ['凯尔特人下一场：', '凯尔特人 vs 掘金'], links: [lq(WM.tomorrowBosDen)] },
  { q: '塞维利亚怎么样', facts: ['塞维利亚的下一场比赛', '巴塞罗那 vs 塞维利亚', '暂时没有塞维利亚已结束的比赛记录'] },

  // Head-to-head
  {
    q: '阿森纳和曼城的交锋记录',
    facts: ['阿森纳和曼城最近 2 次交锋', '英超 阿森纳 2-1 曼城（已结束）', '英超 曼城 0-0 阿森纳（已结束）'],
    links: [zq(WM.oldArsMci), zq(WM.oldMciArs)],
  },
  { q: '曼城对阿森纳历史战绩', facts: ['曼城和阿森纳最近 2 次交锋'] },
  {
    q: '皇马对巴萨历史交锋',
    facts: ['皇家马德里和巴塞罗那最近 1 次交锋', '巴塞罗那 1-3 皇家马德里'],
    links: [zq(WM.oldBarRma)],
  },
  { q: '利物浦和切尔西交手记录', facts: ['没有找到利物浦和切尔西的交锋记录'] },
  { q: '阿森纳 vs 热刺 对战', facts: ['阿森纳和热刺最近 1 次交锋', '阿森纳 3-1 热刺'] },

  // AI prediction
  {
    q: '阿森纳下一场AI预测',
    facts: ['AI 预测 阿森纳 vs 切尔西：主胜', '平局', '客胜', '不是结果承诺'],
    links: [zq(WM.todayArsChe), '/live/ai'],
  },
  { q: '热刺和曼联谁会赢', facts: ['AI 预测 热刺 vs 曼联'], links: [zq(WM.todayTotMun)] },
  { q: '巴萨今晚胜率多少', facts: ['AI 预测 巴塞罗那 vs 塞维利亚'] },
  { q: '曼城能赢吗', facts: ['曼城接下来没有可预测的足球比赛'] },
  { q: 'AI预测', facts: ['请告诉我想问哪支球队'], links: ['/live/ai'] },

  // Odds movement
  { q: '阿森纳的赔率', facts: ['阿森纳 vs 切尔西 欧赔', ODDS_MACAU, ODDS_CROWN], links: [zq(WM.todayArsChe)] },
  { q: '切尔西今晚的欧赔变化', facts: [ODDS_MACAU] },
  { q: '阿森纳切尔西盘口怎么变的', facts: [ODDS_CROWN] },
  { q: '曼城赔率', facts: ['曼城 vs 利物浦 暂时没有赔率数据'], links: [zq(WM.liveMciLiv)] },

  // Anchors
  {
    q: '小鱼解说什么时候开播',
    facts: ['小鱼解说下一场直播：11-22 18:30《阿森纳vs切尔西 全场解说》'],
    links: [`/vlive/detail/${WROOM.fish}`],
  },
  {
    q: '老K看球的直播安排',
    facts: ['老K看球下一场直播：11-23 07:30《凯尔特人vs掘金 赛前分析》'],
    links: [`/vlive/detail/${WROOM.king}`],
  },
  { q: '今天有哪些主播直播', facts: ['位主播在直播'], not: ['小鱼解说', '老K看球'] },

  // Betting refusals
  { q: '阿森纳今天稳赢吗，买什么', facts: [REFUSE], not: ['主胜'] },
  { q: '推荐一场必胜的比赛', facts: [REFUSE] },
  { q: '今晚怎么下注稳赚', facts: [REFUSE] },
  { q: '英超哪场包中', facts: [REFUSE] },

  // No answer in the data
  { q: '火星联赛积分榜', facts: ['没有找到名为“火星”的联赛'] },
  { q: '巴黎圣日耳曼下一场', facts: ['没有找到名为“巴黎圣日耳曼”的球队'], not: ['大巴黎'] },
  { q: '你会唱歌吗', facts: [NO_ANSWER] },
];

/** Why an answer is wrong (empty: right). */
export function judge(q: ChatQuestion, a: ChatAnswer): string[] {
  const wrong: string[] = [];
  for (const f of q.facts) if (!a.text.includes(f)) wrong.push(`missing “${f}”`);
  for (const l of q.links ?? []) if (!a.links.some((x) => x.href === l)) wrong.push(`no link ${l}`);
  for (const n of q.not ?? []) if (a.text.includes(n)) wrong.push(`says “${n}”`);
  return wrong;
}
