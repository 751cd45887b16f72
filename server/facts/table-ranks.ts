/**
 * The [rank] beside a team in a match row (issue 32): the place the 数据库 table shows for it, read
 * from the same cached answer the standings route returns (server/database/service.ts
 * `leagueStandings`), never from a table of its own. A team's rank is the one of the match's own
 * competition (a 欧冠 match: the league-phase table); a knockout-only cup's match shows each club's
 * place in its domestic league. Where the real competition ranks by conference (NBA) the row shows
 * the conference place, as the table does. A team its table has not counted a game for yet (a
 * season not started) shows no rank: the order of a table of zeros says nothing.
 */
import type { Db } from '../db/index';
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../seed/leagues';
import { leagueStandings } from '../database/service';
import { hasTable } from '../database/shapes';
import type { RankOf } from '../live/match-view';

/** The league whose table gives a team's rank in a match of `leagueId` (null: no table we know). */
export function rankLeagueOf(leagueId: number, teamId: number): number | null {
  const league = LEAGUE_BY_ID.get(leagueId);
  if (!league) return null;
  if (hasTable(league)) return league.id;
  const own = TEAM_BY_ID.get(teamId);
  const domestic = own ? LEAGUE_BY_ID.get(own.leagueId) : undefined;
  return domestic && hasTable(domestic) ? domestic.id : null;
}

export const NO_RANKS: RankOf = () => null;

/** The ranks of these matches' teams as their tables show them now. */
export async function tableRanks(
  db: Db,
  matches: Iterable<{ leagueId: number; homeId: number; awayId: number }>,
  nowMs: number,
): Promise<RankOf> {
  const leagues = new Set<number>();
  for (const m of matches)
    for (const team of [m.homeId, m.awayId]) {
      const id = rankLeagueOf(m.leagueId, team);
      if (id !== null) leagues.add(id);
    }
  if (leagues.size === 0) return NO_RANKS;
  const byLeague = new Map<number, Map<number, number>>();
  // One after another: the embedded database runs one query at a time anyway.
  for (const id of leagues) {
    const table = await leagueStandings(db, LEAGUE_BY_ID.get(id)!, 'total', nowMs);
    const rows = table.groups ? table.groups.flatMap((g) => g.rows) : table.rows;
    byLeague.set(id, new Map(rows.filter((r) => r.played > 0).map((r) => [r.teamId, r.rank])));
  }
  return (leagueId, teamId) => {
    const id = rankLeagueOf(leagueId, teamId);
    return id === null ? null : (byLeague.get(id)?.get(teamId) ?? null);
  };
}
