/**
 * API-Basketball box scores against a fake host speaking its documented shapes
 * (`/games/statistics/players?id=`: one flat row per player, docs/providers/api-sports.md): read
 * only while a fan watches the game's 统计 tab, at most once a minute while it is played and once
 * after it ended; each player's line reaches the model and the 统计 tab's route (LivePaths.lqStats)
 * with the names table's Chinese name, moves with the provider's figures, and a malformed or
 * missing row does not break the game.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import type { BasketballState } from '../../../../server/live/model';
import { localId } from '../../../../server/live/providers';
import { setName } from '../../../../server/live/names';
import { matchById } from '../../../../server/live/repository';
import { LivePaths, type BasketballStats } from '../../../../workers/protocol/index';
import { getData } from '../screens';
import { startOnFake, stopOnFake } from './app-on-fake';
import { fakeHost, nbaGameInQ2, send } from './fake';

const KEY = 'apisports-box-key';
const GAME = 410_201;
const ID = localId('apisports', 'lq', GAME);
const LAKERS = 145;
const CELTICS = 133;
let clock = Date.parse('2026-11-22T12:30:00Z');
const KICK = Math.floor(clock / 1000) - 20 * 60;
let ts: TestStorage;
let server: BuiltServer;
let fake: http.Server;
const requests: string[] = [];
let status = { long: 'Quarter 2', short: 'Q2', timer: '5' };

const shots = (total: number | null, attempts: number | null) => ({
  total,
  attempts,
  percentage: total !== null && attempts ? Math.round((100 * total) / attempts) : null,
});
/** A row as API-Basketball answers it. */
const row = (team: number, id: number, name: string, type: string, minutes: string, points: number, reb = 0) => ({
  game: { id: GAME },
  team: { id: team },
  player: { id, name },
  type,
  minutes,
  field_goals: shots(Math.floor(points / 3), Math.floor(points / 3) + 4),
  threepoint_goals: shots(1, 3),
  freethrows_goals: shots(points % 3, (points % 3) + 1),
  rebounds: { total: reb },
  assists: 2,
  points,
});
let rows: unknown[] = [];
const firstRows = () => [
  row(LAKERS, 237, 'LeBron James', 'starters', '16:30', 14, 5),
  row(LAKERS, 1880, 'Austin Reaves', 'bench', '7:05', 4, 1),
  row(CELTICS, 882, 'Jayson Tatum', 'starters', '17:10', 12, 6),
  // Not player lines: no player, a count that is not one, and a team of neither side.
  { game: { id: GAME }, team: { id: CELTICS }, player: null, type: 'bench', minutes: '1:00', points: 0 },
  { ...row(CELTICS, 883, 'Jaylen Brown', 'starters', '15:00', 8), points: 'eight' },
  row(999, 5, 'Somebody Else', 'starters', '10:00', 30),
];

const boxReads = () => requests.filter((r) => r.startsWith('/bb/games/statistics/players')).length;
const stats = () => getData<BasketballStats>(server, LivePaths.lqStats, { id: ID });
const line = (s: BasketballStats, side: 'home' | 'away', name: string) => s.players[side].find((p) => p.name === name);

beforeAll(async () => {
  fake = fakeHost(requests, (url, req, res) => {
    const plan = { day: 1000, dayLeft: 900, minute: 30, minuteLeft: 29 };
    if (req.headers['x-apisports-key'] !== KEY) return send(res, '', [], plan);
    const p = url.pathname;
    if (p.startsWith('/fb/')) return send(res, p.slice(4), [], plan);
    if (p === '/bb/games') {
      const game = nbaGameInQ2(
        GAME,
        KICK,
        { id: LAKERS, name: 'Los Angeles Lakers' },
        { id: CELTICS, name: 'Boston Celtics' },
      );
      return send(res, 'games', [{ ...game, status }], plan);
    }
    if (p === '/bb/games/statistics/players' && url.searchParams.get('id') === String(GAME))
      return send(res, 'games/statistics/players', rows, plan);
    if (p.startsWith('/bb/')) return send(res, p.slice(4), [], plan);
    res.writeHead(404).end();
  });
  ({ ts, server } = await startOnFake(fake, { key: KEY, perMinute: 30, perDay: 1000 }, () => clock));
  await setName(
    server.ctx.db,
    {
      provider: 'apisports',
      sport: 'lq',
      kind: 'player',
      providerId: '237',
      nameZh: '勒布朗·詹姆斯',
      shortZh: '詹姆斯',
    },
    clock,
  );
}, 120_000);

afterAll(() => stopOnFake({ ts, server }, fake));

describe('API-Basketball box scores', () => {
  it('nobody watching: no box score is read (the calls stay with the live scores)', async () => {
    rows = firstRows();
    clock += 61_000;
    await server.ctx.feed.advance();
    expect(boxReads()).toBe(0);
  });

  it('a fan opens 统计: the next cycle reads the box; each line reaches the model and the route', async () => {
    expect(await stats()).toEqual({ stats: [], players: { home: [], away: [] } });
    await server.ctx.feed.advance();
    expect(requests).toContain(`/bb/games/statistics/players?id=${GAME}`);
    const s = await stats();
    // Chinese through the names table where it has one; the provider's name, never a blank, where not.
    expect(s.players.home.map((p) => p.name)).toEqual(['詹姆斯', 'Austin Reaves']);
    expect(s.players.away.map((p) => p.name)).toEqual(['Jayson Tatum']);
    expect(line(s, 'home', '詹姆斯')).toMatchObject({
      playerId: localId('apisports', 'lq', 237),
      starter: true,
      minutes: 17,
      points: 14,
      rebounds: 5,
      assists: 2,
      fg: [4, 8],
      tp: [1, 3],
      ft: [2, 3],
    });
    expect(line(s, 'home', 'Austin Reaves')).toMatchObject({ starter: false, minutes: 7, points: 4 });
    // API-Basketball gives no per-player steals, blocks, turnovers or fouls: absent, not 0.
    expect(line(s, 'home', '詹姆斯')).not.toHaveProperty('steals');
    // The team figures are the lines' sums, and only those the lines give (no 抢断 … 犯规 rows).
    expect(s.stats.map((x) => [x.type, x.home, x.away])).toEqual([
      [101, 5, 4],
      [102, 13, 8],
      [103, 2, 1],
      [104, 6, 3],
      [105, 3, 0],
      [106, 5, 1],
      [107, 6, 6],
      [108, 4, 2],
    ]);
    const m = await matchById(server.ctx.db, ID);
    expect((m!.st as BasketballState).lines!.home).toHaveLength(2);
    // The malformed rows did not break the game: its score and status are as the list says.
    expect(m).toMatchObject({ status: 4, score: [42, 35] });
  });

  it('within the minute the box is not read again', async () => {
    const before = boxReads();
    clock += 20_000;
    await stats();
    await server.ctx.feed.advance();
    expect(boxReads()).toBe(before);
  });

  it('the provider’s figures move: the lines follow; a player it leaves out keeps his line', async () => {
    rows = [
      row(LAKERS, 237, 'LeBron James', 'starters', '22:40', 21, 7),
      row(CELTICS, 882, 'Jayson Tatum', 'starters', '23:00', 15, 8),
    ];
    clock += 45_000;
    await stats();
    await server.ctx.feed.advance();
    const s = await stats();
    expect(line(s, 'home', '詹姆斯')).toMatchObject({ minutes: 23, points: 21, rebounds: 7 });
    expect(line(s, 'away', 'Jayson Tatum')).toMatchObject({ points: 15, rebounds: 8 });
    expect(line(s, 'home', 'Austin Reaves')).toMatchObject({ points: 4 });
  });

  it('a fan who left: no more reads; the game ended: read once more, then never', async () => {
    const before = boxReads();
    clock += 4 * 60_000;
    await server.ctx.feed.advance();
    expect(boxReads()).toBe(before);
    status = { long: 'Game Finished', short: 'FT', timer: '' };
    rows = [row(LAKERS, 237, 'LeBron James', 'starters', '36:12', 30, 11)];
    await stats();
    await server.ctx.feed.advance();
    expect(boxReads()).toBe(before + 1);
    expect(line(await stats(), 'home', '詹姆斯')).toMatchObject({ minutes: 36, points: 30 });
    clock += 2 * 60_000;
    await stats();
    await server.ctx.feed.advance();
    expect(boxReads()).toBe(before + 1);
  });
});
