/**
 * A team's finished matches before a kick-off, newest first (issue 32: one truth behind every
 * text): the stored ones and, in a simulated world, those its season played before the stored
 * month (../live/past-results.ts), the very results the tables and the 赛程 count. A match's 分析
 * (recent form, head-to-head), its 情报, the 数据库 team page and the match previews and reports
 * all read them here, so none says 没有交手记录 of a meeting the 赛程 shows.
 */
import type { Db } from '../db/index';
import type { LiveMatch } from '../live/model';
import { playedOutMatch, playedOutResults } from '../live/past-results';
import { headToHead, teamMatches } from '../live/repository';

type Meeting = Pick<LiveMatch, 'id' | 'homeId' | 'awayId' | 'ot'>;

/** The stored matches (newest first) merged with the played-out results of `teamId` that `keep` admits. */
async function withPlayedOut(
  db: Db,
  teamId: number,
  stored: LiveMatch[],
  keep: (r: { homeId: number; awayId: number; ot: number }) => boolean,
  limit: number,
): Promise<LiveMatch[]> {
  const { seed, results } = await playedOutResults(db, teamId);
  const ids = new Set(stored.map((m) => m.id));
  const rows: Array<{ id: number; ot: number; stored?: LiveMatch }> = [
    ...stored.map((m) => ({ id: m.id, ot: m.ot, stored: m })),
    ...results.filter((r) => !ids.has(r.id) && keep(r)).map((r) => ({ id: r.id, ot: r.ot })),
  ];
  rows.sort((a, b) => b.ot - a.ot || b.id - a.id);
  return rows.slice(0, limit).flatMap((r) => r.stored ?? playedOutMatch(seed, r.id) ?? []);
}

/** The team's last `limit` finished matches kicked off before `beforeOt` (unix seconds), newest first. */
export async function recentResults(db: Db, teamId: number, beforeOt: number, limit: number): Promise<LiveMatch[]> {
  const stored = await teamMatches(db, teamId, 'finished', beforeOt, limit);
  return withPlayedOut(db, teamId, stored, (r) => r.ot < beforeOt, limit);
}

/** The two teams' last `limit` finished meetings before the match `m`, newest first. */
export async function meetingsBefore(db: Db, m: Meeting, limit: number): Promise<LiveMatch[]> {
  const stored = await headToHead(db, m, limit);
  const pair = (r: { homeId: number; awayId: number }) =>
    (r.homeId === m.homeId && r.awayId === m.awayId) || (r.homeId === m.awayId && r.awayId === m.homeId);
  return withPlayedOut(db, m.homeId, stored, (r) => r.ot < m.ot && pair(r), limit);
}
