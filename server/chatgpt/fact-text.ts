/**
 * Chinese text of the one-fact tools (fact-tools.ts). Every answer's first sentence is the fact
 * asked for and ends with '。'; the lines after it support it.
 */
import { pointSpreadText, totalPointsText, type Sport } from '../../workers/protocol/index';

const nums = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');

export type OddsMarket = 'asian' | 'euro' | 'ou';

/**
 * One odds line's figures as the sport's odds tab shows them: football's three prices (the middle
 * one the goal line or the draw); basketball's line in 分 (让5.5分, 210.5分) and no draw in 胜负.
 * `mark` adds a figure's move (↑/↓) after it.
 */
export function oddsCells(
  sport: Sport,
  market: OddsMarket,
  xs: number[],
  mark: (i: number) => string = () => '',
): string {
  const cell = (i: number) => {
    const x = xs[i]!;
    if (sport === 'lq' && i === 1) return `${market === 'asian' ? pointSpreadText(x) : totalPointsText(x)}${mark(i)}`;
    return `${x.toFixed(2)}${mark(i)}`;
  };
  return (sport === 'lq' && market === 'euro' ? [0, 2] : [0, 1, 2]).map(cell).join(' / ');
}

export const FactText = {
  kind: { team: '球队', player: '球员', league: '联赛', anchor: '主播' },
  notFound: (kind: string, typed: string, near: string[]) =>
    near.length
      ? `没有找到名为“${typed}”的${kind}。你是不是想问：${near.join('、')}？`
      : `没有找到名为“${typed}”的${kind}。`,
  linkTable: (league: string) => `${league}积分榜`,
  noStanding: (team: string, league: string) => `${league}积分榜上暂时没有${team}的数据。`,
  noForm: (team: string) => `暂时没有${team}已结束的联赛比赛，无法给出近况。`,
  formWord: { W: '胜', D: '平', L: '负' } as Record<string, string>,
  form: (team: string, letters: string, words: string) =>
    `${team}最近 ${letters.length} 场联赛 ${letters}（${words}，从早到近）。`,
  formAll: (team: string, letters: string, words: string) =>
    `${team}最近 ${letters.length} 场 ${letters}（${words}，从早到近）。`,
  playingNoNext: (team: string, home: string, h: number, a: number, away: string) =>
    `${team}正在比赛：${home} ${h}-${a} ${away}（进行中）；之后暂时没有赛程。`,
  zqPosition: (team: string, league: string, rank: number, pts: number) =>
    `${team}目前在${league}排第 ${rank} 名，积 ${pts} 分。`,
  lqPosition: (team: string, league: string, rank: number, w: number, l: number) =>
    `${team}目前在${league}排第 ${rank} 名，${w} 胜 ${l} 负。`,
  zqRecord: (team: string, played: number, w: number, d: number, l: number, pts: number) =>
    `${team}本赛季 ${played} 场 ${w} 胜 ${d} 平 ${l} 负，积 ${pts} 分。`,
  lqRecord: (team: string, w: number, l: number, pct: string, gb: string) =>
    `${team}本赛季 ${w} 胜 ${l} 负，胜率 ${pct}，胜场差 ${gb}。`,
  zqRow: (rank: number, p: number, w: number, d: number, l: number, gf: number, ga: number, pts: number) =>
    `排名 ${rank}｜${p} 场 ${w} 胜 ${d} 平 ${l} 负｜进 ${gf} 失 ${ga}｜${pts} 分`,
  lqRow: (rank: number, w: number, l: number, pct: string) => `排名 ${rank}｜${w} 胜 ${l} 负｜胜率 ${pct}`,
  noPrevious: (team: string) => `暂时没有${team}已结束的比赛。`,
  noNext: (team: string) => `暂时没有${team}接下来的赛程。`,
  previous: (team: string, date: string, home: string, h: number, a: number, away: string, league: string) =>
    `${team}上一场：${date} ${league} ${home} ${h}-${a} ${away}。`,
  resultLine: (date: string, home: string, score: [number, number], away: string) =>
    `· ${date} ${home} ${score[0]}-${score[1]} ${away}`,
  playingNow: (team: string, home: string, h: number, a: number, away: string) =>
    `${team}正在比赛：${home} ${h}-${a} ${away}（进行中）`,
  next: (team: string, when: string, home: string, away: string, league: string) =>
    `${team}下一场：${when} ${league} ${home} vs ${away}。`,
  kickoff: (team: string, home: string, away: string, when: string) =>
    `${team}下一场 ${home} vs ${away} 于 ${when} 开球（北京时间）。`,
  fixtureLine: (date: string, time: string, home: string, away: string) => `· ${date} ${time} ${home} vs ${away}`,
  noMatch: (team: string) => `暂时没有${team}正在进行或已结束的比赛。`,
  stateLive: '（进行中）',
  stateDone: '（已结束）',
  score: (head: string, state: string, league: string, date: string) => `${head}${state}。${date} ${league}`,
  noPeriods: (head: string) => `${head} 还没有分节比分。`,
  noHalf: (head: string) => `${head} 还没有半场比分。`,
  quarter: (i: number, h: number, a: number) => `${i < 4 ? `第 ${i + 1} 节` : `加时 ${i - 3}`} ${h}-${a}`,
  quarters: (head: string, list: string) => `${head} 各节比分：${list}。`,
  half: (head: string, h: number, a: number) => `${head}，半场比分 ${h}-${a}。`,
  lqNoScorers: (head: string) => `${head}：篮球比赛的数据里没有逐个进球记录，可在比赛详情查看球员得分。`,
  lqNoCards: (head: string) => `${head}：篮球比赛没有黄牌红牌。`,
  noGoals: (head: string, state: string) => `${head}${state}，这场还没有进球。`,
  goal: (minute: number, player: string, team: string) => `第 ${minute} 分钟 ${player || team}（${team}）`,
  scorers: (head: string, state: string, list: string) => `${head}${state}进球：${list}。`,
  cards: (head: string, y1: number, y2: number, r1: number, r2: number) =>
    `${head}：黄牌 ${y1}-${y2}，红牌 ${r1}-${r2}。`,
  cardLine: (minute: number, team: string, player: string, red: boolean) =>
    `· 第 ${minute} 分钟 ${team} ${player} ${red ? '红牌' : '黄牌'}`,
  market: { asian: '亚盘', euro: '欧赔', ou: '大小球' },
  marketCols: { asian: '主队 / 盘口 / 客队', euro: '主胜 / 平 / 客胜', ou: '大球 / 盘口 / 小球' },
  /** Basketball's markets in its own words: points, no draw (as its odds tab shows them). */
  lqMarket: { asian: '让分', euro: '胜负', ou: '大小分' },
  lqMarketCols: { asian: '主队 / 让分 / 客队', euro: '主胜 / 客胜', ou: '大分 / 总分 / 小分' },
  noOdds: (vs: string, market: string) => `${vs} 暂时没有赔率数据（${market}）。`,
  nums,
  odds: (vs: string, market: string, company: string, cols: string, values: string) =>
    `${vs} ${market}（${company}即时，${cols}）：${values}。`,
  oddsRow: (company: string, open: string, moved: string) => `· ${company}：${open} → ${moved}`,
  zqPlayer: (name: string, team: string, games: number, goals: number, y: number, r: number) =>
    `${name}（${team}）本赛季出场 ${games} 次，进 ${goals} 球，黄牌 ${y} 张，红牌 ${r} 张。`,
  lqPlayer: (name: string, team: string, games: number, pts: number, reb: number, ast: number) =>
    `${name}（${team}）本赛季出场 ${games} 次，总得分 ${pts}，篮板 ${reb}，助攻 ${ast}。`,
  playerInfo: (num: number, pos: string, age: number, league: string) => `${num} 号 ${pos}，${age} 岁，${league}`,
  sameName: (n: number) => `应用里有 ${n} 名同名球员，这是第一位；可以加上球队名再问。`,
  noLeaders: (league: string) => `暂时没有${league}的球员榜数据。`,
  unitGoals: '球',
  unitPoints: '分',
  leader: (league: string, lq: boolean, names: string, value: number, unit: string) =>
    `${league}${lq ? '得分榜' : '射手榜'}第一：${names}，${value} ${unit}。`,
  leaderRow: (rank: number, player: string, team: string, value: number, unit: string) =>
    `${rank}. ${player}（${team}）${value} ${unit}`,
  linkLeaders: (league: string) => `${league}球员榜`,
  linkRoom: (anchor: string) => `${anchor}的直播间`,
  linkVlive: '直播',
  noAnchorsLive: '现在没有主播在直播。',
  anchorsLive: (n: number, names: string) => `现在有 ${n} 位主播在直播：${names}。`,
  anchorLive: (anchor: string, title: string) => `${anchor}正在直播：${title}。`,
  anchorNext: (anchor: string, when: string, title: string) => `${anchor}下一场直播：${when}《${title}》。`,
  anchorNone: (anchor: string) => `${anchor}现在没有直播，也暂时没有直播安排。`,
  scheduleRow: (when: string, title: string) => `· ${when} ${title}`,
  noNews: (team: string) => `头条里暂时没有关于${team}的新闻。`,
  news: (team: string, title: string) => `关于${team}的最新新闻：《${title}》。`,
  linkNews: '头条',
  linkActivity: '竞猜活动',
  noActivity: '暂时没有进行中的竞猜活动。',
  issueState: { open: '进行中', closed: '已结束', settled: '已结算' },
  activity: (no: number, title: string, state: string, n: number, closes: string) =>
    `第 ${no} 期《${title}》${state}，竞猜 ${n} 场比赛，${closes} 截止。`,
  activityRules: (start: number, min: number, max: number) =>
    `规则：每期每人获得 ${start} 积分；每场开赛前竞猜一次（主胜 / 平局 / 客胜），投入 ${min}–${max} 积分；猜中返还两倍积分并获得 1 次抽奖机会。`,
  prizes: (names: string) => `奖品：${names}。`,
} as const;
