/**
 * Match-detail bodies derived from the seed and stored results: lineups, injuries, player lines,
 * intelligence notes, league tables, analysis lists and basketball section differences.
 * Deterministic per (FEED_SEED, match).
 */
import type {
  AnalysisMatch,
  BasketballPlayerLine,
  FootballPlayerStats,
  Intelligence,
  LeagueTable,
  Lineup,
  SectionDiff,
  Side,
} from '../../workers/protocol/index';
import { isFinished, isPlaying } from '../../workers/protocol/index';
import { LEAGUE_BY_ID, TEAM_BY_ID, leagueTeams } from '../seed/leagues';
import { namedTableRow } from '../database/service';
import { leagueTables } from '../database/league-tables';
import { CONFERENCES, analysisHasTable } from '../database/shapes';
import { rngFor } from '../seed/rng';
import { squad } from './simulator/squads';
import { POSITION_CODE, injuriesOf } from './simulator/lineup';
import type { BasketballState, FootballState, LiveMatch } from './model';
import type { Db } from '../db/index';
import { LiveText } from './text';
import { providerTable } from './provider-standings';
import { leagueView, teamNameOf } from './catalogue';

const sideTeam = (m: LiveMatch, side: Side): number => (side === 'home' ? m.homeId : m.awayId);

/** Goals and cards per player of the stored lineup (bench players only once they took part). */
export function footballPlayerStats(lineup: Lineup, m: LiveMatch): FootballPlayerStats {
  const st = m.st as FootballState;
  const side = (s: Side, idx: 0 | 1) => {
    const involved = new Set(st.players.filter((e) => e[1] === idx).map((e) => e[0]));
    const team = lineup[s];
    const all = [...team.starters, ...team.bench.filter((p) => involved.has(p.id))];
    return all.map((p) => ({
      playerId: p.id,
      name: p.name,
      number: p.number,
      position: p.position,
      goals: st.players.filter((e) => e[0] === p.id && e[3] === 'goal').length,
      yellow: st.players.filter((e) => e[0] === p.id && e[3] === 'yellow').length,
      red: st.players.filter((e) => e[0] === p.id && e[3] === 'red').length,
    }));
  };
  return { home: side('home', 0), away: side('away', 1) };
}

const STARTER_POSITIONS = ['控球后卫', '得分后卫', '小前锋', '大前锋', '中锋'];

export function basketballPlayerLines(
  seed: number,
  m: LiveMatch,
): { home: BasketballPlayerLine[]; away: BasketballPlayerLine[] } {
  const st = m.st as BasketballState;
  const periodLen = (p: number): number => (p <= 4 ? st.quarterMin : 5);
  let playedGameMin = 0;
  for (let p = 1; p < st.period; p++) playedGameMin += periodLen(p);
  if (st.period > 0) playedGameMin += isPlaying('lq', m.status) ? st.steps / 2 : periodLen(st.period);
  const side = (s: Side): BasketballPlayerLine[] => {
    // A provider's team has no simulated squad: its player lines are the provider's box score, or none.
    if (!TEAM_BY_ID.has(sideTeam(m, s))) return st.lines?.[s] ?? [];
    const players = squad(seed, sideTeam(m, s));
    const starters = new Set(STARTER_POSITIONS.map((pos) => players.find((p) => p.position === pos)?.id));
    const r = rngFor(seed, 'minutes', m.id, s);
    return players.map((p) => {
      const line = st.players[String(p.id)] ?? [0, 0, 0];
      const starter = starters.has(p.id);
      const share = starter ? 0.62 + r.next() * 0.2 : 0.08 + r.next() * 0.2;
      return {
        playerId: p.id,
        name: p.name,
        number: p.number,
        position: POSITION_CODE[p.position] ?? p.position,
        starter,
        minutes: Math.round(playedGameMin * share),
        points: line[0],
        rebounds: line[1],
        assists: line[2],
      };
    });
  };
  return { home: side('home'), away: side('away') };
}

export async function leagueTable(db: Db, m: LiveMatch): Promise<LeagueTable> {
  // The match's own competition (a 欧冠 match: the league-phase table); a knockout-only cup has
  // none, and its match shows no league's table either (its rounds are on the cup's 数据库 page).
  const leagueId = m.leagueId;
  const league = await db
    .selectFrom('live_leagues')
    .select(['name', 'season'])
    .where('id', '=', leagueId)
    .executeTakeFirst();
  // The same table the 数据库 page shows (finished matches, matches in play as they stand, kept
  // in memory: server/database/league-tables.ts), so the match detail never contradicts it; a league shown by conference (NBA) gives
  // the home team's conference.
  const seedLeague = LEAGUE_BY_ID.get(leagueId);
  // A provider's league: its own table as the base, today's matches added as they stand.
  const provided = seedLeague ? null : await providerTable(db, leagueId, league?.name ?? '');
  if (provided) return provided;
  const conference = CONFERENCES[leagueId]?.find((c) => c.teamIds.includes(m.homeId));
  const ids = conference?.teamIds ?? (seedLeague ? leagueTeams(seedLeague).map((t) => t.id) : []);
  const rows =
    seedLeague && analysisHasTable(leagueId)
      ? (await leagueTables(db, leagueId, seedLeague.sport)).table(ids).rows
      : [];
  return {
    leagueName: conference ? `${league?.name ?? ''}${conference.name}` : (league?.name ?? ''),
    season: league?.season ?? '',
    rows: rows.map(namedTableRow),
  };
}

export function analysisMatch(m: LiveMatch): AnalysisMatch {
  const finished = isFinished(m.sport, m.status);
  const half =
    m.st.kind === 'zq'
      ? m.st.half
      : m.st.quarters.length >= 2
        ? ([m.st.quarters[0]![0] + m.st.quarters[1]![0], m.st.quarters[0]![1] + m.st.quarters[1]![1]] as [
            number,
            number,
          ])
        : null;
  return {
    matchId: m.id,
    ot: m.ot,
    leagueName: leagueView(m.leagueId).name,
    homeId: m.homeId,
    home: teamNameOf(m.homeId),
    awayId: m.awayId,
    away: teamNameOf(m.awayId),
    score: finished ? [m.score[0], m.score[1]] : null,
    half: finished ? half : null,
  };
}

/**
 * The source's own notes on a match, stored once: injuries and absences, the venue and the
 * officials. Nothing here states a rank, a record or a streak: those lines come from the facts
 * module when the notes are shown (server/facts/intel.ts), so they never contradict the table.
 */
export function intelligenceOf(seed: number, m: LiveMatch): Intelligence {
  const r = rngFor(seed, 'intel', m.id);
  const inj = m.sport === 'zq' ? injuriesOf(seed, m) : { home: [], away: [] };
  const side = (s: Side) => {
    const teamId = sideTeam(m, s);
    const name = TEAM_BY_ID.get(teamId)?.name ?? '';
    const good: string[] = [];
    const bad: string[] = [];
    if (s === 'home') good.push(r.pick([`${name}主场作战，球迷助威声势浩大`, `${name}主场作战，无需长途奔波`]));
    else bad.push(r.pick([`${name}客场作战，需要长途奔波`, `${name}客场作战，需要适应场地`]));
    for (const i of inj[s])
      bad.push(`${i.position}${i.name}因${i.reason}${i.status === '出战成疑' ? '出战成疑' : '缺席本场比赛'}`);
    if (inj[s].length === 0 && m.sport === 'zq') good.push(`${name}没有伤停报告，主力阵容齐整`);
    if (r.chance(0.5)) good.push(r.pick([`${name}核心球员恢复训练，有望复出`, `${name}教练组对本场比赛信心十足`]));
    return { good, bad };
  };
  const weather = r.pick(['晴，气温18℃', '多云，气温12℃', '小雨，场地湿滑', '阴，微风', '晴，气温25℃']);
  const neutral =
    m.sport === 'zq'
      ? [`天气：${weather}`, `主裁判：${r.pick(['泰勒', '奥利弗', '马伊纳', '奥尔萨托', '马宁', '傅明', '佐藤隆治'])}`]
      : [`场馆：${TEAM_BY_ID.get(m.homeId)?.name ?? ''}主场`, `裁判组：${r.pick(['资深裁判组', '国际级裁判组'])}`];
  return { home: side('home'), away: side('away'), neutral };
}

export function sectionDiffOf(m: LiveMatch, recent: { home: LiveMatch[]; away: LiveMatch[] }): SectionDiff {
  const side = (teamId: number, matches: LiveMatch[]) => {
    const scored = [0, 0, 0, 0];
    const conceded = [0, 0, 0, 0];
    for (const g of matches) {
      const q = (g.st as BasketballState).quarters;
      const mine = g.homeId === teamId ? 0 : 1;
      for (let i = 0; i < 4; i++) {
        scored[i]! += q[i]?.[mine] ?? 0;
        conceded[i]! += q[i]?.[1 - mine] ?? 0;
      }
    }
    const n = Math.max(1, matches.length);
    return {
      scored: scored.map((x) => Math.round((x / n) * 10) / 10),
      conceded: conceded.map((x) => Math.round((x / n) * 10) / 10),
    };
  };
  return {
    periods: [...LiveText.periods],
    home: side(m.homeId, recent.home),
    away: side(m.awayId, recent.away),
    games: Math.min(recent.home.length, recent.away.length),
  };
}
