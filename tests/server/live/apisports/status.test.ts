/** api-sports' status tables, every code (API-Football v3 and API-Basketball `status.short`). */
import { describe, expect, it } from 'vitest';
import { APISPORTS_STATUS } from '../../../../server/live/apisports/status';
import { mapStatus } from '../../../../server/live/providers';
import { BasketballStatus as B, FootballStatus as F } from '../../../../workers/protocol/index';

describe('API-Football status.short', () => {
  const expected: Array<[string, number]> = [
    ['TBD', F.TBD],
    ['NS', F.NOT_STARTED],
    ['1H', F.FIRST_HALF],
    ['HT', F.HALF_TIME],
    ['2H', F.SECOND_HALF],
    ['ET', F.EXTRA_TIME],
    ['BT', F.EXTRA_TIME],
    ['P', F.PENALTIES],
    ['SUSP', F.INTERRUPTED],
    ['INT', F.INTERRUPTED],
    ['FT', F.FINISHED],
    ['AET', F.FINISHED],
    ['PEN', F.FINISHED],
    ['PST', F.POSTPONED],
    ['CANC', F.CANCELLED],
    ['ABD', F.ABANDONED],
    ['AWD', F.FINISHED],
    ['WO', F.FINISHED],
    ['LIVE', F.FIRST_HALF],
  ];
  it.each(expected)('%s → %i', (code, spec) => expect(mapStatus(APISPORTS_STATUS.zq, code, F.NOT_STARTED)).toBe(spec));
  it('the table has exactly these codes; an unknown one is abnormal', () => {
    expect(Object.keys(APISPORTS_STATUS.zq).sort()).toEqual(expected.map(([c]) => c).sort());
    expect(mapStatus(APISPORTS_STATUS.zq, 'XX', F.FIRST_HALF)).toBe(F.ABNORMAL);
  });
});

describe('API-Basketball status.short', () => {
  const fixed: Array<[string, number]> = [
    ['NS', B.NOT_STARTED],
    ['Q1', B.Q1],
    ['Q2', B.Q2],
    ['Q3', B.Q3],
    ['Q4', B.Q4],
    ['OT', B.OVERTIME],
    ['HT', B.HALF_TIME],
    ['FT', B.FINISHED],
    ['AOT', B.FINISHED],
    ['POST', B.POSTPONED],
    ['CANC', B.CANCELLED],
    ['SUSP', B.INTERRUPTED],
    ['AWD', B.FINISHED],
    ['ABD', B.ABANDONED],
  ];
  it.each(fixed)('%s → %i', (code, spec) => expect(mapStatus(APISPORTS_STATUS.lq, code, B.NOT_STARTED)).toBe(spec));
  // A break is the end of whichever quarter was being played.
  const breaks: Array<[number, number]> = [
    [B.Q1, B.Q1_END],
    [B.Q1_END, B.Q1_END],
    [B.Q2, B.HALF_TIME],
    [B.HALF_TIME, B.HALF_TIME],
    [B.Q3, B.Q3_END],
    [B.Q3_END, B.Q3_END],
    [B.Q4, B.OVERTIME],
    [B.OVERTIME, B.OVERTIME],
    [B.NOT_STARTED, B.ABNORMAL],
  ];
  it.each(breaks)('BT after %i → %i', (previous, spec) =>
    expect(mapStatus(APISPORTS_STATUS.lq, 'BT', previous)).toBe(spec),
  );
  it('the table has exactly these codes', () =>
    expect(Object.keys(APISPORTS_STATUS.lq).sort()).toEqual([...fixed.map(([c]) => c), 'BT'].sort()));
});
