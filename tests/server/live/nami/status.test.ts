/** Nami's status table, every code: each lands on the spec §4 code of the same meaning. */
import { describe, expect, it } from 'vitest';
import { NAMI_STATUS } from '../../../../server/live/nami/status';
import { mapStatus } from '../../../../server/live/providers';
import { STATUS_TABLE, isFinal, isLive } from '../../../../workers/protocol/index';

describe('Nami football status_id', () => {
  const expected: Array<[number, number]> = [
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 5],
    [6, 5], // the old 加时赛 code is extra time
    [7, 7],
    [8, 8],
    [9, 9],
    [10, 10],
    [11, 11],
    [12, 12],
    [13, 13],
  ];
  it.each(expected)('%i → %i', (code, spec) => expect(mapStatus(NAMI_STATUS.zq, code, 1)).toBe(spec));
  it('the table has exactly these codes', () =>
    expect(Object.keys(NAMI_STATUS.zq).map(Number)).toEqual(expected.map(([c]) => c)));
  it('in play 2–7, finished 8, an unknown code is abnormal', () => {
    expect([2, 3, 4, 5, 6, 7].every((c) => isLive('zq', mapStatus(NAMI_STATUS.zq, c, 1)))).toBe(true);
    expect(mapStatus(NAMI_STATUS.zq, 8, 4)).toBe(STATUS_TABLE.zq.finished);
    expect(mapStatus(NAMI_STATUS.zq, 99, 4)).toBe(0);
  });
});

describe('Nami basketball status_id', () => {
  const expected = Array.from({ length: 16 }, (_, c) => [c, c] as [number, number]);
  it.each(expected)('%i → %i', (code, spec) => expect(mapStatus(NAMI_STATUS.lq, code, 1)).toBe(spec));
  it('the table has exactly these codes', () =>
    expect(Object.keys(NAMI_STATUS.lq).map(Number)).toEqual(expected.map(([c]) => c)));
  it('quarters and breaks are live, 10 finished, 12–14 final', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9].every((c) => isLive('lq', mapStatus(NAMI_STATUS.lq, c, 1)))).toBe(true);
    expect([10, 12, 13, 14].every((c) => isFinal('lq', mapStatus(NAMI_STATUS.lq, c, 1)))).toBe(true);
    expect(mapStatus(NAMI_STATUS.lq, -1, 2)).toBe(0);
  });
});
