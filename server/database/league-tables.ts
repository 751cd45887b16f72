/**
 * Every league's table kept in memory and moved one result at a time (issue 27). A league's
 * counted results (finished matches at their result, matches in play at their current score) are
 * read once, on the first table asked of it; from then on each write of its matches through
 * server/live/store.ts (`matchesWritten`) moves only the two teams of each changed result, in
 * every table of the league already built (./standings-incremental.ts). A goal, a goal taken back
 * by VAR, full time, a match voided (no longer live or finished) cost O(changes), not a read and a
 * recount of the season.
 *
 * Every table answers exactly as `liveTable` (./standings.ts) would from the same results: the
 * same ranks, head-to-head, form, `playing` and the moves against the table of finished matches.
 * Matches written by another process (a cluster's feed leader, while this process is a gateway)
 * never reach `matchesWritten` here: in a process that has not written for `MAX_AGE_MS` (the
 * answer cache's bound, ./standings-cache.ts), a league's results older than that are read again.
 * Keyed by the database handle, so servers sharing one Node process (tests) never see each
 * other's tables.
 */
import { isFinished, isLive, type Sport, type StandingsScope } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { leaguesChanged, MAX_AGE_MS } from './standings-cache';
import { IncrementalTable } from './standings-incremental';
import { liveTable, type ResultInput, type TableRow } from './standings';
// The whole season's results: stored matches, and the days the simulator did not store played out
// from the seed (../live/past-results.ts).
import { leagueResults } from './results';

/** A league's tables as `liveTable` gives them: rows with each team's move, and whether any match is in play. */
export interface LiveTableAnswer {
  rows: Array<TableRow & { move: number }>;
  live: boolean;
}

/** What every table view reads: the tables of a league (or of some of its teams) and its results. */
export interface TableView {
  table(teamIds: readonly number[], scope?: StandingsScope): LiveTableAnswer;
  /** The counted results, for what a table does not answer (a cut at an earlier time). */
  results(): ResultInput[];
}

/** A match as written, what its result in the table follows. */
export interface WrittenMatch {
  id: number;
  sport: Sport;
  leagueId: number;
  homeId: number;
  awayId: number;
  ot: number;
  status: number;
  score: readonly [number, number];
}

/** A view computed from scratch over given results (a page that read them anyway, a test). */
export function scratchView(sport: Sport, results: readonly ResultInput[]): TableView {
  return {
    table: (teamIds, scope = 'total') => liveTable(sport, teamIds, results, scope),
    results: () => [...results],
  };
}

export const isTableView = (s: TableView | readonly ResultInput[]): s is TableView => !Array.isArray(s);

/** The view itself, or one computed from scratch over the results given. */
export const viewOf = (sport: Sport, s: TableView | readonly ResultInput[]): TableView =>
  isTableView(s) ? s : scratchView(sport, s);

interface Pair {
  /** Finished and in play. */
  all: IncrementalTable;
  /** Finished only: what the moves are measured against. */
  done: IncrementalTable;
}

class LeagueEntry implements TableView {
  private readonly counted = new Map<number, ResultInput>();
  private readonly pairs = new Map<string, Pair>();
  private liveCount = 0;

  constructor(
    private readonly sport: Sport,
    readonly loadedAt: number,
    results: readonly ResultInput[],
  ) {
    for (const r of results) this.set(r);
  }

  /** The match's result as written now; null: it no longer counts (not started, postponed, voided). */
  apply(id: number, r: ResultInput | null): void {
    if (r) this.set(r);
    else this.remove(id);
  }

  table(teamIds: readonly number[], scope: StandingsScope = 'total'): LiveTableAnswer {
    const pair = this.pairOf(teamIds, scope);
    const current = pair.all.table();
    const live = this.liveCount > 0;
    if (!live) return { rows: current.map((r) => ({ ...r, move: 0 })), live };
    const before = new Map(pair.done.table().map((r) => [r.teamId, r.rank]));
    return { rows: current.map((r) => ({ ...r, move: (before.get(r.teamId) ?? r.rank) - r.rank })), live };
  }

  results(): ResultInput[] {
    return [...this.counted.values()];
  }

  private set(r: ResultInput): void {
    const old = this.counted.get(r.id);
    if (old?.live) this.liveCount--;
    if (r.live) this.liveCount++;
    this.counted.set(r.id, r);
    for (const p of this.pairs.values()) {
      p.all.set(r);
      if (r.live) p.done.remove(r.id);
      else p.done.set(r);
    }
  }

  private remove(id: number): void {
    const old = this.counted.get(id);
    if (!old) return;
    if (old.live) this.liveCount--;
    this.counted.delete(id);
    for (const p of this.pairs.values()) {
      p.all.remove(id);
      p.done.remove(id);
    }
  }

  /** A table of these teams in this scope, built from the results the first time it is asked. */
  private pairOf(teamIds: readonly number[], scope: StandingsScope): Pair {
    const key = `${scope}:${teamIds.join(',')}`;
    let p = this.pairs.get(key);
    if (!p) {
      p = {
        all: new IncrementalTable(this.sport, teamIds, scope),
        done: new IncrementalTable(this.sport, teamIds, scope),
      };
      for (const r of this.counted.values()) {
        p.all.set(r);
        if (!r.live) p.done.set(r);
      }
      this.pairs.set(key, p);
    }
    return p;
  }
}

interface Loading {
  promise: Promise<LeagueEntry>;
  /** Writes that came in while the results were read: applied, in order, once they are in. */
  pending: Array<[number, ResultInput | null]>;
}

interface DbTables {
  entries: Map<number, LeagueEntry>;
  loading: Map<number, Loading>;
  /** Leagues' results read from storage so far (a table that follows its writes reads once). */
  reads: number;
  /** When this process last wrote matches here: while it keeps writing, it is the writer. */
  wroteAt: number;
}

const byDb = new WeakMap<object, DbTables>();

function tablesOf(db: object): DbTables {
  let t = byDb.get(db);
  if (!t) {
    t = { entries: new Map(), loading: new Map(), reads: 0, wroteAt: -Infinity };
    byDb.set(db, t);
  }
  return t;
}

/** What a written match counts for in its league's table. */
export function resultOfWritten(m: WrittenMatch): ResultInput | null {
  const live = isLive(m.sport, m.status);
  if (!live && !isFinished(m.sport, m.status)) return null;
  return { id: m.id, homeId: m.homeId, awayId: m.awayId, ot: m.ot, score: [m.score[0], m.score[1]], live };
}

/** The league's tables, its results read from storage only the first time (or when too old). */
export async function leagueTables(
  db: Db,
  leagueId: number,
  sport: Sport,
  now: number = Date.now(),
): Promise<TableView> {
  const t = tablesOf(db);
  const hit = t.entries.get(leagueId);
  if (hit && now - Math.max(hit.loadedAt, t.wroteAt) < MAX_AGE_MS) return hit;
  const busy = t.loading.get(leagueId);
  if (busy) return busy.promise;
  t.reads++;
  const loading: Loading = {
    pending: [],
    promise: leagueResults(db, leagueId, sport).then(
      (results) => {
        const entry = new LeagueEntry(sport, now, results);
        for (const [id, r] of loading.pending) entry.apply(id, r);
        // Forgotten meanwhile (`leaguesForgotten`): this answer serves its callers, the next read reads again.
        if (t.loading.get(leagueId) === loading) {
          t.loading.delete(leagueId);
          t.entries.set(leagueId, entry);
        }
        return entry;
      },
      (err: unknown) => {
        if (t.loading.get(leagueId) === loading) t.loading.delete(leagueId);
        throw err;
      },
    ),
  };
  t.loading.set(leagueId, loading);
  return loading.promise;
}

/** How many times a league's results were read from storage on this database handle. */
export const leagueReads = (db: object): number => byDb.get(db)?.reads ?? 0;

/**
 * Matches just written (scores, statuses): each moves its league's tables, if they are in memory,
 * and the cached answers of the leagues whose tables moved are dropped.
 */
export function matchesWritten(db: object, matches: Iterable<WrittenMatch>, now: number = Date.now()): void {
  const t = tablesOf(db);
  t.wroteAt = now;
  const moved = new Set<number>();
  for (const m of matches) {
    moved.add(m.leagueId);
    const r = resultOfWritten(m);
    t.entries.get(m.leagueId)?.apply(m.id, r);
    t.loading.get(m.leagueId)?.pending.push([m.id, r]);
  }
  leaguesChanged(db, moved);
}

/**
 * These leagues' results are read again on the next table asked (a write whose outcome is not
 * known here: an insert that keeps a stored row), and their cached answers dropped.
 */
export function leaguesForgotten(db: object, leagueIds: Iterable<number>): void {
  const ids = new Set(leagueIds);
  const t = byDb.get(db);
  if (t)
    for (const id of ids) {
      t.entries.delete(id);
      t.loading.delete(id);
    }
  leaguesChanged(db, ids);
}
