/** The one rate limiter: a token bucket per key with a bounded number of keys. */
import { expect, it } from 'vitest';
import { createRateLimiter } from '../../../server/limits/rate-limit';

it('allows a burst of `capacity`, then one per refill period', () => {
  const l = createRateLimiter(3, 1_000);
  expect([1, 2, 3, 4].map(() => l.take('a', 0))).toEqual([true, true, true, false]);
  expect(l.take('b', 0)).toBe(true);
  expect(l.take('a', 999)).toBe(false);
  expect(l.take('a', 2_000)).toBe(true);
  expect(l.remaining('a', 2_000)).toBe(1);
});

it('forgets keys on request and past maxKeys, least recently used first', () => {
  const l = createRateLimiter(1, 60_000, 2);
  l.take('a', 0);
  l.take('b', 0);
  l.take('c', 0);
  expect(l.size()).toBe(2);
  expect(l.take('a', 1)).toBe(true);
  l.forget('a');
  expect(l.take('a', 2)).toBe(true);
});
