/**
 * A match list's request and value, pure: the core's live lists (live-lists.ts) compute them from
 * the match store, and the server's render of the first screen (issue 29, src/entry-server.tsx)
 * from the same REST answer, so the rows in the server's HTML are the rows the core continues.
 */
import { LivePaths } from '../../protocol/api/live';
import { chinaDay } from '../../protocol/china-time';
import type { Match } from '../../protocol/live';
import { isFinal, isUpcoming, listRank } from '../../protocol/status';
import type { ListFilter, MatchListValue, RestRequest, StreamKey } from '../api';

export type ListKey = Extract<StreamKey, { kind: 'matchList' }>;

export function listRequest(key: ListKey, nowMs: number): RestRequest {
  const today = chinaDay(nowMs);
  if (key.sport === 'lq') return { path: LivePaths.lqList, query: { date: key.date ?? today } };
  if (key.tab === 'hot') return { path: LivePaths.hotSchedule, query: { sport: key.sport } };
  if (key.tab === 'sc') return { path: LivePaths.zqByDate, query: { date: key.date ?? chinaDay(nowMs, 1) } };
  if (key.tab === 'result') return { path: LivePaths.zqByDate, query: { date: key.date ?? today } };
  return { path: LivePaths.zqLive };
}

export function inTab(key: ListKey, m: Match, followed: readonly number[]): boolean {
  switch (key.tab) {
    case 'sc':
      return isUpcoming(m.sport, m.s);
    case 'result':
      return isFinal(m.sport, m.s);
    case 'follow':
      return followed.includes(m.id);
    case 'hot':
      return m.hot;
    default:
      return true;
  }
}

function passesType(filter: ListFilter | undefined, m: Match): boolean {
  if (!filter || filter.type === 'all') return true;
  if (filter.type === 'jx') return m.jx;
  if (filter.type === 'jczq') return m.jc !== null;
  return m.bd;
}

const rank = (m: Match) => listRank(m.sport, m.s);

/** The list's value from its candidate matches (those not in this tab or filter are left out). */
export function computeListValue(
  key: ListKey,
  candidates: Iterable<Match>,
  followed: readonly number[],
  state: { loading: boolean; stale: boolean },
): MatchListValue {
  const rows: Match[] = [];
  const leagues = new Map<number, { leagueId: number; leagueName: string; leagueLetter: string; count: number }>();
  let hidden = 0;
  for (const m of candidates) {
    if (m.sport !== key.sport || !inTab(key, m, followed) || !passesType(key.filter, m)) continue;
    const lg = leagues.get(m.li) ?? {
      leagueId: m.li,
      leagueName: m.leagueName,
      leagueLetter: m.leagueLetter,
      count: 0,
    };
    lg.count++;
    leagues.set(m.li, lg);
    if (key.filter?.leagueIds && !key.filter.leagueIds.includes(m.li)) {
      hidden++;
      continue;
    }
    rows.push(m);
  }
  rows.sort((a, b) =>
    key.tab === 'result' ? b.ot - a.ot || a.id - b.id : rank(a) - rank(b) || a.ot - b.ot || a.id - b.id,
  );
  const counts = { total: rows.length, live: 0, upcoming: 0, finished: 0, hidden };
  for (const m of rows) {
    const r = rank(m);
    if (r === 0) counts.live++;
    else if (r === 1) counts.upcoming++;
    else counts.finished++;
  }
  return {
    ids: rows.map((m) => m.id),
    counts,
    leagues: [...leagues.values()].sort(
      (a, b) => a.leagueLetter.localeCompare(b.leagueLetter) || a.leagueId - b.leagueId,
    ),
    loading: state.loading,
    stale: state.stale,
  };
}
