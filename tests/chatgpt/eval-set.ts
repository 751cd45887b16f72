/**
 * The ChatGPT evaluation set (issue 30): questions a fan types, built at run time from the names
 * in the app's live data (today's match lists, the 数据库 tables, the anchors, the 头条 list),
 * with colloquial variants (aliases such as 曼彻斯特联/洛杉矶湖人 from the app's alias table, a
 * missing 的 or 吗, a one-character typo) and follow-ups that lean on the last question
 * (那他们下一场呢？).
 *
 * Each case is graded against the same REST endpoints the pages read, fetched when it is asked:
 * `truth()` says what the answer's FIRST sentence must hold (and what the whole answer must not),
 * read once before and once after the question (a live score may move in between; either
 * reading counts). `call` is the tool call a model would make for it (the scripted model of the
 * LLM test makes exactly that call).
 */
import {
  isFinished,
  isLive,
  chinaWallClock,
  type ChatAnswer,
  type Match,
  type OddsBoard,
} from '../../workers/protocol/index';
import { LivePaths } from '../../workers/protocol/api/live';
import {
  DatabasePaths,
  type LeagueLeaders,
  type LeagueRegion,
  type PlayerPage,
  type Standings,
  type TeamPage,
} from '../../workers/protocol/api/database';
import { VlivePaths, type VliveAnchor, type VliveSchedule } from '../../workers/protocol/api/vlive';
import { NewsPaths, type NewsPage } from '../../workers/protocol/api/news';
import { ActivityPaths, ACTIVITY_START_POINTS, type ActivityCurrent } from '../../workers/protocol/api/activity';
import type { AiDetail } from '../../workers/protocol/api/ai';
import type { MatchHeaderBody } from '../../workers/protocol/api/live';
import { TEAM_ALIASES } from '../../server/chatgpt/catalogue';
import type { EvalApi } from './api';

export interface Expect {
  /** Every one of these must be in the answer's first sentence. */
  first: string[];
  /** None of these may be anywhere in the answer. */
  never?: string[];
  /** None of these may be in the first sentence. */
  neverFirst?: RegExp[];
  /** Every one of these must be somewhere in the answer. */
  whole?: string[];
  /** The answer is one line. */
  oneLine?: boolean;
}

export interface EvalCase {
  intent: string;
  q: string;
  /** Earlier questions of the conversation (a follow-up), oldest first. */
  history: string[];
  /** The tool call a model would make; null when none should reach a model (a refusal). */
  call: { name: string; args: Record<string, unknown> } | null;
  truth(): Promise<Expect>;
}

/** The first sentence: up to the first 。！？ or line break. */
export function firstSentence(text: string): string {
  const m = /^[^。！？!?\n]*[。！？!?]?/.exec(text.trim());
  return m ? m[0] : text;
}

/** Why an answer is wrong against what was expected, or null when it is right. */
export function judgeAnswer(a: ChatAnswer, e: Expect): string | null {
  const first = firstSentence(a.text);
  const miss = e.first.filter((f) => !first.includes(f));
  if (miss.length) return `first sentence 「${first}」 lacks ${miss.map((m) => `「${m}」`).join(' ')}`;
  const bad = (e.never ?? []).filter((n) => a.text.includes(n));
  if (bad.length) return `answer says ${bad.map((m) => `「${m}」`).join(' ')}`;
  const badFirst = (e.neverFirst ?? []).filter((r) => r.test(first));
  if (badFirst.length) return `first sentence 「${first}」 matches ${badFirst.join(' ')}`;
  const lack = (e.whole ?? []).filter((w) => !a.text.includes(w));
  if (lack.length) return `answer lacks ${lack.map((m) => `「${m}」`).join(' ')}`;
  if (e.oneLine && a.text.trim().includes('\n')) return 'answer is more than one line';
  return null;
}

const hhmm = (s: number) =>
  chinaWallClock(s * 1000)
    .toISOString()
    .slice(11, 16);
const mmdd = (s: number) =>
  chinaWallClock(s * 1000)
    .toISOString()
    .slice(5, 10);
const score = (m: Match) => `${m.home.name} ${m.score[0]}-${m.score[1]} ${m.away.name}`;
const fix2 = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
const NOT_FOUND = '没有找到';

interface TeamName {
  id: number;
  name: string;
  sport: 'zq' | 'lq';
  leagueId: number;
  leagueName: string;
}

/** A one-character typo of a name that is no one character away from any other name, nor spells one. */
export function typo(name: string, all: readonly string[]): string | null {
  const chars = [...name];
  if (chars.length < 3) return null;
  for (const sub of ['那', '森', '尔', '兰', '斯', '德']) {
    for (const at of [chars.length - 1, 1]) {
      if (chars[at] === sub) continue;
      const t = [...chars.slice(0, at), sub, ...chars.slice(at + 1)].join('');
      const near = all.filter((n) => n !== name && [...n].length === chars.length && diff1(n, t));
      // A typo that spells another team's whole name asks about that team: 邓迪联 → 邓迪那 reads
      // 邓迪 (a club of its own) followed by 那, and the engine rightly answered for 邓迪.
      const spellsAnother = all.some((n) => n !== name && t.includes(n));
      if (!near.length && !spellsAnother && !all.includes(t)) return t;
    }
  }
  return null;
}
function diff1(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  return x.length === y.length && x.filter((c, i) => c !== y[i]).length <= 1;
}

export async function buildEvalSet(api: EvalApi): Promise<EvalCase[]> {
  const zqList = await api.get<Match[]>(LivePaths.zqLive);
  const lqList = await api.get<Match[]>(LivePaths.lqList);
  const regions = [
    ...(await api.get<LeagueRegion[]>(DatabasePaths.leagues, {}, { sport: 'zq' })),
    ...(await api.get<LeagueRegion[]>(DatabasePaths.leagues, {}, { sport: 'lq' })),
  ];
  const leagues = regions.flatMap((r) => r.leagues).filter((l) => !l.cup);
  const leagueName = new Map(leagues.map((l) => [l.id, l.name]));
  // Every team of the tables, by name (the pool for aliases, typos and the missing names).
  const teams: TeamName[] = [];
  for (const l of leagues) {
    const st = await api.get<Standings>(DatabasePaths.standings, { id: l.id }, { scope: 'total' });
    for (const r of st.rows)
      teams.push({ id: r.teamId, name: r.teamName, sport: l.sport, leagueId: l.id, leagueName: l.name });
  }
  const allNames = teams.map((t) => t.name);
  const byName = new Map(teams.map((t) => [t.name, t]));
  const teamPage = (id: number) => api.get<TeamPage>(DatabasePaths.team, { id });
  const lists = async () => [
    ...(await api.get<Match[]>(LivePaths.zqLive)),
    ...(await api.get<Match[]>(LivePaths.lqList)),
  ];
  /** The match 比分/谁进球/几张牌 is about: the team's match in play, else its last finished one. */
  const currentOrLast = async (t: TeamName): Promise<Match | null> => {
    const live = (await lists()).find((m) => isLive(m.sport, m.s) && (m.home.id === t.id || m.away.id === t.id));
    return live ?? (await teamPage(t.id)).results[0] ?? null;
  };

  // Teams of today's lists in leagues with a table (the names fans ask about today).
  const inLists = (list: Match[], sport: 'zq' | 'lq') => {
    const seen = new Set<number>();
    const out: TeamName[] = [];
    for (const m of list)
      for (const side of [m.home, m.away]) {
        const t = byName.get(side.name);
        if (t && t.sport === sport && !seen.has(t.id)) {
          seen.add(t.id);
          out.push(t);
        }
      }
    return out;
  };
  const zqTeams = inLists(zqList, 'zq');
  const lqTeams = inLists(lqList, 'lq');
  const zqLive = zqList.filter((m) => isLive('zq', m.s));
  const zqDone = zqList.filter((m) => isFinished('zq', m.s));
  const lqDone = lqList.filter((m) => isFinished('lq', m.s) || isLive('lq', m.s));
  const pick = <T>(xs: T[], n: number, offset = 0): T[] =>
    xs.length ? Array.from({ length: Math.min(n, xs.length) }, (_, i) => xs[(i + offset) % xs.length]!) : [];
  const teamOfMatch = (m: Match, side: 'home' | 'away') => byName.get(m[side].name);
  // Aliases of the app's own table whose team is in the data: 曼彻斯特联 → 曼联, 洛杉矶湖人 → 湖人.
  const aliases = Object.entries(TEAM_ALIASES)
    .filter(([, full]) => byName.has(full))
    .map(([alias, full]) => ({ alias, team: byName.get(full)! }));

  const cases: EvalCase[] = [];
  const add = (intent: string, q: string, call: EvalCase['call'], truth: EvalCase['truth'], history: string[] = []) =>
    cases.push({ intent, q, history, call, truth });

  // ── live counts by sport and league ─────────────────────────────────────────
  const liveCount = async (sport: 'zq' | 'lq' | null, leagueId: number | null) =>
    (await lists()).filter(
      (m) => isLive(m.sport, m.s) && (!sport || m.sport === sport) && (!leagueId || m.li === leagueId),
    ).length;
  const liveLeagues = [...new Set(zqLive.map((m) => m.li))].filter((id) => leagueName.has(id));
  for (const [q, sport] of [
    ['现在有几场足球比赛在进行？', 'zq'],
    ['足球正在进行的比赛有多少场', 'zq'],
    ['现在有几场篮球比赛在打', 'lq'],
    ['篮球正在进行的比赛', 'lq'],
    ['现在有多少场比赛正在进行', null],
  ] as const)
    add('live_count', q, { name: 'live_matches', args: sport ? { sport } : {} }, async () => {
      const n = await liveCount(sport, null);
      return { first: [n ? `${n} 场` : '没有'] };
    });
  for (const [i, id] of pick(liveLeagues, 5).entries()) {
    const l = leagueName.get(id)!;
    const q = [`${l}现在有几场比赛在踢`, `${l}正在进行的比赛有几场？`, `现在${l}有多少场比赛进行中`][i % 3]!;
    add('live_count', q, { name: 'live_matches', args: { league: l } }, async () => {
      const n = await liveCount(null, id);
      return { first: [n ? `${n} 场` : '没有'] };
    });
  }

  // ── a match's score, scorers, cards, periods ───────────────────────────────
  const eventTruth = (t: TeamName, topic: 'score' | 'scorers' | 'cards' | 'periods') => async (): Promise<Expect> => {
    const m = await currentOrLast(t);
    if (!m) return { first: ['没有'] };
    if (topic === 'score') return { first: [score(m)] };
    if (topic === 'periods') {
      if (m.sport === 'lq') return { first: ['第 1 节', ...m.quarters.map((q) => `${q[0]}-${q[1]}`)], never: ['半场'] };
      return { first: ['半场', m.half ? `${m.half[0]}-${m.half[1]}` : '没有'] };
    }
    if (m.sport === 'lq') return { first: [score(m)] };
    if (topic === 'cards') return { first: [`黄牌 ${m.yellow[0]}-${m.yellow[1]}`, `红牌 ${m.red[0]}-${m.red[1]}`] };
    const header = await api.get<MatchHeaderBody>(LivePaths.zqHeader, { id: m.id });
    const goals = header.incidents.filter((i) => i.type === 'goal');
    if (!goals.length) return { first: ['没有进球'] };
    return {
      first: goals.map((g) => {
        const team = g.side === 'away' ? m.away.name : m.home.name;
        const rest = g.text.replace(/^第\d+分钟 /, '');
        const player = rest.startsWith(`${team} `) ? rest.slice(team.length + 1).split(' ')[0]! : team;
        return `第 ${g.minute} 分钟 ${player}`;
      }),
    };
  };
  const scoreTeams = [
    ...zqLive.map((m) => teamOfMatch(m, 'home')),
    ...zqDone.map((m) => teamOfMatch(m, 'away')),
    ...lqDone.map((m) => teamOfMatch(m, 'home')),
  ].filter((t): t is TeamName => !!t);
  const scoreQs = ['{t}比分多少', '{t}现在几比几', '{t}那场比分是多少？', '{t}打得怎么样了', '{t}比分'];
  for (const [i, t] of pick(scoreTeams, 8).entries())
    add(
      'score',
      scoreQs[i % scoreQs.length]!.replace('{t}', t.name),
      { name: 'match_events', args: { team: t.name, topic: 'score' } },
      eventTruth(t, 'score'),
    );
  const zqEventTeams = [...zqLive, ...zqDone]
    .flatMap((m) => [teamOfMatch(m, 'home'), teamOfMatch(m, 'away')])
    .filter((t): t is TeamName => !!t);
  const scorerQs = ['{t}那场谁进的球', '{t}的进球是谁打进的？', '{t}谁进球了', '{t}进球的是谁', '{t}那场进球时间'];
  for (const [i, t] of pick(zqEventTeams, 7, 1).entries())
    add(
      'scorers',
      scorerQs[i % scorerQs.length]!.replace('{t}', t.name),
      { name: 'match_events', args: { team: t.name, topic: 'scorers' } },
      eventTruth(t, 'scorers'),
    );
  const cardQs = ['{t}那场有几张黄牌', '{t}吃了几张牌？', '{t}有人被罚下吗', '{t}红牌黄牌', '{t}那场的黄牌'];
  for (const [i, t] of pick(zqEventTeams, 7, 3).entries())
    add(
      'cards',
      cardQs[i % cardQs.length]!.replace('{t}', t.name),
      { name: 'match_events', args: { team: t.name, topic: 'cards' } },
      eventTruth(t, 'cards'),
    );
  const halfQs = ['{t}半场比分多少', '{t}上半场几比几？', '{t}那场半场比分'];
  for (const [i, t] of pick(zqEventTeams, 4, 5).entries())
    add(
      'periods',
      halfQs[i % halfQs.length]!.replace('{t}', t.name),
      { name: 'match_events', args: { team: t.name, topic: 'periods' } },
      eventTruth(t, 'periods'),
    );
  const lqEventTeams = lqDone
    .flatMap((m) => [teamOfMatch(m, 'home'), teamOfMatch(m, 'away')])
    .filter((t): t is TeamName => !!t);
  const quarterQs = ['{t}各节比分', '{t}每节比分是多少？', '{t}那场分节比分', '{t}第三节比分多少'];
  for (const [i, t] of pick(lqEventTeams, 4).entries())
    add(
      'periods',
      quarterQs[i % quarterQs.length]!.replace('{t}', t.name),
      { name: 'match_events', args: { team: t.name, topic: 'periods' } },
      eventTruth(t, 'periods'),
    );

  // ── a team's position, points and record; form ──────────────────────────────
  const standingTruth = (t: TeamName, topic: 'position' | 'record' | 'form') => async (): Promise<Expect> => {
    const row = (await teamPage(t.id)).standing;
    if (!row) return { first: ['没有'] };
    if (topic === 'form') return { first: [row.form.join('')] };
    if (t.sport === 'lq')
      return topic === 'position'
        ? { first: [`第 ${row.rank} 名`, `${row.win} 胜 ${row.loss} 负`], neverFirst: [/平|积/] }
        : { first: [`${row.win} 胜 ${row.loss} 负`, '胜率', '胜场差'], never: ['平'] };
    return topic === 'position'
      ? { first: [`第 ${row.rank} 名`, `${row.points} 分`] }
      : { first: [`${row.win} 胜 ${row.draw} 平 ${row.loss} 负`] };
  };
  const posQs = ['{t}排第几', '{t}在{l}排名第几？', '{t}现在第几名', '{t}积分多少', '{t}排第几啊', '{t}联赛排名'];
  const zqPick = pick(zqTeams, 40);
  const lqPick = pick(lqTeams, 20);
  for (const [i, t] of [...zqPick.slice(0, 5), ...lqPick.slice(0, 3)].entries())
    add(
      'position',
      posQs[i % posQs.length]!.replace('{t}', t.name).replace('{l}', t.leagueName),
      { name: 'team_standing', args: { team: t.name, topic: 'position' } },
      standingTruth(t, 'position'),
    );
  const recQs = ['{t}战绩怎么样', '{t}本赛季战绩', '{t}几胜几负', '{t}的胜负'];
  for (const [i, t] of [...zqPick.slice(5, 9), ...lqPick.slice(3, 7)].entries())
    add(
      'record',
      recQs[i % recQs.length]!.replace('{t}', t.name),
      { name: 'team_standing', args: { team: t.name, topic: 'record' } },
      standingTruth(t, 'record'),
    );
  const formQs = ['{t}近况如何', '{t}最近状态怎么样', '{t}近5场', '{t}最近战绩', '{t}最近表现'];
  for (const [i, t] of [...zqPick.slice(9, 14), ...lqPick.slice(7, 10)].entries())
    add(
      'form',
      formQs[i % formQs.length]!.replace('{t}', t.name),
      { name: 'team_standing', args: { team: t.name, topic: 'form' } },
      standingTruth(t, 'form'),
    );

  // ── next and previous fixture, kick-off ──────────────────────────────────────
  const fixtureTruth = (t: TeamName, which: 'next' | 'previous' | 'kickoff') => async (): Promise<Expect> => {
    const page = await teamPage(t.id);
    if (which === 'previous') {
      const m = page.results[0];
      return m ? { first: [score(m)] } : { first: ['没有'] };
    }
    const m = page.upcoming[0];
    if (!m) return { first: ['没有'] };
    const opp = m.home.id === t.id ? m.away.name : m.home.name;
    return which === 'kickoff' ? { first: [hhmm(m.ot), opp] } : { first: [`${mmdd(m.ot)} ${hhmm(m.ot)}`, opp] };
  };
  const nextQs = ['{t}下一场什么时候', '{t}下一场打谁？', '{t}下场比赛', '{t}接下来踢谁', '{t}下一轮对手是谁'];
  for (const [i, t] of [...zqPick.slice(14, 19), ...lqPick.slice(10, 12)].entries())
    add(
      'next',
      nextQs[i % nextQs.length]!.replace('{t}', t.name),
      { name: 'team_fixture', args: { team: t.name, which: 'next' } },
      fixtureTruth(t, 'next'),
    );
  const prevQs = ['{t}上一场比分', '{t}上一场结果怎么样？', '{t}上场赢了吗', '{t}最近一场比赛结果'];
  for (const [i, t] of [...zqPick.slice(19, 24), ...lqPick.slice(12, 14)].entries())
    add(
      'previous',
      prevQs[i % prevQs.length]!.replace('{t}', t.name),
      { name: 'team_fixture', args: { team: t.name, which: 'previous' } },
      fixtureTruth(t, 'previous'),
    );
  const kickQs = ['{t}下一场几点开球', '{t}几点开赛？', '{t}比赛几点开始', '{t}下一场开球时间'];
  for (const [i, t] of [...zqPick.slice(24, 29), ...lqPick.slice(14, 16)].entries())
    add(
      'kickoff',
      kickQs[i % kickQs.length]!.replace('{t}', t.name),
      { name: 'team_fixture', args: { team: t.name, which: 'kickoff' } },
      fixtureTruth(t, 'kickoff'),
    );

  // ── aliases, typos, missing 的/吗 (graded as the intent they ask) ─────────────
  for (const [i, { alias, team }] of pick(aliases, 6).entries()) {
    const kind = (['position', 'next', 'previous'] as const)[i % 3];
    const q = { position: `${alias}排第几`, next: `${alias}下一场什么时候`, previous: `${alias}上一场比分` }[kind];
    const call =
      kind === 'position'
        ? { name: 'team_standing', args: { team: team.name, topic: 'position' } }
        : { name: 'team_fixture', args: { team: team.name, which: kind } };
    add(kind, q, call, kind === 'position' ? standingTruth(team, 'position') : fixtureTruth(team, kind));
  }
  let typos = 0;
  for (const t of zqPick.slice(29)) {
    const ty = typo(t.name, allNames);
    if (!ty || typos >= 4) continue;
    typos++;
    const kind = typos % 2 ? 'next' : 'position';
    add(
      kind,
      kind === 'next' ? `${ty}下一场什么时候` : `${ty}排第几`,
      kind === 'next'
        ? { name: 'team_fixture', args: { team: t.name, which: 'next' } }
        : { name: 'team_standing', args: { team: t.name, topic: 'position' } },
      kind === 'next' ? fixtureTruth(t, 'next') : standingTruth(t, 'position'),
    );
  }

  // ── follow-ups that lean on the last question ────────────────────────────────
  for (const [i, t] of pick(zqTeams, 4, 7).entries()) {
    const first = [`${t.name}排第几`, `${t.name}上一场比分`, `${t.name}近况如何`, `${t.name}战绩`][i]!;
    add(
      'next',
      '那他们下一场呢？',
      { name: 'team_fixture', args: { team: t.name, which: 'next' } },
      fixtureTruth(t, 'next'),
      [first],
    );
  }
  for (const [i, t] of pick(zqTeams, 3, 11).entries()) {
    const other = zqTeams[(i + 20) % zqTeams.length]!;
    add(
      'position',
      `那${other.name}呢？`,
      { name: 'team_standing', args: { team: other.name, topic: 'position' } },
      standingTruth(other, 'position'),
      [`${t.name}排第几`],
    );
  }
  for (const t of pick(zqEventTeams, 3, 2))
    add(
      'scorers',
      '谁进的球？',
      { name: 'match_events', args: { team: t.name, topic: 'scorers' } },
      eventTruth(t, 'scorers'),
      [`${t.name}比分多少`],
    );
  for (const t of pick(lqTeams, 2, 3))
    add(
      'form',
      '他们最近状态怎么样',
      { name: 'team_standing', args: { team: t.name, topic: 'form' } },
      standingTruth(t, 'form'),
      [`${t.name}排第几`],
    );

  // ── odds: 亚盘 / 欧赔 / 大小球 ────────────────────────────────────────────────
  const upcomingZq = zqList.filter((m) => m.s === 1);
  const oddsTeams = upcomingZq.map((m) => teamOfMatch(m, 'home')).filter((t): t is TeamName => !!t);
  const oddsTruth = (t: TeamName, type: 1 | 2 | 3) => async (): Promise<Expect> => {
    const live = (await api.get<Match[]>(LivePaths.zqLive)).find(
      (m) => isLive('zq', m.s) && (m.home.id === t.id || m.away.id === t.id),
    );
    const m = live ?? (await teamPage(t.id)).upcoming[0];
    if (!m) return { first: ['没有'] };
    const board = await api.get<OddsBoard>(LivePaths.zqOdds, { id: m.id }, { type });
    const c = board.companies[0];
    return c ? { first: [fix2([c.live.left, c.live.middle, c.live.right])] } : { first: ['没有'] };
  };
  const markets = [
    ['odds_asian', 'asian', 1, ['{t}亚盘多少', '{t}让球盘口是多少？', '{t}这场让几球', '{t}的亚盘', '{t}让球']],
    ['odds_euro', 'euro', 2, ['{t}欧赔多少', '{t}的赔率', '{t}胜平负赔率是多少？', '{t}欧赔', '{t}赔率怎么样']],
    ['odds_ou', 'ou', 3, ['{t}大小球多少', '{t}大小球盘口？', '{t}这场大小球', '{t}的大小盘', '{t}总进球盘口']],
  ] as const;
  for (const [mi, [intent, market, type, qs]] of markets.entries())
    for (const [i, t] of pick(oddsTeams, 6, mi * 6).entries())
      add(
        intent,
        qs[i % qs.length]!.replace('{t}', t.name),
        { name: 'match_odds', args: { team: t.name, market } },
        oddsTruth(t, type),
      );

  // Basketball odds in its own words: 让分 and 大小分 lines in points, 胜负 without a draw.
  const lqOddsTeams = lqList
    .filter((m) => m.s === 1)
    .map((m) => teamOfMatch(m, 'away'))
    .filter((t): t is TeamName => !!t);
  const lqCells = (type: 1 | 2 | 3, l: number, mid: number, r: number) => {
    const line = type === 1 ? (mid === 0 ? '平手' : `${mid > 0 ? '让' : '受让'}${Math.abs(mid)}分`) : `${mid}分`;
    return type === 2 ? fix2([l, r]) : `${l.toFixed(2)} / ${line} / ${r.toFixed(2)}`;
  };
  const lqOddsTruth = (t: TeamName, type: 1 | 2 | 3) => async (): Promise<Expect> => {
    const live = (await api.get<Match[]>(LivePaths.lqList)).find(
      (m) => isLive('lq', m.s) && (m.home.id === t.id || m.away.id === t.id),
    );
    const m = live ?? (await teamPage(t.id)).upcoming[0];
    if (!m) return { first: ['没有'] };
    const board = await api.get<OddsBoard>(LivePaths.lqOdds, { id: m.id }, { type });
    const c = board.companies[0];
    const market = { 1: '让分', 2: '胜负', 3: '大小分' }[type];
    const football = ['亚盘', '欧赔', '大小球', '球半', '半球', '平局'];
    return c
      ? { first: [market, lqCells(type, c.live.left, c.live.middle, c.live.right)], never: football }
      : { first: ['没有'], never: football };
  };
  const lqMarkets = [
    ['odds_asian', 'asian', 1, ['{t}让分多少', '{t}这场让几分？']],
    ['odds_euro', 'euro', 2, ['{t}胜负赔率多少', '{t}的赔率']],
    ['odds_ou', 'ou', 3, ['{t}大小分是多少', '{t}这场大小分盘口？']],
  ] as const;
  for (const [mi, [intent, market, type, qs]] of lqMarkets.entries())
    for (const [i, t] of pick(lqOddsTeams, 2, mi * 2).entries())
      add(
        intent,
        qs[i % qs.length]!.replace('{t}', t.name),
        { name: 'match_odds', args: { team: t.name, market } },
        lqOddsTruth(t, type),
      );

  // ── a player's season figures ────────────────────────────────────────────────
  const players: Array<{ name: string; id: number; team: TeamName }> = [];
  for (const t of [...zqPick.slice(0, 6), ...lqPick.slice(0, 3)]) {
    const page = await teamPage(t.id);
    const star = page.squad.find((p) => [...p.name].length >= 2 && !allNames.some((n) => n.includes(p.name)));
    if (star) players.push({ name: star.name, id: star.playerId, team: t });
  }
  // Squad names repeat across teams, so every question names the player's team too.
  const playerQs = [
    '{t}{p}本赛季数据',
    '{t}的{p}这赛季进了几个球？',
    '{t}球员{p}赛季数据',
    '{p}（{t}）本赛季表现怎么样',
  ];
  const lqPlayerQs = ['{t}{p}本赛季数据', '{t}的{p}赛季得分多少？', '{t}球员{p}赛季数据', '{p}（{t}）本赛季表现怎么样'];
  for (const [i, p] of players.slice(0, 9).entries()) {
    const qs = p.team.sport === 'lq' ? lqPlayerQs : playerQs;
    add(
      'player',
      qs[i % qs.length]!.replace('{p}', p.name).replace('{t}', p.team.name),
      { name: 'player_season', args: { player: p.name, team: p.team.name } },
      async () => {
        const pp = await api.get<PlayerPage>(DatabasePaths.player, { id: p.id });
        const s = pp.stats;
        return pp.sport === 'lq'
          ? { first: [`出场 ${s.games} 次`, `总得分 ${s.points}`, `篮板 ${s.rebounds}`, `助攻 ${s.assists}`] }
          : { first: [`出场 ${s.games} 次`, `进 ${s.goals} 球`, `黄牌 ${s.yellow} 张`, `红牌 ${s.red} 张`] };
      },
    );
  }

  // ── top scorers ──────────────────────────────────────────────────────────────
  const leadersTruth = (id: number) => async (): Promise<Expect> => {
    const lb = await api.get<LeagueLeaders>(DatabasePaths.leaders, { id });
    const board = lb.boards.find((b) => b.key === (lb.sport === 'lq' ? 'points' : 'goals'));
    const top = board?.rows[0];
    return top ? { first: [top.name, `${top.value} ${lb.sport === 'lq' ? '分' : '球'}`] } : { first: ['没有'] };
  };
  const zqLeagues = [...new Set(zqTeams.map((t) => t.leagueId))];
  const lqLeagues = [...new Set(lqTeams.map((t) => t.leagueId))];
  const topQs = ['{l}射手榜', '{l}谁进球最多？', '{l}最佳射手是谁', '{l}金靴'];
  for (const [i, id] of pick(zqLeagues, 6).entries())
    add(
      'top_scorers',
      topQs[i % topQs.length]!.replace('{l}', leagueName.get(id)!),
      { name: 'top_scorers', args: { league: leagueName.get(id) } },
      leadersTruth(id),
    );
  for (const [i, id] of pick(lqLeagues, 3).entries())
    add(
      'top_scorers',
      ['{l}得分王是谁', '{l}得分榜', '{l}谁得分最多'][i]!.replace('{l}', leagueName.get(id)!),
      { name: 'top_scorers', args: { league: leagueName.get(id) } },
      leadersTruth(id),
    );

  // ── standings in the sport's own shape ───────────────────────────────────────
  const tableTruth = (id: number, sport: 'zq' | 'lq') => async (): Promise<Expect> => {
    const st = await api.get<Standings>(DatabasePaths.standings, { id }, { scope: 'total' });
    const top = st.rows[0]!;
    return sport === 'lq'
      ? { first: [top.teamName, `${top.win} 胜 ${top.loss} 负`], never: [' 平 ', '积'], whole: ['胜率', '胜场差'] }
      : { first: [top.teamName, `${top.points} 分`] };
  };
  for (const [i, id] of pick(zqLeagues, 3, 2).entries())
    add(
      'standings',
      ['{l}积分榜', '{l}排名', '{l}积分榜谁第一'][i]!.replace('{l}', leagueName.get(id)!),
      { name: 'standings', args: { league: leagueName.get(id) } },
      tableTruth(id, 'zq'),
    );
  for (const [i, id] of pick(lqLeagues, 3, 1).entries())
    add(
      'standings',
      ['{l}排名', '{l}积分榜', '{l}排行榜'][i]!.replace('{l}', leagueName.get(id)!),
      { name: 'standings', args: { league: leagueName.get(id) } },
      tableTruth(id, 'lq'),
    );

  // ── AI prediction ────────────────────────────────────────────────────────────
  const aiTruth = (t: TeamName) => async (): Promise<Expect> => {
    const m = (await teamPage(t.id)).upcoming.find((x) => x.sport === 'zq');
    if (!m) return { first: ['没有'] };
    const d = await api.get<AiDetail>(LivePaths.aiDetail, { id: m.id }).catch(() => null);
    if (!d) return { first: ['没有'] };
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    return { first: [`主胜 ${pct(d.pHome)}`, `平局 ${pct(d.pDraw)}`, `客胜 ${pct(d.pAway)}`] };
  };
  const aiQs = ['{t}下一场AI预测', '{t}能赢吗', 'AI预测一下{t}的比赛', '{t}下场胜率多少'];
  for (const [i, t] of pick(oddsTeams, 6, 3).entries())
    add(
      'prediction',
      aiQs[i % aiQs.length]!.replace('{t}', t.name),
      { name: 'match_prediction', args: { team: t.name } },
      aiTruth(t),
    );

  // ── anchors live now and their schedule ──────────────────────────────────────
  const anchors = await api.get<VliveAnchor[]>(VlivePaths.authors);
  for (const q of ['现在哪些主播在直播', '有哪些主播正在直播？', '谁在播', '现在有几位主播在直播', '哪个主播在直播'])
    add('anchors_live', q, { name: 'anchors_live', args: {} }, async () => {
      const n = (await api.get<VliveAnchor[]>(VlivePaths.authors)).filter((a) => a.live).length;
      return { first: [n ? `${n} 位` : '没有'] };
    });
  const anchorQs = [
    '{a}什么时候开播',
    '{a}在直播吗',
    '{a}的直播安排',
    '{a}今天播不播',
    '{a}下一场直播什么时候',
    '{a}现在在播吗',
  ];
  for (const [i, a] of pick(anchors, 6).entries())
    add(
      'anchor',
      anchorQs[i % anchorQs.length]!.replace('{a}', a.name),
      { name: 'anchor_status', args: { anchor: a.name } },
      async () => {
        const now = (await api.get<VliveAnchor[]>(VlivePaths.authors)).find((x) => x.id === a.id);
        if (now?.live) return { first: [a.name, '正在直播'] };
        const next = (await api.get<VliveSchedule[]>(VlivePaths.schedules)).find(
          (s) => s.anchorName === a.name && s.startsAt > Date.now(),
        );
        return next
          ? { first: [`${mmdd(next.startsAt / 1000)} ${hhmm(next.startsAt / 1000)}`, next.title] }
          : { first: ['没有'] };
      },
    );

  // ── news about a team ────────────────────────────────────────────────────────
  const news = await api.post<NewsPage>(NewsPaths.list, { type: 1002, size: 50 });
  const keysOf = (t: TeamName) => [
    t.name,
    ...Object.entries(TEAM_ALIASES)
      .filter(([, f]) => f === t.name)
      .map(([a]) => a),
  ];
  const newsTeams = teams.filter((t) => news.list.some((a) => keysOf(t).some((k) => a.title.includes(k))));
  const newsQs = ['{t}有什么新闻', '{t}最近有什么消息？', '{t}的新闻', '关于{t}的资讯'];
  for (const [i, t] of [
    ...pick(newsTeams, 5),
    ...pick(
      zqTeams.filter((t) => !newsTeams.includes(t)),
      1,
    ),
  ].entries())
    add(
      'news',
      newsQs[i % newsQs.length]!.replace('{t}', t.name),
      { name: 'team_news', args: { team: t.name } },
      async () => {
        const list = (await api.post<NewsPage>(NewsPaths.list, { type: 1002, size: 50 })).list
          .filter((a) => keysOf(t).some((k) => a.title.includes(k)))
          .sort((a, b) => b.publishedAt - a.publishedAt);
        return list[0] ? { first: [list[0].title] } : { first: ['没有'] };
      },
    );

  // ── activity rules ───────────────────────────────────────────────────────────
  for (const q of ['竞猜活动怎么玩', '活动规则是什么？', '本期活动有几场比赛', '竞猜活动什么时候截止', '抽奖活动规则'])
    add('activity', q, { name: 'activity_rules', args: {} }, async () => {
      const cur = await api.get<ActivityCurrent>(ActivityPaths.current);
      return { first: [cur.issue.title, `${cur.matches.length} 场`], whole: [String(ACTIVITY_START_POINTS)] };
    });

  // ── things that do not exist ─────────────────────────────────────────────────
  const missing = [
    ['火星联队排第几', '火星联队', 'team_standing', { topic: 'position' }],
    ['银河战舰联下一场什么时候', '银河战舰联', 'team_fixture', { which: 'next' }],
    ['北极熊竞技比分多少', '北极熊竞技', 'match_events', { topic: 'score' }],
    ['月球联合的赔率', '月球联合', 'match_odds', { market: 'euro' }],
    ['东方神鹰队近况', '东方神鹰队', 'team_standing', { topic: 'form' }],
    ['梅西本赛季进了几个球', '梅西', 'player_season', {}],
    ['詹姆斯本赛季数据', '詹姆斯', 'player_season', {}],
    ['火星超级联赛积分榜', '火星超级', 'standings', {}],
    ['冥王星流浪者上一场比分', '冥王星流浪者', 'team_fixture', { which: 'previous' }],
    ['蓝鲸海盗有什么新闻', '蓝鲸海盗', 'team_news', {}],
  ] as const;
  for (const [i, [q, typed, tool, extra]] of missing.entries()) {
    const arg =
      tool === 'player_season' ? { player: typed } : tool === 'standings' ? { league: typed } : { team: typed };
    // Some after a question about a real team: a missing name is not a follow-up of it.
    const history = i % 3 === 0 && zqTeams[i] ? [`${zqTeams[i]!.name}排第几`] : [];
    add(
      'not_found',
      q,
      { name: tool, args: { ...arg, ...extra } },
      async () => ({ first: [NOT_FOUND, typed], neverFirst: [/\d/] }),
      history,
    );
  }

  // ── betting requests ─────────────────────────────────────────────────────────
  const bt = zqTeams[0]?.name ?? '主队';
  for (const q of [
    `${bt}稳赢吗，买什么`,
    '推荐一场必胜的比赛',
    '今晚怎么下注稳赚',
    '帮我推荐个稳胆',
    `${bt}这场包赢吗`,
    '有没有必中的比分',
  ])
    add('betting', q, null, async () => ({ first: ['不能'], oneLine: true, never: ['%'] }));

  return cases;
}
