/**
 * The ingest path: every provider adapter hands its messages here, already parsed into the
 * provider-neutral updates below, and this turns them into the live model (./model.ts), stores
 * them through the sink and publishes them, exactly as the simulator's steps are stored and
 * published. It:
 * - maps the provider's status codes with that provider's one table (./providers.ts);
 * - applies each message once: a revision (provider timestamp or sequence) per match and aspect,
 *   an incident once per provider incident id, so duplicated, repeated and out-of-order messages
 *   change nothing;
 * - applies corrections: a goal taken back (VAR) lowers the score, its incident keeps its id and
 *   reads 进球无效 (clients replace it, alerts fire once per id so none repeats), standings and
 *   reports follow the stored score;
 * - flags a live match that stops receiving updates (status 0, 比赛异常) instead of leaving it
 *   live forever, and restores it on its next message.
 */
import {
  BasketballStatType,
  StatType,
  chinaDay,
  isLive,
  isPlaying,
  type IncidentType,
  type Pair,
  type Side,
  type Sport,
} from '../../workers/protocol/index';
import { performance } from 'node:perf_hooks';
import { publishOutput } from './publish';
import { tableRanks } from '../facts/table-ranks';
import { rowToSim } from './store';
import {
  companyKnown,
  isFeaturedLeague,
  leagueColor,
  leagueLetter,
  registerCompany,
  registerLeague,
  registerTeam,
  teamNameOf,
} from './catalogue';
import {
  newOutput,
  type BasketballState,
  type FeedOutput,
  type IncidentRow,
  type IngestMark,
  type LiveMatch,
} from './model';
import { localId, mapStatus, type ProviderName, type StatusTable } from './providers';
import { IngestText } from './text';
import type {
  FixtureUpdate,
  IncidentUpdate,
  Ingest,
  IngestDeps,
  IngestStats,
  IngestUpdate,
  NamedRef,
  OddsUpdate,
  ScoreUpdate,
  StatsUpdate,
} from './ingest-types';
import { basketballPeriod, newState, samePair, sideIdx, sideOf } from './ingest-state';

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
} from './ingest-types';

const ORDER: Record<IngestUpdate['kind'], number> = { fixture: 0, score: 1, incident: 2, stats: 3, odds: 4 };

/** Provider bookmakers get ids above the seeded ones, one block per provider. */
export const companyLocalId = (provider: ProviderName, id: string | number): number =>
  (provider === 'nami' ? 1_000_000 : 2_000_000) + Number(id);

/** What a message can change about a match, to tell a repeat from news (bookkeeping excluded). */
const signature = (m: LiveMatch): string =>
  JSON.stringify([
    m.status,
    m.score,
    m.ot,
    m.jc,
    m.bd,
    { ...m.st, src: undefined, seq: 0, clock: undefined, odds: undefined },
  ]);

/** What a list row shows (server/live/match-view.ts toMatch), to tell a stats move the lists must see. */
const rowSignature = (m: LiveMatch): string =>
  m.st.kind === 'zq'
    ? `${m.status}|${m.score}|${m.ot}|${m.st.half}|${m.st.red}|${m.st.yellow}|${m.st.corner}|${m.st.pen}`
    : `${m.status}|${m.score}|${m.ot}|${m.st.quarters.join(';')}`;

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
    done: (r: { changed: number[] }) => void;
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
      const m = rowToSim(row);
      if (m.st.src && (isLive(m.sport, m.status) || m.st.src.staleFrom !== undefined)) cache.set(m.id, m);
    }
  }

  async function load(id: number): Promise<LiveMatch | null> {
    const hit = cache.get(id);
    if (hit) return hit;
    const row = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const m = rowToSim(row);
    if (!m.st.src) return null;
    cache.set(id, m);
    return m;
  }

  const statusTable = (provider: ProviderName, sport: Sport): StatusTable => {
    const t = deps.statusTables[provider];
    if (!t) throw new Error(`no status table for ${provider}`);
    return t[sport];
  };

  /** Newer than what was applied for this aspect? Records it when it is. */
  function fresh(mark: IngestMark, aspect: string, rev: number): boolean {
    const last = mark.rev[aspect];
    if (last !== undefined && rev <= last) return false;
    mark.rev[aspect] = rev;
    return true;
  }

  async function upsertCatalogue(
    u: FixtureUpdate,
  ): Promise<{ leagueId: number; homeId: number; awayId: number; leagueName: string }> {
    const leagueId = localId(u.provider, u.sport, u.league.id);
    const league = await deps.names(u.provider, 'league', String(u.league.id), u.league.name);
    const leagueName = league.short ?? league.name;
    const letter = leagueLetter(leagueName);
    const color = leagueColor(leagueId);
    await db
      .insertInto('live_leagues')
      .values({
        id: leagueId,
        sport: u.sport,
        name: leagueName,
        letter,
        color,
        season: '',
        cup: u.cup ?? false,
        major: false,
        quarter_min: u.sport === 'lq' ? 12 : null,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: leagueName, letter }))
      .execute();
    registerLeague(leagueId, { name: leagueName, color, letter });
    const team = async (ref: NamedRef): Promise<number> => {
      const id = localId(u.provider, u.sport, ref.id);
      const n = await deps.names(u.provider, 'team', String(ref.id), ref.name);
      const name = n.short ?? n.name;
      await db
        .insertInto('live_teams')
        .values({ id, league_id: leagueId, sport: u.sport, name, strength: 50, color: color, color2: '#ffffff' })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name }))
        .execute();
      registerTeam(id, name);
      return id;
    };
    return { leagueId, homeId: await team(u.home), awayId: await team(u.away), leagueName };
  }

  /** One batch's work on one match. */
  interface Touch {
    m: LiveMatch;
    /** The provider lowered the score this batch (a goal may have to be taken back). */
    lowered: boolean;
  }

  function incidentRow(
    m: LiveMatch,
    id: string,
    type: IncidentType,
    side: Side | null,
    minute: number,
    text: string,
    state: number | null,
    at: number,
  ): IncidentRow {
    return { id, matchId: m.id, sport: m.sport, type, side, minute, text, score: [m.score[0], m.score[1]], state, at };
  }

  function addText(
    out: FeedOutput,
    m: LiveMatch,
    minute: number,
    text: string,
    type: IncidentType | 'text',
    at: number,
  ) {
    m.st.seq++;
    out.texts.push({ id: `${m.id}-t${m.st.seq}`, matchId: m.id, minute, text, type, at });
  }

  function setStatus(out: FeedOutput, m: LiveMatch, status: number, at: number, periodStart?: number): void {
    if (status === m.status) return;
    m.status = status;
    if (m.st.kind === 'lq') m.st.period = basketballPeriod(status, m.st.period);
    if (isPlaying(m.sport, status)) m.st.phaseStart = periodStart ? periodStart * 1000 : at;
    m.st.seq++;
    const text = IngestText.state(m.sport, status);
    out.incidents.push(incidentRow(m, `${m.id}-s${m.st.seq}`, 'state', null, 0, text, status, at));
    addText(out, m, 0, text, 'state', at);
  }

  function goalsOf(mark: IngestMark, side: 0 | 1): Array<[string, IngestMark['inc'][string]]> {
    return Object.entries(mark.inc)
      .filter(([, v]) => v[3] === 'goal' && v[1] === 0 && v[2] === side)
      .sort((a, b) => a[1][4] - b[1][4] || a[1][0].localeCompare(b[1][0]));
  }

  /** Marks a counted goal as taken back: same incident id, text 进球无效, the score after it. */
  function voidGoal(out: FeedOutput, m: LiveMatch, key: string, at: number, lowerScore: boolean): void {
    const mark = m.st.src!;
    const entry = mark.inc[key];
    const side = entry[2];
    if (lowerScore && side !== -1) m.score[side] = Math.max(0, m.score[side] - 1);
    entry[1] = 1;
    const team = side === -1 ? '' : teamNameOf(side === 0 ? m.homeId : m.awayId);
    const text = `${IngestText.minute(m.sport, entry[4])} ${team} ${IngestText.voided}，比分 ${m.score[0]}-${m.score[1]}`;
    out.incidents.push(incidentRow(m, entry[0], 'goal', sideOf(side), entry[4], text, null, at));
    addText(out, m, entry[4], text, 'goal', at);
    counters.corrections++;
  }

  function applyScore(out: FeedOutput, t: Touch, u: ScoreUpdate, at: number): boolean {
    const m = t.m;
    const mark = m.st.src!;
    if (!fresh(mark, 'score', u.rev)) return false;
    if (u.status !== undefined)
      setStatus(out, m, mapStatus(statusTable(u.provider, u.sport), u.status, m.status), at, u.periodStart);
    if (u.periodStart && isPlaying(m.sport, m.status)) m.st.phaseStart = u.periodStart * 1000;
    if (u.score && !samePair(u.score, m.score)) {
      if (u.score[0] < m.score[0] || u.score[1] < m.score[1]) t.lowered = true;
      m.score = [u.score[0], u.score[1]];
    }
    const st = m.st;
    if (st.kind === 'zq') {
      if (u.half !== undefined) st.half = u.half ? [u.half[0], u.half[1]] : null;
      if (u.red) st.red = [u.red[0], u.red[1]];
      if (u.yellow) st.yellow = [u.yellow[0], u.yellow[1]];
      if (u.corner) st.corner = [u.corner[0], u.corner[1]];
      if (u.pen !== undefined) st.pen = u.pen ? [u.pen[0], u.pen[1]] : null;
    } else {
      if (u.quarters) st.quarters = u.quarters.map((q) => [q[0], q[1]] as Pair);
      if (u.remain !== undefined) st.clock = u.remain === null ? undefined : { remain: u.remain, at };
    }
    return true;
  }

  function applyIncident(out: FeedOutput, t: Touch, u: IncidentUpdate, at: number): boolean {
    const m = t.m;
    const mark = m.st.src!;
    const key = String(u.id);
    const known = mark.inc[key];
    if (known) {
      // Seen already: only a goal now taken back changes anything.
      if (!u.voided || known[1] === 1 || known[3] !== 'goal') return false;
      const side = known[2];
      // The score still counts it unless the provider's own score (this batch) already dropped it.
      const counted = side !== -1 && goalsOf(mark, side).length <= m.score[side];
      voidGoal(out, m, key, at, counted);
      return true;
    }
    // A take-back naming a goal we know under another key (providers report the review as its own
    // event, often minutes later): it is that side's latest goal, counted or already taken back.
    if (u.voided && u.type === 'goal' && u.side) {
      const s = sideIdx(u.side) as 0 | 1;
      const counted = goalsOf(mark, s);
      const taken = Object.entries(mark.inc)
        .filter(([, v]) => v[3] === 'goal' && v[1] === 1 && v[2] === s)
        .sort((a, b) => a[1][4] - b[1][4]);
      const target = counted.at(-1) ?? taken.at(-1);
      if (target) {
        mark.inc[key] = target[1];
        if (target[1][1] === 1) return false;
        voidGoal(out, m, target[0], at, counted.length <= m.score[s]);
        return true;
      }
    }
    m.st.seq++;
    const id = `${m.id}-p${m.st.seq}`;
    const team = u.side ? teamNameOf(u.side === 'home' ? m.homeId : m.awayId) : '';
    const when = IngestText.minute(m.sport, u.minute);
    const what = u.voided ? IngestText.voided : (IngestText.event[u.type] ?? '');
    const text = IngestText.incident(when, team, what, u.player, m.score);
    mark.inc[key] = [id, u.voided ? 1 : 0, sideIdx(u.side), u.type, u.minute];
    out.incidents.push(incidentRow(m, id, u.type, u.side, u.minute, text, null, at));
    addText(out, m, u.minute, text, u.type, at);
    return true;
  }

  function applyStats(out: FeedOutput, m: LiveMatch, u: StatsUpdate): boolean {
    if (!fresh(m.st.src!, 'stats', u.rev)) return false;
    const st = m.st;
    for (const s of u.stats) {
      const p: Pair = [s.home, s.away];
      if (st.kind === 'zq') {
        if (s.type === StatType.CORNER) st.corner = p;
        else if (s.type === StatType.YELLOW) st.yellow = p;
        else if (s.type === StatType.RED) st.red = p;
        else if (s.type === StatType.ATTACKS) st.attacks = p;
        else if (s.type === StatType.DANGEROUS_ATTACKS) st.danger = p;
        else if (s.type === StatType.POSSESSION) st.poss = p;
        else if (s.type === StatType.SHOTS_ON_TARGET) st.onTarget = p;
        else if (s.type === StatType.SHOTS) st.shots = p;
      } else {
        const T = BasketballStatType;
        const box: Record<number, keyof BasketballState['box']> = {
          [T.FIELD_GOALS_MADE]: 'fgm',
          [T.FIELD_GOALS_ATTEMPTED]: 'fga',
          [T.THREES_MADE]: 'tpm',
          [T.THREES_ATTEMPTED]: 'tpa',
          [T.FREE_THROWS_MADE]: 'ftm',
          [T.FREE_THROWS_ATTEMPTED]: 'fta',
          [T.REBOUNDS]: 'reb',
          [T.ASSISTS]: 'ast',
          [T.STEALS]: 'stl',
          [T.BLOCKS]: 'blk',
          [T.TURNOVERS]: 'tov',
          [T.FOULS]: 'pf',
        };
        const k = box[s.type];
        if (k) st.box[k] = p;
      }
    }
    // Shots off target are a stat of their own at most providers: shots = on + off.
    if (st.kind === 'zq') {
      const off = u.stats.find((s) => s.type === StatType.SHOTS_OFF_TARGET);
      if (off && !u.stats.some((s) => s.type === StatType.SHOTS))
        st.shots = [st.onTarget[0] + off.home, st.onTarget[1] + off.away];
    }
    out.statsChanged.add(m.id);
    return true;
  }

  async function applyOdds(out: FeedOutput, m: LiveMatch, u: OddsUpdate, at: number): Promise<boolean> {
    const companyId = companyLocalId(u.provider, u.company.id);
    if (!fresh(m.st.src!, `odds:${u.type}:${companyId}`, u.rev)) return false;
    const k = `${u.type}:${companyId}`;
    const prev = m.st.odds[k];
    if (prev && prev[0] === u.left && prev[1] === u.middle && prev[2] === u.right) return false;
    if (!companyKnown(companyId)) {
      const n = await deps.names(u.provider, 'company', String(u.company.id), u.company.name);
      registerCompany(companyId, n.name);
      await db
        .insertInto('live_bookmakers')
        .values({ id: companyId, name_zh: n.name, sort: 1000 + Number(u.company.id) })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name_zh: n.name }))
        .execute();
    }
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
    const { leagueId, homeId, awayId, leagueName } = await upsertCatalogue(u);
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
      const touchedBy: Array<Set<number>> = [];
      for (const job of jobs) touchedBy.push(await applyBatch(out, job.updates, at));
      const { changed } = await commit(out, at);
      const stored = new Set(changed);
      jobs.forEach((job, i) => job.done({ changed: [...touchedBy[i]!].filter((id) => stored.has(id)) }));
    } catch (err) {
      for (const job of jobs) job.fail(err);
    }
  }

  /** One batch's updates into the tick's output; answers the matches it changed. */
  async function applyBatch(out: FeedOutput, updates: readonly IngestUpdate[], at: number): Promise<Set<number>> {
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
      const before = odds ? '' : signature(m);
      const row = u.kind === 'stats' ? rowSignature(m) : '';
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
      } else if (u.kind === 'score') did = applyScore(out, t, u, at);
      else if (u.kind === 'incident') did = applyIncident(out, t, u, at);
      else if (u.kind === 'stats') did = applyStats(out, m, u);
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
      if (wasStale || (!odds && (u.kind !== 'stats' || rowSignature(m) !== row))) out.listed!.add(m.id);
      if (wasStale || u.kind === 'fixture' || u.kind === 'score' || u.kind === 'incident') out.results!.add(m.id);
    }
    // The provider's score fell below the goals counted: take back the latest ones (VAR).
    for (const t of touched.values()) {
      if (!t.lowered) continue;
      const mark = t.m.st.src!;
      for (const side of [0, 1] as const) {
        const goals = goalsOf(mark, side);
        let excess = goals.length - t.m.score[side];
        for (let i = goals.length - 1; i >= 0 && excess > 0; i--, excess--) voidGoal(out, t.m, goals[i][0], at, false);
      }
    }
    return mine;
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
