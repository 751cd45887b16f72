/**
 * The Nami diary covers the lists' whole window (a week each way, FEED_WINDOW_DAYS), not only
 * yesterday to tomorrow: a fixture five days ahead is on that day's 赛程 list and a result four
 * days back on its 赛果 list with its score, from the first start, and the league table does
 * not count that result twice (Nami's table already has it). The far days are read again every 6 hours (or
 * on a new day); the 10-minute reads ask only yesterday, today and tomorrow. Against the fake Nami
 * over real HTTP; the server's clock is injected and moved by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import { FEED_WINDOW_DAYS } from '../../../../server/live/model';
import { localId } from '../../../../server/live/providers';
import { NamiPaths, type NamiMatch } from '../../../../server/live/nami/formats';
import { LivePaths, chinaDay, type LeagueTable, type Match } from '../../../../workers/protocol/index';
import { getData } from '../screens';
import { eplNames, startNamiWorld, stopNamiWorld } from '../../../helpers/nami-server';
import type { FakeNami } from '../../../helpers/fake-nami';

const DAY_S = 86_400;
const NOW_S = Math.floor(Date.now() / 1000);
const fixture = (id: number, kick: number, status: number, score: [number, number]): NamiMatch => ({
  id,
  season_id: 1,
  competition_id: 82,
  home_team_id: 19,
  away_team_id: 25,
  status_id: status,
  match_time: kick,
  home_scores: [score[0], 0, 0, 0, -1, 0, 0],
  away_scores: [score[1], 0, 0, 0, -1, 0, 0],
  updated_at: NOW_S - 3600,
});
const AHEAD = fixture(3_900_301, NOW_S + 5 * DAY_S, 1, [0, 0]);
const BEHIND = fixture(3_900_302, NOW_S - 4 * DAY_S, 8, [2, 1]);

const TABLE = [
  { team_id: 19, position: 1, points: 10, total: 5, won: 3, draw: 1, loss: 1, goals: 9, goals_against: 5 },
  { team_id: 25, position: 2, points: 6, total: 5, won: 2, draw: 0, loss: 3, goals: 6, goals_against: 8 },
];

let ts: TestStorage;
let server: BuiltServer;
let nami: FakeNami;
let skew = 0;
const now = () => Date.now() + skew;

const listOf = (kick: number) =>
  getData<Match[]>(server, LivePaths.zqByDate, {}, { date: chinaDay(kick * 1000) }).then((l) =>
    l.find((m) => m.id === localId('nami', 'zq', kick === AHEAD.match_time ? AHEAD.id : BEHIND.id)),
  );
const diaryReads = () => nami.requests.filter((r) => r.startsWith(`${NamiPaths.diary('zq')}?`));

beforeAll(async () => {
  ({ nami, ts, server } = await startNamiWorld(
    {
      ...eplNames(),
      matches: { zq: [AHEAD, BEHIND] },
      // Nami's table, which already counts the result of four days ago.
      tables: { zq: { 1: { promotions: [], tables: [{ id: 1, rows: TABLE }] } } },
    },
    { now, pushStallMs: 3_600_000, pollMs: 1_000 },
  ));
}, 120_000);

afterAll(() => stopNamiWorld({ server, ts, nami }));

describe('Nami diary window', () => {
  it('the first start reads every day the lists show: a fixture 5 days ahead, a result 4 days back', async () => {
    expect(diaryReads()).toHaveLength(2 * FEED_WINDOW_DAYS + 1);
    expect(await listOf(AHEAD.match_time)).toMatchObject({ s: 1, ot: AHEAD.match_time });
    expect(await listOf(BEHIND.match_time)).toMatchObject({ s: 8, score: [2, 1] });
    // A result the provider's table already counts is not added on top of it.
    const table = await getData<LeagueTable>(server, LivePaths.zqTable, { id: localId('nami', 'zq', BEHIND.id) });
    expect(table.rows.map((r) => `${r.rank} ${r.teamName} ${r.played} ${r.points}`)).toEqual([
      '1 阿森纳 5 10',
      '2 切尔西 5 6',
    ]);
  });

  it('the 10-minute reads ask yesterday, today and tomorrow; the whole window again after 6 hours', async () => {
    const dayBefore = chinaDay(now());
    let before = diaryReads().length;
    skew += 10 * 60_000 + 1_000;
    await server.ctx.feed.advance();
    // Past Beijing midnight in between, the new day's window is read whole.
    const near = chinaDay(now()) === dayBefore ? 3 : 2 * FEED_WINDOW_DAYS + 1;
    expect(diaryReads().length - before).toBe(near);

    // A fixture moved to a far day between the reads shows once the window is read again.
    Object.assign(AHEAD, { match_time: AHEAD.match_time + DAY_S, updated_at: NOW_S });
    before = diaryReads().length;
    skew += 6 * 3_600_000;
    await server.ctx.feed.advance();
    expect(diaryReads().length - before).toBe(2 * FEED_WINDOW_DAYS + 1);
    expect(await listOf(AHEAD.match_time)).toMatchObject({ ot: AHEAD.match_time });
  });
});
