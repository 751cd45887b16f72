/**
 * The database area's reads: everything is derived from the feed's stored matches (results,
 * live scores, per-player events) and the seed catalogue (leagues, teams, squads); tables from
 * the league tables kept in memory and moved by each write (./league-tables.ts), the rest on
 * each call.
 */
import type { Db } from '../db/index';
import {
  chinaDay,
  type LeagueEntry,
  type LeagueInfo,
  type LeagueLeaders,
  type LeagueRegion,
  type LeagueSchedule,
  type LeaderRow,
  type Match,
  type PlayerPage,
  type Sport,
  type Standings,
  type StandingsRow,
  type StandingsScope,
  type StandingsZone,
  type TeamPage,
} from '../../workers/protocol/index';
import { ALL_LEAGUES, LEAGUE_BY_ID, TEAM_BY_ID, leagueTeams, seasonOf, type LeagueSeed } from '../seed/leagues';
import { crestPath } from '../seed/crest';
import { rowToMatch } from '../live/store';
import { seasonMatches } from '../live/past-results';
import type { LiveMatch } from '../live/model';
import { toMatch, type RankOf, type ViewClock } from '../live/match-view';
import { tableRanks } from '../facts/table-ranks';
import { squad } from '../live/simulator/squads';
import { teamMatches } from '../live/repository';
import { recentResults } from '../facts/team-results';
import { playerTallies } from '../facts/player-facts';
import { type ResultInput, type TableRow } from './standings';
import { isTableView, leagueTables, scratchView, viewOf, type LiveTableAnswer, type TableView } from './league-tables';
import { CONFERENCES, hasTable, zoneIn } from './shapes';
import { bracketOf, type KnockoutPlay } from './bracket';
import { cupBracketOf } from './cup-bracket';
import { calendarDay, seasonCalendar, seasonWindow } from '../live/simulator/season';
import { europeanSeasonOf, knockoutStart, tieOutcomeOf } from '../live/simulator/knockout';
import { REGION_BY_LEAGUE, REGION_ORDER } from './regions';
import { worldSeed } from '../live/past-results';

export { leagueResults, sportResults } from './results';
import { cachedStandings } from './standings-cache';

const LEADERS_PER_BOARD = 20;

export function leagueEntry(l: LeagueSeed, nowMs: number): LeagueEntry {
  return {
    id: l.id,
    sport: l.sport,
    name: l.name,
    color: l.color,
    season: seasonOf(l, nowMs),
    cup: l.cup,
    major: l.major,
    teamCount: leagueTeams(l).length,
    leaguePhase: l.leaguePhase ?? null,
  };
}

/** Leagues of a sport grouped by region; inside a region the popular (major) ones first. */
export function leaguesByRegion(sport: Sport, nowMs: number): LeagueRegion[] {
  const groups = new Map<string, LeagueEntry[]>();
  for (const l of ALL_LEAGUES) {
    if (l.sport !== sport) continue;
    const region = REGION_BY_LEAGUE[l.id] ?? REGION_ORDER[REGION_ORDER.length - 1]!;
    const list = groups.get(region) ?? [];
    list.push(leagueEntry(l, nowMs));
    groups.set(region, list);
  }
  return REGION_ORDER.filter((r) => groups.has(r)).map((region) => ({
    region,
    leagues: groups.get(region)!.sort((a, b) => Number(b.major) - Number(a.major) || a.id - b.id),
  }));
}

export function leagueInfo(l: LeagueSeed, nowMs: number): LeagueInfo {
  const season = seasonOf(l, nowMs);
  return {
    ...leagueEntry(l, nowMs),
    region: REGION_BY_LEAGUE[l.id] ?? REGION_ORDER[REGION_ORDER.length - 1]!,
    seasons: [season],
    window: seasonWindow(l.id, chinaDay(nowMs)),
  };
}

/**
 * A league's matches, oldest first: in a simulated world the whole season its table counts (stored,
 * played out from the seed, still to come: ../live/past-results.ts), so the 赛程, the leaders and
 * a player's figures agree with the table; elsewhere every stored match.
 */
export async function leagueMatches(db: Db, leagueId: number): Promise<LiveMatch[]> {
  const rows = await db
    .selectFrom('live_matches')
    .selectAll()
    .where('league_id', '=', leagueId)
    .orderBy('ot')
    .orderBy('id')
    .execute();
  return seasonMatches(db, leagueId, rows.map(rowToMatch));
}

/** A table row's counts with the team's name: what every table view (数据库, match analysis) shows. */
export function namedTableRow(r: TableRow) {
  return {
    rank: r.rank,
    teamId: r.teamId,
    teamName: TEAM_BY_ID.get(r.teamId)?.name ?? '',
    played: r.played,
    win: r.win,
    draw: r.draw,
    loss: r.loss,
    goalsFor: r.goalsFor,
    goalsAgainst: r.goalsAgainst,
    points: r.points,
  };
}

/** What a standings row derives from its counts: the crest, goal difference and (basketball) win rate. */
export function derivedColumns(
  sport: Sport,
  r: Pick<TableRow, 'teamId' | 'played' | 'win' | 'goalsFor' | 'goalsAgainst'>,
) {
  return {
    logo: crestPath(r.teamId),
    goalDiff: r.goalsFor - r.goalsAgainst,
    winPct: sport === 'lq' ? (r.played === 0 ? 0 : Math.round((r.win / r.played) * 1000) / 1000) : null,
  };
}

/**
 * A league's standings answer from its tables: the in-memory ones (`leagueStandings`) or, for a
 * page that read the results anyway, tables computed from them. A European competition's table
 * is its league phase (the season's matches before its knockout rounds); with the world's seed its
 * bracket fills from the knockout rounds as the calendar reaches them.
 */
export function standingsOf(
  league: LeagueSeed,
  source: TableView | readonly ResultInput[],
  scope: StandingsScope,
  nowMs: number = Date.now(),
  seed: number | null = null,
): Standings {
  const teams = leagueTeams(league);
  const year = Number(seasonOf(league, nowMs).slice(0, 4));
  const inLeaguePhase = (r: ResultInput) =>
    europeanSeasonOf(r.ot * 1000) === year && r.ot * 1000 < knockoutStart(league.id, year);
  const all = () => (isTableView(source) ? source.results() : source);
  // The league phase alone (36 teams, 144 matches) is counted from scratch; other tables are the view's.
  const view = league.leaguePhase
    ? scratchView(league.sport, all().filter(inLeaguePhase))
    : viewOf(league.sport, source);
  const table = (ids: readonly number[]): LiveTableAnswer =>
    hasTable(league) ? view.table(ids, scope) : { rows: [], live: false };
  const row = (r: TableRow & { move: number }, zone: StandingsZone): StandingsRow => ({
    ...namedTableRow(r),
    ...derivedColumns(league.sport, r),
    form: r.form,
    zone: scope === 'total' ? zone : null,
    playing: r.playing,
    move: r.move,
  });
  const { rows, live } = table(teams.map((t) => t.id));
  const conferences = CONFERENCES[league.id];
  if (conferences) {
    const groups = conferences.map((c) => {
      const ranked = table(c.teamIds).rows;
      return { name: c.name, rows: ranked.map((r) => row(r, zoneIn(league, r.rank, ranked.length, true))) };
    });
    const zoneByTeam = new Map(groups.flatMap((g) => g.rows.map((r) => [r.teamId, r.zone] as const)));
    return {
      leagueId: league.id,
      sport: league.sport,
      scope,
      live,
      rows: rows.map((r) => row(r, zoneByTeam.get(r.teamId) ?? null)),
      groups,
      shape: 'conferences',
    };
  }
  const named = rows.map((r) => row(r, zoneIn(league, r.rank, teams.length, false)));
  const play = (seed: number): KnockoutPlay => ({
    matches: seasonCalendar(seed, year).matches.filter((m) => m.leagueId === league.id && m.stage !== undefined),
    results: all(),
    outcomeOf: (m) => tieOutcomeOf(seed, m),
    nowMs,
    nameOf: (id) => TEAM_BY_ID.get(id)?.name ?? '',
  });
  return {
    leagueId: league.id,
    sport: league.sport,
    scope,
    live,
    rows: named,
    shape: league.leaguePhase ? 'leaguePhase' : 'league',
    ...(league.leaguePhase && scope === 'total'
      ? { bracket: bracketOf(named, league.leaguePhase, year, seed === null ? undefined : play(seed)) }
      : {}),
    // A knockout-only cup (足总杯 …): its rounds instead of a table.
    ...(!hasTable(league) && scope === 'total' && seed !== null ? { bracket: cupBracketOf(play(seed)) } : {}),
  };
}

/**
 * A league's table as the 数据库 page shows it, from its tables in memory (./league-tables.ts: the
 * whole season's results read once, then moved by each write) and kept until a result of that
 * league changes (./standings-cache.ts). Everything that states a rank (the match
 * rows' [rank], server/facts/table-ranks.ts) reads this one answer, so it never differs.
 */
export function leagueStandings(db: Db, league: LeagueSeed, scope: StandingsScope, nowMs: number): Promise<Standings> {
  return cachedStandings(db, league.id, scope, async () =>
    standingsOf(league, await leagueTables(db, league.id, league.sport), scope, nowMs, worldSeed(db)),
  );
}

/**
 * Rounds are the season calendar's (英超 第13轮 is its 13th round, a weekend round's Friday to
 * Monday together), numbered as in the real league; matches the calendar does not know (another
 * source's) fall back to one round per match day, numbered from the first. The round shown by
 * default is the current one, else the next one to be played, else the last (a called-off match's
 * replay does not count for its round's end).
 */
export function scheduleOf(
  matches: readonly LiveMatch[],
  clock: ViewClock,
  round: number | undefined,
  ranks: RankOf,
): LeagueSchedule {
  const calendarMatch = (m: LiveMatch) =>
    calendarDay(clock.seed, m.day).find(
      (c) => c.leagueId === m.leagueId && c.homeId === m.homeId && c.awayId === m.awayId,
    );
  const found = matches.map(calendarMatch);
  const known = found.map((c) => c?.round ?? null);
  const stages = new Map(found.flatMap((c) => (c?.stage ? [[c.round, c.stage] as const] : [])));
  const byDay = known.some((r) => r === null);
  const days = [...new Set(matches.map((m) => m.day))].sort();
  const roundOf = (m: LiveMatch, i: number): number => (byDay ? days.indexOf(m.day) + 1 : known[i]!);
  const first = new Map<number, string>();
  const last = new Map<number, string>();
  matches.forEach((m, i) => {
    const r = roundOf(m, i);
    if (!first.has(r) || m.day < first.get(r)!) first.set(r, m.day);
    // A called-off match's replay, weeks later, does not keep its round the current one.
    if (found[i]?.rearranged) return;
    if (!last.has(r) || m.day > last.get(r)!) last.set(r, m.day);
  });
  const rounds = [...first]
    .map(([r, day]) => ({ round: r, day, ...(stages.has(r) ? { name: stages.get(r)! } : {}) }))
    .sort((a, b) => a.round - b.round);
  const today = chinaDay(clock.now);
  const byDefault =
    rounds.find((r) => (last.get(r.round) ?? first.get(r.round)!) >= today) ?? rounds[rounds.length - 1];
  const chosen = round !== undefined ? rounds.find((r) => r.round === round) : byDefault;
  if (!chosen) return { rounds, round: round ?? 0, matches: [] };
  return {
    rounds,
    round: chosen.round,
    matches: matches.filter((m, i) => roundOf(m, i) === chosen.round).map((m) => toMatch(m, clock, ranks)),
  };
}

/** Leaders from the per-player events the feed stores with each match (finished and in play). */
export function leadersOf(league: LeagueSeed, matches: readonly LiveMatch[], seed: number): LeagueLeaders {
  // The same tallies as the player page (server/facts/player-facts.ts): games are appearances.
  const tallies = playerTallies(
    seed,
    matches.filter((m) => m.leagueId === league.id),
  );
  const keys = league.sport === 'zq' ? ['goals', 'yellow', 'red'] : ['points', 'rebounds', 'assists'];
  const names = new Map<number, string>();
  for (const t of tallies.values())
    if (!names.has(t.playerId)) for (const p of squad(seed, t.teamId)) if (p.id === t.playerId) names.set(p.id, p.name);
  return {
    sport: league.sport,
    boards: keys.map((key) => {
      const sorted = [...tallies.values()]
        .filter((t) => (t.values[key] ?? 0) > 0)
        .sort(
          (a, b) =>
            (b.values[key] ?? 0) - (a.values[key] ?? 0) || a.games.size - b.games.size || a.playerId - b.playerId,
        )
        .slice(0, LEADERS_PER_BOARD);
      return {
        key,
        rows: sorted.map((t, i): LeaderRow => ({
          rank: i + 1,
          playerId: t.playerId,
          name: names.get(t.playerId) ?? '',
          teamId: t.teamId,
          teamName: TEAM_BY_ID.get(t.teamId)?.name ?? '',
          value: t.values[key] ?? 0,
          games: t.games.size,
        })),
      };
    }),
  };
}

const RESULTS_SHOWN = 10;
const UPCOMING_SHOWN = 5;

export async function teamPage(db: Db, teamId: number, clock: ViewClock): Promise<TeamPage | null> {
  const team = TEAM_BY_ID.get(teamId);
  if (!team) return null;
  const league = LEAGUE_BY_ID.get(team.leagueId)!;
  const nowS = Math.floor(clock.now / 1000);
  const [results, upcoming, table] = await Promise.all([
    recentResults(db, teamId, nowS + 1, RESULTS_SHOWN),
    teamMatches(db, teamId, 'upcoming', nowS - 6 * 3600, UPCOMING_SHOWN),
    // The table the 数据库 shows (the whole season), not one of the stored matches alone.
    leagueStandings(db, league, 'total', clock.now),
  ]);
  const ranks = await tableRanks(db, [...results, ...upcoming], clock.now);
  const view = (ms: LiveMatch[]): Match[] => ms.map((m) => toMatch(m, clock, ranks));
  return {
    id: team.id,
    sport: team.sport,
    name: team.name,
    logo: crestPath(team.id),
    leagueId: league.id,
    leagueName: league.name,
    squad: squad(clock.seed, team.id).map((p) => ({
      playerId: p.id,
      name: p.name,
      number: p.number,
      position: p.position,
      age: p.age,
    })),
    results: view(results),
    upcoming: view(upcoming),
    standing: (table.groups?.flatMap((g) => g.rows) ?? table.rows).find((r) => r.teamId === team.id) ?? null,
  };
}

export async function playerPage(db: Db, playerId: number, clock: ViewClock): Promise<PlayerPage | null> {
  const row = await db.selectFrom('live_players').selectAll().where('id', '=', playerId).executeTakeFirst();
  if (!row) return null;
  const team = TEAM_BY_ID.get(row.team_id);
  if (!team) return null;
  const league = LEAGUE_BY_ID.get(team.leagueId)!;
  // His figures in his league (the one the page names), from the matches the leaders boards count.
  const matches = (await leagueMatches(db, league.id)).filter((m) => m.homeId === team.id || m.awayId === team.id);
  const mine = playerTallies(clock.seed, matches).get(playerId);
  const v = (k: string): number => mine?.values[k] ?? 0;
  const stats: PlayerPage['stats'] =
    team.sport === 'zq'
      ? { games: mine?.games.size ?? 0, goals: v('goals'), yellow: v('yellow'), red: v('red') }
      : { games: mine?.games.size ?? 0, points: v('points'), rebounds: v('rebounds'), assists: v('assists') };
  return {
    id: row.id,
    sport: team.sport,
    name: row.name,
    number: row.number,
    position: row.position,
    age: row.age,
    teamId: team.id,
    teamName: team.name,
    teamLogo: crestPath(team.id),
    leagueId: league.id,
    leagueName: league.name,
    stats,
  };
}
