/**
 * Contract test of the api-sports adapter's budget against refusals in the documented envelope
 * (fake.ts `sendErrors`): api-sports says "day quota spent" (`errors.requests`) and "too many
 * requests this minute" (`errors.rateLimit`) with HTTP 200 as well as with 429. The day's quota
 * stops every call until the next UTC day (/healthz and /metrics: 0 left), the minute's until the
 * next minute, and the live fixtures are read first when calls resume. Any other `errors` (a bad
 * key) is one log line, never data: the live match stays live and the cycle goes on.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOnFake, stopOnFake } from './app-on-fake';
import { fakeHost, nbaGameInQ2, send, sendErrors, type FakePlan } from './fake';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import { errorKind } from '../../../../server/live/apisports/formats';
import { localId } from '../../../../server/live/providers';
import { LivePaths, embeddedUrl, fillPath } from '../../../../workers/protocol/index';

const KEY = 'apisports-quota-key';
const FIXTURE = 1_400_001;
const GAME = 400_777;
let now = Date.parse('2026-11-22T12:30:00Z');
const KICK = Math.floor(now / 1000) - 30 * 60;
/** The headers keep saying calls are left: only the body says the quota is spent. */
const PLAN: FakePlan = { day: 100, dayLeft: 80, minute: 10, minuteLeft: 9 };
const DAY_QUOTA = {
  requests:
    'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.',
};
const MINUTE_RATE = { rateLimit: 'Too many requests. Your rate limit is 10 requests per minute.' };
const BAD_KEY = {
  token:
    'Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.',
};

let ts: TestStorage;
let server: BuiltServer;
let fake: http.Server;
const requests: string[] = [];
let goalsHome = 1;
/** The next `count` requests are refused with `errors` (and `status`). */
let refusal: { errors: Record<string, string>; status?: number; count: number } | null = null;

const fixture = () => ({
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
  league: { id: 39, name: 'Premier League', country: 'England', logo: '', flag: '', season: 2026, round: 'R 13' },
  teams: {
    home: { id: 42, name: 'Arsenal', logo: '', winner: null },
    away: { id: 49, name: 'Chelsea', logo: '', winner: null },
  },
  goals: { home: goalsHome, away: 0 },
  score: { halftime: { home: null, away: null }, penalty: { home: null, away: null } },
});

function fakeApi(): http.Server {
  return fakeHost(requests, (url, req, res) => {
    const p = url.pathname;
    if (refusal && refusal.count > 0) {
      refusal.count--;
      return sendErrors(res, p.slice(4), refusal.errors, { status: refusal.status, plan: PLAN });
    }
    if (p === '/fb/fixtures') return send(res, 'fixtures', [fixture()], PLAN);
    if (p === '/bb/games')
      return send(
        res,
        'games',
        [nbaGameInQ2(GAME, KICK, { id: 145, name: 'Los Angeles Lakers' }, { id: 133, name: 'Boston Celtics' })],
        PLAN,
      );
    return send(res, p.slice(4), [], PLAN);
  });
}

/** The requests one cycle makes. */
async function cycle(): Promise<string[]> {
  const before = requests.length;
  await server.ctx.feed.advance();
  return requests.slice(before);
}

const live = (r: string | undefined) => r?.startsWith('/fb/fixtures?') && r.includes('live=all');

async function callsLeft() {
  const health = await server.app.inject({ method: 'GET', url: '/healthz' });
  const metrics = await server.app.inject({ method: 'GET', url: '/metrics' });
  const m = /live_provider_calls_left (\d+)/.exec(metrics.body);
  return {
    feed: server.ctx.feed.health().callsLeft,
    healthz: (health.json() as { data: { live: { callsLeft: number | null } } }).data.live.callsLeft,
    metrics: m ? Number(m[1]) : null,
  };
}

async function score(): Promise<number[]> {
  const res = await server.app.inject({
    method: 'GET',
    url: embeddedUrl(fillPath(LivePaths.zqHeader, { id: localId('apisports', 'zq', FIXTURE) })),
  });
  return (res.json() as { data: { match: { score: number[] } } }).data.match.score;
}

beforeAll(async () => {
  fake = fakeApi();
  ({ ts, server } = await startOnFake(fake, { key: KEY, perMinute: 10, perDay: 100 }, () => now));
}, 120_000);

afterAll(() => stopOnFake({ ts, server }, fake));

describe('api-sports refusals in the body (HTTP 200) and with 429', () => {
  it('errors: requests → quota, rateLimit → the minute, [] or {} → none, anything else → refused', () => {
    expect(errorKind([])).toBeNull();
    expect(errorKind({})).toBeNull();
    expect(errorKind(undefined)).toBeNull();
    expect(errorKind(DAY_QUOTA)).toBe('quota');
    expect(errorKind(MINUTE_RATE)).toBe('rate');
    expect(errorKind(BAD_KEY)).toBe('other');
    expect(errorKind({ plan: 'Free plans do not have access to this season.' })).toBe('other');
    expect(errorKind(['Something went wrong'])).toBe('other');
    expect(errorKind('error')).toBe('other');
  });

  it("the minute's rateLimit body pauses until the next minute; then the live list first", async () => {
    expect(await score()).toEqual([1, 0]);
    now += 61_000;
    refusal = { errors: MINUTE_RATE, count: 1 };
    expect(await cycle()).toHaveLength(1);
    expect((await callsLeft()).feed).toBeGreaterThan(0); // the day is not spent
    now += 20_000;
    expect(await cycle()).toEqual([]);
    now += 45_000;
    goalsHome = 2;
    const resumed = await cycle();
    expect(live(resumed[0])).toBe(true);
    expect(resumed[1]).toMatch(/^\/bb\/games\?/);
    expect(await score()).toEqual([2, 0]);
  });

  it("the day's quota body (HTTP 200) stops every call until the next UTC day, 0 left in /healthz and /metrics", async () => {
    now += 61_000;
    refusal = { errors: DAY_QUOTA, count: 1 };
    expect(await cycle()).toHaveLength(1);
    expect(await callsLeft()).toEqual({ feed: 0, healthz: 0, metrics: 0 });
    goalsHome = 3;
    for (const later of [61_000, 600_000, 3 * 3_600_000]) {
      now += later;
      expect(await cycle()).toEqual([]);
    }
    expect(await callsLeft()).toEqual({ feed: 0, healthz: 0, metrics: 0 });
    now = Date.parse('2026-11-23T00:00:30Z');
    const resumed = await cycle();
    expect(live(resumed[0])).toBe(true);
    expect(await score()).toEqual([3, 0]);
    expect((await callsLeft()).feed).toBeGreaterThan(0);
  });

  it("a 429 whose body says the day's quota is spent waits for the next UTC day too", async () => {
    now += 61_000;
    refusal = { errors: DAY_QUOTA, status: 429, count: 1 };
    expect(await cycle()).toHaveLength(1);
    expect(await callsLeft()).toEqual({ feed: 0, healthz: 0, metrics: 0 });
    now += 2 * 3_600_000;
    expect(await cycle()).toEqual([]);
    now = Date.parse('2026-11-24T00:00:30Z');
    expect(live((await cycle())[0])).toBe(true);
  });

  it('any other errors (a bad key) is one log line and skipped: never data, the cycle goes on', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      now += 61_000;
      goalsHome = 4;
      refusal = { errors: BAD_KEY, count: Infinity };
      const refused = await cycle();
      // The empty live list of the refusal is not read as "no live matches": nothing is read by
      // id as ended, the match keeps its score, and the basketball call still goes out.
      expect(live(refused[0])).toBe(true);
      expect(refused.some((r) => r.includes('ids='))).toBe(false);
      expect(refused.some((r) => r.startsWith('/bb/games?'))).toBe(true);
      expect(await score()).toEqual([3, 0]);
      const lines = () => logged.mock.calls.map((c) => c.map(String).join(' ')).filter((l) => l.includes('refused'));
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toContain('Missing application key');
      now += 61_000;
      expect((await cycle()).length).toBeGreaterThan(0);
      expect(lines()).toHaveLength(1); // the same refusal is not logged again within the hour
      refusal = null;
      now += 61_000;
      expect(live((await cycle())[0])).toBe(true);
      expect(await score()).toEqual([4, 0]);
    } finally {
      logged.mockRestore();
    }
  });
});
