/**
 * Whole-season tables (issue 32): the simulator stores about a month of matches, so a table of the
 * season now running (or last finished) also counts the season's days the feed never filled,
 * played out from the seed when the table is computed (./simulator/play-out.ts) with the ids the
 * feed would have given them; stored matches of another season are left out. Only where the
 * matches are the simulator's and it has run: a provider's leagues have their own tables, and a
 * database holding only matches written by hand (tests) is read as it is.
 */
import type { Db } from '../db/index';
import { addDays, chinaDay } from '../../workers/protocol/index';
import type { ResultInput } from '../database/standings';
import { fixturesOfDay } from './simulator/fixtures';
import { playOut } from './simulator/play-out';
import { calendarDay, seasonWindow } from './simulator/season';
import { FEED_DAYS_KEY, loadMeta } from './store';
import { ALL_LEAGUES } from '../seed/leagues';

const worlds = new WeakMap<object, { seed: number }>();

/** The matches stored in `db` are the simulator's of this seed. */
export function simulatedWorld(db: Db, seed: number): void {
  worlds.set(db, { seed });
}

/** The seed of the simulated world stored in `db`, or null (a provider's matches). */
export function worldSeed(db: Db): number | null {
  return worlds.get(db)?.seed ?? null;
}

/** The feed fills up to a week ahead: its last filled day less that week is today. */
const AHEAD_DAYS = 7;

const generated = new Map<string, ResultInput[]>();

/** A league's results on the days of [from, to] not in `filled`, as the simulator plays them. */
export function generatedResults(
  seed: number,
  leagueId: number,
  from: string,
  to: string,
  filled: ReadonlySet<string>,
): ResultInput[] {
  const open: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (!filled.has(day)) open.push(day);
  // The days filled later are today's and after: the key (and the answer) stays the same.
  const key = `${seed}:${leagueId}:${open[0] ?? ''}:${open.at(-1) ?? ''}:${open.length}`;
  const hit = generated.get(key);
  if (hit) return hit;
  const out: ResultInput[] = [];
  for (const day of open) {
    if (!calendarDay(seed, day).some((m) => m.leagueId === leagueId)) continue;
    for (const f of fixturesOfDay(seed, day)) {
      if (f.leagueId !== leagueId) continue;
      const r = playOut(seed, f);
      if (r.finished) out.push({ id: f.id, homeId: f.homeId, awayId: f.awayId, ot: f.ot, score: r.score, live: false });
    }
  }
  if (generated.size > 200) generated.delete(generated.keys().next().value!);
  generated.set(key, out);
  return out;
}

/** Plays the seasons' unstored days out now (seconds of CPU), not on the first table a fan opens. */
export async function warmSeasonResults(db: Db): Promise<void> {
  for (const l of ALL_LEAGUES) await seasonResults(db, l.id, []);
}

/**
 * The results a league's table counts: the stored ones of the season running (or last finished)
 * today, and that season's earlier days played out. Unchanged where nothing is simulated.
 */
export async function seasonResults(db: Db, leagueId: number, stored: ResultInput[]): Promise<ResultInput[]> {
  const w = worlds.get(db);
  if (!w) return stored;
  const days = (await loadMeta<{ days?: string[] }>(db, FEED_DAYS_KEY))?.days ?? [];
  if (days.length === 0) return stored;
  const today = addDays(days[days.length - 1]!, -AHEAD_DAYS);
  const window = seasonWindow(leagueId, today);
  if (!window) return stored;
  const inSeason = (r: ResultInput) => {
    const day = chinaDay(r.ot * 1000);
    return day >= window.first && day <= window.last;
  };
  const mine = stored.filter(inSeason);
  const ids = new Set(mine.map((r) => r.id));
  const to = window.last < today ? window.last : today;
  const past = generatedResults(w.seed, leagueId, window.first, to, new Set(days));
  return [...past.filter((r) => !ids.has(r.id)), ...mine];
}
