/**
 * Contract test of the Nami adapter against a fake 纳米数据 that speaks the documented formats
 * (docs/providers/nami.md): HTTP basic data, diary and detail_live with the exact JSON shapes,
 * and the push through a real Mosquitto broker with a WebSocket listener (MQTT over WebSocket),
 * in the documented topic and payload. A server with LIVE_SOURCE=nami shows the fixture with
 * Nami's Chinese names; a pushed goal, its duplicates, a VAR correction, the push going down
 * (the adapter polls detail_live) and coming back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../../helpers/test-db';
import { FAKE_NAMI_SECRET, FAKE_NAMI_USER, startFakeNami, until, type FakeNami } from '../../../helpers/fake-nami';
import { buildServer, type BuiltServer } from '../../../../server/app';
import { localId } from '../../../../server/live/providers';
import { LivePaths, embeddedUrl, fillPath, type Incident } from '../../../../workers/protocol/index';

const MATCH = 3_900_001;
const ID = localId('nami', 'zq', MATCH);
const KICK = Math.floor(Date.now() / 1000) - 20 * 60;

let ts: TestStorage;
let server: BuiltServer;
let nami: FakeNami;

const side = (score: number, corners: number) => [score, 0, 0, 0, corners, 0, 0];
const entry = (status: number, h: number, a: number, incidents: object[], corners: [number, number] = [2, 1]) => ({
  id: MATCH,
  score: [MATCH, status, side(h, corners[0]), side(a, corners[1]), KICK, ''],
  stats: [
    { type: 2, home: corners[0], away: corners[1] },
    { type: 25, home: 55, away: 45 },
  ],
  incidents,
});
const goal23 = { type: 1, position: 1, time: 23, player_name: '萨卡', home_score: 1, away_score: 0 };

async function header() {
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(fillPath(LivePaths.zqHeader, { id: ID })) });
  const body = res.json() as {
    code: number;
    data: {
      match: { score: number[]; s: number; home: { name: string }; leagueName: string; corner: number[] };
      incidents: Incident[];
    };
  };
  return body;
}
const goals = async () => (await header()).data.incidents.filter((i) => i.type === 'goal');

function push(entries: unknown[]): void {
  void nami.push(entries);
}

beforeAll(async () => {
  nami = await startFakeNami({
    competitions: { zq: [{ id: 82, name: '英格兰超级联赛', short_name: '英超' }] },
    teams: {
      zq: [
        { id: 19, competition_id: 82, name: '阿森纳', short_name: '阿森纳' },
        { id: 25, competition_id: 82, name: '切尔西', short_name: '切尔西' },
      ],
    },
    matches: {
      zq: [
        {
          id: MATCH,
          competition_id: 82,
          home_team_id: 19,
          away_team_id: 25,
          status_id: 2,
          match_time: KICK,
          home_scores: [0, 0, 0, 0, -1, 0, 0],
          away_scores: [0, 0, 0, 0, -1, 0, 0],
          updated_at: KICK,
        },
      ],
    },
  });
  ts = await createTestStorage('pglite', {
    feed: false,
    liveSource: {
      kind: 'nami',
      staleAfterMs: 120_000,
      nami: {
        user: FAKE_NAMI_USER,
        secret: FAKE_NAMI_SECRET,
        baseUrl: nami.baseUrl,
        mqttUrl: nami.mqttUrl,
        pushStallMs: 1_500,
        pollMs: 500,
      },
      apisports: null,
    },
  });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => Date.now() });
  await server.ctx.feed.start();
  await until(() => nami.publisher.connected && server.ctx.feed.health().pushConnected === true, 'push connected');
}, 120_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
  await nami?.close();
});

describe('Nami adapter against a fake 纳米数据', () => {
  it('the fixture from the diary shows with Nami’s Chinese names, live', async () => {
    const h = await header();
    expect(h.code).toBe(200);
    expect(h.data.match.home.name).toBe('阿森纳');
    expect(h.data.match.leagueName).toBe('英超');
    expect(h.data.match.s).toBe(2);
  });

  it('a pushed goal lands once, whatever the duplicates', async () => {
    push([entry(2, 1, 0, [goal23])]);
    await until(async () => (await header()).data.match.score.join('-') === '1-0', 'goal applied');
    push([entry(2, 1, 0, [goal23])]);
    push([entry(2, 1, 0, [goal23])]);
    // A later message (corners move) proves the duplicates before it were handled.
    push([entry(2, 1, 0, [goal23], [3, 1])]);
    await until(async () => (await header()).data.match.corner.join('-') === '3-1', 'corner applied');
    const g = await goals();
    expect(g).toHaveLength(1);
    expect(g[0].text).toContain('萨卡');
  });

  it('a goal taken back by VAR: the score drops and the same incident reads 进球无效', async () => {
    const [before] = await goals();
    push([entry(2, 0, 0, [], [3, 1])]);
    await until(async () => (await header()).data.match.score.join('-') === '0-0', 'score lowered');
    const after = await goals();
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before.id);
    expect(after[0].text).toContain('进球无效');
  });

  it('push down: the adapter polls detail_live; push back: it stops polling', async () => {
    await nami.stopBroker();
    await until(() => server.ctx.feed.health().pushConnected === false, 'push seen down');
    nami.liveNow.zq = [
      entry(4, 1, 0, [goal23, { type: 1, position: 1, time: 60, home_score: 1, away_score: 0 }], [4, 2]),
    ];
    const before = nami.calls();
    await server.ctx.feed.advance();
    expect(nami.calls()).toBeGreaterThan(before);
    expect(server.ctx.feed.health().polling).toBe(true);
    const h = await header();
    expect(h.data.match.s).toBe(4);
    expect(h.data.match.corner).toEqual([4, 2]);
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('live_source_info{source="nami"} 1');
    expect(metrics.body).toMatch(/live_push_connected 0/);
    expect(metrics.body).toMatch(/live_polling 1/);
    await nami.startBroker();
    await until(() => server.ctx.feed.health().pushConnected === true && nami.publisher.connected, 'push back', 30_000);
    push([entry(4, 1, 0, [goal23], [5, 2])]);
    await until(async () => (await header()).data.match.corner.join('-') === '5-2', 'push applied again');
    await server.ctx.feed.advance();
    expect(server.ctx.feed.health().polling).toBe(false);
    const healthz = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect((healthz.json() as { data: { live: { source: string; pushConnected: boolean } } }).data.live).toMatchObject({
      source: 'nami',
      pushConnected: true,
    });
  });
});
