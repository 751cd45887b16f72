/**
 * The live area's SQL, in one place: reads of matches, incidents, text live, odds, head-to-head,
 * follows and stored details, and `dbSink`, through which a live source stores what it produces.
 * Routes and the detail service call these; they write no SQL of their own.
 */
import type { Db } from '../db/index';
import { insertMatches, rowToMatch, saveOutput } from './store';
import type { LiveMatch } from './model';
import {
  STATUS_TABLE,
  isLive,
  listRank,
  liveStatuses,
  textLiveNewestFirst,
  type Incident,
  type Match,
  type OddsType,
  type Sport,
  type TextLiveLine,
} from '../../workers/protocol/index';
import { toIncident } from './publish';
import type { DetailBodies, DetailKind, LiveSink } from './source';

export async function matchesOfDay(db: Db, sport: Sport, day: string): Promise<LiveMatch[]> {
  const rows = await db
    .selectFrom('live_matches')
    .selectAll()
    .where('sport', '=', sport)
    .where('day', '=', day)
    .orderBy('ot')
    .orderBy('id')
    .execute();
  return rows.map(rowToMatch);
}

/** Matches in play now (also those that kicked off before midnight). */
export async function liveMatches(db: Db, sport?: Sport): Promise<LiveMatch[]> {
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
  return rows.map(rowToMatch).filter((m) => isLive(m.sport, m.status));
}

export async function matchById(db: Db, id: number): Promise<LiveMatch | null> {
  const row = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? rowToMatch(row) : null;
}

/** A team's matches, newest first (finished) or soonest first (upcoming). */
export async function teamMatches(
  db: Db,
  teamId: number,
  which: 'finished' | 'upcoming',
  beforeOrAfterOt: number,
  limit: number,
): Promise<LiveMatch[]> {
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
  return rows.map(rowToMatch);
}

/** Live first, then upcoming, then finished (spec: /live/zq opens on live matches first). */
export function liveFirst(matches: Match[]): Match[] {
  const rank = (m: Match): number => listRank(m.sport, m.s);
  return [...matches].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? b.ot - a.ot : a.ot - b.ot) || a.id - b.id);
}

/** Incidents of a match, oldest first. */
export async function incidentsOf(db: Db, matchId: number): Promise<Incident[]> {
  const rows = await db
    .selectFrom('live_incidents')
    .selectAll()
    .where('match_id', '=', matchId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) =>
    toIncident({
      id: r.id,
      matchId: r.match_id,
      sport: r.sport as Sport,
      type: r.type as Incident['type'],
      side: r.side as Incident['side'],
      minute: r.minute,
      stoppage: r.stoppage,
      text: r.text,
      score: [r.score_h, r.score_a],
      state: r.state,
      at: r.at,
    }),
  );
}

/** Text live, newest first; a match caught up without minute-by-minute history shows its incidents. */
export async function textLiveOf(db: Db, matchId: number): Promise<TextLiveLine[]> {
  const rows = await db
    .selectFrom('live_text')
    .selectAll()
    .where('match_id', '=', matchId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  if (rows.length > 0)
    return textLiveNewestFirst(
      rows.map((r) => ({
        id: r.id,
        matchId: r.match_id,
        minute: r.minute,
        ...(r.stoppage > 0 ? { stoppage: r.stoppage } : {}),
        text: r.text,
        type: r.type as TextLiveLine['type'],
        at: r.at,
      })),
    );
  const inc = await db
    .selectFrom('live_incidents')
    .selectAll()
    .where('match_id', '=', matchId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return textLiveNewestFirst(
    inc.map((r) => ({
      id: `${r.id}-i`,
      matchId: r.match_id,
      minute: r.minute,
      ...(r.stoppage > 0 ? { stoppage: r.stoppage } : {}),
      text: r.text,
      type: r.type as TextLiveLine['type'],
      at: r.at,
    })),
  );
}

export interface StoredOddsLine {
  companyId: number;
  left: number;
  middle: number;
  right: number;
  at: number;
}

/** The latest stored line of each company for one market. */
export async function latestOdds(db: Db, matchId: number, type: OddsType): Promise<StoredOddsLine[]> {
  const rows = await db
    .selectFrom('live_odds')
    .select(['company_id', 'left', 'middle', 'right', 'at'])
    .distinctOn('company_id')
    .where('match_id', '=', matchId)
    .where('type', '=', type)
    .orderBy('company_id')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ companyId: r.company_id, left: r.left, middle: r.middle, right: r.right, at: r.at }));
}

/** One company's stored moves for one market, newest first. */
export async function oddsMoves(db: Db, matchId: number, type: OddsType, companyId: number): Promise<StoredOddsLine[]> {
  const rows = await db
    .selectFrom('live_odds')
    .select(['left', 'middle', 'right', 'at'])
    .where('match_id', '=', matchId)
    .where('type', '=', type)
    .where('company_id', '=', companyId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(300)
    .execute();
  return rows.map((r) => ({ companyId, left: r.left, middle: r.middle, right: r.right, at: r.at }));
}

/** Earlier stored meetings of the two teams played to the end, newest first. */
export async function headToHead(
  db: Db,
  m: Pick<LiveMatch, 'id' | 'homeId' | 'awayId' | 'ot'>,
  limit: number,
): Promise<LiveMatch[]> {
  const rows = await db
    .selectFrom('live_matches')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('home_id', '=', m.homeId), eb('away_id', '=', m.awayId)]),
        eb.and([eb('home_id', '=', m.awayId), eb('away_id', '=', m.homeId)]),
      ]),
    )
    .where((eb) =>
      eb.or(
        (['zq', 'lq'] as const).map((sport) =>
          eb.and([eb('sport', '=', sport), eb('status', '=', STATUS_TABLE[sport].finished)]),
        ),
      ),
    )
    .where('id', '!=', m.id)
    .where('ot', '<', m.ot)
    .orderBy('ot', 'desc')
    .limit(limit)
    .execute();
  return rows.map(rowToMatch);
}

/** Hot matches of these days, by kick-off. */
export async function hotOfDays(db: Db, days: string[], sport?: Sport): Promise<LiveMatch[]> {
  let q = db.selectFrom('live_matches').selectAll().where('day', 'in', days).where('hot', '=', true);
  if (sport) q = q.where('sport', '=', sport);
  return (await q.orderBy('ot').execute()).map(rowToMatch);
}

export async function followedBy(db: Db, userId: number): Promise<Array<{ matchId: number; sport: Sport }>> {
  const rows = await db
    .selectFrom('live_follows')
    .select(['match_id', 'sport'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ matchId: r.match_id, sport: r.sport as Sport }));
}

/** Follows or unfollows; answers whether the match is followed afterwards. */
export async function toggleFollow(
  db: Db,
  userId: number,
  matchId: number,
  sport: Sport,
  now: number,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('live_follows')
    .where('user_id', '=', userId)
    .where('match_id', '=', matchId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('live_follows')
    .values({ user_id: userId, match_id: matchId, sport, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

export async function storedDetail<K extends DetailKind>(
  db: Db,
  matchId: number,
  kind: K,
): Promise<DetailBodies[K] | null> {
  const row = await db
    .selectFrom('live_details')
    .select('body')
    .where('match_id', '=', matchId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;
  return (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as DetailBodies[K];
}

/** Stores what a live source produced, as it produced it. */
export function dbSink(db: Db): LiveSink {
  return {
    insertMatches: (matches) => insertMatches(db, matches),
    saveOutput: (matches, out) => saveOutput(db, matches, out),
    async saveDetail(matchId, kind, body, at) {
      const json = JSON.stringify(body);
      await db
        .insertInto('live_details')
        .values({ match_id: matchId, kind, body: json, produced_at: at })
        .onConflict((oc) => oc.columns(['match_id', 'kind']).doNothing())
        .execute();
    },
  };
}

/** Matches (m) with their league (l) and home (h) and away (a) teams joined, for reads that show names. */
export function matchesWithNames(db: Db) {
  return db
    .selectFrom('live_matches as m')
    .innerJoin('live_leagues as l', 'l.id', 'm.league_id')
    .innerJoin('live_teams as h', 'h.id', 'm.home_id')
    .innerJoin('live_teams as a', 'a.id', 'm.away_id');
}
