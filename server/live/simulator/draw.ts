/**
 * Pairings: the round robin of a league (circle method, home and away alternating) and the
 * league-phase draw of a European competition (each club meets `days` different opponents, one
 * per match day, half at home, never a club of its own association and at most two of any other).
 */
import type { Rng } from '../../seed/rng';

export type Pairing = readonly [home: number, away: number];

export function shuffled<T>(items: readonly T[], r: Rng): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** One cycle of a single round robin: n − 1 rounds (n even; an odd field gets a bye). */
export function circleRounds(ids: readonly number[]): Pairing[][] {
  const t: Array<number | null> = [...ids];
  if (t.length % 2 === 1) t.push(null);
  const n = t.length;
  const rounds: Pairing[][] = [];
  for (let r = 0; r < n - 1; r++) {
    const round: Pairing[] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = t[i]!;
      const b = t[n - 1 - i]!;
      if (a === null || b === null) continue;
      // The fixed team alternates home and away, the others by position: home counts differ by one at most.
      const home = i === 0 ? r % 2 === 0 : i % 2 === 0;
      round.push(home ? [a, b] : [b, a]);
    }
    rounds.push(round);
    // Rotate everyone but the first.
    t.splice(1, 0, t.pop()!);
  }
  return rounds;
}

/** `count` rounds of repeated cycles, every other cycle with home and away swapped. */
export function repeatedRounds(ids: readonly number[], count: number): Pairing[][] {
  const cycle = circleRounds(ids);
  const out: Pairing[][] = [];
  for (let c = 0; out.length < count; c++)
    for (const round of cycle) {
      if (out.length >= count) break;
      out.push(c % 2 === 0 ? round : round.map(([h, a]): Pairing => [a, h]));
    }
  return out;
}

/** Orients a graph whose every degree is even so that each vertex has as many homes as aways. */
function balance(rounds: readonly Pairing[][]): Pairing[][] {
  const adj = new Map<number, Array<{ to: number; edge: number }>>();
  const edges: Array<[number, number]> = [];
  for (const round of rounds)
    for (const [a, b] of round) {
      const e = edges.length;
      edges.push([a, b]);
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const list = adj.get(x) ?? [];
        list.push({ to: y, edge: e });
        adj.set(x, list);
      }
    }
  const used = new Array<boolean>(edges.length).fill(false);
  const oriented = new Map<number, Pairing>();
  const next = new Map<number, number>();
  // Hierholzer: walking an Euler circuit, each edge is oriented the way it is walked.
  for (const start of adj.keys()) {
    const stack = [start];
    while (stack.length > 0) {
      const v = stack[stack.length - 1]!;
      const list = adj.get(v)!;
      let i = next.get(v) ?? 0;
      while (i < list.length && used[list[i]!.edge]) i++;
      next.set(v, i);
      if (i === list.length) {
        stack.pop();
        continue;
      }
      const { to, edge } = list[i]!;
      used[edge] = true;
      oriented.set(edge, [v, to]);
      stack.push(to);
    }
  }
  let e = 0;
  return rounds.map((round) => round.map(() => oriented.get(e++)!));
}

/**
 * One match day: a perfect matching of the clubs, none meeting a former opponent, a club of its own
 * association or a third of one other association (depth-first, most constrained club first).
 */
function matchDay(
  n: number,
  allowed: (a: number, b: number) => boolean,
  r: Rng,
  budget: { left: number },
): Array<[number, number]> | null {
  const partner = new Array<number>(n).fill(-1);
  const out: Array<[number, number]> = [];
  const solve = (): boolean => {
    if (--budget.left < 0) return false;
    let best = -1;
    let bestOptions: number[] = [];
    for (let a = 0; a < n; a++) {
      if (partner[a] !== -1) continue;
      const options: number[] = [];
      for (let b = 0; b < n; b++) if (b !== a && partner[b] === -1 && allowed(a, b)) options.push(b);
      if (best === -1 || options.length < bestOptions.length) {
        best = a;
        bestOptions = options;
        if (options.length === 0) return false;
      }
    }
    if (best === -1) return true;
    for (const b of shuffled(bestOptions, r)) {
      partner[best] = b;
      partner[b] = best;
      out.push([best, b]);
      if (solve()) return true;
      out.pop();
      partner[best] = -1;
      partner[b] = -1;
    }
    return false;
  };
  return solve() ? out : null;
}

/** The league phase: `days` rounds over `ids` (36 clubs), by the association rules. */
export function leaguePhaseDraw(
  ids: readonly number[],
  days: number,
  country: (id: number) => string,
  r: Rng,
): Pairing[][] {
  const n = ids.length;
  const nations = new Map<string, number>();
  const nation = ids.map((id) => {
    const c = country(id);
    if (!nations.has(c)) nations.set(c, nations.size);
    return nations.get(c)!;
  });
  for (;;) {
    const met = new Uint8Array(n * n);
    const against = new Uint8Array(n * nations.size);
    const allowed = (a: number, b: number): boolean =>
      met[a * n + b] === 0 &&
      nation[a] !== nation[b] &&
      against[a * nations.size + nation[b]!]! < 2 &&
      against[b * nations.size + nation[a]!]! < 2;
    const rounds: Pairing[][] = [];
    const budget = { left: 20_000 };
    for (let d = 0; d < days; d++) {
      const day = matchDay(n, allowed, r, budget);
      if (!day) break;
      for (const [a, b] of day) {
        met[a * n + b] = met[b * n + a] = 1;
        against[a * nations.size + nation[b]!]!++;
        against[b * nations.size + nation[a]!]!++;
      }
      rounds.push(day.map(([a, b]): Pairing => [ids[a]!, ids[b]!]));
    }
    if (rounds.length === days) return balance(rounds);
  }
}
