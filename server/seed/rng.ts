/**
 * Deterministic randomness for seed data and the feed: every draw is a pure function of the
 * FEED_SEED and a key path (e.g. seed, matchId, 'h1', minute), so the same clock always gives
 * the same match, whatever the tick granularity or restarts in between.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Poisson-distributed count with mean `lambda` (small lambdas). */
  poisson(lambda: number): number;
}

/** 32-bit hash of a key path (xmur3-like). */
export function hashKey(parts: ReadonlyArray<string | number>): number {
  const s = parts.join('|');
  let h = 1779033703 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32 seeded from the key path. */
export function rngFor(...parts: Array<string | number>): Rng {
  let a = hashKey(parts);
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    poisson(lambda) {
      const l = Math.exp(-lambda);
      let k = 0;
      let p = next();
      while (p > l && k < 20) {
        k++;
        p *= next();
      }
      return k;
    },
  };
}
