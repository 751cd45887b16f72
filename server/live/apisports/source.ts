/**
 * The api-sports live source (API-Football v3 and API-Basketball): polling within the plan's
 * call budget (./budget.ts), live matches first. Each cycle spends calls in this order: live
 * football fixtures (one call for all), today's basketball games, events of live fixtures whose
 * score moved (then the others in turn), today's football fixtures (hourly), statistics. A 429 or
 * a quota answer pauses the source. Names are English: the names table gives the Chinese ones.
 * Formats: ./formats.ts; what they rest on: docs/providers/api-sports.md.
 */
import { Code, chinaDay, fail, isLive } from '../../../workers/protocol/index';
import type { Ingest, IngestUpdate } from '../ingest';
import { mapStatus } from '../providers';
import type { LiveSink, LiveSource, SourceHealth } from '../source';
import { LiveText } from '../text';
import { createBudget } from './budget';
import {
  ApiPaths,
  basketballGame,
  errorKind,
  footballEvents,
  footballFixture,
  footballScore,
  footballStats,
  type ApiAnswer,
  type ApiEvent,
  type ApiFixture,
  type ApiGame,
  type ApiStatistics,
} from './formats';
import { APISPORTS_STATUS } from './status';

export interface ApiSportsConfig {
  key: string;
  footballUrl: string;
  basketballUrl: string;
  perMinute: number;
  perDay: number;
  pollMs: number;
}

export interface ApiSportsDeps {
  config: ApiSportsConfig;
  ingest: Ingest;
  sink: LiveSink;
  now: () => number;
  timers: boolean;
  prepare: () => Promise<void>;
}

const TZ = 'Asia/Shanghai';
const DAY_LIST_EVERY_MS = 3_600_000;

export function createApiSportsSource(deps: ApiSportsDeps): LiveSource {
  const { config, ingest } = deps;
  const budget = createBudget({ perMinute: config.perMinute, perDay: config.perDay });
  /** Live fixtures of the last list, and the goals each had when its events were last read. */
  let live: ApiFixture[] = [];
  const eventsAtGoals = new Map<number, number>();
  let turn = 0;
  let lastDayList = -Infinity;
  let started = false;
  let cycleBusy = false;
  let lastRev = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const nextRev = (): number => (lastRev = Math.max(deps.now(), lastRev + 1));

  /** One call within the budget; null when the budget (or a pause) says no, or the provider refused. */
  async function call<T>(base: string, path: string, params: Record<string, string | number>): Promise<T[] | null> {
    if (!budget.take(deps.now())) return null;
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    const res = await fetch(url, { headers: { 'x-apisports-key': config.key }, signal: AbortSignal.timeout(15_000) });
    const now = deps.now();
    const num = (h: string) => {
      const v = res.headers.get(h);
      return v === null ? undefined : Number(v);
    };
    budget.observe(now, { day: num('x-ratelimit-requests-remaining'), minute: num('x-ratelimit-remaining') });
    if (res.status === 429) {
      budget.rateLimited(now);
      return null;
    }
    if (!res.ok) throw new Error(`api-sports ${path}: HTTP ${res.status}`);
    const body = (await res.json()) as ApiAnswer<T>;
    const err = errorKind(body.errors);
    if (err === 'rate') budget.rateLimited(now);
    else if (err === 'quota') budget.quotaSpent(now);
    else if (err === 'other') throw new Error(`api-sports ${path}: ${JSON.stringify(body.errors)}`);
    if (err) return null;
    budget.succeeded();
    return body.response;
  }

  const goals = (f: ApiFixture) => (f.goals.home ?? 0) + (f.goals.away ?? 0);

  async function cycle(): Promise<void> {
    const updates: IngestUpdate[] = [];
    const today = chinaDay(deps.now());
    // 1. Every live football fixture, one call.
    const liveList = await call<ApiFixture>(config.footballUrl, ApiPaths.fixtures, { live: 'all', timezone: TZ });
    if (liveList) {
      const rev = nextRev();
      live = liveList;
      for (const f of liveList) updates.push(footballFixture(f, rev), footballScore(f, rev));
    }
    // 2. Today's basketball games (API-Basketball lists live scores with the day's games).
    const games = await call<ApiGame>(config.basketballUrl, ApiPaths.games, { date: today, timezone: TZ });
    if (games) {
      const rev = nextRev();
      for (const g of games) updates.push(...basketballGame(g, rev));
    }
    if (updates.length > 0) await ingest.apply(updates.splice(0));
    // 3. Events: fixtures whose score moved since their events were read first, then the rest in turn.
    const stillLive = live.filter((f) => isLive('zq', mapStatus(APISPORTS_STATUS.zq, f.fixture.status.short, 1)));
    const moved = stillLive.filter((f) => eventsAtGoals.get(f.fixture.id) !== goals(f));
    const rest = stillLive.filter((f) => !moved.includes(f));
    const ordered = [
      ...moved,
      ...rest.slice(turn % Math.max(1, rest.length)),
      ...rest.slice(0, turn % Math.max(1, rest.length)),
    ];
    turn++;
    for (const f of ordered) {
      if (budget.left(deps.now()).now <= 1) break; // keep one call for the statistics of the busiest match
      const events = await call<ApiEvent>(config.footballUrl, ApiPaths.events, { fixture: f.fixture.id });
      if (!events) break;
      eventsAtGoals.set(f.fixture.id, goals(f));
      await ingest.apply(footballEvents(f, events, nextRev()));
    }
    // 4. Today's fixtures (kick-off times, upcoming matches), hourly.
    if (deps.now() - lastDayList >= DAY_LIST_EVERY_MS) {
      const day = await call<ApiFixture>(config.footballUrl, ApiPaths.fixtures, { date: today, timezone: TZ });
      if (day) {
        lastDayList = deps.now();
        const rev = nextRev();
        await ingest.apply(day.map((f) => footballFixture(f, rev)));
      }
    }
    // 5. Statistics with what is left, live matches in turn.
    for (const f of ordered) {
      const stats = await call<ApiStatistics>(config.footballUrl, ApiPaths.statistics, { fixture: f.fixture.id });
      if (!stats) break;
      const u = footballStats(f, stats, nextRev());
      if (u) await ingest.apply([u]);
    }
    await ingest.sweepStale();
  }

  async function runCycle(): Promise<void> {
    if (cycleBusy) return;
    cycleBusy = true;
    try {
      await cycle();
    } finally {
      cycleBusy = false;
    }
  }

  return {
    kind: 'apisports',
    sink: deps.sink,
    produceDetail: async () => null,
    async start() {
      if (started) return;
      await deps.prepare();
      started = true;
      await runCycle();
      if (deps.timers) {
        timer = setInterval(() => {
          runCycle().catch((err: unknown) => console.error('api-sports poll failed', (err as Error).message ?? err));
        }, config.pollMs);
        timer.unref?.();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      started = false;
    },
    healthy: () => started,
    health(): SourceHealth {
      const s = ingest.stats();
      return {
        source: 'apisports',
        lastMessageAgeMs: s.lastMessageAt === null ? null : deps.now() - s.lastMessageAt,
        pushConnected: null,
        polling: true,
        callsUsed: budget.used(),
        callsLeft: budget.left(deps.now()).day,
        stale: s.stale,
      };
    },
    async advance() {
      await runCycle();
      return 0;
    },
    applyDevEvent: async () => fail(Code.REFUSED, LiveText.providerRefuses),
  };
}
