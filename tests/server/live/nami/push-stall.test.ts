/**
 * A push that stays connected but goes silent (issue 26, Health): the MQTT connection is up, the
 * broker answers, no message comes. After `pushStallMs` (30 s, as in production) with no message
 * the adapter polls the HTTP real-time endpoint (detail_live) on each step, the polled state
 * reaches the stored match and /healthz says `polling`; the push's next message stops the polling.
 * The push is the fake Nami's real Mosquitto over WebSocket; the server's clock is injected and
 * moved past the stall by hand (the broker connection never drops, so only the stall clock can
 * start the polling).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import { localId } from '../../../../server/live/providers';
import { NamiPaths } from '../../../../server/live/nami/formats';
import type { SourceHealth } from '../../../../server/live/source';
import { LivePaths, type FootballMatch } from '../../../../workers/protocol/index';
import { getData } from '../screens';
import { eplNames, startNamiWorld, stopNamiWorld } from '../../../helpers/nami-server';
import { until, type FakeNami } from '../../../helpers/fake-nami';

const MATCH = 3_900_101;
const ID = localId('nami', 'zq', MATCH);
const KICK = Math.floor(Date.now() / 1000) - 20 * 60;
const STALL_MS = 30_000;

let ts: TestStorage;
let server: BuiltServer;
let nami: FakeNami;
/** How far the server's clock is ahead of the real one. */
let skew = 0;

const side = (goals: number, corners: number) => [goals, 0, 0, 0, corners, 0, 0];
const entry = (h: number, a: number, corners: [number, number]) => ({
  id: MATCH,
  score: [MATCH, 2, side(h, corners[0]), side(a, corners[1]), KICK, ''],
  stats: [{ type: 2, home: corners[0], away: corners[1] }],
  incidents: [],
});

const header = () => getData<{ match: FootballMatch }>(server, LivePaths.zqHeader, { id: ID });
const liveCalls = () => nami.requests.filter((r) => r.startsWith(NamiPaths.live('zq'))).length;
async function healthz(): Promise<SourceHealth> {
  const res = await server.app.inject({ method: 'GET', url: '/healthz' });
  return (res.json() as { data: { live: SourceHealth } }).data.live;
}

beforeAll(async () => {
  ({ nami, ts, server } = await startNamiWorld(
    {
      ...eplNames(),
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
          },
        ],
      },
    },
    { now: () => Date.now() + skew, pushStallMs: STALL_MS, pollMs: 1_000, pushConnected: true },
  ));
}, 120_000);

afterAll(() => stopNamiWorld({ server, ts, nami }));

describe('Nami push connected but silent', () => {
  it('after the stall the adapter polls detail_live; the push delivering again stops it', async () => {
    await nami.push([entry(1, 0, [2, 1])]);
    await until(async () => (await header()).match.score.join('-') === '1-0', 'pushed goal applied');

    // Delivering: a step asks nothing of detail_live.
    const delivering = liveCalls();
    await server.ctx.feed.advance();
    expect(liveCalls()).toBe(delivering);
    expect(server.ctx.feed.health().polling).toBe(false);

    // Silent, still connected; the provider's truth moves on (a second goal) where only HTTP says it.
    nami.liveNow.zq = [entry(2, 0, [3, 1])];
    skew += STALL_MS / 2;
    await server.ctx.feed.advance();
    expect(liveCalls()).toBe(delivering);

    skew += STALL_MS / 2 + 1_000;
    await server.ctx.feed.advance();
    expect(liveCalls()).toBeGreaterThan(delivering);
    expect((await header()).match.score).toEqual([2, 0]);
    expect(server.ctx.feed.health()).toMatchObject({ pushConnected: true, polling: true });
    expect(await healthz()).toMatchObject({ source: 'nami', pushConnected: true, polling: true });
    expect(nami.publisher.connected).toBe(true);

    // Still silent: every step polls again.
    const polled = liveCalls();
    skew += 1_000;
    await server.ctx.feed.advance();
    expect(liveCalls()).toBeGreaterThan(polled);

    // The push delivers again: the polling stops.
    await nami.push([entry(2, 0, [4, 1])]);
    await until(async () => (await header()).match.corner.join('-') === '4-1', 'push applied again');
    const recovered = liveCalls();
    await server.ctx.feed.advance();
    skew += 1_000;
    await server.ctx.feed.advance();
    expect(liveCalls()).toBe(recovered);
    expect(server.ctx.feed.health().polling).toBe(false);
    expect(await healthz()).toMatchObject({ pushConnected: true, polling: false });
  });
});
