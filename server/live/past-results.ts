/**
 * Whole-season tables (issue 32): the simulator stores about a month of matches, so a table of the
 * season now running (or last finished) also counts the season's days the feed never filled,
 * played out from the seed when the table is computed (./simulator/play-out.ts) with the ids the
 * feed would have given them; stored matches of another season are left out. Only where the
 * matches are the simulator's and it has run: a provider's leagues have their own tables, and a
 * database holding only matches written by hand (tests) is read as it is.
 */
import type { Db } from '../db/index';
import { DAY_MS, STATUS_TABLE, addDays, chinaDay } from '../../workers/protocol/index';
import type { ResultInput } from '../database/standings';
import { fixturesOfDay, type Fixture } from './simulator/fixtures';
import { fixtureMatch, playedMatch } from './simulator/play-out';
import { calendarDay, seasonWindow, type SeasonWindow } from './simulator/season';
import type { LiveMatch } from './model';
import { FEED_DAYS_KEY, loadMeta } from './store';
import { ALL_LEAGUES, TEAM_BY_ID } from '../seed/leagues';

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

/**
 * Whole matches played out (incidents, box scores) are kept for the few leagues last opened; the
 * results the tables need are kept for every league (a few bytes each, where the whole matches of
 * every league held ~20–40 MB of an idle server).
 */
const MATCH_LEAGUES_KEPT = 16;
const generated = new Map<string, LiveMatch[]>();
const resultsOf = new Map<string, ResultInput[]>();

/** The days of [from, to] not in `filled`. */
function openDays(from: string, to: string, filled: ReadonlySet<string>): string[] {
  const open: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (!filled.has(day)) open.push(day);
  return open;
}

/** A league's fixtures on the days of [from, to] not in `filled`, as `make` turns each into a match (null: left out). */
function onOpenDays(
  kind: string,
  seed: number,
  leagueId: number,
  open: readonly string[],
  make: (f: Fixture) => LiveMatch | null,
): LiveMatch[] {
  // The days filled later are today's and after: the key (and the answer) stays the same.
  const key = `${kind}:${seed}:${leagueId}:${open[0] ?? ''}:${open.at(-1) ?? ''}:${open.length}`;
  const hit = generated.get(key);
  if (hit) return hit;
  const out: LiveMatch[] = [];
  for (const day of open) {
    if (!calendarDay(seed, day).some((m) => m.leagueId === leagueId)) continue;
    for (const f of fixturesOfDay(seed, day)) {
      if (f.leagueId !== leagueId) continue;
      const m = make(f);
      if (m) out.push(m);
    }
  }
  if (generated.size >= MATCH_LEAGUES_KEPT) generated.delete(generated.keys().next().value!);
  generated.set(key, out);
  return out;
}

/** A league's matches played to their end on the days of [from, to] not in `filled`, as the simulator plays them. */
export function generatedMatches(
  seed: number,
  leagueId: number,
  from: string,
  to: string,
  filled: ReadonlySet<string>,
): LiveMatch[] {
  return onOpenDays('played', seed, leagueId, openDays(from, to, filled), (f) => {
    const m = playedMatch(seed, f);
    return m.status === STATUS_TABLE[f.sport].finished ? m : null;
  });
}

/** A league's results on the days of [from, to] not in `filled`, as the simulator plays them. */
export function generatedResults(
  seed: number,
  leagueId: number,
  from: string,
  to: string,
  filled: ReadonlySet<string>,
): ResultInput[] {
  const open = openDays(from, to, filled);
  const key = `${seed}:${leagueId}:${open[0] ?? ''}:${open.at(-1) ?? ''}:${open.length}`;
  let out = resultsOf.get(key);
  if (!out) {
    out = generatedMatches(seed, leagueId, from, to, filled).map((m) => ({
      id: m.id,
      homeId: m.homeId,
      awayId: m.awayId,
      ot: m.ot,
      score: [m.score[0], m.score[1]] as [number, number],
      live: false,
    }));
    if (resultsOf.size > 400) resultsOf.delete(resultsOf.keys().next().value!);
    resultsOf.set(key, out);
  }
  return out;
}

/**
 * Plays the seasons' unstored days out now (seconds of CPU), not on the first table a fan opens.
 * Cached by the stored days: a second call for the same days costs one query. False when nothing
 * is simulated or no day is stored yet (a standby feed whose leader has not stored its days).
 */
export async function warmSeasonResults(db: Db): Promise<boolean> {
  const stored = await storedDays(db);
  if (!stored) return false;
  for (const l of ALL_LEAGUES) {
    const s = scopeOf(stored.seed, stored.days, l.id);
    if (s) generatedResults(s.seed, l.id, s.window.first, s.to, s.filled);
    // A league at a time: the process goes on answering between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}

interface SeasonScope {
  seed: number;
  window: SeasonWindow;
  /** The days the feed stored. */
  filled: Set<string>;
  /** The last day played out from the seed: today, or the season's last day when it is over. */
  to: string;
}

/** The days the feed stored, oldest first; null where nothing is simulated (or stored yet). */
async function storedDays(db: Db): Promise<{ seed: number; days: string[] } | null> {
  const w = worlds.get(db);
  if (!w) return null;
  const days = (await loadMeta<{ days?: string[] }>(db, FEED_DAYS_KEY))?.days ?? [];
  return days.length === 0 ? null : { seed: w.seed, days };
}

/**
 * Each league's scope for the stored days now: a season window costs ~3 ms to work out (~130 ms for
 * every league), and a match's 分析 asks for every league of its sport three times.
 */
const scopes = new Map<string, { filled: Set<string>; byLeague: Map<number, SeasonScope | null> }>();

/** Where a league's season stands, given the stored days. */
function scopeOf(seed: number, days: string[], leagueId: number): SeasonScope | null {
  const key = `${seed}:${days[0]}:${days[days.length - 1]}:${days.length}`;
  let known = scopes.get(key);
  if (!known) {
    if (scopes.size >= 4) scopes.clear();
    known = { filled: new Set(days), byLeague: new Map() };
    scopes.set(key, known);
  }
  const hit = known.byLeague.get(leagueId);
  if (hit !== undefined) return hit;
  const today = addDays(days[days.length - 1]!, -AHEAD_DAYS);
  const window = seasonWindow(leagueId, today);
  const scope = window ? { seed, window, filled: known.filled, to: window.last < today ? window.last : today } : null;
  known.byLeague.set(leagueId, scope);
  return scope;
}

/** Where a league's season stands in a simulated world; null where nothing is simulated. */
async function seasonScope(db: Db, leagueId: number): Promise<SeasonScope | null> {
  const stored = await storedDays(db);
  return stored ? scopeOf(stored.seed, stored.days, leagueId) : null;
}

const inSeason = (s: SeasonScope, ot: number): boolean => {
  const day = chinaDay(ot * 1000);
  return day >= s.window.first && day <= s.window.last;
};

/**
 * The results a league's table counts: the stored ones of the season running (or last finished)
 * today, and that season's earlier days played out. Unchanged where nothing is simulated.
 */
export async function seasonResults(db: Db, leagueId: number, stored: ResultInput[]): Promise<ResultInput[]> {
  const s = await seasonScope(db, leagueId);
  if (!s) return stored;
  const mine = stored.filter((r) => inSeason(s, r.ot));
  const ids = new Set(mine.map((r) => r.id));
  const past = generatedResults(s.seed, leagueId, s.window.first, s.to, s.filled);
  return [...past.filter((r) => !ids.has(r.id)), ...mine];
}

/**
 * A league's matches of the same season, oldest first: the stored ones, the earlier days played
 * out (the very matches `seasonResults` counts, with their scorers and box scores) and the later
 * days the feed has not filled yet, not started. The 赛程, the leaders boards and the player
 * pages read them, so they count what the table counts. Unchanged where nothing is simulated.
 */
export async function seasonMatches(db: Db, leagueId: number, stored: LiveMatch[]): Promise<LiveMatch[]> {
  const s = await seasonScope(db, leagueId);
  if (!s) return stored;
  const mine = stored.filter((m) => inSeason(s, m.ot));
  const ids = new Set(mine.map((m) => m.id));
  const past = generatedMatches(s.seed, leagueId, s.window.first, s.to, s.filled);
  const later =
    s.window.last > s.to
      ? onOpenDays('later', s.seed, leagueId, openDays(addDays(s.to, 1), s.window.last, s.filled), (f) =>
          fixtureMatch(s.seed, f),
        )
      : [];
  const others = (ms: LiveMatch[]) => ms.filter((m) => !ids.has(m.id));
  return [...others(past), ...mine, ...others(later)].sort((a, b) => a.ot - b.ot || a.id - b.id);
}

/** How far from the stored days a season of the 赛程 may reach (a split season runs ~10 months). */
const SEASON_REACH_DAYS = 400;

/** A fixture's id is its day's index (days since 1970) × 1000 plus its place in the day. */
const dayOfFixture = (id: number): string => new Date(Math.floor((id - 1) / 1000) * DAY_MS).toISOString().slice(0, 10);

/**
 * A match of a simulated season the feed did not store (a day before its month, or after its
 * week ahead) as the 赛程 lists it, so its row and header read like a stored one; null otherwise.
 */
export async function unstoredMatch(db: Db, id: number): Promise<LiveMatch | null> {
  const stored = Number.isSafeInteger(id) && id >= 1 ? await storedDays(db) : null;
  if (!stored) return null;
  // No season reaches a year past the stored days: an id of another year is no match of the
  // seasons the 赛程 lists, and its day's calendar is not drawn (seconds of CPU) to say so.
  const day = dayOfFixture(id);
  if (day < addDays(stored.days[0]!, -SEASON_REACH_DAYS) || day > addDays(stored.days.at(-1)!, SEASON_REACH_DAYS))
    return null;
  const f = fixturesOfDay(stored.seed, day).find((x) => x.id === id);
  if (!f) return null;
  return (await seasonMatches(db, f.leagueId, [])).find((m) => m.id === id) ?? null;
}

/** A result played out from the seed, with its competition. */
export interface PlayedOutResult extends ResultInput {
  leagueId: number;
}

/** Each team's played-out results, by seed, stored days and sport: built once a day from the cached results. */
const resultsByTeam = new Map<string, Map<number, PlayedOutResult[]>>();

/**
 * The results of a team, of every competition of its sport, that its seasons now running (or last
 * finished) played before the stored days: the very results the tables count (cached per league
 * and season, no match played again). Empty where nothing is simulated.
 */
export async function playedOutResults(db: Db, teamId: number): Promise<{ seed: number; results: PlayedOutResult[] }> {
  const team = TEAM_BY_ID.get(teamId);
  const stored = team ? await storedDays(db) : null;
  if (!team || !stored) return { seed: 0, results: [] };
  const { seed, days } = stored;
  const key = `${seed}:${days[0]}:${days[days.length - 1]}:${days.length}:${team.sport}`;
  let index = resultsByTeam.get(key);
  if (!index) {
    index = new Map();
    for (const l of ALL_LEAGUES) {
      const s = l.sport === team.sport ? scopeOf(seed, days, l.id) : null;
      if (!s) continue;
      for (const r of generatedResults(seed, l.id, s.window.first, s.to, s.filled)) {
        const row = { ...r, leagueId: l.id };
        for (const id of [r.homeId, r.awayId]) {
          const list = index.get(id);
          if (list) list.push(row);
          else index.set(id, [row]);
        }
      }
    }
    if (resultsByTeam.size >= 4) resultsByTeam.delete(resultsByTeam.keys().next().value!);
    resultsByTeam.set(key, index);
  }
  return { seed, results: index.get(teamId) ?? [] };
}

/** Whole played-out matches last asked for by id (the rows of a few lists): a few kB each. */
const PLAYED_KEPT = 200;
const playedById = new Map<string, LiveMatch>();

/**
 * The match of a played-out result as the feed would have stored it at the whistle (the one its
 * detail tells: ./played-story.ts); null when the id is no fixture of the seed.
 */
export function playedOutMatch(seed: number, id: number): LiveMatch | null {
  const key = `${seed}:${id}`;
  const hit = playedById.get(key);
  if (hit) return hit;
  const f = fixturesOfDay(seed, dayOfFixture(id)).find((x) => x.id === id);
  if (!f) return null;
  const m = playedMatch(seed, f);
  if (playedById.size >= PLAYED_KEPT) playedById.delete(playedById.keys().next().value!);
  playedById.set(key, m);
  return m;
}
