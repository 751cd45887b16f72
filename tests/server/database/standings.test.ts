/**
 * League-table rules against hand-worked examples: points, goal difference, goals, head-to-head
 * among teams still level, id last; basketball by win percentage; home/away tables; form; the
 * live table's moves; zones.
 */
import { describe, expect, it } from 'vitest';
import { computeTable, liveTable, zoneOf, type ResultInput } from '../../../server/database/standings';

let seq = 0;
const r = (homeId: number, awayId: number, h: number, a: number, live = false): ResultInput => {
  seq++;
  return { id: seq, homeId, awayId, ot: 1_000 + seq, score: [h, a], live };
};

// Worked by hand:
//  1: W 2-0 v2, L 0-1 at 4, D 0-0 v3  → 4 pts, 2:1, +1
//  2: L 0-2 at 1, W 3-1 v3, D 1-1 v4  → 4 pts, 4:4, 0
//  3: D 1-1 v4, L 1-3 at 2, D 0-0 at 1 → 2 pts, 2:4, −2
//  4: D 1-1 at 3, W 1-0 v1, D 1-1 at 2 → 5 pts, 3:2, +1
const FOUR = [r(1, 2, 2, 0), r(3, 4, 1, 1), r(2, 3, 3, 1), r(4, 1, 1, 0), r(1, 3, 0, 0), r(2, 4, 1, 1)];

describe('football table', () => {
  it('ranks by points, then goal difference, with wins, draws, losses and goals counted', () => {
    const t = computeTable('zq', [1, 2, 3, 4], FOUR);
    expect(t.map((x) => x.teamId)).toEqual([4, 1, 2, 3]);
    expect(t.map((x) => [x.played, x.win, x.draw, x.loss, x.goalsFor, x.goalsAgainst, x.points])).toEqual([
      [3, 1, 2, 0, 3, 2, 5],
      [3, 1, 1, 1, 2, 1, 4],
      [3, 1, 1, 1, 4, 4, 4],
      [3, 0, 2, 1, 2, 4, 2],
    ]);
    expect(t.map((x) => x.rank)).toEqual([1, 2, 3, 4]);
  });

  it('form is the last five results, oldest first', () => {
    const games = [r(1, 2, 1, 0), r(2, 1, 1, 1), r(1, 2, 0, 3), r(2, 1, 0, 2), r(1, 2, 1, 1), r(2, 1, 2, 0)];
    const t = computeTable('zq', [1, 2], games);
    expect(t.find((x) => x.teamId === 1)!.form).toEqual(['D', 'L', 'W', 'D', 'L']);
    expect(t.find((x) => x.teamId === 2)!.form).toEqual(['D', 'W', 'L', 'D', 'W']);
  });

  it('home and away tables count only those matches', () => {
    // Home: 1 (v2 2-0, v3 0-0) 4 pts 2:0; 2 (v3 3-1, v4 1-1) 4 pts 4:2; 4 (v1 1-0) 3; 3 (v4 1-1) 1.
    const home = computeTable('zq', [1, 2, 3, 4], FOUR, 'home');
    expect(home.map((x) => [x.teamId, x.points, x.goalsFor])).toEqual([
      [2, 4, 4],
      [1, 4, 2],
      [4, 3, 1],
      [3, 1, 1],
    ]);
    const away = computeTable('zq', [1, 2, 3, 4], FOUR, 'away');
    // Away: 4 (at 3 1-1, at 2 1-1) 2 pts; 1 (at 4 0-1) 0; 2 (at 1 0-2) 0; 3 (at 2 1-3, at 1 0-0) 1.
    expect(away.map((x) => [x.teamId, x.points])).toEqual([
      [4, 2],
      [3, 1],
      [1, 0],
      [2, 0],
    ]);
  });

  it('teams level on points, difference and goals are split by their head-to-head, not by id', () => {
    // 10: L 0-1 v20, W 2-1 v30 → 3 pts 2:2. 20: W 1-0 at 10, L 1-2 v40 → 3 pts 2:2.
    // 40: W 2-1 at 20 → 3 pts 2:1. 30: L 1-2 at 10 → 0. 20 beat 10, so 20 ranks above 10.
    const games = [r(10, 20, 0, 1), r(10, 30, 2, 1), r(20, 40, 1, 2)];
    expect(computeTable('zq', [10, 20, 30, 40], games).map((x) => x.teamId)).toEqual([40, 20, 10, 30]);
  });

  it('a three-way cycle in the head-to-head falls back to team id', () => {
    const games = [r(30, 20, 1, 0), r(20, 10, 1, 0), r(10, 30, 1, 0)];
    expect(computeTable('zq', [30, 20, 10], games).map((x) => x.teamId)).toEqual([10, 20, 30]);
  });

  it('teams without results are listed, level at zero', () => {
    const t = computeTable('zq', [5, 6, 7], [r(7, 6, 1, 0)]);
    expect(t.map((x) => [x.teamId, x.played])).toEqual([
      [7, 1],
      [5, 0],
      [6, 1],
    ]);
  });
});

describe('basketball table', () => {
  it('ranks by win percentage before wins, then head-to-head', () => {
    // 1: W v2, L at 2, L at 3 → 1-2. 2: L at 1, W v3, W v1 → 2-1. 3: L at 2, W v1 → 1-1 (.500).
    const games = [r(1, 2, 100, 90), r(2, 3, 95, 80), r(3, 1, 99, 98), r(2, 1, 88, 80)];
    const t = computeTable('lq', [1, 2, 3], games);
    expect(t.map((x) => [x.teamId, x.win, x.loss, x.points])).toEqual([
      [2, 2, 1, 2],
      [3, 1, 1, 1],
      [1, 1, 2, 1],
    ]);
  });

  it('equal records go to the head-to-head winner, then point difference', () => {
    // 1 and 2 both 1-1, 2 beat 1 (by a point, while 1 has the far better difference).
    const pair = [r(1, 2, 80, 81), r(1, 5, 100, 60), r(2, 5, 70, 90)];
    expect(computeTable('lq', [1, 2], pair).map((x) => x.teamId)).toEqual([2, 1]);
    // 3 and 4 split their games: 4 has the better difference (+5 against −5).
    const split = [r(3, 4, 90, 80), r(4, 3, 100, 85)];
    expect(computeTable('lq', [3, 4], split).map((x) => x.teamId)).toEqual([4, 3]);
  });
});

describe('live table', () => {
  it('counts matches in play at their score and says how far each team moved', () => {
    // Finished: 1 beat 2, 3 drew 4 → 1, 3, 4, 2. Live 2 v 4 at 2-0 → 2 (3 pts, +1, 2 goals) tops 1 (3, +1, 1).
    const { rows, live } = liveTable('zq', [1, 2, 3, 4], [r(1, 2, 1, 0), r(3, 4, 0, 0), r(2, 4, 2, 0, true)]);
    expect(live).toBe(true);
    expect(rows.map((x) => [x.teamId, x.rank, x.move, x.playing])).toEqual([
      [2, 1, 3, true],
      [1, 2, -1, false],
      [3, 3, -1, false],
      [4, 4, -1, true],
    ]);
  });

  it('without a match in play nobody moves', () => {
    const { rows, live } = liveTable('zq', [1, 2, 3, 4], FOUR);
    expect(live).toBe(false);
    expect(rows.every((x) => x.move === 0 && !x.playing)).toBe(true);
  });
});

describe('zones', () => {
  it('football: 4 champions, 2 continental, 3 relegated in a big league; 2/1/2 in a small one', () => {
    expect([1, 4, 5, 6, 7, 17, 18, 20].map((n) => zoneOf('zq', n, 20, false))).toEqual([
      'champions',
      'champions',
      'europe',
      'europe',
      null,
      null,
      'relegation',
      'relegation',
    ]);
    expect([2, 3, 4, 11, 12].map((n) => zoneOf('zq', n, 12, false))).toEqual([
      'champions',
      'europe',
      null,
      'relegation',
      'relegation',
    ]);
    expect(zoneOf('zq', 1, 20, true)).toBeNull();
  });

  it('basketball: the top eight (top half of a small league) reach the play-offs', () => {
    expect([8, 9].map((n) => zoneOf('lq', n, 20, false))).toEqual(['playoff', null]);
    expect([6, 7].map((n) => zoneOf('lq', n, 12, false))).toEqual(['playoff', null]);
  });
});
