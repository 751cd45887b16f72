/**
 * The ingest path: every provider adapter hands its messages here, already parsed into the
 * provider-neutral updates below, and this turns them into the live model (./model.ts), stores
 * them through the sink and publishes them, exactly as the simulator's steps are stored and
 * published. It:
 * - maps the provider's status codes with that provider's one table (./providers.ts);
 * - applies each message once: a revision (provider timestamp or sequence) per match and aspect,
 *   an incident once per provider incident id, so duplicated, repeated and out-of-order messages
 *   change nothing; where the revision is only the arrival time, the message's `progress`
 *   (counters that only go up) tells one come late, and a lower score level with the last is
 *   held until the provider's current state says it (ingest-apply.ts applyScore);
 * - applies corrections: a goal taken back (VAR) lowers the score, its incident keeps its id and
 *   reads 进球无效 (clients replace it, alerts fire once per id so none repeats), standings and
 *   reports follow the stored score;
 * - flags a live match that stops receiving updates (status 0, 比赛异常) instead of leaving it
 *   live forever, and restores it on its next message.
 * How one message changes a match is ./ingest-apply.ts; the league, teams and bookmakers a message
 * brings are stored by ./ingest-catalogue.ts; here are the ticks, the cache of live matches, the
 * write-behind and the publish.
 */
import { chinaDay, isLive, type Sport } from '../../workers/protocol/index';
import { performance } from 'node:perf_hooks';
import { publishOutput } from './publish';
import { tableRanks } from '../facts/table-ranks';
import { rowToMatch } from './store';
import { isFeaturedLeague } from './catalogue';
import { newOutput, type FeedOutput, type IngestMark, type LiveMatch } from './model';
import { localId, mapStatus, type ProviderName, type StatusTable } from './providers';
import { IngestText } from './text';
import type { FixtureUpdate, Ingest, IngestDeps, IngestStats, IngestUpdate, OddsUpdate } from './ingest-types';
import { newState } from './ingest-state';
import {
  addText,
  applyIncident,
  applyScore,
  applyStats,
  fresh,
  goalsOf,
  rowSignature,
  setStatus,
  signature,
  voidGoal,
  type ApplyContext,
  type Touch,
} from './ingest-apply';
import { companyLocalId, ensureCompany, upsertCatalogue } from './ingest-catalogue';
import { applyBox } from './ingest-box';

export type {
  FixtureUpdate,
  IncidentUpdate,
  Ingest,
  IngestDeps,
  IngestStats,
  IngestUpdate,
  NamedRef,
  NameResolver,
  OddsUpdate,
  ScoreUpdate,
  StatsUpdate,
  BoxUpdate,
  BoxPlayer,
} from './ingest-types';
export { companyLocalId } from './ingest-catalogue';

const ORDER: Record<IngestUpdate['kind'], number> = { fixture: 0, score: 1, incident: 2, stats: 3, box: 4, odds: 5 };

export function createIngest(deps: IngestDeps): Ingest {
  const { db, sink } = deps;
  /** Provider matches loaded or created, by our id. */
  const cache = new Map<number, LiveMatch>();
  const counters: IngestStats = {
    lastMessageAt: null,
    applied: 0,
    duplicates: 0,
    unknown: 0,
    corrections: 0,
    stale: 0,
  };
  let chain: Promise<unknown> = Promise.resolve();
  let loaded = false;
  /** Matches whose odds moved since their row was last written (write-behind, see commit). */
  const dirty = new Set<number>();
  let flushedAt = deps.now();
  /** This tick's odds rows by match, market and company (index in `out.odds`). */
  const oddsInTick = new Map<string, number>();
  /** Batches handed in and not yet taken by a tick. */
  let waiting: Array<{
    updates: readonly IngestUpdate[];
    done: (r: { changed: number[]; held: number[] }) => void;
    fail: (e: unknown) => void;
  }> = [];
  let tickQueued = false;
  /** performance.now() when the last tick started (ticks pace on the real clock, not `now`). */
  let lastTickAt = -Infinity;

  function serial<T>(job: () => Promise<T>): Promise<T> {
    const run = chain.then(job, job);
    chain = run.catch(() => undefined);
    return run;
  }

  /** Live provider matches from storage, so a restart still flags the ones that went quiet. */
  async function loadLive(): Promise<void> {
    if (loaded) return;
    loaded = true;
    const rows = await db
      .selectFrom('live_matches')
      .selectAll()
      .where('id', '>=', localId('nami', 'zq', 0))
      .execute();
    for (const row of rows) {
      const m = rowToMatch(row);
      if (m.st.src && (isLive(m.sport, m.status) || m.st.src.staleFrom !== undefined)) cache.set(m.id, m);
    }
  }

  async function load(id: number): Promise<LiveMatch | null> {
    const hit = cache.get(id);
    if (hit) return hit;
    const row = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const m = rowToMatch(row);
    if (!m.st.src) return null;
    cache.set(id, m);
    return m;
  }

  const statusTable = (provider: ProviderName, sport: Sport): StatusTable => {
    const t = deps.statusTables[provider];
    if (!t) throw new Error(`no status table for ${provider}`);
    return t[sport];
  };
  const ctx: ApplyContext = { counters, statusTable };

  async function applyOdds(out: FeedOutput, m: LiveMatch, u: OddsUpdate, at: number): Promise<boolean> {
    const companyId = companyLocalId(u.provider, u.company.id);
    if (!fresh(m.st.src!, `odds:${u.type}:${companyId}`, u.rev)) return false;
    const k = `${u.type}:${companyId}`;
    const prev = m.st.odds[k];
    if (prev && prev[0] === u.left && prev[1] === u.middle && prev[2] === u.right) return false;
    await ensureCompany(deps, u.provider, u.company, companyId);
    m.st.odds[k] = [u.left, u.middle, u.right];
    // Coalesced per match, company and market within a tick: one row stored and published, the last value.
    const move = { matchId: m.id, type: u.type, companyId, left: u.left, middle: u.middle, right: u.right, at };
    const key = `${m.id}:${k}`;
    const i = oddsInTick.get(key);
    if (i === undefined) {
      oddsInTick.set(key, out.odds.length);
      out.odds.push(move);
    } else out.odds[i] = move;
    return true;
  }

  async function applyFixture(u: FixtureUpdate, at: number): Promise<{ m: LiveMatch; created: boolean } | 'dup'> {
    const id = localId(u.provider, u.sport, u.match);
    const existing = await load(id);
    if (existing) {
      if (!fresh(existing.st.src!, 'fixture', u.rev)) return 'dup';
      return { m: existing, created: false };
    }
    const { leagueId, homeId, awayId, leagueName } = await upsertCatalogue(deps, u);
    const mark: IngestMark = {
      provider: u.provider,
      providerId: String(u.match),
      rev: { fixture: u.rev },
      inc: {},
      lastAt: at,
    };
    const m: LiveMatch = {
      id,
      sport: u.sport,
      leagueId,
      homeId,
      awayId,
      day: chinaDay(u.ot * 1000),
      ot: u.ot,
      status: mapStatus(statusTable(u.provider, u.sport), u.status, 1),
      score: [0, 0],
      jc: u.jc ?? null,
      bd: u.bd ?? false,
      jx: false,
      // The leagues the app features (the catalogue's) are hot: reports, the hot lists.
      hot: isFeaturedLeague(u.sport, leagueName),
      hasVideo: false,
      type: 0,
      st: newState(u.sport, u.cup ?? false, mark),
      updatedAt: at,
    };
    await sink.insertMatches([m], at);
    cache.set(id, m);
    return { m, created: true };
  }

  /**
   * One tick: every batch handed in since the last one, each applied in order as its own batch
   * (its fixtures, then scores, then the rest, and its VAR take-backs), then stored in one
   * transaction and published once.
   */
  async function tick(): Promise<void> {
    tickQueued = false;
    lastTickAt = performance.now();
    const jobs = waiting;
    waiting = [];
    if (jobs.length === 0) return;
    try {
      await loadLive();
      const at = deps.now();
      counters.lastMessageAt = at;
      const out: FeedOutput = { ...newOutput(), listed: new Set(), results: new Set() };
      oddsInTick.clear();
      const results: Array<{ mine: Set<number>; held: number[] }> = [];
      for (const job of jobs) results.push(await applyBatch(out, job.updates, at));
      const { changed } = await commit(out, at);
      const stored = new Set(changed);
      jobs.forEach((job, i) =>
        job.done({ changed: [...results[i]!.mine].filter((id) => stored.has(id)), held: results[i]!.held }),
      );
    } catch (err) {
      for (const job of jobs) job.fail(err);
    }
  }

  /** One batch's updates into the tick's output; answers the matches it changed and those whose lower score it held. */
  async function applyBatch(
    out: FeedOutput,
    updates: readonly IngestUpdate[],
    at: number,
  ): Promise<{ mine: Set<number>; held: number[] }> {
    const touched = new Map<number, Touch>();
    const mine = new Set<number>();
    const sorted = [...updates].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
    for (const u of sorted) {
      let m: LiveMatch | null;
      let created = false;
      if (u.kind === 'fixture') {
        const r = await applyFixture(u, at);
        if (r === 'dup') {
          counters.duplicates++;
          continue;
        }
        created = r.created;
        m = r.m;
      } else m = await load(localId(u.provider, u.sport, u.match));
      if (!m) {
        counters.unknown++;
        continue;
      }
      let t = touched.get(m.id);
      if (!t) {
        t = { m, lowered: false };
        touched.set(m.id, t);
      }
      const mark = m.st.src!;
      const odds = u.kind === 'odds';
      // An odds move is told apart from a repeat by applyOdds; the rest by what it changed.
      const before = odds || u.kind === 'incident' ? '' : signature(m);
      const row = u.kind === 'stats' || u.kind === 'box' ? rowSignature(m) : '';
      let did: boolean;
      if (u.kind === 'fixture') {
        const status = mapStatus(statusTable(u.provider, u.sport), u.status, m.status);
        did = true;
        if (m.ot !== u.ot) {
          m.ot = u.ot;
          m.day = chinaDay(u.ot * 1000);
        }
        if (u.jc !== undefined) m.jc = u.jc;
        if (u.bd !== undefined) m.bd = u.bd;
        // A list is less current than the live messages: its status counts only when newer than theirs.
        if (u.rev > (mark.rev.score ?? 0)) setStatus(out, m, status, at);
      } else if (u.kind === 'score') did = applyScore(ctx, out, t, u, at);
      else if (u.kind === 'incident') did = applyIncident(ctx, out, t, u, at);
      else if (u.kind === 'stats') did = applyStats(out, m, u);
      else if (u.kind === 'box') did = await applyBox(out, m, u, deps.names);
      else did = await applyOdds(out, m, u, at);
      if (!did) {
        counters.duplicates++;
        continue;
      }
      mark.lastAt = at;
      // A message for a match flagged stale brings it back to the status it had.
      const wasStale = mark.staleFrom !== undefined;
      if (wasStale) {
        if (m.status === 0) m.status = mark.staleFrom!;
        delete mark.staleFrom;
      }
      // Newer but saying nothing new (a provider repeating its full state): alive, nothing to publish.
      if (!odds && !wasStale && !created && u.kind !== 'incident' && signature(m) === before) {
        counters.duplicates++;
        continue;
      }
      counters.applied++;
      out.changed.add(m.id);
      mine.add(m.id);
      const rowOnly = u.kind === 'stats' || u.kind === 'box';
      if (wasStale || (!odds && (!rowOnly || rowSignature(m) !== row))) out.listed!.add(m.id);
      if (wasStale || u.kind === 'fixture' || u.kind === 'score' || u.kind === 'incident') out.results!.add(m.id);
    }
    // The provider's score fell below the goals counted: take back the latest ones (VAR).
    for (const t of touched.values()) {
      if (!t.lowered) continue;
      const mark = t.m.st.src!;
      for (const side of [0, 1] as const) {
        const goals = goalsOf(mark, side);
        let excess = goals.length - t.m.score[side];
        for (let i = goals.length - 1; i >= 0 && excess > 0; i--, excess--)
          voidGoal(ctx, out, t.m, goals[i][0], at, false);
      }
    }
    return { mine, held: [...touched.values()].filter((t) => t.held).map((t) => t.m.id) };
  }

  async function commit(out: FeedOutput, at: number): Promise<{ changed: number[] }> {
    const changed: LiveMatch[] = [];
    for (const id of out.changed) {
      const m = cache.get(id);
      if (!m) continue;
      m.updatedAt = at;
      changed.push(m);
    }
    // Write-behind: a match that only moved odds keeps its row (state, revisions) in memory until its
    // next other change or the next flush; its odds rows, the part clients see, are stored now.
    const flush = at - flushedAt >= (deps.flushMs ?? 5_000);
    const oddsOnly = (m: LiveMatch) =>
      !!out.listed && !out.listed.has(m.id) && !out.statsChanged.has(m.id) && !out.results?.has(m.id);
    const rows: LiveMatch[] = [];
    for (const m of changed) {
      if (oddsOnly(m)) dirty.add(m.id);
      else {
        dirty.delete(m.id);
        rows.push(m);
      }
    }
    if (flush) {
      for (const id of dirty) {
        const m = cache.get(id);
        if (m) rows.push(m);
      }
      dirty.clear();
      flushedAt = at;
    }
    // Stored (one transaction) before anything is published: what a client saw survives a crash.
    await sink.saveOutput(rows, out, at);
    for (const i of out.incidents) deps.metrics.feedEvents.inc({ sport: i.sport, type: i.type });
    publishOutput(
      deps.hub,
      out,
      changed,
      { seed: deps.seed, speed: 1, now: at },
      await tableRanks(deps.db, changed, at),
    );
    // Only live and stale matches need to stay in memory (for the stale sweep).
    for (const m of changed) if (!isLive(m.sport, m.status) && m.st.src?.staleFrom === undefined) cache.delete(m.id);
    return { changed: changed.map((m) => m.id) };
  }

  async function sweep(): Promise<number> {
    await loadLive();
    const at = deps.now();
    const out = newOutput();
    for (const m of cache.values()) {
      const mark = m.st.src;
      if (!mark || mark.staleFrom !== undefined || !isLive(m.sport, m.status)) continue;
      if (at - mark.lastAt < deps.staleAfterMs) continue;
      mark.staleFrom = m.status;
      m.status = 0;
      addText(out, m, 0, IngestText.stale, 'text', at);
      out.changed.add(m.id);
    }
    const flagged = out.changed.size;
    if (flagged > 0) await commit(out, at);
    return flagged;
  }

  return {
    apply: (updates) =>
      new Promise((done, fail) => {
        waiting.push({ updates, done, fail });
        if (tickQueued) return;
        tickQueued = true;
        const wait = lastTickAt + (deps.tickMs ?? 20) - performance.now();
        if (wait <= 0) void serial(tick);
        else setTimeout(() => void serial(tick), wait);
      }),
    sweepStale: () => serial(sweep),
    stats: () => ({ ...counters, stale: [...cache.values()].filter((m) => m.st.src?.staleFrom !== undefined).length }),
  };
}
