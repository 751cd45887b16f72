/** Reads of the live-score tables shared by the REST handlers. */
import type { Db } from '../db/index';
import { rowToSim } from '../feed/store';
import type { SimMatch } from '../feed/sim-types';
import { isFinal, isLive } from '../feed/status';
import type { Match, Sport } from '../../workers/protocol/index';

export async function matchesOfDay(db: Db, sport: Sport, day: string): Promise<SimMatch[]> {
  const rows = await db
    .selectFrom('live_matches')
    .selectAll()
    .where('sport', '=', sport)
    .where('day', '=', day)
    .orderBy('ot')
    .orderBy('id')
    .execute();
  return rows.map(rowToSim);
}

/** Matches in play now (also those that kicked off before midnight). */
export async function liveMatches(db: Db, sport?: Sport): Promise<SimMatch[]> {
  const rows = await db
    .selectFrom('live_matches')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(sport !== 'lq' ? [eb.and([eb('sport', '=', 'zq'), eb('status', 'in', [2, 3, 4, 5, 7])])] : []),
        ...(sport !== 'zq' ? [eb.and([eb('sport', '=', 'lq'), eb('status', 'in', [2, 3, 4, 5, 6, 7, 8, 9])])] : []),
      ]),
    )
    .orderBy('ot')
    .execute();
  return rows.map(rowToSim).filter((m) => isLive(m.sport, m.status));
}

export async function matchById(db: Db, id: number): Promise<SimMatch | null> {
  const row = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? rowToSim(row) : null;
}

/** A team's matches, newest first (finished) or soonest first (upcoming). */
export async function teamMatches(
  db: Db,
  teamId: number,
  which: 'finished' | 'upcoming',
  beforeOrAfterOt: number,
  limit: number,
): Promise<SimMatch[]> {
  const q = db
    .selectFrom('live_matches')
    .selectAll()
    .where((eb) => eb.or([eb('home_id', '=', teamId), eb('away_id', '=', teamId)]));
  const rows =
    which === 'finished'
      ? await q
          .where('ot', '<', beforeOrAfterOt)
          .where('status', 'in', [8, 10])
          .orderBy('ot', 'desc')
          .limit(limit * 2)
          .execute()
      : await q.where('ot', '>', beforeOrAfterOt).where('status', '=', 1).orderBy('ot').limit(limit).execute();
  return rows
    .map(rowToSim)
    .filter((m) => which === 'upcoming' || isFinal(m.sport, m.status))
    .slice(0, limit);
}

/** Live first, then upcoming, then finished (spec: /live/zq opens on live matches first). */
export function liveFirst(matches: Match[]): Match[] {
  const rank = (m: Match): number =>
    isLive(m.sport, m.s) ? 0 : m.s === 1 || m.s === 13 || (m.sport === 'lq' && m.s === 15) ? 1 : 2;
  return [...matches].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? b.ot - a.ot : a.ot - b.ot) || a.id - b.id);
}
