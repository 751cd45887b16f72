/** Reads of the live-score tables shared by the REST handlers. */
import type { Db } from '../db/index';
import { rowToSim } from '../feed/store';
import type { SimMatch } from '../feed/sim-types';
import { STATUS_TABLE, isLive, listRank, liveStatuses, type Match, type Sport } from '../../workers/protocol/index';

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
        ...(sport !== 'lq' ? [eb.and([eb('sport', '=', 'zq'), eb('status', 'in', liveStatuses('zq'))])] : []),
        ...(sport !== 'zq' ? [eb.and([eb('sport', '=', 'lq'), eb('status', 'in', liveStatuses('lq'))])] : []),
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
  // Status codes differ by sport (8 is football's full time but basketball's fourth quarter).
  const inStatus = (pick: (sport: Sport) => readonly number[]) =>
    q.where((eb) =>
      eb.or((['zq', 'lq'] as const).map((sport) => eb.and([eb('sport', '=', sport), eb('status', 'in', pick(sport))]))),
    );
  const rows =
    which === 'finished'
      ? await inStatus((sport) => [STATUS_TABLE[sport].finished])
          .where('ot', '<', beforeOrAfterOt)
          .orderBy('ot', 'desc')
          .limit(limit)
          .execute()
      : await inStatus((sport) => STATUS_TABLE[sport].upcoming)
          .where('ot', '>', beforeOrAfterOt)
          .orderBy('ot')
          .limit(limit)
          .execute();
  return rows.map(rowToSim);
}

/** Live first, then upcoming, then finished (spec: /live/zq opens on live matches first). */
export function liveFirst(matches: Match[]): Match[] {
  const rank = (m: Match): number => listRank(m.sport, m.s);
  return [...matches].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? b.ot - a.ot : a.ot - b.ot) || a.id - b.id);
}
