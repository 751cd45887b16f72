/**
 * A basketball box score through the provider-neutral ingest path (server/live/ingest-box.ts):
 * applied once per revision (a repeat or an older one changes nothing and publishes nothing), its
 * news published on the match topic as a stats frame (the 统计 tab reloads its player lines on it),
 * served by the 统计 route, and refused for a football match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { createIngest, type BoxPlayer, type Ingest, type IngestUpdate } from '../../../server/live/ingest';
import { dbSink } from '../../../server/live/repository';
import { resolveName, seedNames } from '../../../server/live/names';
import { NAMI_STATUS } from '../../../server/live/nami/status';
import { APISPORTS_STATUS } from '../../../server/live/apisports/status';
import { localId } from '../../../server/live/providers';
import type { Hub } from '../../../server/ws/hub';
import { LivePaths, Topics, type BasketballStats, type Topic, type TopicEvent } from '../../../workers/protocol/index';
import { getData } from './screens';

const now = Date.parse('2026-11-22T12:30:00Z');
const KICK = Math.floor(now / 1000) - 20 * 60;
const GAME = 510_001;
const ID = localId('nami', 'lq', GAME);
let ts: TestStorage;
let server: BuiltServer;
let ingest: Ingest;
const frames: Array<{ topic: Topic; event: TopicEvent }> = [];

const fixture = (sport: 'zq' | 'lq', match: number): IngestUpdate => ({
  kind: 'fixture',
  provider: 'nami',
  sport,
  match,
  rev: 1,
  league: { id: 3, name: 'CBA' },
  home: { id: 11, name: '广东' },
  away: { id: 12, name: '辽宁' },
  ot: KICK,
  status: sport === 'lq' ? 4 : 2,
});
const p = (id: number, name: string, points: number): BoxPlayer => ({
  id,
  name,
  number: 9,
  starter: true,
  seconds: 600,
  points,
  rebounds: 2,
  assists: 1,
});
const box = (match: number, rev: number, points: number, sport: 'zq' | 'lq' = 'lq'): IngestUpdate => ({
  kind: 'box',
  provider: 'nami',
  sport,
  match,
  rev,
  home: [p(8101, '周琦', points)],
  away: [p(8201, '郭艾伦', 6)],
});
const statsFrames = () => frames.filter((f) => f.topic === Topics.match(ID) && f.event.kind === 'stats').length;
const zhou = async () =>
  (await getData<BasketballStats>(server, LivePaths.lqStats, { id: ID })).players.home.find((l) => l.name === '周琦');

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feed: false });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
  await seedNames(server.ctx.db);
  const real = server.ctx.hub;
  const hub = {
    publish(topic: Topic, event: TopicEvent) {
      frames.push({ topic, event });
      return real.publish(topic, event);
    },
  } as unknown as Hub;
  ingest = createIngest({
    db: server.ctx.db,
    hub,
    metrics: server.ctx.metrics,
    sink: dbSink(server.ctx.db),
    now: () => now,
    seed: ts.config.feedSeed,
    staleAfterMs: 600_000,
    statusTables: { nami: NAMI_STATUS, apisports: APISPORTS_STATUS },
    names: (provider, sport, kind, id, name) => resolveName(server.ctx.db, provider, sport, kind, id, name, now),
  });
  await ingest.apply([fixture('lq', GAME), fixture('zq', GAME)]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
});

describe('box scores through the ingest path', () => {
  it('applied: the 统计 route serves the lines and the match topic gets a stats frame', async () => {
    const before = statsFrames();
    expect((await ingest.apply([box(GAME, 10, 12)])).changed).toEqual([ID]);
    expect(await zhou()).toMatchObject({ points: 12, minutes: 10, starter: true });
    expect(statsFrames()).toBe(before + 1);
  });

  it('a repeat (newer, same figures) and an older revision change nothing and publish nothing', async () => {
    const before = statsFrames();
    const dups = ingest.stats().duplicates;
    expect((await ingest.apply([box(GAME, 11, 12)])).changed).toEqual([]);
    expect((await ingest.apply([box(GAME, 9, 30)])).changed).toEqual([]);
    expect(ingest.stats().duplicates).toBe(dups + 2);
    expect(await zhou()).toMatchObject({ points: 12 });
    expect(statsFrames()).toBe(before);
  });

  it('a newer box with new figures moves the line', async () => {
    expect((await ingest.apply([box(GAME, 12, 16)])).changed).toEqual([ID]);
    expect(await zhou()).toMatchObject({ points: 16 });
  });

  it('a box score for a football match is refused', async () => {
    const zqId = localId('nami', 'zq', GAME);
    expect((await ingest.apply([box(GAME, 13, 5, 'zq')])).changed).not.toContain(zqId);
  });
});
