/**
 * A match day through the api-sports adapter against a fake API-Football speaking the documented
 * shapes: before kick-off the fixture, its odds by bookmaker (欧指, 亚指, 大小球), the league's
 * standings and, on demand, the lineups; in play the goal moves the table; the fixture leaving
 * the live list is read by id and ends at full time, with the stored table and the full-time
 * report following. The screens are the ones the simulator gives. Then a provider outage (HTTP
 * 500s) and its recovery. The home team's 数据库 page lists its squad from `/players/squads`.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import { localId } from '../../../../server/live/providers';
import { renderMatchReport, sweepMatchReports } from '../../../../server/news/match-reports';
import {
  LivePaths,
  type LeagueTable,
  type Lineup,
  type Match,
  type MatchHeaderBody,
  type OddsBoard,
  type PlayerPage,
  type TeamPage,
  DatabasePaths,
} from '../../../../workers/protocol/index';
import { footballScreens, getData, shapeGaps, simulatorFootballScreens } from '../screens';
import { startOnFake, stopOnFake } from './app-on-fake';
import { bet, fakeHost, send as sendAs } from './fake';

const KEY = 'apisports-day-key';
const FIXTURE = 1_300_001;
const ID = localId('apisports', 'zq', FIXTURE);
let now = Date.parse('2026-11-22T11:40:00Z'); // 19:40 Beijing, kick-off 20:00
const KICK = Date.parse('2026-11-22T12:00:00Z') / 1000;
let ts: TestStorage;
let server: BuiltServer;
let fake: http.Server;
const requests: string[] = [];
let failing = false;
let lineupsOut = false;

/** The provider's truth, moved by the tests. */
let status = 'NS';
let goals: [number | null, number | null] = [null, null];
let events: object[] = [];

const fixture = () => ({
  fixture: {
    id: FIXTURE,
    referee: null,
    timezone: 'Asia/Shanghai',
    date: new Date(KICK * 1000).toISOString(),
    timestamp: KICK,
    periods: { first: status === 'NS' ? null : KICK, second: null },
    venue: { id: 494, name: 'Emirates Stadium', city: 'London' },
    status: { long: '', short: status, elapsed: status === 'NS' ? null : 30 },
  },
  league: { id: 39, name: 'Premier League', country: 'England', logo: '', flag: '', season: 2026, round: 'R 13' },
  teams: {
    home: { id: 42, name: 'Arsenal', logo: '', winner: null },
    away: { id: 49, name: 'Chelsea', logo: '', winner: null },
  },
  goals: { home: goals[0], away: goals[1] },
  score: {
    halftime: { home: null, away: null },
    fulltime: { home: null, away: null },
    extratime: { home: null, away: null },
    penalty: { home: null, away: null },
  },
});

const odds = () => ({
  league: { id: 39, season: 2026 },
  fixture: { id: FIXTURE, timezone: 'UTC', date: new Date(KICK * 1000).toISOString(), timestamp: KICK },
  update: '2026-11-22T09:00:00+00:00',
  bookmakers: [
    {
      id: 8,
      name: 'Bet365',
      bets: [
        bet(1, 'Match Winner', { Home: '1.85', Draw: '3.60', Away: '4.20' }),
        bet(4, 'Asian Handicap', { 'Home -0.5': '1.88', 'Away +0.5': '1.98', 'Home -1': '2.40', 'Away +1': '1.55' }),
        bet(5, 'Goals Over/Under', {
          'Over 2.5': '1.90',
          'Under 2.5': '1.90',
          'Over 3.5': '2.75',
          'Under 3.5': '1.40',
        }),
      ],
    },
  ],
});

const players = (base: number, names: string[], positions: string) =>
  names.map((name, i) => ({ player: { id: base + i, name, number: i + 1, pos: positions[i], grid: null } }));
const lineups = () => [
  {
    team: { id: 42, name: 'Arsenal', logo: '' },
    coach: { id: 1, name: 'Mikel Arteta', photo: '' },
    formation: '4-3-3',
    startXI: players(
      900,
      [
        'D. Raya',
        'B. White',
        'W. Saliba',
        'Gabriel',
        'O. Zinchenko',
        'M. Ødegaard',
        'D. Rice',
        'K. Havertz',
        'B. Saka',
        'G. Jesus',
        'G. Martinelli',
      ],
      'GDDDDMMMFFF',
    ),
    substitutes: players(950, ['L. Trossard'], 'F'),
  },
  {
    team: { id: 49, name: 'Chelsea', logo: '' },
    coach: { id: 2, name: 'E. Maresca', photo: '' },
    formation: '4-2-3-1',
    startXI: players(
      1000,
      [
        'R. Sánchez',
        'R. James',
        'L. Colwill',
        'B. Badiashile',
        'M. Cucurella',
        'M. Caicedo',
        'Enzo',
        'C. Palmer',
        'N. Madueke',
        'N. Jackson',
        'J. Sancho',
      ],
      'GDDDDMMMFFF',
    ),
    substitutes: players(1050, ['R. Sterling'], 'F'),
  },
];

const standing = (
  rank: number,
  id: number,
  name: string,
  p: number,
  w: number,
  d: number,
  l: number,
  gf: number,
  ga: number,
) => ({
  rank,
  team: { id, name, logo: '' },
  points: w * 3 + d,
  goalsDiff: gf - ga,
  group: 'Premier League',
  form: 'WWDLW',
  all: { played: p, win: w, draw: d, lose: l, goals: { for: gf, against: ga } },
});
const STANDINGS = [
  {
    league: {
      id: 39,
      name: 'Premier League',
      season: 2026,
      standings: [
        [
          standing(1, 40, 'Liverpool', 12, 9, 2, 1, 25, 9),
          standing(2, 49, 'Chelsea', 12, 7, 3, 2, 22, 12),
          standing(3, 42, 'Arsenal', 12, 7, 2, 3, 20, 12),
        ],
      ],
    },
  },
];

/** `/players/squads?team=42`: Arsenal's squad (Saka is the lineup's 908). */
const SQUAD = [
  {
    team: { id: 42, name: 'Arsenal', logo: '' },
    players: [
      { id: 900, name: 'D. Raya', age: 31, number: 22, position: 'Goalkeeper', photo: '' },
      { id: 908, name: 'B. Saka', age: 25, number: 7, position: 'Attacker', photo: '' },
      { id: 905, name: 'M. Ødegaard', age: 27, number: 8, position: 'Midfielder', photo: '' },
      { id: 902, name: 'W. Saliba', age: 25, number: 2, position: 'Defender', photo: '' },
    ],
  },
];

beforeAll(async () => {
  fake = fakeHost(requests, (url, req, res) => {
    const send = (r: http.ServerResponse, get: string, response: unknown[]) =>
      sendAs(r, get, response, { day: 1000, dayLeft: 1000 - requests.length, minute: 30, minuteLeft: 29 });
    if (req.headers['x-apisports-key'] !== KEY) return send(res, '', []);
    if (failing) return res.writeHead(500).end('upstream down');
    const p = url.pathname;
    const live = ['1H', 'HT', '2H'].includes(status);
    if (p === '/fb/fixtures' && url.searchParams.get('live') === 'all')
      return send(res, 'fixtures', live ? [fixture()] : []);
    if (p === '/fb/fixtures' && url.searchParams.get('ids') === String(FIXTURE))
      return send(res, 'fixtures', [fixture()]);
    if (p === '/fb/fixtures') return send(res, 'fixtures', [fixture()]);
    if (p === '/fb/fixtures/events') return send(res, 'fixtures/events', events);
    if (p === '/fb/fixtures/statistics') return send(res, 'fixtures/statistics', []);
    if (p === '/fb/fixtures/lineups') return send(res, 'fixtures/lineups', lineupsOut ? lineups() : []);
    if (p === '/fb/odds') return send(res, 'odds', [odds()]);
    if (p === '/fb/standings') return send(res, 'standings', STANDINGS);
    if (p === '/fb/players/squads')
      return send(res, 'players/squads', url.searchParams.get('team') === '42' ? SQUAD : []);
    if (p === '/bb/games') return send(res, 'games', []);
    res.writeHead(404).end();
  });
  ({ ts, server } = await startOnFake(fake, { key: KEY, perMinute: 30, perDay: 1000 }, () => now));
}, 120_000);

afterAll(() => stopOnFake({ ts, server }, fake));

const table = async () =>
  (await getData<LeagueTable>(server, LivePaths.zqTable, { id: ID })).rows.map(
    (r) => `${r.rank} ${r.teamName} ${r.played} ${r.points}`,
  );
const header = () => getData<MatchHeaderBody>(server, LivePaths.zqHeader, { id: ID });

describe('a match day through the api-sports adapter', () => {
  it('before kick-off: the fixture, odds by bookmaker and market, the table and the lineups', async () => {
    const paths = requests.map((r) => r.split('?')[0]);
    expect(paths).toEqual(['/fb/fixtures', '/bb/games', '/fb/fixtures', '/fb/odds', '/fb/standings']);
    const list = await getData<Match[]>(server, LivePaths.zqLive);
    expect(list.find((m) => m.id === ID)).toMatchObject({ s: 1, home: { name: '阿森纳' }, away: { name: '切尔西' } });

    const board = async (type: number) =>
      (await getData<OddsBoard>(server, LivePaths.zqOdds, { id: ID }, { type })).companies.map((c) => [
        c.nameZh,
        c.live.left,
        c.live.middle,
        c.live.right,
      ]);
    expect(await board(2)).toEqual([['Bet365', 1.85, 3.6, 4.2]]);
    // The most balanced line is the main one; water (HK odds) is decimal − 1.
    expect(await board(1)).toEqual([['Bet365', 0.88, 0.5, 0.98]]);
    expect(await board(3)).toEqual([['Bet365', 0.9, 2.5, 0.9]]);

    expect(await table()).toEqual(['1 利物浦 12 29', '2 切尔西 12 24', '3 阿森纳 12 23']);

    // Not published yet: no lineup, and fans opening the tab do not spend a call each.
    const asked = () => requests.filter((r) => r.startsWith('/fb/fixtures/lineups')).length;
    await expect(getData(server, LivePaths.zqLineup, { id: ID })).rejects.toThrow(/4004/);
    await expect(getData(server, LivePaths.zqLineup, { id: ID })).rejects.toThrow(/4004/);
    expect(asked()).toBe(1);
    lineupsOut = true;
    now += 11 * 60_000;
    const lineup = await getData<Lineup>(server, LivePaths.zqLineup, { id: ID });
    expect(asked()).toBe(2);
    expect(lineup.home).toMatchObject({ teamName: '阿森纳', formation: '4-3-3', coach: 'Mikel Arteta' });
    expect(lineup.home.starters).toHaveLength(11);
    expect(lineup.home.starters[0]).toMatchObject({ name: 'D. Raya', position: 'GK' });
    expect(lineup.away.formation).toBe('4-2-3-1');
    // Asked once: stored, served from storage after.
    const calls = requests.filter((r) => r.startsWith('/fb/fixtures/lineups')).length;
    await getData<Lineup>(server, LivePaths.zqLineup, { id: ID });
    expect(requests.filter((r) => r.startsWith('/fb/fixtures/lineups')).length).toBe(calls);
  });

  it('in play: the goal moves the table; the screens are the simulator’s', async () => {
    now += 40 * 60_000;
    status = '1H';
    goals = [1, 0];
    events = [
      {
        time: { elapsed: 23, extra: null },
        team: { id: 42, name: 'Arsenal', logo: '' },
        player: { id: 908, name: 'B. Saka' },
        assist: { id: null, name: null },
        type: 'Goal',
        detail: 'Normal Goal',
        comments: null,
      },
    ];
    await server.ctx.feed.advance();
    const h = await header();
    expect(h.match.score).toEqual([1, 0]);
    expect(h.match.s).toBe(2);
    expect(await table()).toEqual(['1 利物浦 12 29', '2 阿森纳 13 26', '3 切尔西 13 24']);
    const reference = await simulatorFootballScreens();
    expect(shapeGaps(reference, await footballScreens(server, ID))).toEqual([]);
  }, 240_000);

  it('full time: the fixture leaves the live list, is read by id, the stored table and the report follow', async () => {
    now += 90 * 60_000;
    status = 'FT';
    // A goal in the last minutes, first seen with the final whistle: its events are read once more.
    goals = [2, 0];
    events = [
      ...events,
      {
        time: { elapsed: 88, extra: null },
        team: { id: 42, name: 'Arsenal', logo: '' },
        player: { id: 905, name: 'M. Ødegaard' },
        assist: { id: null, name: null },
        type: 'Goal',
        detail: 'Normal Goal',
        comments: null,
      },
    ];
    await server.ctx.feed.advance();
    expect(requests.some((r) => r.startsWith(`/fb/fixtures?ids=${FIXTURE}`))).toBe(true);
    expect((await header()).match.s).toBe(8);
    expect((await header()).match.score).toEqual([2, 0]);
    expect(
      (await header()).incidents
        .filter((i) => i.type === 'goal')
        .map((i) => i.minute)
        .sort((a, b) => a - b),
    ).toEqual([23, 88]);
    const stored = await server.ctx.db
      .selectFrom('live_standings')
      .select(['team_id', 'rank', 'points'])
      .where('league_id', '=', localId('apisports', 'zq', 39))
      .orderBy('rank')
      .execute();
    expect(stored.map((r) => [r.team_id, r.rank, r.points])).toEqual([
      [localId('apisports', 'zq', 40), 1, 29],
      [localId('apisports', 'zq', 42), 2, 26],
      [localId('apisports', 'zq', 49), 3, 24],
    ]);
    await sweepMatchReports(server.ctx.db, now);
    const report = await renderMatchReport(server.ctx.db, ID, 'final');
    expect(report?.title).toBe('全场战报：阿森纳 2-0 切尔西');
    expect(report?.md).toContain('阿森纳英超积26分，排名第2位');
    expect(report?.md).toContain('切尔西英超积24分，排名第3位');
  });

  it('a provider outage: nothing is half-applied, health says so; on recovery the source carries on', async () => {
    failing = true;
    now += 5 * 60_000;
    await expect(server.ctx.feed.advance()).rejects.toThrow(/HTTP 500/);
    expect((await header()).match.s).toBe(8);
    const age = server.ctx.feed.health().lastMessageAgeMs!;
    expect(age).toBeGreaterThanOrEqual(5 * 60_000);
    failing = false;
    now += 60_000;
    const before = requests.length;
    await server.ctx.feed.advance();
    expect(requests.length).toBeGreaterThan(before);
    expect((await header()).match.score).toEqual([2, 0]);
  });

  it('数据库: the team’s page lists its squad from /players/squads, the player’s page his goal', async () => {
    const asked = () => requests.filter((r) => r.startsWith('/fb/players/squads')).length;
    const page = await getData<TeamPage>(server, DatabasePaths.team, { id: localId('apisports', 'zq', 42) });
    expect(requests).toContain('/fb/players/squads?team=42');
    expect(page).toMatchObject({ name: '阿森纳', leagueName: '英超' });
    expect(page.squad.map((p) => [p.name, p.position, p.number])).toEqual([
      ['D. Raya', '门将', 22],
      ['W. Saliba', '后卫', 2],
      ['M. Ødegaard', '中场', 8],
      ['B. Saka', '前锋', 7],
    ]);
    expect(page.standing).toMatchObject({ rank: 2, points: 26 });
    expect(page.results.map((m) => m.id)).toEqual([ID]);
    await getData<TeamPage>(server, DatabasePaths.team, { id: localId('apisports', 'zq', 42) });
    expect(asked()).toBe(1);
    const saka = await getData<PlayerPage>(server, DatabasePaths.player, { id: localId('apisports', 'zq', 908) });
    expect(saka).toMatchObject({ name: 'B. Saka', teamName: '阿森纳', position: '前锋', age: 25 });
    expect(saka.stats).toMatchObject({ games: 1, goals: 1 });
  });
});
