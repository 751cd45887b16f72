/**
 * Cluster mode with a real provider (api-sports, a fake host speaking its formats): only the feed
 * leader calls the provider (issue 26, point 5). A feed leader and a gateway share one PostgreSQL
 * database and the machine's NATS, each with the app's own cluster wiring (server/app.ts →
 * server/cluster/leader-source.ts). A fan on the gateway opening a match's 阵容 tab, a team's
 * 数据库 page or a basketball game's 统计 tab is served the provider's lineup, squad and box score,
 * read by the leader with the leader's key within its budget; the gateway, configured with a key of its own so its calls would show, never
 * calls the provider. With the leader gone the gateway answers the tab empty after a bounded wait.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '../../../server/app';
import type { Config } from '../../../server/config';
import { createJetStreamBus } from '../../../server/cluster/jetstream-bus';
import { createLeaderControls, type LeaderControls } from '../../../server/cluster/leader-controls';
import { PROVIDER_WAIT_MS } from '../../../server/cluster/leader-source';
import type { ClusterBus } from '../../../server/cluster/bus';
import { localId } from '../../../server/live/providers';
import {
  DatabasePaths,
  LivePaths,
  type BasketballStats,
  type Lineup,
  type TeamPage,
} from '../../../workers/protocol/index';
import { connectNats, deleteStreams, uniqueName } from '../../helpers/cluster';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { getData } from '../live/screens';
import { listen, nbaGameInQ2, send } from '../live/apisports/fake';

const LEADER_KEY = 'leader-key';
const GATEWAY_KEY = 'gateway-key';
const FIXTURE = 1_400_001;
const ID = localId('apisports', 'zq', FIXTURE);
const ARSENAL = localId('apisports', 'zq', 42);
const GAME = 410_301;
const GAME_ID = localId('apisports', 'lq', GAME);
const now = Date.parse('2026-11-22T11:40:00Z'); // 19:40 Beijing, kick-off 20:00
const KICK = Date.parse('2026-11-22T12:00:00Z') / 1000;

/** Every call the fake got, with the key it came with. */
const calls: Array<{ key: string; path: string }> = [];
const callsTo = (path: string, key?: string) =>
  calls.filter((c) => c.path === path && (key === undefined || c.key === key)).length;

const fixture = () => ({
  fixture: {
    id: FIXTURE,
    referee: null,
    timezone: 'Asia/Shanghai',
    date: new Date(KICK * 1000).toISOString(),
    timestamp: KICK,
    periods: { first: null, second: null },
    venue: { id: 494, name: 'Emirates Stadium', city: 'London' },
    status: { long: '', short: 'NS', elapsed: null },
  },
  league: { id: 39, name: 'Premier League', country: 'England', logo: '', flag: '', season: 2026, round: 'R 13' },
  teams: {
    home: { id: 42, name: 'Arsenal', logo: '', winner: null },
    away: { id: 49, name: 'Chelsea', logo: '', winner: null },
  },
  goals: { home: null, away: null },
  score: {
    halftime: { home: null, away: null },
    fulltime: { home: null, away: null },
    extratime: { home: null, away: null },
    penalty: { home: null, away: null },
  },
});

const side = (teamId: number, name: string, base: number) => ({
  team: { id: teamId, name, logo: '' },
  coach: { id: base, name: `Coach ${name}`, photo: '' },
  formation: '4-4-2',
  startXI: Array.from({ length: 11 }, (_, i) => ({
    player: { id: base + i, name: `${name} ${i + 1}`, number: i + 1, pos: i === 0 ? 'G' : 'M', grid: null },
  })),
  substitutes: [],
});

const SQUAD = [
  {
    team: { id: 42, name: 'Arsenal', logo: '' },
    players: [
      { id: 900, name: 'D. Raya', age: 31, number: 22, position: 'Goalkeeper', photo: '' },
      { id: 908, name: 'B. Saka', age: 25, number: 7, position: 'Attacker', photo: '' },
    ],
  },
];

let fake: http.Server;
let ts: TestStorage;
let nc: NatsConnection;
let ncGateway: NatsConnection;
let leader: BuiltServer;
let gateway: BuiltServer;
let leaderControls: LeaderControls;
const buses: ClusterBus[] = [];
const cluster = uniqueName('qs_pl');

/** One process of the cluster, built as server/cluster/main.ts builds it. */
async function clusterProcess(
  config: Config,
  conn: NatsConnection,
  role: 'feed' | 'gateway',
  isLeader: () => boolean,
): Promise<{ server: BuiltServer; controls: LeaderControls }> {
  const bus = await createJetStreamBus({ nc: conn, name: `${cluster}_events` });
  buses.push(bus);
  const controls = createLeaderControls(conn, cluster, { isLeader });
  const server = await buildServer(config, {
    client: false,
    now: () => now,
    cluster: { role, bus, tokenSecret: crypto.randomBytes(32), isLeader, controls },
  });
  return { server, controls };
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls.push({ key: String(req.headers['x-apisports-key']), path: url.pathname });
    const p = url.pathname;
    if (p === '/fb/fixtures' && url.searchParams.get('live') === 'all') return send(res, 'fixtures', []);
    if (p === '/fb/fixtures') return send(res, 'fixtures', [fixture()]);
    if (p === '/fb/fixtures/lineups')
      return send(res, 'fixtures/lineups', [side(42, 'Arsenal', 900), side(49, 'Chelsea', 1000)]);
    if (p === '/fb/players/squads')
      return send(res, 'players/squads', url.searchParams.get('team') === '42' ? SQUAD : []);
    if (p === '/bb/games') {
      const home = { id: 145, name: 'Los Angeles Lakers' };
      return send(res, 'games', [nbaGameInQ2(GAME, KICK - 40 * 60, home, { id: 133, name: 'Boston Celtics' })]);
    }
    if (p === '/bb/games/statistics/players')
      return send(res, 'games/statistics/players', [
        {
          game: { id: GAME },
          team: { id: 145 },
          player: { id: 1880, name: 'Austin Reaves' },
          type: 'starters',
          minutes: '12:00',
          field_goals: { total: 3, attempts: 6, percentage: 50 },
          threepoint_goals: { total: 1, attempts: 3, percentage: 33 },
          freethrows_goals: { total: 0, attempts: 0, percentage: null },
          rebounds: { total: 2 },
          assists: 1,
          points: 7,
        },
      ]);
    if (p.startsWith('/fb/') || p.startsWith('/bb/')) return send(res, p.slice(4), []);
    res.writeHead(404).end();
  });
  const base = await listen(fake);
  const apisports = (key: string) => ({
    key,
    footballUrl: `${base}/fb`,
    basketballUrl: `${base}/bb`,
    perMinute: 30,
    perDay: 1000,
    pollMs: 60_000,
  });
  ts = await createTestStorage('postgres', {
    feed: false,
    liveSource: { kind: 'apisports', staleAfterMs: 600_000, nami: null, apisports: apisports(LEADER_KEY) },
  });
  nc = await connectNats();
  ncGateway = await connectNats();
  let leading = false;
  ({ server: leader, controls: leaderControls } = await clusterProcess(ts.config, nc, 'feed', () => leading));
  await leader.ctx.feed.start();
  leading = true;
  leaderControls.serve();
  ({ server: gateway } = await clusterProcess(
    { ...ts.config, liveSource: { ...ts.config.liveSource, apisports: apisports(GATEWAY_KEY) } },
    ncGateway,
    'gateway',
    () => false,
  ));
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await leaderControls?.close();
  await leader?.close();
  for (const b of buses) await b.close();
  if (nc) await deleteStreams(nc, [`${cluster}_events`]);
  await nc?.close();
  await ncGateway?.close();
  await ts?.cleanup();
  await new Promise((r) => fake?.close(r));
});

describe('only the feed leader calls the provider', () => {
  it("a fan on a gateway gets the lineup the leader read with the leader's key, once", async () => {
    expect(callsTo('/fb/fixtures', LEADER_KEY)).toBeGreaterThan(0);
    const lineup = await getData<Lineup>(gateway, LivePaths.zqLineup, { id: ID });
    expect(lineup.home).toMatchObject({ teamName: '阿森纳', formation: '4-4-2' });
    expect(lineup.home.starters).toHaveLength(11);
    expect(lineup.away.starters[0]).toMatchObject({ name: 'Chelsea 1', position: 'GK' });
    // Stored on the way back: the next fan (on any process) is served from storage.
    await getData<Lineup>(gateway, LivePaths.zqLineup, { id: ID });
    await getData<Lineup>(leader, LivePaths.zqLineup, { id: ID });
    expect(callsTo('/fb/fixtures/lineups', LEADER_KEY)).toBe(1);
    expect(calls.filter((c) => c.key === GATEWAY_KEY)).toEqual([]);
  });

  it("a team's 数据库 page on a gateway lists the squad the leader read", async () => {
    const page = await getData<TeamPage>(gateway, DatabasePaths.team, { id: ARSENAL });
    expect(page.squad.map((p) => [p.name, p.number])).toEqual([
      ['D. Raya', 22],
      ['B. Saka', 7],
    ]);
    expect(callsTo('/fb/players/squads', LEADER_KEY)).toBe(1);
    expect(calls.filter((c) => c.key === GATEWAY_KEY)).toEqual([]);
  });

  it("a fan on a gateway opening a basketball game's 统计 tab has the leader read its box score", async () => {
    const boxReads = (key?: string) => callsTo('/bb/games/statistics/players', key);
    expect((await getData<BasketballStats>(gateway, LivePaths.lqStats, { id: GAME_ID })).players.home).toEqual([]);
    // The watch travels to the leader on its own (the tab's answer does not wait for it); its next cycle reads the box.
    for (let i = 0; i < 10 && boxReads() === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await leader.ctx.feed.advance();
    }
    expect(boxReads(LEADER_KEY)).toBe(1);
    const s = await getData<BasketballStats>(gateway, LivePaths.lqStats, { id: GAME_ID });
    expect(s.players.home.map((p) => [p.name, p.points])).toEqual([['Austin Reaves', 7]]);
    expect(calls.filter((c) => c.key === GATEWAY_KEY)).toEqual([]);
  });

  it('with no leader serving, the gateway answers after a bounded wait and still calls no one', async () => {
    await leaderControls.close();
    const before = calls.length;
    const t0 = Date.now();
    // Chelsea's squad was never read: the forward finds no leader and the page has no squad.
    const page = await getData<TeamPage>(gateway, DatabasePaths.team, { id: localId('apisports', 'zq', 49) });
    expect(page.squad).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(PROVIDER_WAIT_MS - 500);
    expect(Date.now() - t0).toBeLessThan(PROVIDER_WAIT_MS + 5_000);
    expect(calls.length).toBe(before);
  }, 20_000);
});
