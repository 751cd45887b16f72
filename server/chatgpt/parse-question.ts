/**
 * The engine's reading of a question: its intent (what it is about, by its words) and entities
 * (league and team names with common short forms, anchors, squad players, day words such as
 * 今天/今晚/明天/周六), with follow-ups read against the conversation and names the data lacks
 * read as a one-character typo or said to be missing.
 */
import type { Sport } from '../../workers/protocol/index';
import { ChatText as T } from './text';
import { LEAGUE_ALIASES, namesOf, type Catalogue } from './catalogue';
import { typoOf } from './fuzzy';

const BETTING =
  /稳赢|必胜|包赢|包中|必中|稳胆|保本|稳赚|保证.{0,6}赢|一定.{0,4}赢|肯定.{0,4}赢|买什么|怎么买|下注|投注/;

export type Intent =
  | 'betting'
  | 'standings'
  | 'h2h'
  | 'prediction'
  | 'odds'
  | 'anchor'
  | 'anchors_live'
  | 'live'
  | 'day'
  | 'team'
  | 'position'
  | 'record'
  | 'form'
  | 'next'
  | 'previous'
  | 'kickoff'
  | 'score'
  | 'scorers'
  | 'cards'
  | 'periods'
  | 'player'
  | 'top_scorers'
  | 'news'
  | 'activity'
  | 'not_found'
  | 'unknown';

export interface Parsed {
  intent: Intent;
  leagueIds: number[];
  teamIds: number[];
  anchorIds: number[];
  /** A squad player named in the question (with a player topic). */
  player: string | null;
  /** Day offset from today (China time), if a day word was found. */
  dayOffset: number | null;
  dayWord: string | null;
  sport: Sport | null;
  market: 'asian' | 'euro' | 'ou';
  /** A name the data does not hold (intent not_found): what was typed and what kind it should be. */
  missing: { typed: string; kind: 'team' | 'player' | 'league' } | null;
  /** The entities came from an earlier question (a follow-up such as 那他们下一场呢). */
  followUp: boolean;
}

const WEEKDAYS = '一二三四五六日天';
/** Day words → offset from `todayWeekday` (0 = Sunday … 6 = Saturday). */
export function parseDay(q: string, todayWeekday: number): { offset: number; word: string } | null {
  if (/今晚|今夜/.test(q)) return { offset: 0, word: T.days.tonight };
  if (/今天|今日/.test(q)) return { offset: 0, word: T.days.today };
  if (/明天|明日|明晚/.test(q)) return { offset: 1, word: T.days.tomorrow };
  if (/后天/.test(q)) return { offset: 2, word: T.days.dayAfter };
  if (/昨天|昨日|昨晚/.test(q)) return { offset: -1, word: T.days.yesterday };
  const m = /(?:周|星期|礼拜)([一二三四五六日天])/.exec(q);
  if (m) {
    const idx = WEEKDAYS.indexOf(m[1]!);
    const target = idx >= 6 ? 0 : idx + 1;
    const offset = (target - todayWeekday + 7) % 7;
    return { offset, word: `周${m[1] === '天' ? '日' : m[1]}` };
  }
  return null;
}

/** What a question is about, by its words (checked in the order `parse` tries them). */
const K = {
  activity: /活动|竞猜规则|竞猜怎么|怎么参加竞猜|抽奖/,
  news: /新闻|资讯|消息|报道|头条|动态/,
  anchorsLive: /(?:正在|在)(?:直播|播)|谁在播|哪些主播|哪位主播|哪个主播|主播.{0,4}(?:在线|开播了)/,
  anchorWords: /主播|开播|直播安排|直播间|什么时候播/,
  topScorers: /射手榜|进球最多|进球榜|金靴|最佳射手|得分王|得分榜|得分最多|头号射手/,
  asian: /亚盘|让球|让分|让几球|让几分|让多少分|亚洲盘/,
  ou: /大小球|大小盘|大小分|总进球/,
  euro: /欧赔|赔率|欧指|指数|盘口/,
  prediction: /预测|AI|谁会赢|谁能赢|能赢吗|胜率多少|概率|会赢吗/i,
  h2h: /交锋|对战|交手|历史战绩/,
  periods: /半场|各节|每节|第[一二三四1-4]节|单节|小节|分节/,
  scorers: /谁进|进球的|进球者|谁打进|谁破门|进球球员|进球时间|哪分钟进|谁进的球|进球的是谁/,
  cards: /黄牌|红牌|吃牌|罚下|几张牌/,
  kickoff: /几点|开球时间|开赛时间|几时开|什么时候开球|什么时候开赛|啥时候开/,
  previous: /上一场|上场|上轮|上一轮|最近一场|上次|刚才那场|前一场/,
  next: /下一场|下场|下轮|下一轮|接下来|下次|下一个对手|下个对手|打谁|踢谁/,
  form: /近况|状态|最近.{0,3}(?:战绩|表现|几场|怎么样|如何)|近\s*\d+\s*场|近几场|走势/,
  record: /战绩|几胜几负|胜负|胜平负|赢了几场|输了几场|胜率/,
  position: /排第几|第几名|第几位|排名|名次|排几|积分多少|多少分|几分|积几分|排在|积分/,
  score: /比分|几比几|赢了吗|输了吗|结果|打得怎么样|多少比多少|赢没赢|踢得怎么样|打得如何/,
  player: /进球|几个球|进了几|数据|得分|篮板|助攻|黄牌|红牌|赛季|表现|出场/,
  table: /积分榜|排名|排行|榜单|第几/,
  live: /正在|进行中|直播中|实时|在踢|在打|现在.{0,4}(?:比分|比赛)/,
  pronoun: /他们|他|她|它|这队|该队|这支|那支|这场|那场|这个队|那个队|^那/,
};
/** Intents that are about one team: a question of these without a team leans on the last one. */
export const TEAM_INTENTS: ReadonlySet<Intent> = new Set<Intent>([
  'position',
  'record',
  'form',
  'next',
  'previous',
  'kickoff',
  'score',
  'scorers',
  'cards',
  'periods',
  'odds',
  'prediction',
  'news',
]);
/** Words that are never part of a name, for reading the name in a question about one the data lacks. */
const FILLER =
  /请问|关于|足球|篮球|进行|直播|正在|帮我|查一下|查查|告诉我|一下|今天|今晚|明天|昨天|现在|目前|本赛季|这赛季|这个赛季|赛季|最近|队伍|球队|比赛|联赛|个球|时候|什么|多少|怎么样|怎样|如何|的|吗|呢|了|啊|呀|吧|是|在|有|哪|谁|几|和|与|跟|[？?！!，,。.、（）()场\s]/g;

/** The stretches of a question left when its topic words and fillers are taken out. */
function nameChunks(q: string): string[] {
  let rest = q;
  for (const re of Object.values(K))
    rest = rest.replace(new RegExp(re.source, `${re.flags.replace('g', '')}g`), '\u0000');
  rest = rest.replace(FILLER, '\u0000');
  return rest.split('\u0000').filter((x) => [...x].length >= 2);
}
const candidateName = (q: string): string | null => nameChunks(q)[0] ?? null;

/** The parse of one question alone (no history). */
function parseOne(question: string, c: Catalogue, todayWeekday: number): Parsed {
  let q = question.replace(/\s+/g, '');
  for (const [long, short] of Object.entries(LEAGUE_ALIASES).sort((a, b) => b[0].length - a[0].length))
    q = q.replaceAll(long, short);
  // Longest names first, and each stretch of the question used once, so '英超' is not also '英'.
  const leagueIds: number[] = [];
  let rest = q;
  for (const l of [...c.leagues].sort((a, b) => b.name.length - a.name.length)) {
    if (rest.toLowerCase().includes(l.name.toLowerCase())) {
      leagueIds.push(l.id);
      rest = rest.replace(new RegExp(l.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), '\u0000');
    }
  }
  const anchorIds = c.anchors.filter((a) => a.name.length >= 2 && q.includes(a.name)).map((a) => a.id);
  const found: Array<{ id: number; at: number }> = [];
  let teamRest = q;
  for (const a of c.anchors) if (anchorIds.includes(a.id)) teamRest = teamRest.replaceAll(a.name, '\u0000');
  // The longest squad player's name in a stretch of the question (at most 12 characters).
  const longestPlayer = (text: string): { name: string; at: number } | null => {
    for (let len = Math.min(12, text.length); len >= 2; len--)
      for (let i = 0; i + len <= text.length; i++) {
        const n = text.slice(i, i + len);
        if (c.players.has(n)) return { name: n, at: i };
      }
    return null;
  };
  const wantsPlayer = K.player.test(q);
  // A team key shorter than a player's name is not read inside that name (科隆 in 詹姆斯·科隆博).
  const named = wantsPlayer ? longestPlayer(teamRest) : null;
  const insideName = (at: number, len: number) =>
    named !== null && len < named.name.length && at < named.at + named.name.length && at + len > named.at;
  const keyed = c.teams.flatMap((t) => t.keys.map((k) => ({ id: t.id, key: k })));
  for (const { id, key } of keyed.sort((a, b) => b.key.length - a.key.length)) {
    const lower = teamRest.toLowerCase();
    let at = lower.indexOf(key.toLowerCase());
    while (at >= 0 && insideName(at, key.length)) at = lower.indexOf(key.toLowerCase(), at + 1);
    if (at >= 0 && !found.some((f) => f.id === id)) {
      found.push({ id, at });
      teamRest = teamRest.slice(0, at) + '\u0000'.repeat(key.length) + teamRest.slice(at + key.length);
    }
  }
  const teamIds = found.sort((a, b) => a.at - b.at).map((f) => f.id);
  // A player: the longest stretch of what is left that is a squad player's name.
  const player = wantsPlayer ? (longestPlayer(teamRest)?.name ?? null) : null;
  const day = parseDay(q, todayWeekday);
  const leagueSport = leagueIds[0] !== undefined ? c.leagues.find((l) => l.id === leagueIds[0])?.sport : undefined;
  const sport: Sport | null = leagueSport ?? (/足球/.test(q) ? 'zq' : /篮球/.test(q) ? 'lq' : null);
  const market = K.ou.test(q) ? 'ou' : K.asian.test(q) ? 'asian' : 'euro';
  const base = {
    leagueIds,
    teamIds,
    anchorIds,
    player,
    dayOffset: day?.offset ?? null,
    dayWord: day?.word ?? null,
    sport,
    market,
    missing: null,
    followUp: false,
  } as const;
  const is = (intent: Intent): Parsed => ({ ...base, intent });
  const team = teamIds.length > 0;
  if (BETTING.test(q)) return is('betting');
  if (K.activity.test(q) && !team) return is('activity');
  if (anchorIds.length > 0) return is('anchor');
  if (K.anchorsLive.test(q) && /主播|播/.test(q) && !team) return is('anchors_live');
  if (K.anchorWords.test(q) && !team) return is('anchor');
  if (K.news.test(q)) return is('news');
  if (K.topScorers.test(q) && !player) return is('top_scorers');
  if (player) return is('player');
  if (K.h2h.test(q) && teamIds.length >= 2) return is('h2h');
  if (K.asian.test(q) || K.ou.test(q) || K.euro.test(q)) return is('odds');
  if (K.prediction.test(q)) return is('prediction');
  if (!team && (leagueIds.length > 0 ? K.table.test(q) : /积分榜|排行榜|排行|榜单/.test(q))) return is('standings');
  if (K.periods.test(q)) return is('periods');
  if (K.scorers.test(q)) return is('scorers');
  if (K.cards.test(q)) return is('cards');
  if (K.kickoff.test(q) && !K.previous.test(q)) return is('kickoff');
  if (K.previous.test(q)) return is('previous');
  if (K.next.test(q) && !(team && day && !/下一场|下场/.test(q))) return is('next');
  if (K.form.test(q)) return is('form');
  if (K.record.test(q)) return is('record');
  if (K.position.test(q) || (team && K.table.test(q))) return is('position');
  if (team && K.score.test(q) && !day) return is('score');
  // '今天有哪些比赛正在进行' is about now; a bare '比分' only when no team or day narrows it.
  const inPlay = K.live.test(q) && (day === null || day.offset === 0);
  if (!team && (inPlay || (/比分/.test(q) && !day))) return is('live');
  if (!team && /几场|多少场/.test(q) && /比赛/.test(q) && !day) return is('live');
  if (team && day) return is('day');
  if (team) return is('team');
  if (day || /赛程|比赛|有哪些|哪些/.test(q)) return is('day');
  return is('unknown');
}

const hasEntity = (p: Parsed) => p.teamIds.length > 0 || p.player !== null || p.anchorIds.length > 0;

/**
 * A question in its conversation: a follow-up takes the team (or the topic) of the last question.
 * `todayWeekday` (0 = Sunday, China time) places the day words.
 */
export function parseQuestion(
  question: string,
  history: readonly string[],
  c: Catalogue,
  todayWeekday: number,
  depth = 0,
): Parsed {
  let p = parseOne(question, c, todayWeekday);
  if (p.intent === 'betting' || depth > 4) return p;
  const q = question.replace(/\s+/g, '');
  const needsTeam = TEAM_INTENTS.has(p.intent);
  const earlier = () => {
    for (let i = history.length - 1; i >= 0; i--) {
      const h = parseQuestion(history[i]!, history.slice(0, i), c, todayWeekday, depth + 1);
      if (hasEntity(h) || h.leagueIds.length > 0) return h;
    }
    return null;
  };
  // 那他们下一场呢 / 他的进球呢: no name, a topic that needs one, or a pronoun.
  // 火星联队排第几 after 曼城排第几 names a team (one the data lacks): not a follow-up.
  const named = candidateName(question);
  if (!hasEntity(p) && !named && history.length > 0 && (needsTeam || K.pronoun.test(q))) {
    const prev = earlier();
    if (prev && hasEntity(prev)) {
      const intent = needsTeam ? p.intent : prev.intent;
      p = { ...p, intent, teamIds: prev.teamIds, player: prev.player, anchorIds: prev.anchorIds, followUp: true };
      if (p.player && TEAM_INTENTS.has(intent)) p = { ...p, player: null };
      return p;
    }
  }
  // 那湖人呢 / 曼城呢: a name and no topic: the topic of the last question.
  if (hasEntity(p) && p.intent === 'team' && history.length > 0 && /呢[？?]?$|^那/.test(q)) {
    const prev = parseQuestion(history.at(-1)!, history.slice(0, -1), c, todayWeekday, depth + 1);
    if (TEAM_INTENTS.has(prev.intent)) return { ...p, intent: prev.intent, market: prev.market, followUp: true };
  }
  // 冥王星流浪者: a known name (流浪者) inside a longer one the data lacks is not that team.
  if (depth === 0 && (needsTeam || p.intent === 'team') && p.teamIds.length > 0) {
    const keys = p.teamIds.flatMap((id) => c.teams.find((t) => t.id === id)?.keys ?? []);
    const leagueNames = c.leagues.map((l) => l.name);
    for (const chunk of nameChunks(question)) {
      if (!keys.some((k) => chunk.includes(k))) continue;
      let left = chunk;
      for (const k of [...keys, ...leagueNames].sort((a, b) => b.length - a.length))
        left = left.replaceAll(k, '\u0000');
      if (!left.split('\u0000').some((x) => [...x].length >= 2)) continue;
      // 纽卡斯尔那 holds the nickname 纽卡 but is a typo of 纽卡斯尔联.
      const fixed = typoOf(chunk, namesOf(c, 'team'));
      if (fixed) return parseQuestion(question.replace(chunk, fixed), history, c, todayWeekday, depth + 1);
      return { ...p, intent: 'not_found', missing: { typed: chunk, kind: 'team' } };
    }
  }
  // 北极熊竞技比分多少: a score asked of a name that is no team is not the live list.
  if (depth === 0 && p.intent === 'live' && p.leagueIds.length === 0 && !hasEntity(p)) {
    const typed = candidateName(question);
    if (typed && [...typed].length >= 3) return { ...p, intent: 'not_found', missing: { typed, kind: 'team' } };
  }
  // A name the data lacks: a one-character typo of a known name is read as that name;
  // anything else is said to be missing, with the closest names.
  const wantsLeague =
    !needsTeam &&
    (p.intent === 'top_scorers' || /积分榜|排行榜|榜/.test(q)) &&
    !hasEntity(p) &&
    p.leagueIds.length === 0;
  const wantsPlayer =
    !hasEntity(p) &&
    p.leagueIds.length === 0 &&
    K.player.test(q) &&
    (p.intent === 'unknown' || p.intent === 'day' || p.intent === 'team');
  if ((needsTeam && !hasEntity(p)) || wantsLeague || wantsPlayer) {
    const typed = candidateName(question);
    if (typed) {
      const kind = needsTeam ? 'team' : wantsLeague ? 'league' : wantsPlayer ? 'player' : 'team';
      const fixed = typoOf(typed, namesOf(c, kind));
      if (fixed && depth === 0)
        return { ...parseQuestion(question.replace(typed, fixed), history, c, todayWeekday, depth + 1) };
      return { ...p, intent: 'not_found', missing: { typed, kind } };
    }
  }
  return p;
}
