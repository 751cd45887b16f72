/**
 * Closeness of names a user typed to the names the app holds: used to read a one-character typo
 * (阿森那 → 阿森纳) and, when nothing is close enough, to offer the nearest names instead of
 * guessing.
 */

/** Levenshtein distance over code points (Chinese names are one code point per character). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length]!;
}

/** Characters of `a` that also occur in `b` (each character of `b` used once). */
export function sharedChars(a: string, b: string): number {
  const pool = [...b];
  let n = 0;
  for (const ch of a) {
    const i = pool.indexOf(ch);
    if (i >= 0) {
      n++;
      pool.splice(i, 1);
    }
  }
  return n;
}

/**
 * The names closest to `typed`, best first: more shared characters, then a smaller edit
 * distance. Names sharing no character are never offered.
 */
export function closestNames(typed: string, names: readonly string[], max = 3): string[] {
  const scored = [...new Set(names)]
    .map((n) => ({ n, shared: sharedChars(typed, n), dist: editDistance(typed, n) }))
    .filter((s) => s.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.dist - b.dist || a.n.length - b.n.length);
  return scored.slice(0, max).map((s) => s.n);
}

/**
 * The one name `typed` is a typo of: same length, at least three characters, one character
 * different, and no other name as close. Null when that is not clear.
 */
export function typoOf(typed: string, names: readonly string[]): string | null {
  const len = [...typed].length;
  if (len < 3) return null;
  const hits = [...new Set(names)].filter((n) => [...n].length === len && editDistance(typed, n) === 1);
  return hits.length === 1 ? hits[0]! : null;
}
