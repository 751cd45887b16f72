/**
 * The results a league table counts, read narrowly (no simulator state): one league's, or every
 * league's of a sport at once. Shared by the 数据库 tables, the facts module and the AI model.
 */
import type { Db } from '../db/index';
import { STATUS_TABLE, isLive, liveStatuses, type Sport } from '../../workers/protocol/index';
import { ALL_LEAGUES } from '../seed/leagues';
import { seasonResults } from '../live/past-results';
import type { ResultInput } from './standings';

/**
 * The results a league table counts, read narrowly (no simulator state): finished matches at
 * their result, matches in play at their current score: those of the season now (or last)
 * played, its days the simulator did not store played out from the seed (../live/past-results.ts).
 */
export async function leagueResults(db: Db, leagueId: number, sport: Sport): Promise<ResultInput[]> {
  const rows = await db
    .selectFrom('live_matches')
    .select(['id', 'home_id', 'away_id', 'ot', 'status', 'score_h', 'score_a'])
    .where('league_id', '=', leagueId)
    .where('status', 'in', [...liveStatuses(sport), STATUS_TABLE[sport].finished])
    .execute();
  const stored = rows.map((r): ResultInput => ({
    id: r.id,
    homeId: r.home_id,
    awayId: r.away_id,
    ot: Number(r.ot),
    score: [r.score_h, r.score_a],
    live: isLive(sport, r.status),
  }));
  return seasonResults(db, leagueId, stored);
}

/** `leagueResults` of every league of a sport in one read, by league. */
export async function sportResults(db: Db, sport: Sport): Promise<Map<number, ResultInput[]>> {
  const rows = await db
    .selectFrom('live_matches')
    .select(['id', 'league_id', 'home_id', 'away_id', 'ot', 'status', 'score_h', 'score_a'])
    .where('sport', '=', sport)
    .where('status', 'in', [...liveStatuses(sport), STATUS_TABLE[sport].finished])
    .execute();
  const out = new Map<number, ResultInput[]>();
  for (const r of rows) {
    const list = out.get(r.league_id) ?? [];
    list.push({
      id: r.id,
      homeId: r.home_id,
      awayId: r.away_id,
      ot: Number(r.ot),
      score: [r.score_h, r.score_a],
      live: isLive(sport, r.status),
    });
    out.set(r.league_id, list);
  }
  for (const l of ALL_LEAGUES) if (l.sport === sport) out.set(l.id, await seasonResults(db, l.id, out.get(l.id) ?? []));
  return out;
}
