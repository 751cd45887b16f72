/** Token bucket per key; time comes from the caller (house rule 3). */
export interface RateLimiter {
  /** Takes a token; false when the bucket is empty. */
  take(key: string | number, now: number, refillMs?: number): boolean;
}

export function createRateLimiter(capacity: number, refillMs: number, maxKeys = 100_000): RateLimiter {
  const buckets = new Map<string | number, { tokens: number; at: number }>();
  return {
    take(key, now, refill = refillMs) {
      const b = buckets.get(key) ?? { tokens: capacity, at: now };
      const tokens = Math.min(capacity, b.tokens + Math.max(0, now - b.at) / refill);
      if (tokens < 1) {
        buckets.set(key, { tokens, at: now });
        return false;
      }
      buckets.delete(key);
      buckets.set(key, { tokens: tokens - 1, at: now });
      // Oldest first in insertion order: drop the least recently used past the bound.
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value!);
      return true;
    },
  };
}
