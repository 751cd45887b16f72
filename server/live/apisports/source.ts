/**
 * The api-sports live source (API-Football v3 and API-Basketball): polling within the plan's
 * call budget (./budget.ts), live matches first. Each cycle spends calls in this order: live
 * football fixtures (one call for all), today's basketball games, events of live fixtures whose
 * score moved (then the others in turn), today's football fixtures (hourly), box scores of the
 * basketball games fans watch (./box.ts), statistics. The calls, and a 429 or a quota answer
 * pausing them: ./calls.ts. Names are English: the names table gives the Chinese ones.
 * Formats: ./formats.ts; what they rest on: docs/providers/api-sports.md.
 */
import { Code, chinaDay, fail, isLive } from '../../../workers/protocol/index';
import type { Ingest, IngestUpdate } from '../ingest';
import type { DetailIngest } from '../ingest-details';
import type { LiveMatch } from '../model';
import { mapStatus, providerOf } from '../providers';
import type { DetailBodies, DetailKind, LiveSink, LiveSource, SourceHealth } from '../source';
import {
  ApiDetailPaths,
  basketballOddsUpdates,
  basketballPlayers,
  basketballStandingsRows,
  lineupsOf,
  oddsUpdates,
  squadPlayers,
  standingsRows,
  type ApiBasketballPlayer,
  type ApiGameOdds,
  type ApiGameStanding,
  type ApiLineup,
  type ApiOdds,
  type ApiSquad,
  type ApiStandingsEntry,
} from './details';
import { LiveText } from '../text';
import { createApiCalls } from './calls';
import { createBoxPoller, type ApiPlayerStatsRow } from './box';
import {
  ApiPaths,
  basketballGame,
  footballEvents,
  footballFixture,
  footballScore,
  footballStats,
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
  /** Lineups, opening odds and league tables (../ingest-details.ts). */
  details: DetailIngest;
  sink: LiveSink;
  now: () => number;
  timers: boolean;
  prepare: () => Promise<void>;
}

const TZ = 'Asia/Shanghai';
const DAY_LIST_EVERY_MS = 3_600_000;
/** Odds and tables change slowly and cost calls: each fixture's odds every 30 min, each table every 6 h. */
const ODDS_EVERY_MS = 30 * 60_000;
const TABLE_EVERY_MS = 6 * 3_600_000;
const ODDS_PER_CYCLE = 2;
const TABLES_PER_CYCLE = 1;
/** Odds and tables only while more than this share of the day's calls is left (the rest is for live). */
const EXTRAS_DAY_SHARE = 0.25;
const LINEUP_RETRY_MS = 10 * 60_000;
/** A squad changes with transfers: once a day per team is enough. */
const SQUAD_EVERY_MS = 24 * 3_600_000;
/** Statuses after which a fixture or game has no odds left to read. */
const OVER = new Set(['FT', 'AET', 'PEN', 'PST', 'CANC', 'ABD', 'AWD', 'WO', 'AOT', 'POST']);

export function createApiSportsSource(deps: ApiSportsDeps): LiveSource {
  const { config, ingest } = deps;
  const { call, budget, refusals } = createApiCalls({
    key: config.key,
    perMinute: config.perMinute,
    perDay: config.perDay,
    now: deps.now,
  });
  /** Live fixtures of the last list, and the goals each had when its events were last read. */
  let live: ApiFixture[] = [];
  const eventsAtGoals = new Map<number, number>();
  let turn = 0;
  let lastDayList = -Infinity;
  /** Today's fixtures of the last day list (odds and tables are read for these). */
  let dayList: ApiFixture[] = [];
  /** Today's basketball games of the last games list (their odds and tables too). */
  let games: ApiGame[] = [];
  /** By `${sport}:${provider id}` (odds) and `${sport}:${league}:${season}` (tables). */
  const oddsReadAt = new Map<string, number>();
  const tableReadAt = new Map<string, number>();
  const lineupAskedAt = new Map<number, number>();
  const squadReadAt = new Map<number, number>();
  let started = false;
  let cycleBusy = false;
  let lastRev = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const nextRev = (): number => (lastRev = Math.max(deps.now(), lastRev + 1));
  /** Box scores of the basketball games fans are watching (./box.ts). */
  const box = createBoxPoller({
    call: (path, params) => call<ApiPlayerStatsRow>(config.basketballUrl, path, params),
    ingest,
    now: deps.now,
    leftNow: () => budget.left(deps.now()).now,
    nextRev,
  });

  const goals = (f: ApiFixture) => (f.goals.home ?? 0) + (f.goals.away ?? 0);

  async function cycle(): Promise<void> {
    const updates: IngestUpdate[] = [];
    const today = chinaDay(deps.now());
    /** Fixtures that left the live list this cycle, in their final state. */
    const finished: ApiFixture[] = [];
    // 1. Every live football fixture, one call.
    const liveList = await call<ApiFixture>(config.footballUrl, ApiPaths.fixtures, { live: 'all', timezone: TZ });
    if (liveList) {
      const rev = nextRev();
      const gone = live.filter((f) => !liveList.some((l) => l.fixture.id === f.fixture.id));
      live = liveList;
      for (const f of liveList) updates.push(footballFixture(f, rev), footballScore(f, rev));
      // A fixture that left the live list has ended (or stopped): its final state, by id (20 a call).
      for (let i = 0; i < gone.length; i += 20) {
        const ids = gone.slice(i, i + 20).map((f) => f.fixture.id);
        const ended = await call<ApiFixture>(config.footballUrl, ApiPaths.fixtures, {
          ids: ids.join('-'),
          timezone: TZ,
        });
        if (!ended) break;
        const at = nextRev();
        for (const f of ended) updates.push(footballScore(f, at));
        finished.push(...ended);
      }
    }
    // 2. Today's basketball games (API-Basketball lists live scores with the day's games).
    const gameList = await call<ApiGame>(config.basketballUrl, ApiPaths.games, { date: today, timezone: TZ });
    if (gameList) {
      games = gameList;
      const rev = nextRev();
      for (const g of gameList) updates.push(...basketballGame(g, rev));
    }
    if (updates.length > 0) await ingest.apply(updates.splice(0));
    // 3. Events: fixtures whose score moved since their events were read first, then the rest in turn.
    const stillLive = live.filter((f) => isLive('zq', mapStatus(APISPORTS_STATUS.zq, f.fixture.status.short, 1)));
    const moved = stillLive.filter((f) => eventsAtGoals.get(f.fixture.id) !== goals(f));
    const rest = stillLive.filter((f) => !moved.includes(f));
    // A fixture that ended with goals its events were not read for (a goal in the last cycle before
    // the whistle): its events once more, first, so the goal has its incident.
    const ordered = [
      ...finished.filter((f) => eventsAtGoals.get(f.fixture.id) !== goals(f)),
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
        dayList = day;
        const rev = nextRev();
        await ingest.apply(day.map((f) => footballFixture(f, rev)));
      }
    }
    // 5. Box scores of the basketball games fans are watching (the minute's last calls are kept).
    await box.run(games);
    // 6. Statistics with what is left, live matches in turn.
    for (const f of ordered) {
      const stats = await call<ApiStatistics>(config.footballUrl, ApiPaths.statistics, { fixture: f.fixture.id });
      if (!stats) break;
      const u = footballStats(f, stats, nextRev());
      if (u) await ingest.apply([u]);
    }
    // 7. Odds and tables, less often, with what live left (never the minute's last call: the next
    // cycle in this minute still sees the live scores).
    for (const job of dueExtras()) {
      if (budget.left(deps.now()).now <= 1) break;
      // An endpoint the plan lacks, or a bad answer, costs the extras only, never the live calls:
      // the next job goes on (only a spent budget or a pause stops them).
      const before = refusals();
      const ok = await job().catch((err: unknown) => {
        console.error('api-sports odds/table failed', (err as Error).message ?? err);
        return true;
      });
      if (!ok && refusals() === before) break;
    }
    await ingest.sweepStale();
  }

  /** The odds and table reads due this cycle (none while the day's budget runs low). */
  function dueExtras(): Array<() => Promise<boolean>> {
    const now = deps.now();
    if (budget.left(now).day <= config.perDay * EXTRAS_DAY_SHARE) return [];
    const jobs: Array<() => Promise<boolean>> = [];
    const fixtures = [...live, ...dayList.filter((f) => !live.some((l) => l.fixture.id === f.fixture.id))];
    // Odds: open football fixtures first, then open basketball games, each every 30 min.
    const odds: Array<[string, () => Promise<boolean>]> = [
      ...fixtures
        .filter((f) => !OVER.has(f.fixture.status.short))
        .map((f): [string, () => Promise<boolean>] => [
          `zq:${f.fixture.id}`,
          async () => {
            const answer = await call<ApiOdds>(config.footballUrl, ApiDetailPaths.odds, { fixture: f.fixture.id });
            if (!answer) return false;
            const updates = answer.flatMap(oddsUpdates);
            if (updates.length > 0) await ingest.apply(updates);
            return true;
          },
        ]),
      ...games
        .filter((g) => !OVER.has(g.status.short))
        .map((g): [string, () => Promise<boolean>] => [
          `lq:${g.id}`,
          async () => {
            const answer = await call<ApiGameOdds>(config.basketballUrl, ApiDetailPaths.odds, { game: g.id });
            if (!answer) return false;
            const updates = answer.flatMap((a) => basketballOddsUpdates(a, deps.now()));
            if (updates.length > 0) await ingest.apply(updates);
            return true;
          },
        ]),
    ];
    for (const [key, read] of odds
      .filter(([k]) => now - (oddsReadAt.get(k) ?? -Infinity) >= ODDS_EVERY_MS)
      .slice(0, ODDS_PER_CYCLE))
      jobs.push(async () => {
        const ok = await read();
        if (ok) oddsReadAt.set(key, deps.now());
        return ok;
      });
    // Tables: each league (and season) of today's fixtures and games, every 6 h.
    const leagues = new Map<string, { sport: 'zq' | 'lq'; id: number; season: string | number }>();
    for (const f of fixtures)
      if (f.league.season)
        leagues.set(`zq:${f.league.id}:${f.league.season}`, { sport: 'zq', id: f.league.id, season: f.league.season });
    for (const g of games)
      if (g.league.season)
        leagues.set(`lq:${g.league.id}:${g.league.season}`, { sport: 'lq', id: g.league.id, season: g.league.season });
    for (const [key, league] of [...leagues]
      .filter(([k]) => now - (tableReadAt.get(k) ?? -Infinity) >= TABLE_EVERY_MS)
      .slice(0, TABLES_PER_CYCLE))
      jobs.push(async () => {
        const params = { league: league.id, season: league.season };
        const rows =
          league.sport === 'zq'
            ? await call<ApiStandingsEntry>(config.footballUrl, ApiDetailPaths.standings, params).then(
                (a) => a && standingsRows(a),
              )
            : await call<ApiGameStanding[]>(config.basketballUrl, ApiDetailPaths.standings, params).then(
                (a) => a && basketballStandingsRows(a),
              );
        if (!rows) return false;
        tableReadAt.set(key, deps.now());
        if (rows.length > 0)
          await deps.details.standings('apisports', league.sport, league.id, String(league.season), rows);
        return true;
      });
    return jobs;
  }

  /** Lineups on demand (a fan opened the tab), only while the budget leaves room for live calls. */
  async function produceDetail<K extends DetailKind>(m: LiveMatch, kind: K): Promise<DetailBodies[K] | null> {
    const p = providerOf(m.id);
    if (!p || p.provider !== 'apisports') return null;
    if (kind !== 'lineup') return deps.details.storedDetail(m, kind);
    if (m.sport !== 'zq' || budget.left(deps.now()).now <= 2) return null;
    // Not published yet (20–40 min before kick-off): fans opening the tab ask again in 10 minutes at most.
    if (deps.now() - (lineupAskedAt.get(m.id) ?? -Infinity) < LINEUP_RETRY_MS) return null;
    lineupAskedAt.set(m.id, deps.now());
    const list = await call<ApiLineup>(config.footballUrl, ApiDetailPaths.lineups, { fixture: p.providerId });
    const home = providerOf(m.homeId);
    const away = providerOf(m.awayId);
    const sides = list && home && away ? lineupsOf(list, home.providerId, away.providerId) : null;
    if (!sides) return null;
    return (await deps.details.lineup('apisports', m, sides.home, sides.away)) as DetailBodies[K];
  }

  /**
   * A football team's squad (`/players/squads?team=`) when its 数据库 page opens, once a day, and
   * only while the budget leaves room for the live calls.
   */
  async function produceSquad(teamId: number): Promise<void> {
    const p = providerOf(teamId);
    if (!p || p.provider !== 'apisports' || budget.left(deps.now()).now <= 2) return;
    if (deps.now() - (squadReadAt.get(teamId) ?? -Infinity) < SQUAD_EVERY_MS) return;
    // A basketball roster is per season: the season of a game of the team's today.
    const season = games.find((g) => g.teams.home.id === p.providerId || g.teams.away.id === p.providerId)?.league
      .season;
    if (p.sport === 'lq' && !season) return;
    squadReadAt.set(teamId, deps.now());
    const players =
      p.sport === 'zq'
        ? await call<ApiSquad>(config.footballUrl, ApiDetailPaths.squads, { team: p.providerId }).then(
            (a) => a && squadPlayers(a, p.providerId),
          )
        : await call<ApiBasketballPlayer>(config.basketballUrl, ApiDetailPaths.players, {
            team: p.providerId,
            season: season!,
          }).then((a) => a && basketballPlayers(a));
    if (players) await deps.details.squad('apisports', p.sport, p.providerId, players);
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
    produceDetail,
    produceSquad,
    watch: box.watch,
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
