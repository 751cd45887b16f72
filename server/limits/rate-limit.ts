/**
 * The one rate limiter of the server: a token bucket per key, time from the caller (house rule 3).
 * The socket hub (inbound frames, topic creations), room chat and the accounts limits all use it,
 * so a limit means the same thing everywhere. Keys past `maxKeys` are forgotten least recently
 * used first, so a flood of new keys costs bounded memory.
 */
export interface RateLimiter {
  /** Takes a token; false when the bucket is empty (nothing is taken then). */
  take(key: string | number, now: number, refillMs?: number): boolean;
  /** Whole tokens left for this key at `now`, without taking one. */
  remaining(key: string | number, now: number, refillMs?: number): number;
  /** Drops a key's bucket (e.g. its socket closed). */
  forget(key: string | number): void;
  /** Buckets held (for memory tests). */
  size(): number;
}

export function createRateLimiter(capacity: number, refillMs: number, maxKeys = 100_000): RateLimiter {
  const buckets = new Map<string | number, { tokens: number; at: number }>();
  const level = (key: string | number, now: number, refill: number): number => {
    const b = buckets.get(key);
    if (!b) return capacity;
    return Math.min(capacity, b.tokens + Math.max(0, now - b.at) / refill);
  };
  return {
    take(key, now, refill = refillMs) {
      const tokens = level(key, now, refill);
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
    remaining(key, now, refill = refillMs) {
      return Math.floor(level(key, now, refill));
    },
    forget(key) {
      buckets.delete(key);
    },
    size: () => buckets.size,
  };
}
