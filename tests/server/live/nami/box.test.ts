/**
 * 纳米数据 basketball box scores against the fake Nami (tests/helpers/fake-nami.ts): the `players`
 * field of a basketball real-time entry (docs/providers/nami.md "Basketball box scores"), pushed on
 * `sports/basketball/match.v1` through the real broker. Each player's line reaches the model and
 * the 统计 tab's route (LivePaths.lqStats) with Nami's Chinese name and every figure Nami gives
 * (得分 篮板 助攻 抢断 盖帽 失误 犯规 上场时间 投篮/三分/罚球 首发), follows Nami's figures as they move,
 * and a malformed tuple, a player left out or a message without `players` does not break the game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import type { BasketballState } from '../../../../server/live/model';
import { localId } from '../../../../server/live/providers';
import { matchById } from '../../../../server/live/repository';
import { LivePaths, type BasketballStats } from '../../../../workers/protocol/index';
import { startNamiWorld, stopNamiWorld } from '../../../helpers/nami-server';
import { getData } from '../screens';
import { until, type FakeNami } from '../../../helpers/fake-nami';

const GAME = 4_700_001;
const ID = localId('nami', 'lq', GAME);
const KICK = Math.floor(Date.now() / 1000) - 20 * 60;
let ts: TestStorage;
let server: BuiltServer;
let nami: FakeNami;

/** Nami's statistics string: 上场时间^命中-出手^三分^罚球^进攻篮板^防守篮板^总篮板^助攻^抢断^盖帽^失误^犯规^+/-^得分^出场^替补^在场. */
const stat = (
  min: number,
  fg: string,
  tp: string,
  ft: string,
  reb: number,
  ast: number,
  stl: number,
  blk: number,
  tov: number,
  pf: number,
  pts: number,
  bench: 0 | 1,
) => [min, fg, tp, ft, 1, reb - 1, reb, ast, stl, blk, tov, pf, 3, pts, 1, bench, 0].join('^');
const player = (id: number, name: string, short: string, shirt: number, stats: string) => [
  id,
  name,
  short,
  '',
  shirt,
  stats,
];

const ZHOU_QI = (pts: number, reb: number) =>
  player(8101, '周琦', '周琦', 9, stat(18, '5-9', '0-1', `${pts - 10}-${pts - 8}`, reb, 1, 1, 3, 2, 2, pts, 0));
const HU_MINGXUAN = player(8102, '胡明轩', '胡明轩', 1, stat(15, '3-8', '2-5', '2-2', 2, 4, 2, 0, 1, 3, 10, 0));
const BENCH = player(8103, '徐杰', '徐杰', 7, stat(6, '1-3', '1-2', '0-0', 0, 2, 0, 0, 1, 1, 3, 1));
const GUO = player(8201, '郭艾伦', '郭艾伦', 0, stat(17, '6-12', '2-4', '4-5', 3, 5, 1, 0, 3, 2, 18, 0));
const entry = (h: number[], a: number[], players?: unknown) => ({
  id: GAME,
  score: [GAME, 4, 300, [...h, 0, 0, 0], [...a, 0, 0, 0]],
  ...(players !== undefined ? { players } : {}),
});

const DIARY = {
  id: GAME,
  season_id: 3,
  competition_id: 3,
  home_team_id: 11,
  away_team_id: 12,
  status_id: 4,
  match_time: KICK,
  neutral: 0,
  note: '',
  home_scores: [30, 12, 0, 0, 0],
  away_scores: [25, 10, 0, 0, 0],
  updated_at: KICK,
};

const stats = () => getData<BasketballStats>(server, LivePaths.lqStats, { id: ID });
const line = (s: BasketballStats, side: 'home' | 'away', name: string) => s.players[side].find((p) => p.name === name);

beforeAll(async () => {
  ({ nami, ts, server } = await startNamiWorld(
    {
      competitions: { lq: [{ id: 3, name: '中国男子篮球职业联赛', short_name: 'CBA' }] },
      teams: {
        lq: [
          { id: 11, competition_id: 3, name: '广东华南虎', short_name: '广东' },
          { id: 12, competition_id: 3, name: '辽宁本钢', short_name: '辽宁' },
        ],
      },
      matches: { lq: [DIARY] as never },
    },
    { now: () => Date.now(), pushStallMs: 60_000, pollMs: 60_000, pushConnected: true },
  ));
}, 120_000);

afterAll(() => stopNamiWorld({ server, ts, nami }));

describe('Nami basketball box scores', () => {
  it('a pushed box score reaches the model and the 统计 route, every figure Nami gives', async () => {
    // Not player tuples: too short, a statistics string cut short, points that are not a count.
    const broken = [
      [8199],
      player(8198, '坏数据', '坏数据', 5, '12^1-2^0-0'),
      player(
        8197,
        '错分',
        '错分',
        6,
        stat(3, '0-1', '0-0', '0-0', 0, 0, 0, 0, 0, 0, 0, 1).replace(/\^0\^1\^1\^0$/, '^x^1^1^0'),
      ),
    ];
    // Before any box score the team figures are not twelve rows of 0-0 that Nami never sent.
    expect((await stats()).stats).toEqual([]);
    await nami.push([entry([30, 12], [25, 10], [[ZHOU_QI(14, 8), HU_MINGXUAN, ...broken, BENCH], [GUO]])], 'lq');
    await until(async () => (await stats()).players.home.length > 0, 'box score shown');
    const s = await stats();
    // The team figures are the box score's sums (Nami's team statistics are not read).
    expect(s.stats.map((x) => [x.type, x.home, x.away])).toEqual([
      [101, 9, 6],
      [102, 20, 12],
      [103, 3, 2],
      [104, 8, 4],
      [105, 6, 4],
      [106, 8, 5],
      [107, 10, 3],
      [108, 7, 5],
      [109, 3, 1],
      [110, 3, 0],
      [111, 4, 3],
      [112, 6, 2],
    ]);
    expect(s.players.home.map((p) => p.name)).toEqual(['周琦', '胡明轩', '徐杰']);
    expect(s.players.away.map((p) => p.name)).toEqual(['郭艾伦']);
    expect(line(s, 'home', '周琦')).toEqual({
      playerId: localId('nami', 'lq', 8101),
      name: '周琦',
      number: 9,
      position: '',
      starter: true,
      minutes: 18,
      points: 14,
      rebounds: 8,
      assists: 1,
      steals: 1,
      blocks: 3,
      turnovers: 2,
      fouls: 2,
      fg: [5, 9],
      tp: [0, 1],
      ft: [4, 6],
    });
    expect(line(s, 'home', '徐杰')).toMatchObject({ starter: false, minutes: 6, points: 3 });
    const m = await matchById(server.ctx.db, ID);
    expect((m!.st as BasketballState).lines!.away[0]).toMatchObject({ name: '郭艾伦', points: 18 });
    expect(m).toMatchObject({ status: 4, score: [42, 35] });
  });

  it('Nami’s figures move: the lines follow; a player left out keeps his line', async () => {
    await nami.push([entry([30, 16], [25, 12], [[ZHOU_QI(18, 10)], [GUO]])], 'lq');
    await until(async () => line(await stats(), 'home', '周琦')?.points === 18, 'box score moved');
    const s = await stats();
    expect(line(s, 'home', '周琦')).toMatchObject({ rebounds: 10, ft: [8, 10] });
    expect(line(s, 'home', '胡明轩')).toMatchObject({ points: 10 });
    expect(s.players.home).toHaveLength(3);
  });

  it('a message without players, or with players not in the shape, moves the score and keeps the box', async () => {
    await nami.push([entry([30, 20], [25, 12])], 'lq');
    await until(async () => (await matchById(server.ctx.db, ID))!.score[0] === 50, 'score without players');
    await nami.push([entry([30, 22], [25, 12], 'oops')], 'lq');
    await until(async () => (await matchById(server.ctx.db, ID))!.score[0] === 52, 'score with bad players');
    const s = await stats();
    expect(line(s, 'home', '周琦')).toMatchObject({ points: 18 });
    expect(s.players.away).toHaveLength(1);
  });
});
