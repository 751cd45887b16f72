import { describe, expect, it } from 'vitest';
import { expertLevelName } from '../../../workers/domain/expert-level';
import { truncateDecimals, percentText } from '../../../workers/domain/number-format';
import { fileSizeText } from '../../../workers/domain/file-size';
import { handicapName, handicapTable, overUnderText } from '../../../workers/domain/handicap';
import { lineText } from '../../../workers/core/derive';
import { chineseNumber, formatChinaTime, weekdayText } from '../../../workers/domain/chinese-format';
import { chinaDay as chinaDate } from '../../../workers/protocol/index';

describe('expert levels', () => {
  it.each([
    [1, '初级'],
    [2, '中级'],
    [3, '高级'],
    [4, '资深'],
    [5, '媒体人'],
    [6, '退役球员'],
    [7, '职业玩家'],
    [null, '初级'],
    [8, '初级'],
  ])('%s → %s', (level, name) => expect(expertLevelName(level)).toBe(name));
});

describe('truncateDecimals never rounds', () => {
  it.each([
    [1.239, 2, '1.23'],
    [1.005, 2, '1.00'],
    [0.29, 2, '0.29'],
    [2.999, 1, '2.9'],
    [3, 3, '3.000'],
    [-1.239, 2, '-1.23'],
    [-0.001, 2, '0.00'],
    [1.23456, 3, '1.234'],
  ] as const)('%f to %i → %s', (v, d, want) => expect(truncateDecimals(v, d)).toBe(want));
  it('percent', () => expect(percentText(0.4567)).toBe('45.6%'));
});

describe('fileSizeText', () => {
  it.each([
    [0, '0B'],
    [1023, '1023B'],
    [1024, '1KB'],
    [1536, '1.5KB'],
    [1024 * 1024 - 1, '1023.99KB'],
    [1024 * 1024, '1MB'],
    [5.25 * 1024 * 1024, '5.25MB'],
    [3 * 1024 ** 3, '3GB'],
    [2048 * 1024 ** 3, '2048GB'],
  ])('%i → %s', (b, want) => expect(fileSizeText(b)).toBe(want));
});

describe('handicap names 0–14 goals', () => {
  it.each([
    [0, '平手'],
    [0.25, '平手/半球'],
    [0.5, '半球'],
    [0.75, '半球/一球'],
    [1, '一球'],
    [1.25, '一球/球半'],
    [1.5, '球半'],
    [1.75, '球半/两球'],
    [2, '两球'],
    [2.25, '两球/两球半'],
    [2.5, '两球半'],
    [3, '三球'],
    [13.75, '十三球半/十四球'],
    [14, '十四球'],
    [-0.5, '受半球'],
    [-1.25, '受一球/球半'],
    [14.25, ''],
    [0.3, ''],
  ])('%f → %s', (line, want) => expect(handicapName(line)).toBe(want));
  it('the table has 57 named lines', () => {
    const t = handicapTable();
    expect(t).toHaveLength(57);
    expect(t.every((r) => r.name !== '')).toBe(true);
  });
  it('over/under lines', () => {
    expect(overUnderText(2.5)).toBe('2.5');
    expect(overUnderText(2.25)).toBe('2/2.5');
    expect(overUnderText(2.75)).toBe('2.5/3');
  });
  it('basketball lines are points, never goals (no 五球半 for a 5.5-point spread)', () => {
    expect(lineText('lq', 1, 5.5)).toBe('让5.5分');
    expect(lineText('lq', 1, -9.5)).toBe('受让9.5分');
    expect(lineText('lq', 1, 0)).toBe('平手');
    expect(lineText('lq', 3, 210.5)).toBe('210.5分');
    expect(lineText('lq', 2, 0)).toBe('');
    expect(lineText('zq', 1, 1.5)).toBe('球半');
    expect(lineText('zq', 3, 2.5)).toBe('2.5');
  });
});

describe('Chinese numbers and dates', () => {
  it.each([
    [0, '零'],
    [7, '七'],
    [10, '十'],
    [11, '十一'],
    [20, '二十'],
    [99, '九十九'],
    [100, '一百'],
    [105, '一百零五'],
    [110, '一百一十'],
    [1001, '一千零一'],
    [2024, '二千零二十四'],
  ])('%i → %s', (n, want) => expect(chineseNumber(n)).toBe(want));
  it('weekdays and dates are China time', () => {
    // 2026-11-22 23:30 UTC is Monday 2026-11-23 07:30 in China.
    const t = Date.UTC(2026, 10, 22, 23, 30);
    expect(weekdayText(t)).toBe('周一');
    expect(weekdayText(t, '星期')).toBe('星期一');
    expect(chinaDate(t)).toBe('2026-11-23');
    expect(chinaDate(t, -1)).toBe('2026-11-22');
    expect(formatChinaTime(t)).toBe('2026-11-23 07:30');
  });
});
