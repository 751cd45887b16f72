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

/** 32-bit hash of a key path (xmur3-like), without building a joined string. */
export function hashKey(parts: ReadonlyArray<string | number>): number {
  let h = 1779033703 ^ parts.length;
  const mix = (c: number): void => {
    h = Math.imul(h ^ c, 3432918353);
    h = (h << 13) | (h >>> 19);
  };
  for (const part of parts) {
    if (typeof part === 'number') {
      const lo = part | 0;
      const hi = Math.floor(part / 4294967296) | 0;
      mix(lo);
      mix(hi ^ 0x5bd1e995);
      mix(part === lo ? 1 : 2);
    } else {
      for (let i = 0; i < part.length; i++) mix(part.charCodeAt(i));
      mix(0x7c);
    }
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
