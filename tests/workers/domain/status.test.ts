import { describe, expect, it } from 'vitest';
import { footballStatusText, isFootballFinished, isFootballLive } from '../../../workers/domain/football-status';
import {
  basketballMatchType,
  basketballStatusText,
  isBasketballFinished,
  isBasketballLive,
} from '../../../workers/domain/basketball-status';

describe('football status (spec §4)', () => {
  it.each([
    [0, '异常', false],
    [1, '未开赛', false],
    [2, '上半场', true],
    [3, '中场', true],
    [4, '下半场', true],
    [5, '加时', true],
    [7, '点球', true],
    [8, '完场', false],
    [9, '推迟', false],
    [10, '中断', false],
    [11, '腰斩', false],
    [12, '取消', false],
    [13, '待定', false],
  ])('status %i is %s, live=%s', (s, text, live) => {
    expect(footballStatusText(s)).toBe(text);
    expect(isFootballLive(s)).toBe(live);
  });
  it('6 does not exist and reads as abnormal; only 8 is finished', () => {
    expect(footballStatusText(6)).toBe('异常');
    expect(isFootballLive(6)).toBe(true); // 2..7 inclusive by the spec's range
    expect([0, 1, 2, 3, 4, 5, 7, 8, 9].filter(isFootballFinished)).toEqual([8]);
  });
});

describe('basketball status (spec §4)', () => {
  it.each([
    [0, '异常', false],
    [1, '未开赛', false],
    [2, '第一节', true],
    [3, '第一节完', true],
    [4, '第二节', true],
    [5, '中场', true],
    [6, '第三节', true],
    [7, '第三节完', true],
    [8, '第四节', true],
    [9, '加时', true],
    [10, '完场', false],
    [11, '中断', false],
    [12, '取消', false],
    [13, '推迟', false],
    [14, '腰斩', false],
    [15, '待定', false],
  ])('status %i is %s, live=%s', (s, text, live) => {
    expect(basketballStatusText(s)).toBe(text);
    expect(isBasketballLive(s)).toBe(live);
  });
  it('only 10 is finished; unknown codes read as abnormal', () => {
    expect(isBasketballFinished(10)).toBe(true);
    expect(isBasketballFinished(9)).toBe(false);
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
