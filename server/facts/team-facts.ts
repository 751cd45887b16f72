/**
 * One truth behind every text (issue 32): the facts a text may state about a team — rank,
 * points, gap to the leader, league form, home and away record, goals — read each time a text is
 * shown from the same league tables the 数据库 page and the match analysis use (kept in memory and
 * moved by each write: server/database/league-tables.ts). Texts (情报, tip reasons, match reports,
 * articles) take their numbers from here and from nowhere else.
 */
import type { FormMark, Sport, StandingsZone } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { sportResults } from '../database/results';
import { isTableView, leagueTables, scratchView, viewOf, type TableView } from '../database/league-tables';
import { zoneOf, type ResultInput, type TableRow } from '../database/standings';
import { ALL_LEAGUES, LEAGUE_BY_ID, TEAM_BY_ID, leagueTeams } from '../seed/leagues';
import { providerTable } from '../live/provider-standings';

/** A league as its table is drawn: its sport, name and member teams. */
export interface LeagueShape {
  id: number;
  sport: Sport;
  name: string;
  cup: boolean;
  teams: ReadonlyArray<{ id: number; name: string }>;
}

export interface Record3 {
  win: number;
  draw: number;
  loss: number;
}

export interface TeamFacts {
  teamId: number;
  name: string;
  sport: Sport;
  leagueId: number;
  leagueName: string;
  teamCount: number;
  rank: number;
  played: number;
  win: number;
  draw: number;
  loss: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  /** The table's zone for this place (champions, relegation, playoff…). */
  zone: StandingsZone;
  leaderName: string;
  /** Football: points behind the leader; basketball: games behind (胜场差). 0 for the leader. */
  gap: number;
  /** The table's form column: the last league games, oldest first. */
  form: FormMark[];
  home: Record3;
  away: Record3;
}

const record = (r: TableRow | undefined): Record3 => ({ win: r?.win ?? 0, draw: r?.draw ?? 0, loss: r?.loss ?? 0 });

/** Games behind the leader in basketball (half a game per win or loss of difference). */
export function gamesBehind(leader: Pick<TableRow, 'win' | 'loss'>, row: Pick<TableRow, 'win' | 'loss'>): number {
  return (leader.win - row.win + (row.loss - leader.loss)) / 2;
}

/**
 * The facts of every team of a league table from its tables (the league's in memory, or tables
 * of given results). `asOf` (unix seconds): only matches that kicked off before it and are over
 * (what a text written then could know), counted from scratch; without it, the table as shown now
 * (matches in play at their current score).
 */
export function leagueFactsFrom(
  league: LeagueShape,
  source: TableView | readonly ResultInput[],
  asOf?: number,
): TeamFacts[] {
  if (league.cup) return [];
  const ids = league.teams.map((t) => t.id);
  const nameOf = new Map(league.teams.map((t) => [t.id, t.name]));
  const view =
    asOf === undefined
      ? viewOf(league.sport, source)
      : scratchView(
          league.sport,
          (isTableView(source) ? source.results() : source).filter((r) => r.ot < asOf && !r.live),
        );
  const rows = view.table(ids).rows;
  const homeRows = new Map(view.table(ids, 'home').rows.map((r) => [r.teamId, r]));
  const awayRows = new Map(view.table(ids, 'away').rows.map((r) => [r.teamId, r]));
  const formOf = new Map(rows.map((r) => [r.teamId, r.form]));
  return factsOfRows(
    league,
    rows,
    (id) => nameOf.get(id) ?? '',
    (id) => ({
      form: formOf.get(id) ?? [],
      home: record(homeRows.get(id)),
      away: record(awayRows.get(id)),
    }),
  );
}

/** A table's rows as facts; `extra` gives what a table row alone does not hold. */
function factsOfRows(
  league: LeagueShape,
  rows: ReadonlyArray<Omit<TableRow, 'form' | 'playing'>>,
  nameOf: (teamId: number) => string,
  extra: (teamId: number) => Pick<TeamFacts, 'form' | 'home' | 'away'>,
): TeamFacts[] {
  const leader = rows[0];
  return rows.map((r) => ({
    teamId: r.teamId,
    name: nameOf(r.teamId),
    sport: league.sport,
    leagueId: league.id,
    leagueName: league.name,
    teamCount: rows.length,
    rank: r.rank,
    played: r.played,
    win: r.win,
    draw: r.draw,
    loss: r.loss,
    goalsFor: r.goalsFor,
    goalsAgainst: r.goalsAgainst,
    points: r.points,
    zone: zoneOf(league.sport, r.rank, rows.length, league.cup),
    leaderName: leader ? nameOf(leader.teamId) : '',
    gap: !leader ? 0 : league.sport === 'lq' ? gamesBehind(leader, r) : leader.points - r.points,
    ...extra(r.teamId),
  }));
}

/**
 * A league's shape: the catalogue's (the one the 数据库 table is drawn from) when it has the
 * league, else the stored leagues and teams (a provider's).
 */
export async function leagueShape(db: Db, leagueId: number): Promise<LeagueShape | null> {
  const seeded = LEAGUE_BY_ID.get(leagueId);
  if (seeded)
    return {
      id: seeded.id,
      sport: seeded.sport,
      name: seeded.name,
      cup: seeded.cup,
      teams: leagueTeams(seeded).map((t) => ({ id: t.id, name: t.name })),
    };
  const league = await db
    .selectFrom('live_leagues')
    .select(['id', 'sport', 'name', 'cup'])
    .where('id', '=', leagueId)
    .executeTakeFirst();
  if (!league) return null;
  const teams = await db.selectFrom('live_teams').select(['id', 'name']).where('league_id', '=', leagueId).execute();
  return { id: league.id, sport: league.sport as Sport, name: league.name, cup: league.cup, teams };
}

/** The facts of every team of a league, read from storage now. */
export async function leagueFacts(db: Db, leagueId: number, asOf?: number): Promise<TeamFacts[]> {
  const league = await leagueShape(db, leagueId);
  if (!league || league.cup) return [];
  // A provider's league: the table the provider gives (plus our matches it does not count yet),
  // the one the match analysis shows, not a table of the few matches we stored ourselves.
  if (!LEAGUE_BY_ID.has(leagueId)) {
    const provided = await providerTable(db, leagueId, league.name);
    if (provided) return providerFacts(league, provided.rows);
  }
  return leagueFactsFrom(league, await leagueTables(db, leagueId, league.sport), asOf);
}

/**
 * Every league table of a sport as it stood at any time, from one read of the stored results (a
 * provider's league: its table now, the only one it gives). `asOf` as for `leagueFactsFrom`.
 */
export async function sportFactsAt(db: Db, sport: Sport): Promise<(asOf?: number) => TeamFacts[]> {
  const results = await sportResults(db, sport);
  const seeded = ALL_LEAGUES.filter((l) => l.sport === sport && !l.cup);
  const shapes = (await Promise.all(seeded.map((l) => leagueShape(db, l.id)))).filter(
    (s): s is LeagueShape => s !== null,
  );
  const providers = (
    await db.selectFrom('live_leagues').select('id').where('sport', '=', sport).where('cup', '=', false).execute()
  ).filter((l) => !LEAGUE_BY_ID.has(l.id));
  const provided = (await Promise.all(providers.map((l) => leagueFacts(db, l.id)))).flat();
  return (asOf) => [...shapes.flatMap((s) => leagueFactsFrom(s, results.get(s.id) ?? [], asOf)), ...provided];
}

/** Facts from a provider's table rows (no form or home/away split: providers' tables lack them here). */
function providerFacts(
  league: LeagueShape,
  rows: ReadonlyArray<Omit<TableRow, 'form' | 'playing'> & { teamName?: string }>,
): TeamFacts[] {
  const names = new Map(league.teams.map((t) => [t.id, t.name]));
  const named = new Map(rows.map((r) => [r.teamId, r.teamName ?? '']));
  const none: Record3 = { win: 0, draw: 0, loss: 0 };
  return factsOfRows(
    league,
    rows,
    (id) => names.get(id) ?? named.get(id) ?? '',
    () => ({ form: [], home: none, away: none }),
  );
}

async function leagueOfTeam(db: Db, teamId: number): Promise<number | null> {
  const seeded = TEAM_BY_ID.get(teamId);
  if (seeded) return seeded.leagueId;
  const row = await db.selectFrom('live_teams').select('league_id').where('id', '=', teamId).executeTakeFirst();
  return row?.league_id ?? null;
}

/** A team's facts in its own (domestic) league, or null for a team nobody knows. */
export async function teamFacts(db: Db, teamId: number, asOf?: number): Promise<TeamFacts | null> {
  const leagueId = await leagueOfTeam(db, teamId);
  if (leagueId === null) return null;
  return (await leagueFacts(db, leagueId, asOf)).find((f) => f.teamId === teamId) ?? null;
}

/** Both sides' facts, one league read when they share a league. */
export async function pairFacts(
  db: Db,
  homeId: number,
  awayId: number,
  asOf?: number,
): Promise<{ home: TeamFacts | null; away: TeamFacts | null }> {
  const [h, a] = await Promise.all([leagueOfTeam(db, homeId), leagueOfTeam(db, awayId)]);
  if (h !== null && h === a) {
    const all = await leagueFacts(db, h, asOf);
    return { home: all.find((f) => f.teamId === homeId) ?? null, away: all.find((f) => f.teamId === awayId) ?? null };
  }
  const [home, away] = await Promise.all([teamFacts(db, homeId, asOf), teamFacts(db, awayId, asOf)]);
  return { home, away };
}
