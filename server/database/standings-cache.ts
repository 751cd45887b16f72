/**
 * Standings answers per league and scope (names, zones, brackets around the table), kept until a
 * match of that league is written through server/live/store.ts (the league tables in memory,
 * ./league-tables.ts, move and call `leaguesChanged`) and for at most `MAX_AGE_MS` in any case
 * (a safety net for writes made by another process). Keyed by the database handle, so servers
 * that share one Node process (tests) never see each other's tables.
 */
export const MAX_AGE_MS = 30_000;

interface Entry {
  at: number;
  value: unknown;
}
interface DbCache {
  entries: Map<string, Entry>;
  /** Bumped per league on every write, so an answer computed across a write is not kept. */
  versions: Map<number, number>;
}

const caches = new WeakMap<object, DbCache>();

function cacheOf(db: object): DbCache {
  let c = caches.get(db);
  if (!c) {
    c = { entries: new Map(), versions: new Map() };
    caches.set(db, c);
  }
  return c;
}

/** Forgets the answers of these leagues (their matches were just written). */
export function leaguesChanged(db: object, leagueIds: Iterable<number>): void {
  const c = caches.get(db);
  if (!c) return;
  for (const id of new Set(leagueIds)) {
    c.versions.set(id, (c.versions.get(id) ?? 0) + 1);
    for (const key of c.entries.keys()) if (key.startsWith(`${id}:`)) c.entries.delete(key);
  }
}

/** The cached answer for (league, key), or `compute()`'s, kept when no write came in between. */
export async function cachedStandings<T>(
  db: object,
  leagueId: number,
  key: string,
  compute: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const c = cacheOf(db);
  const k = `${leagueId}:${key}`;
  const hit = c.entries.get(k);
  if (hit && now() - hit.at < MAX_AGE_MS) return hit.value as T;
  const version = c.versions.get(leagueId) ?? 0;
  const at = now();
  const value = await compute();
  if ((c.versions.get(leagueId) ?? 0) === version) c.entries.set(k, { at, value });
  return value;
}
