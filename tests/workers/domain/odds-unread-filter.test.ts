import { describe, expect, it } from 'vitest';
import { oddsDirection, oddsHistoryTrends, TREND_COLOR } from '../../../workers/domain/odds-trend';
import { unreadTotal } from '../../../workers/domain/unread';
import { filterCookieExpiry } from '../../../workers/domain/filter-cookie';
import type { OddsRow } from '../../../workers/protocol/index';

const row = (left: number, middle: number, right: number): OddsRow => ({
  companyId: 1,
  nameZh: '澳门',
  left,
  middle,
  right,
  at: 0,
});

describe('odds trend (spec §4: red falls, green rises vs the next row)', () => {
  it.each([
    [0.9, 0.85, 'up', 'green'],
    [0.85, 0.9, 'down', 'red'],
    [0.9, 0.9, 'same', 'inherit'],
    [0.9, undefined, 'same', 'inherit'],
  ] as const)('%f against %s is %s (%s)', (v, next, trend, colour) => {
    expect(oddsDirection(v, next)).toBe(trend);
    expect(TREND_COLOR[oddsDirection(v, next)]).toBe(colour);
  });
  it('colours a newest-first history row by row; the oldest row is plain', () => {
    const t = oddsHistoryTrends([row(0.95, 0.5, 0.9), row(0.9, 0.5, 0.95), row(0.92, 0.25, 0.95)]);
    expect(t).toEqual([
      { left: 'up', middle: 'same', right: 'down' },
      { left: 'down', middle: 'up', right: 'same' },
      { left: 'same', middle: 'same', right: 'same' },
    ]);
  });
});

describe('unreadTotal (spec §3, §9)', () => {
  it('sums counts of unread chats over the message-count codes only', () => {
    expect(
      unreadTotal([
        { code: 10000, messageStatus: 0, count: 3 },
        { code: 10025, messageStatus: 0, count: 2 },
        { code: 10001, messageStatus: 1, count: 9 },
        { code: 99999, messageStatus: 0, count: 7 },
        { code: 10039, messageStatus: 0, count: 0 },
      ]),
    ).toBe(5);
    expect(unreadTotal([])).toBe(0);
  });
});

describe('filterCookieExpiry (spec §9, China time)', () => {
  // 2026-11-22 in China; UTC = China - 8 h.
  const china = (h: number, m = 0, day = 22) => Date.UTC(2026, 10, day, h - 8, m);
  it.each([
    ['zq', china(9, 59), china(10)],
    ['zq', china(10), china(10, 0, 23)],
    ['zq', china(10, 1), china(10, 0, 23)],
    ['zq', china(0, 0), china(10)],
    ['zq', china(23, 59), china(10, 0, 23)],
    ['lq', china(14, 59), china(15)],
    ['lq', china(15), china(15, 0, 23)],
    ['lq', china(9), china(15)],
  ] as const)('%s set at %i expires at %i', (sport, now, want) => {
    expect(filterCookieExpiry(sport, now)).toBe(want);
  });
  it('crosses a month end', () => {
    expect(filterCookieExpiry('zq', Date.UTC(2026, 10, 30, 12))).toBe(Date.UTC(2026, 11, 1, 2));
  });
});
