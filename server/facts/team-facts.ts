/**
 * One truth behind every text (issue 32): the facts a text may state about a team — rank,
 * points, gap to the leader, league form, home and away record, goals — computed from the stored
 * results each time a text is shown, through the same table function the 数据库 page and the
 * match analysis use (server/database/standings.ts). Texts (情报, tip reasons, match reports,
 * articles) take their numbers from here and from nowhere else.
 */
import type { FormMark, Sport } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { leagueResults } from '../database/service';
import { computeTable, liveTable, type ResultInput, type TableRow } from '../database/standings';
import { LEAGUE_BY_ID, TEAM_BY_ID, leagueTeams } from '../seed/leagues';

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
 * The facts of every team of a league table from its results. `asOf` (unix seconds): only
 * matches that kicked off before it and are over (what a text written then could know);
 * without it, the table as shown now (matches in play at their current score).
 */
export function leagueFactsFrom(leagueId: number, results: readonly ResultInput[], asOf?: number): TeamFacts[] {
  const league = LEAGUE_BY_ID.get(leagueId);
  if (!league || league.cup) return [];
  const ids = leagueTeams(league).map((t) => t.id);
  const counted = asOf === undefined ? results : results.filter((r) => r.ot < asOf && !r.live);
  const rows = liveTable(league.sport, ids, counted).rows;
  const homeRows = new Map(computeTable(league.sport, ids, counted, 'home').map((r) => [r.teamId, r]));
  const awayRows = new Map(computeTable(league.sport, ids, counted, 'away').map((r) => [r.teamId, r]));
  const leader = rows[0];
  return rows.map((r) => ({
    teamId: r.teamId,
    name: TEAM_BY_ID.get(r.teamId)?.name ?? '',
    sport: league.sport,
    leagueId,
    leagueName: league.name,
    teamCount: ids.length,
    rank: r.rank,
    played: r.played,
    win: r.win,
    draw: r.draw,
    loss: r.loss,
    goalsFor: r.goalsFor,
    goalsAgainst: r.goalsAgainst,
    points: r.points,
    leaderName: TEAM_BY_ID.get(leader?.teamId ?? 0)?.name ?? '',
    gap: !leader ? 0 : league.sport === 'lq' ? gamesBehind(leader, r) : leader.points - r.points,
    form: r.form,
    home: record(homeRows.get(r.teamId)),
    away: record(awayRows.get(r.teamId)),
  }));
}

/** The facts of every team of a league, read from storage now. */
export async function leagueFacts(db: Db, leagueId: number, asOf?: number): Promise<TeamFacts[]> {
  const league = LEAGUE_BY_ID.get(leagueId);
  if (!league || league.cup) return [];
  return leagueFactsFrom(leagueId, await leagueResults(db, leagueId, league.sport), asOf);
}

/** A team's facts in its own (domestic) league, or null for a team the catalogue does not know. */
export async function teamFacts(db: Db, teamId: number, asOf?: number): Promise<TeamFacts | null> {
  const team = TEAM_BY_ID.get(teamId);
  if (!team) return null;
  return (await leagueFacts(db, team.leagueId, asOf)).find((f) => f.teamId === teamId) ?? null;
}

/** Both sides' facts, one league read when they share a league. */
export async function pairFacts(
  db: Db,
  homeId: number,
  awayId: number,
  asOf?: number,
): Promise<{ home: TeamFacts | null; away: TeamFacts | null }> {
  const h = TEAM_BY_ID.get(homeId);
  const a = TEAM_BY_ID.get(awayId);
  if (h && a && h.leagueId === a.leagueId) {
    const all = await leagueFacts(db, h.leagueId, asOf);
    return { home: all.find((f) => f.teamId === homeId) ?? null, away: all.find((f) => f.teamId === awayId) ?? null };
  }
  const [home, away] = await Promise.all([teamFacts(db, homeId, asOf), teamFacts(db, awayId, asOf)]);
  return { home, away };
}
