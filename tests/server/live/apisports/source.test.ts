/**
 * Contract test of the api-sports adapter against a fake API-Football v3 / API-Basketball with
 * the documented JSON shapes and rate-limit headers: a server with LIVE_SOURCE=apisports shows
 * the live fixture under its Chinese names (names table), its goal from the events, a VAR "Goal
 * cancelled", the basketball game; it stays within the per-minute and per-day budget, pauses
 * after a 429, and /metrics says how many calls are left.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOnFake, stopOnFake } from './app-on-fake';
import { fakeHost, nbaGameInQ2, send } from './fake';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import { localId } from '../../../../server/live/providers';
import { LivePaths, embeddedUrl, fillPath, type Incident } from '../../../../workers/protocol/index';

const KEY = 'apisports-test-key';
const FIXTURE = 1_208_001;
const GAME = 400_123;
let now = Date.parse('2026-11-22T12:30:00Z');
const KICK = Math.floor(now / 1000) - 30 * 60;
let ts: TestStorage;
let server: BuiltServer;
let fake: http.Server;
const requests: string[] = [];
let answer429 = 0;
let goalsHome = 1;
let events: object[] = [];

const goalEvent = {
  time: { elapsed: 23, extra: null },
  team: { id: 42, name: 'Arsenal', logo: '' },
  player: { id: 1460, name: 'B. Saka' },
  assist: { id: null, name: null },
  type: 'Goal',
  detail: 'Normal Goal',
  comments: null,
};

function fixture() {
  return {
    fixture: {
      id: FIXTURE,
      referee: null,
      timezone: 'Asia/Shanghai',
      date: new Date(KICK * 1000).toISOString(),
      timestamp: KICK,
      periods: { first: KICK, second: null },
      venue: { id: 494, name: 'Emirates Stadium', city: 'London' },
      status: { long: 'First Half', short: '1H', elapsed: 30 },
    },
    league: {
      id: 39,
      name: 'Premier League',
      country: 'England',
      logo: '',
      flag: '',
      season: 2026,
      round: 'Regular Season - 13',
    },
    teams: {
      home: { id: 42, name: 'Arsenal', logo: '', winner: null },
      away: { id: 9002, name: 'Testbury Town', logo: '', winner: null },
    },
    goals: { home: goalsHome, away: 0 },
    score: {
      halftime: { home: null, away: null },
      fulltime: { home: null, away: null },
      extratime: { home: null, away: null },
      penalty: { home: null, away: null },
    },
  };
}

const game = () => nbaGameInQ2(GAME, KICK, { id: 139, name: 'Test Lakers' }, { id: 140, name: 'Test Celtics' });

function fakeApi(): http.Server {
  return fakeHost(requests, (url, req, res) => {
    if (req.headers['x-apisports-key'] !== KEY) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ errors: { token: 'Error/Missing application key.' }, response: [] }));
    }
    if (answer429 > 0) {
      answer429--;
      res.writeHead(429, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ errors: { rateLimit: 'Too many requests.' }, response: [] }));
    }
    const p = url.pathname;
    if (p === '/fb/fixtures' && url.searchParams.get('live') === 'all') return send(res, 'fixtures', [fixture()]);
    if (p === '/fb/fixtures') return send(res, 'fixtures', [fixture()]);
    if (p === '/fb/fixtures/events') return send(res, 'fixtures/events', events);
    if (p === '/fb/fixtures/statistics')
      return send(res, 'fixtures/statistics', [
        {
          team: { id: 42, name: 'Arsenal' },
          statistics: [
            { type: 'Corner Kicks', value: 4 },
            { type: 'Ball Possession', value: '61%' },
          ],
        },
        {
          team: { id: 9002, name: 'Testbury Town' },
          statistics: [
            { type: 'Corner Kicks', value: 1 },
            { type: 'Ball Possession', value: '39%' },
          ],
        },
      ]);
    if (p === '/bb/games') return send(res, 'games', [game()]);
    res.writeHead(404).end();
  });
}

async function header(sport: 'zq' | 'lq', id: number) {
  const p = sport === 'zq' ? LivePaths.zqHeader : LivePaths.lqHeader;
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(fillPath(p, { id })) });
  return res.json() as {
    code: number;
    data: {
      match: { score: number[]; s: number; home: { name: string }; leagueName: string; corner?: number[] };
      incidents: Incident[];
    };
  };
}

beforeAll(async () => {
  fake = fakeApi();
  events = [goalEvent];
  ({ ts, server } = await startOnFake(fake, { key: KEY, perMinute: 6, perDay: 12 }, () => now));
}, 120_000);

afterAll(() => stopOnFake({ ts, server }, fake));

describe('api-sports adapter against a fake API-Football / API-Basketball', () => {
  it('live first: the live fixture, the basketball game, its events, the day list, then stats, within the minute budget', async () => {
    expect(requests.map((r) => r.split('?')[0])).toEqual([
      '/fb/fixtures',
      '/bb/games',
      '/fb/fixtures/events',
      '/fb/fixtures',
      '/fb/fixtures/statistics',
    ]);
    expect(requests[0]).toContain('live=all');
    const zq = await header('zq', localId('apisports', 'zq', FIXTURE));
    expect(zq.data.match.home.name).toBe('阿森纳');
    expect(zq.data.match.leagueName).toBe('英超');
    expect(zq.data.match.score).toEqual([1, 0]);
    expect(zq.data.match.corner).toEqual([4, 1]);
    expect(zq.data.incidents.filter((i) => i.type === 'goal').map((i) => i.text)).toEqual([
      expect.stringContaining('B. Saka'),
    ]);
    const lq = await header('lq', localId('apisports', 'lq', GAME));
    expect(lq.data.match.score).toEqual([42, 35]);
    expect(lq.data.match.s).toBe(4);
    // The 统计 tab of a provider's game: its team stats, no made-up player lines.
    const stats = await server.app.inject({
      method: 'GET',
      url: embeddedUrl(fillPath(LivePaths.lqStats, { id: localId('apisports', 'lq', GAME) })),
    });
    expect(stats.json()).toMatchObject({ code: 200, data: { players: { home: [], away: [] } } });
    // The minute's budget (6) leaves one call: the next cycle in the same minute spends only that.
    await server.ctx.feed.advance();
    expect(requests).toHaveLength(6);
  });

  it('a VAR "Goal cancelled" takes the goal back: score down, the same incident reads 进球无效', async () => {
    const id = localId('apisports', 'zq', FIXTURE);
    const [goal] = (await header('zq', id)).data.incidents.filter((i) => i.type === 'goal');
    now += 61_000;
    goalsHome = 0;
    events = [goalEvent, { ...goalEvent, type: 'Var', detail: 'Goal cancelled', time: { elapsed: 25, extra: null } }];
    await server.ctx.feed.advance();
    const h = await header('zq', id);
    expect(h.data.match.score).toEqual([0, 0]);
    const goals = h.data.incidents.filter((i) => i.type === 'goal');
    expect(goals.map((g) => g.id)).toEqual([goal.id]);
    expect(goals[0].text).toContain('进球无效');
  });

  it('a 429 pauses the source; the daily budget runs out and /metrics says 0 left', async () => {
    now += 61_000;
    answer429 = 1;
    const before = requests.length;
    await server.ctx.feed.advance();
    expect(requests.length).toBe(before + 1); // the 429, then nothing more this cycle
    now += 10_000;
    await server.ctx.feed.advance();
    expect(requests.length).toBe(before + 1); // still paused
    now += 61_000;
    await server.ctx.feed.advance();
    expect(server.ctx.feed.health().callsLeft).toBe(0);
    const spent = requests.length;
    now += 61_000;
    await server.ctx.feed.advance();
    expect(requests.length).toBe(spent);
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('live_source_info{source="apisports"} 1');
    expect(metrics.body).toMatch(/live_provider_calls_left 0\b/);
    expect(metrics.body).toMatch(/live_provider_calls_used 12\b/);
  });
});
