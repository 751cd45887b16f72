/** The api-sports call budget: per minute, per day, the provider's own count, 429 back-off, quota. */
import { describe, expect, it } from 'vitest';
import { createBudget } from '../../../../server/live/apisports/budget';

const T0 = Date.parse('2026-11-22T12:00:00Z');

describe('api-sports budget', () => {
  it('spends at most perMinute a minute and perDay a day', () => {
    const b = createBudget({ perMinute: 3, perDay: 5 });
    expect([1, 2, 3, 4].map(() => b.take(T0))).toEqual([true, true, true, false]);
    expect(b.left(T0)).toEqual({ minute: 0, day: 2, now: 0 });
    expect([1, 2, 3].map(() => b.take(T0 + 60_000))).toEqual([true, true, false]);
    expect(b.used()).toBe(5);
    expect(b.take(T0 + 86_400_000)).toBe(true);
  });

  it('the provider saying fewer are left wins', () => {
    const b = createBudget({ perMinute: 10, perDay: 100 });
    b.observe(T0, { minute: 1, day: 50 });
    expect(b.left(T0)).toEqual({ minute: 1, day: 50, now: 1 });
    expect(b.take(T0)).toBe(true);
    expect(b.take(T0)).toBe(false);
  });

  it('a 429 pauses a minute, twice in a row two; a spent quota waits for the next UTC day', () => {
    const b = createBudget({ perMinute: 10, perDay: 100 });
    b.rateLimited(T0);
    expect(b.take(T0 + 59_000)).toBe(false);
    expect(b.take(T0 + 60_000)).toBe(true);
    b.rateLimited(T0 + 60_000);
    expect(b.take(T0 + 170_000)).toBe(false);
    expect(b.take(T0 + 180_000)).toBe(true);
    b.succeeded();
    b.quotaSpent(T0 + 200_000);
    expect(b.take(T0 + 3_600_000)).toBe(false);
    expect(b.take(Date.parse('2026-11-23T00:00:00Z'))).toBe(true);
  });
});
