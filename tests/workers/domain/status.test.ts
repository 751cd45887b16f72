import { describe, expect, it } from 'vitest';
import { footballStatusText } from '../../../workers/domain/football-status';
import { basketballMatchType, basketballStatusText } from '../../../workers/domain/basketball-status';
import { isFinal, isFinished, isLive, isUpcoming, isVoid, listRank } from '../../../workers/protocol/index';

// The meaning of each status is decided once in workers/protocol/status.ts, from the spec's
// status list: postponed, abandoned and cancelled are void (final, no result), not upcoming.
type Meaning = 'live' | 'finished' | 'void' | 'upcoming' | 'none';
const meaningOf = (sport: 'zq' | 'lq', s: number): Meaning[] =>
  (
    [
      ['live', isLive(sport, s)],
      ['finished', isFinished(sport, s)],
      ['void', isVoid(sport, s)],
      ['upcoming', isUpcoming(sport, s)],
    ] as const
  )
    .filter(([, yes]) => yes)
    .map(([m]) => m);

describe('football status (spec §4)', () => {
  it.each([
    [0, '异常', 'none'],
    [1, '未开赛', 'upcoming'],
    [2, '上半场', 'live'],
    [3, '中场', 'live'],
    [4, '下半场', 'live'],
    [5, '加时', 'live'],
    [7, '点球', 'live'],
    [8, '完场', 'finished'],
    [9, '推迟', 'void'],
    [10, '中断', 'none'],
    [11, '腰斩', 'void'],
    [12, '取消', 'void'],
    [13, '待定', 'upcoming'],
  ])('status %i is %s, %s', (s, text, meaning) => {
    expect(footballStatusText(s)).toBe(text);
    expect(meaningOf('zq', s)).toEqual(meaning === 'none' ? [] : [meaning]);
  });
  it('6 does not exist: it reads as abnormal and is not live; only 8 is finished', () => {
    expect(footballStatusText(6)).toBe('异常');
    expect(isLive('zq', 6)).toBe(false);
    expect([0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13].filter((s) => isFinished('zq', s))).toEqual([8]);
  });
  it('void and finished are final; an abandoned match ranks with the past, not as upcoming', () => {
    expect([8, 9, 10, 11, 12].filter((s) => isFinal('zq', s))).toEqual([8, 9, 11, 12]);
    expect(listRank('zq', 11)).toBe(2);
    expect(listRank('zq', 9)).toBe(2);
    expect(listRank('zq', 13)).toBe(1);
    expect(listRank('zq', 3)).toBe(0);
  });
});

describe('basketball status (spec §4)', () => {
  it.each([
    [0, '异常', 'none'],
    [1, '未开赛', 'upcoming'],
    [2, '第一节', 'live'],
    [3, '第一节完', 'live'],
    [4, '第二节', 'live'],
    [5, '中场', 'live'],
    [6, '第三节', 'live'],
    [7, '第三节完', 'live'],
    [8, '第四节', 'live'],
    [9, '加时', 'live'],
    [10, '完场', 'finished'],
    [11, '中断', 'none'],
    [12, '取消', 'void'],
    [13, '推迟', 'void'],
    [14, '腰斩', 'void'],
    [15, '待定', 'upcoming'],
  ])('status %i is %s, %s', (s, text, meaning) => {
    expect(basketballStatusText(s)).toBe(text);
    expect(meaningOf('lq', s)).toEqual(meaning === 'none' ? [] : [meaning]);
  });
  it('only 10 is finished; unknown codes read as abnormal', () => {
    expect(isFinished('lq', 10)).toBe(true);
    expect(isFinished('lq', 9)).toBe(false);
    expect(isFinished('lq', 8)).toBe(false);
    expect(basketballStatusText(16)).toBe('异常');
  });
  it.each([
    [8, 0],
    [9, 0],
    [0, 0],
    [1, 1],
    [7, 7],
    [10, 10],
  ])('match type %i is treated as %i', (type, want) => {
    expect(basketballMatchType(type)).toBe(want);
  });
});
