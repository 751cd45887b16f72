/**
 * A fake 纳米数据 (Nami API 2.0) that speaks the documented formats (docs/providers/nami.md): the
 * HTTP endpoints the adapter reads (basic data, diary, the match list by `time`, detail_live,
 * real-time odds, lineups, season tables, the 体彩 lottery lists, 竞彩 and 北单 odds, squads) with the
 * exact JSON shapes, and the push through a real Mosquitto broker with a WebSocket listener (MQTT over WebSocket) in the documented topic and
 * payload. The one fake Nami of the adapter's contract tests, the browser test and the push
 * benchmark. The world is read on each request: a test moves the provider's truth by editing it.
 *
 *   const nami = await startFakeNami({ competitions, teams, matches, odds, lottery, squads });
 *   // LIVE_SOURCE=nami NAMI_BASE_URL=nami.baseUrl NAMI_MQTT_URL=nami.mqttUrl NAMI_USER / NAMI_SECRET
 *   await nami.push([{ id, score: [...] }]);            // sports/football/match.v1
 *   nami.liveNow.zq = [...];                             // what detail_live answers (polling)
 *   await nami.close();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Sport } from '../../workers/protocol/index';
import { NamiPaths, PUSH_TOPIC, type NamiMatch, type NamiNamed } from '../../server/live/nami/formats';
import { NamiDetailPaths } from '../../server/live/nami/details';
import { NamiExtraPaths, type NamiLotteryMatch, type NamiSquad } from '../../server/live/nami/lottery';
import { JC_ODDS_PATH, type NamiJcAnswer } from '../../server/live/nami/jc-odds';
import { BD_ODDS_PATH, type NamiBdOdds } from '../../server/live/nami/bd-odds';

export const FAKE_NAMI_USER = 'qs-test';
export const FAKE_NAMI_SECRET = 'nami-secret';

export interface FakeNamiWorld {
  competitions: Partial<Record<Sport, NamiNamed[]>>;
  teams: Partial<Record<Sport, Array<NamiNamed & { competition_id: number }>>>;
  /** The diary answers each match on the Beijing day of its `match_time`. */
  matches: Partial<Record<Sport, NamiMatch[]>>;
  /** odds/live `results` per sport: `{ "<match id>": { asia, eu, bs: [tuples] } }`. */
  odds?: Partial<Record<Sport, Record<string, unknown>>>;
  /** match/lineup/detail answers by match id. */
  lineups?: Record<number, unknown>;
  /** season/table/detail answers by season id, per sport. */
  tables?: Partial<Record<Sport, Record<number, unknown>>>;
  /** match/lottery answers by lottery_type (101 竞彩足球, 301 / 404 北单). */
  lottery?: Record<number, NamiLotteryMatch[]>;
  /** team/squad/list entries (football), one per team id. */
  squads?: NamiSquad[];
  /** basketball/team/squad/list entries, one per team id. */
  basketballSquads?: NamiSquad[];
  /** 获取竞彩比赛指数: `data: { jczq, jclq }`. */
  jcOdds?: NamiJcAnswer;
  /** 获取北单指数: `data: [...]`. */
  bdOdds?: NamiBdOdds[];
}

export interface FakeNami {
  baseUrl: string;
  mqttUrl: string;
  /** What detail_live answers now, per sport (the provider's current truth for polling). */
  liveNow: Record<Sport, unknown[]>;
  /** The world the HTTP answers are read from (edit it to move the provider's truth). */
  world: FakeNamiWorld;
  /** HTTP calls answered so far. */
  calls(): number;
  /** Paths (with their query, credentials left out) asked so far, oldest first. */
  requests: string[];
  /** Publishes one push message (a JSON array of real-time entries) and waits for the broker's ack of the write. */
  push(entries: unknown[], sport?: Sport): Promise<void>;
  /** The publisher's MQTT client, for a benchmark that paces its own publishes. */
  publisher: MqttClient;
  stopBroker(): Promise<void>;
  startBroker(): Promise<void>;
  close(): Promise<void>;
}

/** yyyymmdd of the Beijing day of a unix time in seconds (the diary's `date`). */
export const chinaDate = (unixS: number): string =>
  new Date(unixS * 1000 + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** A free high port (Mosquitto's WebSocket listener binds every interface, so stay high). */
async function freeHighPort(): Promise<number> {
  for (;;) {
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function answer(res: http.ServerResponse, results: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 0, query: { total: Array.isArray(results) ? results.length : 0 }, results }));
}

export async function startFakeNami(world: FakeNamiWorld): Promise<FakeNami> {
  const liveNow: Record<Sport, unknown[]> = { zq: [], lq: [] };
  let calls = 0;
  const requests: string[] = [];
  const routes = new Map<string, (url: URL) => unknown>();
  // Basic-data lists page by id: `id` ≥ the asked id (ordered by id), at most `limit` a page.
  const page =
    <T extends { id: number }>(rows: () => T[]) =>
    (url: URL) => {
      const from = Number(url.searchParams.get('id') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      return rows()
        .filter((r) => r.id >= from)
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
    };
  const id = (url: URL) => Number(url.searchParams.get('id'));
  for (const sport of ['zq', 'lq'] as const) {
    routes.set(
      NamiPaths.competitions(sport),
      page(() => world.competitions[sport] ?? []),
    );
    routes.set(
      NamiPaths.teams(sport),
      page(() => world.teams[sport] ?? []),
    );
    // The match list: by `time`, the matches whose updated_at is at or after it, oldest change
    // first, at most `limit`; without it, by `id` like the basic-data lists.
    routes.set(NamiPaths.matches(sport), (url) => {
      const rows = world.matches[sport] ?? [];
      const time = url.searchParams.get('time');
      if (time === null) return page(() => rows)(url);
      return rows
        .filter((m) => (m.updated_at ?? 0) >= Number(time))
        .sort((a, b) => (a.updated_at ?? 0) - (b.updated_at ?? 0))
        .slice(0, Number(url.searchParams.get('limit') ?? 1000));
    });
    routes.set(NamiPaths.diary(sport), (url) =>
      (world.matches[sport] ?? []).filter((m) => chinaDate(m.match_time) === url.searchParams.get('date')),
    );
    routes.set(NamiPaths.live(sport), () => liveNow[sport]);
    routes.set(NamiDetailPaths.odds(sport), () => world.odds?.[sport] ?? {});
    routes.set(NamiDetailPaths.table(sport), (url) => world.tables?.[sport]?.[id(url)] ?? {});
  }
  routes.set(NamiDetailPaths.lineup, (url) => world.lineups?.[id(url)] ?? {});
  routes.set(NamiExtraPaths.lottery, (url) => world.lottery?.[Number(url.searchParams.get('lottery_type'))] ?? []);
  routes.set(
    NamiExtraPaths.squads('zq'),
    page(() => world.squads ?? []),
  );
  routes.set(
    NamiExtraPaths.squads('lq'),
    page(() => world.basketballSquads ?? []),
  );
  const fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls++;
    const asked = new URLSearchParams(url.searchParams);
    asked.delete('user');
    asked.delete('secret');
    requests.push(url.pathname + (asked.size > 0 ? `?${asked.toString()}` : ''));
    if (url.searchParams.get('user') !== FAKE_NAMI_USER || url.searchParams.get('secret') !== FAKE_NAMI_SECRET) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 1, err: 'auth failed' }));
    }
    // The 体彩 odds answer in `data`, not `results`.
    if (url.pathname === JC_ODDS_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 0, data: world.jcOdds ?? { jczq: [], jclq: [] } }));
    }
    if (url.pathname === BD_ODDS_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 0, data: world.bdOdds ?? [] }));
    }
    const route = routes.get(url.pathname);
    if (!route) return res.writeHead(404).end();
    answer(res, route(url));
  });
  const baseUrl = await new Promise<string>((resolve) =>
    fake.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(fake.address() as net.AddressInfo).port}`)),
  );

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-nami-'));
  const brokerPort = await freeHighPort();
  const tcpPort = await freeHighPort();
  let broker: ChildProcess | null = null;

  async function startBroker(): Promise<void> {
    const conf = path.join(dir, 'mosquitto.conf');
    // Mosquitto 2.0.11 refuses to start with only a WebSocket listener ("Unable to start any
    // listening sockets"): a loopback TCP listener beside it makes it start.
    fs.writeFileSync(
      conf,
      `listener ${tcpPort} 127.0.0.1\nlistener ${brokerPort}\nprotocol websockets\nallow_anonymous true\npersistence false\n`,
    );
    // Debian installs it in /usr/sbin, which a non-root PATH may not hold.
    const bin = fs.existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';
    broker = spawn(bin, ['-c', conf], { stdio: 'ignore' });
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect(brokerPort, '127.0.0.1');
          s.once('connect', () => (s.destroy(), resolve(true)));
          s.once('error', () => resolve(false));
        }),
      'mosquitto listening',
    );
  }

  async function stopBroker(): Promise<void> {
    const b = broker;
    broker = null;
    if (!b || b.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      b.once('exit', () => resolve());
      b.kill('SIGTERM');
    });
  }

  await startBroker();
  const mqttUrl = `ws://127.0.0.1:${brokerPort}`;
  const publisher = mqtt.connect(mqttUrl, { reconnectPeriod: 500 });
  await until(() => publisher.connected, 'fake Nami publisher connected');

  return {
    baseUrl,
    mqttUrl,
    liveNow,
    world,
    calls: () => calls,
    requests,
    publisher,
    push: async (entries, sport = 'zq') => {
      await publisher.publishAsync(PUSH_TOPIC[sport], JSON.stringify(entries));
    },
    stopBroker,
    startBroker,
    async close() {
      await publisher.endAsync(true);
      await stopBroker();
      await new Promise((r) => fake.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
