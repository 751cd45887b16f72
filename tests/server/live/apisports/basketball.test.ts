/**
 * API-Basketball beyond scores, against a fake host speaking its documented shapes: a game's odds
 * by bookmaker (`/odds?game=`: Home/Away → 胜负, Asian Handicap → 让分, Over/Under → 大小分) and
 * its league's standings (`/standings?league=&season=`, one group per conference), shown on the
 * game's 指数 and 排名 tabs; the standings move with the game in play. Its league and teams show
 * under their seeded Chinese names (names table, by API-Basketball id).
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import { localId } from '../../../../server/live/providers';
import { LivePaths, type LeagueTable, type MatchHeaderBody, type OddsBoard } from '../../../../workers/protocol/index';
import { getData } from '../screens';
import { startOnFake, stopOnFake } from './app-on-fake';
import { bet, fakeHost, nbaGameInQ2, send } from './fake';

const KEY = 'apisports-bb-key';
const GAME = 410_001;
const ID = localId('apisports', 'lq', GAME);
const now = Date.parse('2026-11-22T12:30:00Z');
const KICK = Math.floor(now / 1000) - 20 * 60;
let ts: TestStorage;
let server: BuiltServer;
let fake: http.Server;
const requests: string[] = [];

const game = () =>
  nbaGameInQ2(GAME, KICK, { id: 145, name: 'Los Angeles Lakers' }, { id: 133, name: 'Boston Celtics' });

const ODDS = [
  {
    league: { id: 12, name: 'NBA', type: 'League', season: '2026-2027', logo: '' },
    country: { id: 5, name: 'USA', code: 'US', flag: '' },
    game: { id: GAME },
    update: '2026-11-22T11:00:00+00:00',
    bookmakers: [
      {
        id: 4,
        name: 'Pinnacle',
        bets: [
          bet(2, 'Home/Away', { Home: '1.62', Away: '2.35' }),
          bet(3, 'Asian Handicap', {
            'Home -4.5': '1.91',
            'Away +4.5': '1.93',
            'Home -7.5': '2.30',
            'Away +7.5': '1.60',
          }),
          bet(4, 'Over/Under', {
            'Over 221.5': '1.90',
            'Under 221.5': '1.92',
            'Over 230.5': '2.60',
            'Under 230.5': '1.45',
          }),
        ],
      },
    ],
  },
];

const row = (position: number, id: number, name: string, group: string, win: number, lose: number) => ({
  position,
  stage: 'NBA - Regular Season',
  group: { name: group, points: null },
  team: { id, name, logo: '' },
  league: { id: 12, name: 'NBA', type: 'League', season: '2026-2027', logo: '' },
  country: { id: 5, name: 'USA', code: 'US', flag: '' },
  games: {
    played: win + lose,
    win: { total: win, percentage: (win / (win + lose)).toFixed(3) },
    lose: { total: lose, percentage: (lose / (win + lose)).toFixed(3) },
  },
  points: { for: 110 * (win + lose), against: 107 * (win + lose) },
  form: 'WWLWW',
  description: null,
});
/** Two conferences, then a division that repeats a team (counted once, from its conference). */
const STANDINGS = [
  [
    row(1, 133, 'Boston Celtics', 'Eastern Conference', 15, 4),
    row(2, 151, 'New York Knicks', 'Eastern Conference', 12, 6),
  ],
  [row(1, 145, 'Los Angeles Lakers', 'Western Conference', 13, 5)],
  [row(1, 133, 'Boston Celtics', 'Atlantic', 15, 4)],
];

beforeAll(async () => {
  fake = fakeHost(requests, (url, req, res) => {
    const plan = { day: 1000, dayLeft: 1000 - requests.length, minute: 30, minuteLeft: 29 };
    if (req.headers['x-apisports-key'] !== KEY) return send(res, '', [], plan);
    const p = url.pathname;
    if (p.startsWith('/fb/')) return send(res, p.slice(4), [], plan);
    if (p === '/bb/games') return send(res, 'games', [game()], plan);
    if (p === '/bb/odds' && url.searchParams.get('game') === String(GAME)) return send(res, 'odds', ODDS, plan);
    if (
      p === '/bb/standings' &&
      url.searchParams.get('league') === '12' &&
      url.searchParams.get('season') === '2026-2027'
    )
      return send(res, 'standings', STANDINGS, plan);
    res.writeHead(404).end();
  });
  ({ ts, server } = await startOnFake(fake, { key: KEY, perMinute: 30, perDay: 1000 }, () => now));
}, 120_000);

afterAll(() => stopOnFake({ ts, server }, fake));

describe('API-Basketball odds and standings', () => {
  it('reads the game’s odds and its league’s standings within the cycle', async () => {
    expect(requests.map((r) => r.split('?')[0])).toEqual(expect.arrayContaining(['/bb/odds', '/bb/standings']));
    expect(requests).toContain(`/bb/odds?game=${GAME}`);
    expect(requests).toContain('/bb/standings?league=12&season=2026-2027');
  });

  it('指数: 让分, 胜负 and 大小分 per bookmaker, the main line as water', async () => {
    const board = async (type: number) =>
      (await getData<OddsBoard>(server, LivePaths.lqOdds, { id: ID }, { type })).companies.map((c) => [
        c.nameZh,
        c.live.left,
        c.live.middle,
        c.live.right,
      ]);
    // The most balanced pair is the main line; the home side's −4.5 is 4.5 points given.
    expect(await board(1)).toEqual([['Pinnacle', 0.91, 4.5, 0.93]]);
    expect(await board(2)).toEqual([['Pinnacle', 1.62, 0, 2.35]]);
    expect(await board(3)).toEqual([['Pinnacle', 0.9, 221.5, 0.92]]);
  });

  it('排名: the league’s teams once each, the game in play counted at its score', async () => {
    const table = await getData<LeagueTable>(server, LivePaths.lqRank, { id: ID });
    expect(table.rows.map((r) => `${r.rank} ${r.teamName} ${r.played} ${r.win}-${r.loss}`)).toEqual([
      '1 凯尔特人 20 15-5',
      '2 湖人 19 14-5',
      '3 尼克斯 18 12-6',
    ]);
  });

  it('the game shows its league and teams in Chinese: NBA, 湖人 vs 凯尔特人', async () => {
    const h = await getData<MatchHeaderBody>(server, LivePaths.lqHeader, { id: ID });
    expect([h.match.leagueName, h.match.home.name, h.match.away.name]).toEqual(['NBA', '湖人', '凯尔特人']);
  });
});
