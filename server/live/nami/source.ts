/**
 * The 纳米数据 (Nami API 2.0) live source. Basic data and fixtures come over HTTP (competition and
 * team lists, the match diary of yesterday, today and tomorrow, refreshed every 10 minutes, the
 * rest of the lists' window (a week each way) every 6 hours and on a new day, and between those
 * reads the match list's changes by `time` every minute); live
 * scores, stats and incidents come through its push, MQTT over WebSocket, one topic per sport.
 * When the push is down or has said nothing for `pushStallMs` (30 s), the source polls the HTTP
 * real-time endpoint (detail_live, every `pollMs`) until the push delivers again. Every message
 * goes through the ingest path (../ingest.ts); formats are in ./formats.ts, what they rest on in
 * docs/providers/nami.md.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { Code, fail, type Sport } from '../../../workers/protocol/index';
import type { Ingest, IngestUpdate } from '../ingest';
import type { DetailIngest } from '../ingest-details';
import { providerOf } from '../providers';
import type { DetailBodies, DetailKind, LiveSink, LiveSource, SourceHealth } from '../source';
import type { LiveMatch } from '../model';
import { NamiDetailPaths, lineupOf, oddsUpdates, seasonTableRows, textLines, type NamiLineup } from './details';
import { LiveText } from '../text';
import { providerGet } from '../provider-get';
import { NamiExtraPaths, squadOf, type NamiSquad } from './lottery';
import { createNamiFixtures } from './fixtures';
import {
  NamiPaths,
  PUSH_TOPIC,
  liveUpdates,
  parsePush,
  type NamiAnswer,
  type NamiLive,
  type NamiNamed,
  type NamiNames,
} from './formats';

export interface NamiConfig {
  user: string;
  secret: string;
  baseUrl: string;
  mqttUrl: string;
  pushStallMs: number;
  pollMs: number;
}

export interface NamiSourceDeps {
  config: NamiConfig;
  ingest: Ingest;
  /** Text live, lineups, opening odds and tables (../ingest-details.ts). */
  details: DetailIngest;
  sink: LiveSink;
  now: () => number;
  /** Run the timers (off in tests that drive `advance` by hand). */
  timers: boolean;
  /** Prepares storage before the first message (names seed, stored catalogue). */
  prepare: () => Promise<void>;
  staleSweepMs?: number;
  fixturesEveryMs?: number;
  /** The match list's incremental read by `time` between diary reads (default 60 s). */
  changesEveryMs?: number;
  /** Real-time odds poll (default 60 s) and league tables refresh (default 30 min). */
  oddsEveryMs?: number;
  tablesEveryMs?: number;
}

const SPORTS: readonly Sport[] = ['zq', 'lq'];
const PAGE = 1000;
const SQUAD_EVERY_MS = 24 * 3_600_000;

export function createNamiSource(deps: NamiSourceDeps): LiveSource {
  const { config, ingest } = deps;
  const names: Record<Sport, NamiNames> = {
    zq: { competition: new Map(), team: new Map() },
    lq: { competition: new Map(), team: new Map() },
  };
  let client: MqttClient | null = null;
  let pushConnected = false;
  let lastPushAt = 0;
  let polling = false;
  let pollBusy = false;
  let callsUsed = 0;
  let started = false;
  let lastOddsAt = 0;
  let lastTablesAt = 0;
  const timers: Array<ReturnType<typeof setInterval>> = [];
  let lastRev = 0;
  /**
   * The revision of what arrives now: the time it was known current (a poll: when it was asked
   * for; a push: when it came), kept strictly increasing so messages in one millisecond still order.
   */
  const nextRev = (): number => (lastRev = Math.max(deps.now(), lastRev + 1));

  async function call<T>(path: string, params: Record<string, string | number> = {}): Promise<T> {
    const url = new URL(config.baseUrl + path);
    url.searchParams.set('user', config.user);
    url.searchParams.set('secret', config.secret);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    callsUsed++;
    const res = await providerGet(url);
    if (!res.ok) throw new Error(`nami ${path}: HTTP ${res.status}`);
    const body = (await res.json()) as NamiAnswer<T>;
    if (body.code !== 0) throw new Error(`nami ${path}: code ${body.code} ${body.err ?? ''}`);
    return body.results ?? (body.data as T);
  }

  /** A whole basic-data list, page by page (`id` ≥ the next id, at most 1000 a page). */
  async function list(path: string): Promise<NamiNamed[]> {
    const all: NamiNamed[] = [];
    let from = 0;
    for (;;) {
      const page = await call<NamiNamed[]>(path, { id: from, limit: PAGE });
      all.push(...page);
      if (page.length < PAGE) return all;
      from = Math.max(...page.map((p) => p.id)) + 1;
    }
  }

  async function loadNames(sport: Sport): Promise<void> {
    for (const c of await list(NamiPaths.competitions(sport))) names[sport].competition.set(c.id, c);
    for (const t of await list(NamiPaths.teams(sport))) names[sport].team.set(t.id, t);
  }

  const fixtures = createNamiFixtures({ call, ingest, names, now: deps.now, nextRev, loadNames });
  const { loadFixtures, loadChanges, seasons } = fixtures;

  /** Entries of detail_live: the provider's current state, so a lower score at the same point is believed. */
  async function applyLive(sport: Sport, entries: NamiLive[], rev: number): Promise<void> {
    const updates = entries.flatMap((e) => liveUpdates(sport, e, rev, true));
    if (updates.length > 0) await ingest.apply(updates);
    for (const e of entries)
      if (Array.isArray(e.tlive) && Number.isInteger(e.id))
        await deps.details.texts('nami', sport, e.id, textLines(e.tlive));
  }

  /** Every company's current line of every market (亚指, 欧指, 大小球) of the matches Nami quotes. */
  async function loadOdds(): Promise<void> {
    lastOddsAt = deps.now();
    for (const sport of SPORTS) {
      const updates = oddsUpdates(sport, await call<unknown>(NamiDetailPaths.odds(sport)));
      if (updates.length > 0) await ingest.apply(updates);
    }
  }

  /** The table of every competition with fixtures in the window: the base of its live table. */
  async function loadTables(): Promise<void> {
    lastTablesAt = deps.now();
    for (const [key, season] of seasons) {
      const [sport, competition] = key.split(':') as [Sport, string];
      const answer = await call<{ tables?: Array<{ rows?: [] }> }>(NamiDetailPaths.table(sport), { id: season });
      const rows = seasonTableRows(sport, answer, names[sport].team);
      if (rows.length > 0) await deps.details.standings('nami', sport, competition, String(season), rows);
    }
  }

  async function produceDetail<K extends DetailKind>(m: LiveMatch, kind: K): Promise<DetailBodies[K] | null> {
    const p = providerOf(m.id);
    if (!p || p.provider !== 'nami') return null;
    if (kind !== 'lineup') return deps.details.storedDetail(m, kind);
    if (m.sport !== 'zq') return null;
    const sides = lineupOf(await call<NamiLineup>(NamiDetailPaths.lineup, { id: p.providerId }));
    if (!sides) return null;
    return (await deps.details.lineup('nami', m, sides.home, sides.away)) as DetailBodies[K];
  }

  /** When each team's squad was last read (a squad changes with transfers: once a day is enough). */
  const squadReadAt = new Map<number, number>();

  /** A team's squad from its sport's squad list (`id` ≥ the team's id, one entry), stored for 数据库. */
  async function produceSquad(teamId: number): Promise<void> {
    const p = providerOf(teamId);
    if (!p || p.provider !== 'nami') return;
    if (deps.now() - (squadReadAt.get(teamId) ?? -Infinity) < SQUAD_EVERY_MS) return;
    squadReadAt.set(teamId, deps.now());
    const answer = await call<NamiSquad[]>(NamiExtraPaths.squads(p.sport), { id: p.providerId, limit: 1 });
    const players = squadOf(answer, p.providerId, p.sport);
    if (players) await deps.details.squad('nami', p.sport, p.providerId, players);
  }

  /** One read of the HTTP real-time endpoint; its data is as of the moment it was asked for. */
  async function readLive(sports: readonly Sport[]): Promise<void> {
    for (const sport of sports) {
      const rev = nextRev();
      await applyLive(sport, await call<NamiLive[]>(NamiPaths.live(sport)), rev);
    }
  }

  /** One poll (the watchdog's), never two at once. */
  async function poll(): Promise<void> {
    if (pollBusy) return;
    pollBusy = true;
    try {
      await readLive(SPORTS);
    } finally {
      pollBusy = false;
    }
  }

  /**
   * The ingest held a pushed lower score level with the score applied (a VAR take-back with
   * nothing else moving reads the same as the message from before the goal redelivered late):
   * detail_live says which it is. One read per push batch that held one, the sports it named.
   */
  let confirming: Promise<unknown> = Promise.resolve();
  function confirm(held: readonly number[] | undefined): void {
    const sports = SPORTS.filter((s) => held?.some((id) => providerOf(id)?.sport === s));
    if (sports.length === 0) return;
    confirming = confirming
      .then(() => readLive(sports))
      .catch((err: unknown) => console.error('nami confirm failed', (err as Error).message ?? err));
  }

  const pushStalled = () => !pushConnected || deps.now() - lastPushAt > config.pushStallMs;

  /** Polls while the push is down or stalled; stops as soon as it delivers again. */
  async function watchdog(): Promise<void> {
    polling = pushStalled();
    if (polling) await poll();
  }

  function connectPush(): void {
    client = mqtt.connect(config.mqttUrl, {
      username: config.user,
      password: config.secret,
      clientId: `qs-${config.user}-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      clean: true,
    });
    client.on('connect', () => {
      pushConnected = true;
      // Connected is not delivering: the stall clock starts now.
      lastPushAt = deps.now();
      client?.subscribe(
        SPORTS.map((s) => PUSH_TOPIC[s]),
        { qos: 0 },
      );
    });
    client.on('close', () => (pushConnected = false));
    client.on('offline', () => (pushConnected = false));
    client.on('error', (err) => console.error('nami push error', err.message));
    client.on('message', (topic, payload) => {
      const sport = SPORTS.find((s) => PUSH_TOPIC[s] === topic);
      if (!sport) return;
      const rev = nextRev();
      lastPushAt = deps.now();
      polling = false;
      let entries: NamiLive[];
      try {
        entries = parsePush(payload.toString('utf8'));
      } catch (err) {
        console.error('nami push: not JSON', (err as Error).message);
        return;
      }
      for (const e of entries) pushed.push(...liveUpdates(sport, e, rev));
      drainPush();
      // Text live rides on the same messages; its lines are stored once each, in arrival order.
      for (const e of entries)
        if (Array.isArray(e.tlive) && Number.isInteger(e.id)) {
          const lines = textLines(e.tlive);
          texts = texts
            .then(() => deps.details.texts('nami', sport, e.id, lines))
            .catch((err: unknown) => console.error('nami push text live failed', err));
        }
    });
  }

  /**
   * Push messages wait here while the ingest applies the previous batch, then go in as one batch
   * (one transaction, one publish per match): at 1,000 messages/s one apply per message queued
   * behind each other's transaction and fell seconds behind (tests/bench/nami-push.ts).
   */
  let pushed: IngestUpdate[] = [];
  let applying = false;
  /** The push's text-live lines, stored one message after another. */
  let texts: Promise<unknown> = Promise.resolve();

  /**
   * Takes the first queued message of every match; a match's later messages wait for the next
   * batch. Within a batch the ingest orders updates by kind (scores before incidents), so two
   * messages of one match in one batch could name a goal with the score after a later one: one
   * message per match per batch keeps each match's messages applied in arrival order, exactly as
   * one at a time. Matches are independent, so one can go ahead of another's waiting message.
   */
  function nextBatch(): IngestUpdate[] {
    const taken = new Map<string, number>();
    const batch: IngestUpdate[] = [];
    const rest: IngestUpdate[] = [];
    for (const u of pushed) {
      const key = `${u.sport}:${u.match}`;
      const rev = taken.get(key);
      if (rev === undefined || rev === u.rev) {
        taken.set(key, u.rev);
        batch.push(u);
      } else rest.push(u);
    }
    pushed = rest;
    return batch;
  }

  function drainPush(): void {
    if (applying || pushed.length === 0) return;
    applying = true;
    // One turn of the event loop first, so the messages read off the socket together go together.
    setImmediate(() => {
      ingest
        .apply(nextBatch())
        .then((r) => confirm(r.held))
        .catch((err: unknown) => console.error('nami push apply failed', err))
        .finally(() => {
          applying = false;
          drainPush();
        });
    });
  }

  function every(ms: number, job: () => Promise<unknown>, what: string): void {
    let busy = false;
    const t = setInterval(() => {
      if (busy) return;
      busy = true;
      job()
        .catch((err: unknown) => console.error(`nami ${what} failed`, (err as Error).message ?? err))
        .finally(() => (busy = false));
    }, ms);
    t.unref?.();
    timers.push(t);
  }

  return {
    kind: 'nami',
    sink: deps.sink,
    // Lineups from lineup/detail, opening odds from the first stored line; no injuries or intelligence.
    produceDetail,
    produceSquad,
    async start() {
      if (started) return;
      await deps.prepare();
      for (const sport of SPORTS) await loadNames(sport);
      await loadFixtures();
      await loadOdds().catch((err: unknown) => console.error('nami odds failed', (err as Error).message));
      await loadTables().catch((err: unknown) => console.error('nami tables failed', (err as Error).message));
      connectPush();
      started = true;
      if (deps.timers) {
        every(config.pollMs, watchdog, 'poll');
        every(deps.fixturesEveryMs ?? 600_000, loadFixtures, 'fixtures');
        every(deps.changesEveryMs ?? 60_000, loadChanges, 'match list changes');
        every(deps.oddsEveryMs ?? 60_000, loadOdds, 'odds');
        every(deps.tablesEveryMs ?? 1_800_000, loadTables, 'tables');
        every(deps.staleSweepMs ?? 10_000, () => ingest.sweepStale(), 'stale sweep');
      }
    },
    async stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      const c = client;
      client = null;
      pushConnected = false;
      if (c) await c.endAsync(true);
      started = false;
    },
    healthy: () => started && (pushConnected || (polling && deps.now() - (ingest.stats().lastMessageAt ?? 0) < 60_000)),
    health(): SourceHealth {
      const s = ingest.stats();
      return {
        source: 'nami',
        lastMessageAgeMs: s.lastMessageAt === null ? null : deps.now() - s.lastMessageAt,
        pushConnected,
        polling,
        callsUsed,
        // Nami sells unmetered plans: no call budget to count down.
        callsLeft: null,
        stale: s.stale,
      };
    },
    /**
     * One step by hand: the watchdog (polls when the push is down or stalled), the fixtures (the
     * diary, or between its reads the match list's changes), odds, tables, then the stale sweep.
     */
    async advance() {
      await watchdog();
      if (deps.now() - fixtures.lastFixturesAt() >= (deps.fixturesEveryMs ?? 600_000)) await loadFixtures();
      else if (deps.now() - fixtures.lastChangesAt() >= (deps.changesEveryMs ?? 60_000)) await loadChanges();
      if (deps.now() - lastOddsAt >= (deps.oddsEveryMs ?? 60_000)) await loadOdds();
      if (deps.now() - lastTablesAt >= (deps.tablesEveryMs ?? 1_800_000)) await loadTables();
      return ingest.sweepStale();
    },
    applyDevEvent: async () => fail(Code.REFUSED, LiveText.providerRefuses),
  };
}
