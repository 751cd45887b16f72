/**
 * The provider-neutral ingest path on a real server (PGlite, REST, hub): a provider's fixture
 * becomes a match every route shows; duplicated, repeated and out-of-order messages apply once;
 * a goal taken back (VAR) lowers the score, keeps its incident id with 进球无效 (no second alert)
 * and is published to clients that showed the goal; a live match that goes quiet is flagged
 * (status 0) and comes back with its next message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { createIngest, type Ingest, type IngestUpdate } from '../../../server/live/ingest';
import { dbSink } from '../../../server/live/repository';
import { resolveName, seedNames, untranslatedNames } from '../../../server/live/names';
import { NAMI_STATUS } from '../../../server/live/nami/status';
import { APISPORTS_STATUS } from '../../../server/live/apisports/status';
import { localId } from '../../../server/live/providers';
import { renderMatchReport } from '../../../server/news/match-reports';
import type { Hub } from '../../../server/ws/hub';
import {
  LivePaths,
  StatType,
  Topics,
  embeddedUrl,
  fillPath,
  type Incident,
  type MatchEvent,
  type Topic,
  type TopicEvent,
} from '../../../workers/protocol/index';

const START = Date.parse('2026-11-22T12:30:00Z');
let now = START;
let ts: TestStorage;
let server: BuiltServer;
let ingest: Ingest;
const frames: Array<{ topic: Topic; event: TopicEvent }> = [];

const KICKOFF = Math.floor(START / 1000) - 20 * 60;
const fixture = (match: number, rev = 1): IngestUpdate => ({
  kind: 'fixture',
  provider: 'apisports',
  sport: 'zq',
  match,
  rev,
  league: { id: 39, name: 'Premier League' },
  home: { id: 42, name: 'Arsenal' },
  away: { id: 9001, name: 'Sunderland Test' },
  ot: KICKOFF,
  status: '1H',
});

async function get(p: string, params: Record<string, number>) {
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(fillPath(p, params)) });
  return res.json() as { code: number; msg: string; data: Record<string, unknown> };
}

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
    staleAfterMs: 60_000,
    statusTables: { nami: NAMI_STATUS, apisports: APISPORTS_STATUS },
    names: (provider, sport, kind, id, name) => resolveName(server.ctx.db, provider, sport, kind, id, name, now),
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
});

beforeEach(() => {
  frames.length = 0;
});

const matchFrames = (id: number) =>
  frames.filter((f) => f.topic === Topics.match(id)).map((f) => f.event as MatchEvent);
const incidentsIn = (id: number): Incident[] =>
  matchFrames(id).flatMap((e) => (e.kind === 'match' && e.incident ? [e.incident] : []));

describe('a provider fixture becomes a match every route shows', () => {
  it('names come from the names table, an unknown one from the provider and listed for operators', async () => {
    await ingest.apply([fixture(1001)]);
    const id = localId('apisports', 'zq', 1001);
    const header = await get(LivePaths.zqHeader, { id });
    expect(header.code).toBe(200);
    const match = header.data.match as {
      home: { name: string };
      away: { name: string };
      leagueName: string;
      s: number;
    };
    expect(match.home.name).toBe('阿森纳');
    expect(match.leagueName).toBe('英超');
    expect(match.away.name).toBe('Sunderland Test');
    expect(match.s).toBe(2);
    const unknown = await untranslatedNames(server.ctx.db, 'apisports');
    expect(unknown.map((n) => `${n.kind}:${n.providerId}:${n.providerName}`)).toContain('team:9001:Sunderland Test');
  });
});

describe('竞彩 and 北单 marks', () => {
  it('a fixture put on 竞彩 / 北单 after it was stored shows and keeps the marks; a list without them clears nothing', async () => {
    const match = 1050;
    const id = localId('apisports', 'zq', match);
    await ingest.apply([fixture(match, 1)]);
    const marks = async () =>
      (await get(LivePaths.zqHeader, { id })).data.match as unknown as { jc: string | null; bd: boolean };
    expect(await marks()).toMatchObject({ jc: null, bd: false });
    await ingest.apply([{ ...fixture(match, 2), jc: '周日003', bd: true } as IngestUpdate]);
    expect(await marks()).toMatchObject({ jc: '周日003', bd: true });
    const row = await server.ctx.db
      .selectFrom('live_matches')
      .select(['jc', 'bd'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toEqual({ jc: '周日003', bd: true });
    await ingest.apply([fixture(match, 3)]);
    expect(await marks()).toMatchObject({ jc: '周日003', bd: true });
  });
});

describe('each message applies once', () => {
  const match = 1002;
  const id = localId('apisports', 'zq', match);

  it('a duplicated goal, a repeated score and an older score change nothing', async () => {
    await ingest.apply([fixture(match)]);
    const goal: IngestUpdate = {
      kind: 'incident',
      provider: 'apisports',
      sport: 'zq',
      match,
      rev: 10,
      id: 'g1',
      type: 'goal',
      side: 'home',
      minute: 23,
      player: 'Saka',
    };
    const score = (rev: number, h: number, a: number): IngestUpdate => ({
      kind: 'score',
      provider: 'apisports',
      sport: 'zq',
      match,
      rev,
      score: [h, a],
    });
    await ingest.apply([score(10, 1, 0), goal]);
    const before = ingest.stats().duplicates;
    // The same message twice, the same goal again later, and a score older than the one applied.
    await ingest.apply([score(10, 1, 0), goal, goal]);
    await ingest.apply([score(5, 0, 0)]);
    expect(ingest.stats().duplicates - before).toBe(4);
    const header = await get(LivePaths.zqHeader, { id });
    expect((header.data.match as { score: number[] }).score).toEqual([1, 0]);
    const incidents = header.data.incidents as Incident[];
    expect(incidents.filter((i) => i.type === 'goal')).toHaveLength(1);
    expect(incidents.find((i) => i.type === 'goal')!.text).toContain('Saka');
  });

  it('stats out of order keep the newest', async () => {
    await ingest.apply([
      {
        kind: 'stats',
        provider: 'apisports',
        sport: 'zq',
        match,
        rev: 20,
        stats: [{ type: StatType.CORNER, home: 5, away: 2 }],
      },
    ]);
    await ingest.apply([
      {
        kind: 'stats',
        provider: 'apisports',
        sport: 'zq',
        match,
        rev: 15,
        stats: [{ type: StatType.CORNER, home: 3, away: 1 }],
      },
    ]);
    const stats = await get(LivePaths.zqStats, { id });
    const list = (stats.data.stats ?? stats.data) as unknown as Array<{ type: number; home: number; away: number }>;
    expect(list.find((s) => s.type === StatType.CORNER)).toMatchObject({ home: 5, away: 2 });
  });
});

describe('a goal taken back (VAR)', () => {
  it('an explicit VAR message lowers the score and corrects the same incident', async () => {
    const match = 1003;
    const id = localId('apisports', 'zq', match);
    await ingest.apply([fixture(match)]);
    await ingest.apply([
      { kind: 'score', provider: 'apisports', sport: 'zq', match, rev: 1, score: [1, 0] },
      {
        kind: 'incident',
        provider: 'apisports',
        sport: 'zq',
        match,
        rev: 1,
        id: 'g',
        type: 'goal',
        side: 'home',
        minute: 30,
      },
    ]);
    const goal = incidentsIn(id).find((i) => i.type === 'goal')!;
    expect(goal.score).toEqual([1, 0]);
    frames.length = 0;
    await ingest.apply([
      {
        kind: 'incident',
        provider: 'apisports',
        sport: 'zq',
        match,
        rev: 2,
        id: 'g',
        type: 'goal',
        side: 'home',
        minute: 30,
        voided: true,
      },
    ]);
    const corrected = incidentsIn(id);
    // Clients that showed the goal get it again under the same id: replaced, never a second alert.
    expect(corrected).toHaveLength(1);
    expect(corrected[0].id).toBe(goal.id);
    expect(corrected[0].text).toContain('进球无效');
    expect(corrected[0].score).toEqual([0, 0]);
    const list = frames.filter((f) => f.topic === Topics.football).map((f) => f.event as MatchEvent);
    expect(list.at(-1)).toMatchObject({ kind: 'match', match: { id, score: [0, 0] } });
    const header = await get(LivePaths.zqHeader, { id });
    expect((header.data.match as { score: number[] }).score).toEqual([0, 0]);
    const stored = (header.data.incidents as Incident[]).filter((i) => i.type === 'goal');
    expect(stored).toHaveLength(1);
    expect(stored[0].text).toContain('进球无效');
    // The full-time report follows: no goal, the take-back said as such.
    const report = await renderMatchReport(server.ctx.db, id, 'final');
    expect(report!.md).toContain('被判无效');
    expect(report!.md).not.toContain('破门得分');
    // The same correction again changes nothing.
    frames.length = 0;
    await ingest.apply([
      {
        kind: 'incident',
        provider: 'apisports',
        sport: 'zq',
        match,
        rev: 3,
        id: 'g',
        type: 'goal',
        side: 'home',
        minute: 30,
        voided: true,
      },
    ]);
    expect(incidentsIn(id)).toHaveLength(0);
  });

  it('a provider score that drops below the goals counted takes back the latest goal', async () => {
    const match = 1004;
    const id = localId('apisports', 'zq', match);
    await ingest.apply([fixture(match)]);
    await ingest.apply([
      { kind: 'score', provider: 'apisports', sport: 'zq', match, rev: 1, score: [2, 0] },
      {
        kind: 'incident',
        provider: 'apisports',
        sport: 'zq',
        match,
        rev: 1,
        id: 'a',
        type: 'goal',
        side: 'home',
        minute: 10,
      },
      {
        kind: 'incident',
        provider: 'apisports',
        sport: 'zq',
        match,
        rev: 1,
        id: 'b',
        type: 'goal',
        side: 'home',
        minute: 40,
      },
    ]);
    const [first, second] = incidentsIn(id).filter((i) => i.type === 'goal');
    frames.length = 0;
    await ingest.apply([{ kind: 'score', provider: 'apisports', sport: 'zq', match, rev: 2, score: [1, 0] }]);
    const corrected = incidentsIn(id).filter((i) => i.type === 'goal');
    expect(corrected.map((i) => i.id)).toEqual([second.id]);
    expect(corrected[0].text).toContain('进球无效');
    const header = await get(LivePaths.zqHeader, { id });
    expect((header.data.match as { score: number[] }).score).toEqual([1, 0]);
    const stored = (header.data.incidents as Incident[]).filter((i) => i.type === 'goal');
    expect(stored.find((i) => i.id === first.id)!.text).not.toContain('进球无效');
    expect(stored.find((i) => i.id === second.id)!.text).toContain('进球无效');
  });
});

describe('out of order without a provider timestamp (progress)', () => {
  // A provider whose revision is only the arrival time (Nami): each message says where the match
  // stood, [phase, corners home, corners away]; a late one arrives with the newest revision.
  const score = (match: number, rev: number, goals: [number, number], corners: number, current?: boolean) =>
    ({
      kind: 'score',
      provider: 'nami',
      sport: 'zq',
      match,
      rev,
      status: 2,
      score: goals,
      corner: [corners, 1],
      progress: [1, corners, 1],
      ...(current ? { current } : {}),
    }) as IngestUpdate;
  const goal = (match: number, rev: number): IngestUpdate => ({
    kind: 'incident',
    provider: 'nami',
    sport: 'zq',
    match,
    rev,
    id: 'g23',
    type: 'goal',
    side: 'home',
    minute: 23,
  });
  const namiFixture = (match: number): IngestUpdate => ({
    kind: 'fixture',
    provider: 'nami',
    sport: 'zq',
    match,
    rev: 1,
    league: { id: 82, name: '英超' },
    home: { id: 19, name: '阿森纳' },
    away: { id: 25, name: '切尔西' },
    ot: KICKOFF,
    status: 2,
  });
  const shown = async (id: number) => {
    const header = await get(LivePaths.zqHeader, { id });
    const match = header.data.match as { score: number[]; corner: number[] };
    return {
      score: match.score.join('-'),
      corner: match.corner.join('-'),
      incidents: header.data.incidents as Incident[],
    };
  };

  it('an older score tuple arriving after a newer one never lowers the score; the current state does', async () => {
    const match = 1006;
    const id = localId('nami', 'zq', match);
    await ingest.apply([namiFixture(match)]);
    await ingest.apply([score(match, 10, [0, 0], 2)]);
    await ingest.apply([score(match, 20, [1, 0], 3), goal(match, 20)]);
    expect((await shown(id)).score).toBe('1-0');
    const corrections = ingest.stats().corrections;
    frames.length = 0;

    // The message from before the goal again (a reconnect, a redelivery), with a newer revision.
    const late = await ingest.apply([score(match, 30, [0, 0], 2)]);
    expect(late.held ?? []).toEqual([]);
    expect((await shown(id)).score).toBe('1-0');
    // Level with the goal's message and lower: held, the caller told to ask the current state.
    const level = await ingest.apply([score(match, 40, [0, 0], 3)]);
    expect(level.held).toEqual([id]);
    expect(matchFrames(id)).toHaveLength(0);
    expect(ingest.stats().corrections).toBe(corrections);
    let seen = await shown(id);
    expect(seen.score).toBe('1-0');
    expect(seen.corner).toBe('3-1');
    expect(seen.incidents.filter((i) => i.type === 'goal').map((i) => i.text.includes('进球无效'))).toEqual([false]);

    // The provider's current state (a poll answer) at that same point says 0-0: a VAR take-back.
    const confirmed = await ingest.apply([score(match, 50, [0, 0], 3, true)]);
    expect(confirmed.held ?? []).toEqual([]);
    seen = await shown(id);
    expect(seen.score).toBe('0-0');
    expect(seen.incidents.filter((i) => i.type === 'goal').map((i) => i.text.includes('进球无效'))).toEqual([true]);
    expect(ingest.stats().corrections).toBe(corrections + 1);
  });

  it('a newer tuple with a lower score is a VAR take-back; older stats change nothing', async () => {
    const match = 1007;
    const id = localId('nami', 'zq', match);
    await ingest.apply([namiFixture(match)]);
    await ingest.apply([score(match, 10, [1, 0], 3), goal(match, 10)]);
    frames.length = 0;
    // A corner later the provider says 0-0: the goal taken back, the same incident 进球无效.
    await ingest.apply([score(match, 20, [0, 0], 4)]);
    const seen = await shown(id);
    expect(seen.score).toBe('0-0');
    const corrected = incidentsIn(id);
    expect(corrected).toHaveLength(1);
    expect(corrected[0].text).toContain('进球无效');
    // Stats from a message before that corner, come late: the corners stay.
    await ingest.apply([
      {
        kind: 'stats',
        provider: 'nami',
        sport: 'zq',
        match,
        rev: 30,
        progress: [1, 2, 1],
        stats: [{ type: StatType.CORNER, home: 2, away: 1 }],
      },
    ]);
    expect((await shown(id)).corner).toBe('4-1');
  });
});

describe('a live match that goes quiet', () => {
  it('is flagged after the configured time instead of staying live, and recovers on its next message', async () => {
    const match = 1005;
    const id = localId('apisports', 'zq', match);
    await ingest.apply([fixture(match)]);
    now += 30_000;
    expect(await ingest.sweepStale()).toBe(0);
    now += 61_000;
    expect(await ingest.sweepStale()).toBeGreaterThanOrEqual(1);
    let header = await get(LivePaths.zqHeader, { id });
    expect((header.data.match as { s: number }).s).toBe(0);
    expect(ingest.stats().stale).toBeGreaterThanOrEqual(1);
    await ingest.apply([{ kind: 'score', provider: 'apisports', sport: 'zq', match, rev: 100, score: [0, 1] }]);
    header = await get(LivePaths.zqHeader, { id });
    expect((header.data.match as { s: number; score: number[] }).s).toBe(2);
    expect((header.data.match as { score: number[] }).score).toEqual([0, 1]);
  });
});
