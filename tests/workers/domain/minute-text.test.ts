import { describe, expect, it } from 'vitest';
import {
  basketballClockText,
  incidentMinuteText,
  matchMinuteText,
  minuteMark,
} from '../../../workers/domain/minute-text';

const START = 1_700_000_000; // unix seconds
const at = (sec: number) => (START + sec) * 1000;

describe('matchMinuteText (spec §4)', () => {
  it.each([
    [2, 0, '1'],
    [2, 59, '1'],
    [2, 60, '1'],
    [2, 120, '2'],
    [2, 44 * 60 + 59, '44'],
    [2, 45 * 60, '45'],
    [2, 45 * 60 + 59, '45'],
    [2, 46 * 60, '45+'],
    [2, 60 * 60, '45+'],
    [4, 0, '46'],
    [4, 10 * 60, '55'],
    [4, 45 * 60, '90'],
    [4, 45 * 60 + 59, '90'],
    [4, 46 * 60, '90+'],
    [4, 55 * 60, '90+'],
    [5, 5 * 60, '95'],
    [5, 31 * 60, '120+'],
  ])('s=%i, %i s after the half started → %s', (s, sec, want) => {
    expect(matchMinuteText({ s, halfStart: START }, at(sec))).toBe(want);
  });
  it.each([
    [1, ''],
    [3, '中场'],
    [7, '点球'],
    [8, ''],
    [0, ''],
  ])('s=%i shows %j', (s, want) => {
    expect(matchMinuteText({ s, halfStart: 0 }, at(100))).toBe(want);
  });
  it('a clock before the start never shows less than 1', () => {
    expect(matchMinuteText({ s: 2, halfStart: START }, at(-30))).toBe('1');
  });
});

describe('basketballClockText', () => {
  it('shows period and clock while a period runs', () => {
    expect(basketballClockText({ s: 4, remain: 312 })).toBe('第二节 05:12');
    expect(basketballClockText({ s: 9, remain: 5 })).toBe('加时 00:05');
  });
  it('shows the label alone in breaks or without a clock', () => {
    expect(basketballClockText({ s: 5, remain: 100 })).toBe('中场');
    expect(basketballClockText({ s: 2, remain: null })).toBe('第一节');
  });
});

describe('minuteMark', () => {
  it.each([
    ['23', "23'"],
    ['45+', '45+'],
    ['90+', '90+'],
    ['120+', '120+'],
    ['中场', '中场'],
    ['', ''],
  ])('%j reads %j (a capped clock gets no minute tick)', (text, want) => {
    expect(minuteMark(text)).toBe(want);
  });
});

describe('incidentMinuteText', () => {
  it('keeps stoppage time: a goal at 45+1 is not the 46th minute', () => {
    expect(incidentMinuteText({ minute: 45, stoppage: 1 })).toBe("45+1'");
    expect(incidentMinuteText({ minute: 90, stoppage: 4 })).toBe("90+4'");
  });
  it('a minute without stoppage time reads as it is', () => {
    expect(incidentMinuteText({ minute: 46 })).toBe("46'");
    expect(incidentMinuteText({ minute: 23, stoppage: 0 })).toBe("23'");
  });
});
