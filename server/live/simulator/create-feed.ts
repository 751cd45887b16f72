/**
 * The live feed simulator: fixtures of the season calendar from about a month back to a week
 * ahead (Beijing time, `feedDays`), advanced every second.
 * Each tick advances every unfinished match to now(), stores what changed in one transaction,
 * then publishes: one ListEvent per changed match on 'football'/'basketball', and the incidents,
 * text lines, stats and odds moves on `match:<id>`. State lives in the database, so a restart
 * continues where it stopped (minutes never go back, goals are never replayed).
 */
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { Metrics } from '../../metrics';
import type { Hub } from '../../ws/hub';
import {
  Code,
  STATUS_TABLE,
  addDays,
  chinaDay,
  isFinal,
  isPlaying,
  fail,
  ok,
  type Envelope,
  type Side,
  type Sport,
} from '../../../workers/protocol/index';
import { seedCatalogue } from '../../seed/seed';

import { rngFor } from '../../seed/rng';
import type { DevFeedEvent } from './feed';
import { fixturesOfDay, type Fixture } from './fixtures';
import {
  advanceFootball,
  footballEvent,
  footballMinute,
  forceFootballStatus,
  minuteLabel,
  newFootballState,
} from './football';
import { advanceBasketball, basketballPoints, forceBasketballStatus, newBasketballState } from './basketball';
import { emitIncident, teamName } from './emit';
import { toMatch, type ViewClock } from '../match-view';
import { FEED_DAYS_KEY, loadMeta, rowToMatch, saveMeta } from '../store';
import { publishOutput, toIncident } from '../publish';
import { tableRanks } from '../../facts/table-ranks';
import { warmSeasonResults } from '../past-results';
import { refreshLine, refreshOldCalendar } from './calendar-version';
import { simulatedDetail } from './simulated-details';
import { localSourceHealth, type LiveSink, type LiveSource } from '../source';
import { FEED_WINDOW_DAYS } from '../model';
import { newOutput, type FeedOutput, type SimContext, type SimMatch } from './sim-types';
import { canMove, isKnownStatus } from '../status';
import { FeedText } from './text';

/**
 * Days played before today that a first start fills (from a Friday 北京时间, so that no weekend
 * round, which runs Saturday to Tuesday morning in China, is cut): tables and form over a month.
 */
export const FEED_HISTORY_DAYS = 28;

/** The Beijing days the simulator keeps stored around `today`: about a month back, a week ahead. */
export function feedDays(today: string): string[] {
  let day = addDays(today, -FEED_HISTORY_DAYS);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 5) day = addDays(day, -1);
  const out: string[] = [];
  for (; day <= addDays(today, FEED_WINDOW_DAYS); day = addDays(day, 1)) out.push(day);
  return out;
}
const TICK_MS = 1000;
/** Matches that kicked off longer ago than this are caught up without text/odds history. */
const HISTORY_AGE_MS = 6 * 3600_000;
const DAYS_KEY = FEED_DAYS_KEY;

export function fixtureToSim(seed: number, f: Fixture, nowMs: number): SimMatch {
  return {
    id: f.id,
    sport: f.sport,
    leagueId: f.leagueId,
    homeId: f.homeId,
    awayId: f.awayId,
    day: f.day,
    ot: f.ot,
    status: 1,
    score: [0, 0],
    jc: f.jc,
    bd: f.bd,
    jx: f.jx,
    hot: f.hot,
    hasVideo: false,
    type: 0,
    st: f.sport === 'zq' ? newFootballState(seed, f) : newBasketballState(seed, f),
    updatedAt: nowMs,
  };
}

/** Statuses a match can still move on from: not started yet, live, or interrupted. */
const unfinished = (sport: Sport): number[] => {
  const t = STATUS_TABLE[sport];
  return [...t.upcoming, ...t.live, t.interrupted];
};

export interface FeedDeps {
  db: Db;
  hub: Hub;
  metrics: Metrics;
  config: Config;
  now: () => number;
  /** Where what the simulator produces is stored (the repository, or a recorder in front of it). */
  sink: LiveSink;
}

/** The simulator: the embedded default `LiveSource`. */
export function createFeed(deps: FeedDeps): LiveSource {
  const { db, hub, metrics, config, sink } = deps;
  const seed = config.feedSeed;
  const speed = config.feedSpeed > 0 ? config.feedSpeed : 1;
  /** Unfinished matches, advanced every tick. */
  const active = new Map<number, SimMatch>();
  const days = new Set<string>();
  let started = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let busy = false;
  /** Unix ms of the last tick that stored something (the simulator's "last message"). */
  let lastAt: number | null = null;

  /** Runs jobs one at a time (ticks and dev events never interleave). */
  function serial<T>(job: () => Promise<T>): Promise<T> {
    const run = chain.then(job, job);
    chain = run.catch(() => undefined);
    return run;
  }

  const clock = (): ViewClock => ({ seed, speed, now: deps.now() });
  const context = (publish: boolean): SimContext => ({
    seed,
    speed,
    out: newOutput(),
    snapshot: publish,
    history: true,
  });

  async function ensureDays(nowMs: number): Promise<void> {
    const today = chinaDay(nowMs);
    const missing = feedDays(today).filter((day) => !days.has(day));
    if (missing.length === 0) return;
    const fixtures = missing.flatMap((day) => fixturesOfDay(seed, day));
    const ids = fixtures.map((f) => f.id);
    // A fixture already stored keeps its stored state; only new ones are inserted.
    const stored = new Set<number>();
    for (let i = 0; i < ids.length; i += 2000) {
      const rows = await db
        .selectFrom('live_matches')
        .select('id')
        .where('id', 'in', ids.slice(i, i + 2000))
        .execute();
      for (const r of rows) stored.add(r.id);
    }
    const fresh = fixtures.filter((f) => !stored.has(f.id)).map((f) => fixtureToSim(seed, f, nowMs));
    await sink.insertMatches(fresh, nowMs);
    for (const m of fresh) active.set(m.id, m);
    const known = [...stored].filter((id) => !active.has(id));
    for (let i = 0; i < known.length; i += 2000) {
      const rows = await db
        .selectFrom('live_matches')
        .selectAll()
        .where('id', 'in', known.slice(i, i + 2000))
        .execute();
      for (const row of rows) {
        const m = rowToMatch(row);
        if (!isFinal(m.sport, m.status)) active.set(m.id, m);
      }
    }
    for (const day of missing) days.add(day);
    await saveMeta(db, DAYS_KEY, { days: [...days].sort().slice(-2 * (FEED_HISTORY_DAYS + 2 * FEED_WINDOW_DAYS)) });
  }

  function advanceMatch(ctx: SimContext, m: SimMatch, nowMs: number): void {
    if (m.sport === 'zq') advanceFootball(ctx, m, nowMs);
    else advanceBasketball(ctx, m, nowMs);
  }

  function count(out: FeedOutput): void {
    for (const i of out.incidents) metrics.feedEvents.inc({ sport: i.sport, type: i.type });
    if (out.odds.length > 0) metrics.feedEvents.inc({ sport: 'all', type: 'odds' }, out.odds.length);
    if (out.texts.length > 0) metrics.feedEvents.inc({ sport: 'all', type: 'text' }, out.texts.length);
  }

  /** Stores and (when live) publishes the matches a context changed. */
  async function commit(ctx: SimContext, nowMs: number, doPublish: boolean): Promise<SimMatch[]> {
    const changed: SimMatch[] = [];
    for (const id of ctx.out.changed) {
      const m = active.get(id);
      if (!m) continue;
      m.updatedAt = nowMs;
      changed.push(m);
    }
    await sink.saveOutput(changed, ctx.out, nowMs);
    lastAt = nowMs;
    count(ctx.out);
    // Rows carry their teams' ranks as the tables stand after these results (stored just above).
    if (doPublish) publishOutput(hub, ctx.out, changed, clock(), await tableRanks(db, changed, nowMs));
    for (const m of changed) if (isFinal(m.sport, m.status)) active.delete(m.id);
    return changed;
  }

  async function tick(doPublish: boolean): Promise<number> {
    const nowMs = deps.now();
    await ensureDays(nowMs);
    const ctx = context(doPublish);
    for (const m of active.values()) {
      ctx.history = m.ot * 1000 >= nowMs - HISTORY_AGE_MS;
      advanceMatch(ctx, m, nowMs);
    }
    return (await commit(ctx, nowMs, doPublish)).length;
  }

  async function loadActive(): Promise<void> {
    const meta = await loadMeta<{ days?: string[] }>(db, DAYS_KEY);
    for (const d of meta?.days ?? []) days.add(d);
    // Fixtures stored from an older calendar: the days after today are filled again from this one.
    const refresh = await refreshOldCalendar(db, seed, deps.now(), days);
    if (refresh) {
      console.info(refreshLine(seed, refresh));
      for (const d of refresh.days) days.delete(d);
    }
    const rows = await db
      .selectFrom('live_matches')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('sport', '=', 'zq'), eb('status', 'in', unfinished('zq'))]),
          eb.and([eb('sport', '=', 'lq'), eb('status', 'in', unfinished('lq'))]),
        ]),
      )
      .execute();
    for (const row of rows) {
      const m = rowToMatch(row);
      if (!isFinal(m.sport, m.status)) active.set(m.id, m);
    }
  }

  async function findMatch(id: number): Promise<SimMatch | null> {
    const m = active.get(id);
    if (m) return m;
    const row = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? rowToMatch(row) : null;
  }

  async function applyDev(ev: DevFeedEvent): Promise<Envelope> {
    const nowMs = deps.now();
    const found = await findMatch(ev.matchId);
    if (!found) return fail(Code.NOT_FOUND, FeedText.notFound);
    if (!active.has(found.id))
      return fail(Code.REFUSED, ev.type === 'state' ? FeedText.alreadyOver : FeedText.notInPlay(ev.type));
    const m = found;
    const ctx = context(true);
    advanceMatch(ctx, m, nowMs);
    const side: Side = ev.side ?? 'home';
    const sport: Sport = m.sport;
    let refusal: string | null = null;
    if (ev.type === 'state') {
      if (ev.state === undefined) refusal = FeedText.stateMissing;
      else if (!isKnownStatus(sport, ev.state)) refusal = FeedText.unknownState(ev.state);
      else if (!canMove(sport, m.status, ev.state)) refusal = FeedText.badMove(m.status, ev.state);
      else if (sport === 'zq') forceFootballStatus(ctx, m, ev.state, nowMs);
      else forceBasketballStatus(ctx, m, ev.state, nowMs);
    } else if (!isPlaying(sport, m.status)) {
      refusal = FeedText.notInPlay(ev.type);
    } else if (sport === 'zq') {
      const minute = footballMinute(m, nowMs, speed);
      footballEvent(
        ctx,
        m,
        ev.type,
        side,
        minute,
        nowMs,
        rngFor(seed, m.id, 'dev', m.st.seq),
        minuteLabel(minute, m.status),
      );
    } else if (ev.type === 'goal') {
      basketballPoints(ctx, m, side, 2);
      const period = m.st.kind === 'lq' ? m.st.period : 0;
      emitIncident(ctx, m, {
        type: 'goal',
        side,
        minute: period,
        text: FeedText.basketballBasket(teamName(m, side), m.score),
        state: null,
        at: nowMs,
      });
    } else {
      refusal = FeedText.basketballUnsupported;
    }
    // Whatever the simulator advanced is stored and published even when the event is refused.
    const incident = ctx.out.incidents
      .filter((i) => i.at === nowMs && (ev.type === 'state' ? i.type === 'state' : i.type === ev.type))
      .at(-1);
    await commit(ctx, nowMs, true);
    if (refusal) return fail(Code.REFUSED, refusal);
    const ranks = await tableRanks(db, [m], nowMs);
    return ok(
      { match: toMatch(m, clock(), ranks), incident: incident ? toIncident(incident) : null },
      FeedText.applied,
    );
  }

  return {
    kind: 'simulator',
    sink,
    produceDetail: async (m, kind, inputs) => simulatedDetail(seed, m, kind, inputs),
    async start() {
      if (started) return;
      stopped = false;
      const nowMs = deps.now();
      await seedCatalogue(db, seed, nowMs);
      await serial(async () => {
        await loadActive();
        await tick(false);
      });
      await warmSeasonResults(db);
      started = true;
      if (config.feed) {
        timer = setInterval(() => {
          if (busy || stopped) return;
          busy = true;
          serial(() => tick(true))
            .catch((err: unknown) => console.error('live feed tick failed', err))
            .finally(() => (busy = false));
        }, TICK_MS);
        timer.unref?.();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
      started = false;
    },
    applyDevEvent(event) {
      if (!started) return Promise.resolve(fail(Code.REFUSED, FeedText.notStarted));
      return serial(() => applyDev(event));
    },
    healthy: () => started && !stopped,
    health: () => localSourceHealth('simulator', lastAt, deps.now()),
    advance() {
      return serial(() => tick(true));
    },
    prepareStandby: () => warmSeasonResults(db),
  };
}
