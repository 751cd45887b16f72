/**
 * A fake api-sports host for the contract tests: answers in the documented envelope
 * (`{ get, parameters, errors, results, paging, response }`) with the rate-limit headers.
 */
import http from 'node:http';
import type net from 'node:net';

/** The plan the headers describe: calls a day and a minute, and how many of each are left. */
export interface FakePlan {
  day: number;
  dayLeft: number;
  minute: number;
  minuteLeft: number;
}
const SMALL: FakePlan = { day: 100, dayLeft: 90, minute: 10, minuteLeft: 9 };

export function send(res: http.ServerResponse, get: string, response: unknown[], plan: FakePlan = SMALL): void {
  res.writeHead(200, {
    'content-type': 'application/json',
    'x-ratelimit-requests-limit': String(plan.day),
    'x-ratelimit-requests-remaining': String(plan.dayLeft),
    'X-RateLimit-Limit': String(plan.minute),
    'X-RateLimit-Remaining': String(plan.minuteLeft),
  });
  res.end(
    JSON.stringify({
      get,
      parameters: {},
      errors: [],
      results: response.length,
      paging: { current: 1, total: 1 },
      response,
    }),
  );
}

/**
 * A refusal in the documented envelope: `errors` names the problem (`requests`: the day's quota,
 * `rateLimit`: the minute's, `token`, `plan`, …) and `response` is empty; api-sports answers most
 * of them with HTTP 200, some with 429.
 */
export function sendErrors(
  res: http.ServerResponse,
  get: string,
  errors: Record<string, string>,
  o: { status?: number; plan?: FakePlan } = {},
): void {
  const plan = o.plan ?? SMALL;
  res.writeHead(o.status ?? 200, {
    'content-type': 'application/json',
    'x-ratelimit-requests-limit': String(plan.day),
    'x-ratelimit-requests-remaining': String(plan.dayLeft),
    'X-RateLimit-Limit': String(plan.minute),
    'X-RateLimit-Remaining': String(plan.minuteLeft),
  });
  res.end(JSON.stringify({ get, parameters: {}, errors, results: 0, paging: { current: 1, total: 1 }, response: [] }));
}

/**
 * A fake api-sports host: each request's path and query go to `requests` (oldest first), then
 * `answer` answers it (football under `/fb`, basketball under `/bb`; startOnFake points the app there).
 */
export function fakeHost(
  requests: string[],
  answer: (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => void,
): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname + url.search);
    answer(url, req, res);
  });
}

/** Listens on a free loopback port; answers the base URL. */
export function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)),
  );
}

/** One bet of a bookmaker's odds, its values given as value → odd (in that order). */
export const bet = (id: number, name: string, odds: Record<string, string>) => ({
  id,
  name,
  values: Object.entries(odds).map(([value, odd]) => ({ value, odd })),
});

/** An NBA game in its second quarter at 42-35 (30-25, 12-10), as API-Basketball's /games lists it. */
export const nbaGameInQ2 = (
  id: number,
  kick: number,
  home: { id: number; name: string },
  away: { id: number; name: string },
) => ({
  id,
  date: new Date(kick * 1000).toISOString(),
  time: '20:00',
  timestamp: kick,
  timezone: 'Asia/Shanghai',
  stage: null,
  week: null,
  status: { long: 'Quarter 2', short: 'Q2', timer: '5' },
  league: { id: 12, name: 'NBA', type: 'League', season: '2026-2027', logo: '' },
  country: { id: 5, name: 'USA', code: 'US', flag: '' },
  teams: { home: { ...home, logo: '' }, away: { ...away, logo: '' } },
  scores: {
    home: { quarter_1: 30, quarter_2: 12, quarter_3: null, quarter_4: null, over_time: null, total: 42 },
    away: { quarter_1: 25, quarter_2: 10, quarter_3: null, quarter_4: null, over_time: null, total: 35 },
  },
});
