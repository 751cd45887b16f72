/** Both engines' pre-match call-off: a postponed or cancelled fate takes effect 30 min before the start. */
import { describe, expect, it } from 'vitest';
import { callOffBeforeStart } from '../../../server/live/simulator/emit';

const OT = 10_000_000;
const LEAD = 30 * 60_000;

describe('callOffBeforeStart', () => {
  it('leaves a match with any other fate to the engine', () => {
    const calls: unknown[] = [];
    for (const fate of ['normal', 'interrupted'] as const) {
      expect(callOffBeforeStart(fate, OT, OT, (...a) => calls.push(a))).toBe(false);
    }
    expect(calls).toEqual([]);
  });

  it('holds a called-off match before its time without calling it off yet', () => {
    const calls: unknown[] = [];
    expect(callOffBeforeStart('postponed', OT, OT - LEAD - 1, (...a) => calls.push(a))).toBe(true);
    expect(calls).toEqual([]);
  });

  it('calls it off at 30 min before the start, stamped at that instant, postponed or cancelled', () => {
    const calls: unknown[] = [];
    expect(callOffBeforeStart('postponed', OT, OT - LEAD, (...a) => calls.push(a))).toBe(true);
    expect(callOffBeforeStart('cancelled', OT, OT + 5_000, (...a) => calls.push(a))).toBe(true);
    expect(calls).toEqual([
      [true, OT - LEAD],
      [false, OT - LEAD],
    ]);
  });
});
