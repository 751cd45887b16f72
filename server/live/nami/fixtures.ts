/**
 * 纳米数据 fixtures over HTTP (./source.ts runs them): the match diary of the lists' window, and
 * between its reads the match list's changes by `time`. Holds what those reads share: the `time`
 * to read changes from, the matches of the window, each competition's season (the tables' reads).
 */
import { addDays, chinaDay, type Sport } from '../../../workers/protocol/index';
import type { Ingest, IngestUpdate } from '../ingest';
import { FEED_WINDOW_DAYS } from '../model';
import { readLottery } from './lottery';
import { readJcOdds } from './jc-odds';
import { readBdOdds } from './bd-odds';
import { NamiPaths, fixtureOf, resultOf, type NamiMatch, type NamiNames } from './formats';

const SPORTS: readonly Sport[] = ['zq', 'lq'];
const PAGE = 1000;
/** The diary's days read every time (Beijing days from today): where matches are played now. */
const NEAR_OFFSETS = [-1, 0, 1];
/** Every day the lists show, a week each way (FEED_WINDOW_DAYS). */
const WINDOW_OFFSETS = Array.from({ length: 2 * FEED_WINDOW_DAYS + 1 }, (_, i) => i - FEED_WINDOW_DAYS);
/** How often the far days of the window are read again (the match list's changes come between). */
const WINDOW_EVERY_MS = 6 * 3_600_000;

export interface NamiFixturesDeps {
  call<T>(path: string, params?: Record<string, string | number>): Promise<T>;
  ingest: Ingest;
  names: Record<Sport, NamiNames>;
  now(): number;
  /** The revision of what arrives now (./source.ts). */
  nextRev(): number;
  /** Reads a sport's competitions and teams again (one the diary names is not known yet). */
  loadNames(sport: Sport): Promise<void>;
}

export function createNamiFixtures(deps: NamiFixturesDeps) {
  const { call, ingest, names, nextRev } = deps;
  let lastFixturesAt = 0;
  let lastChangesAt = 0;
  /** When, and on which Beijing day, the whole window's diary was last read (null: never). */
  let windowReadAt: { at: number; day: string } | null = null;
  /**
   * The match list's `time` to read changes from, per sport: the latest `updated_at` seen (diary or
   * list), so each read brings only what changed since; 0 until the first diary read.
   */
  const changedSince: Record<Sport, number> = { zq: 0, lq: 0 };
  /** Matches of the diary window, by `${sport}:${id}`: the list's changes to them are applied. */
  const inWindow = new Set<string>();
  /** Season of each competition with fixtures in the window, by `${sport}:${competition id}`. */
  const seasons = new Map<string, number>();

  /** A finished match's result after its fixture (./formats.ts resultOf). */
  const withResult = (sport: Sport, m: NamiMatch): IngestUpdate[] => {
    const r = resultOf(sport, m);
    return r ? [r] : [];
  };

  /**
   * Yesterday's, today's and tomorrow's fixtures (Beijing days), where matches move; and, every
   * WINDOW_EVERY_MS and whenever the day changes, the rest of the week each way that the 赛程 and
   * 赛果 lists show (a fixture there rarely changes; the match list's changes bring those that do).
   */
  async function loadFixtures(): Promise<void> {
    const rev = nextRev();
    lastFixturesAt = deps.now();
    // The diary is every change so far: the list's next read is a minute after it.
    lastChangesAt = deps.now();
    const today = chinaDay(rev);
    const whole = !windowReadAt || windowReadAt.day !== today || deps.now() - windowReadAt.at >= WINDOW_EVERY_MS;
    if (whole) windowReadAt = { at: deps.now(), day: today };
    const offsets = whole ? WINDOW_OFFSETS : NEAR_OFFSETS;
    const updates: IngestUpdate[] = [];
    const lottery = await readLottery(call);
    for (const sport of SPORTS) {
      let missing = false;
      const matches: NamiMatch[] = [];
      for (const d of offsets)
        matches.push(
          ...(await call<NamiMatch[]>(NamiPaths.diary(sport), { date: addDays(today, d).replaceAll('-', '') })),
        );
      for (const m of matches) {
        inWindow.add(`${sport}:${m.id}`);
        if (m.updated_at && m.updated_at > changedSince[sport]) changedSince[sport] = m.updated_at;
        if (m.season_id) seasons.set(`${sport}:${m.competition_id}`, m.season_id);
        const f = fixtureOf(sport, m, names[sport], rev, sport === 'zq' ? lottery : undefined);
        if (f) updates.push(f, ...withResult(sport, m));
        else missing = true;
      }
      // A diary without `updated_at`: the list's changes from the moment it was read.
      if (changedSince[sport] === 0) changedSince[sport] = Math.floor(rev / 1000);
      // A competition or team added since the lists were read: read them again, once.
      if (missing) {
        await deps.loadNames(sport);
        for (const m of matches) {
          if (updates.some((u) => u.match === m.id)) continue;
          const f = fixtureOf(sport, m, names[sport], rev, sport === 'zq' ? lottery : undefined);
          if (f) updates.push(f, ...withResult(sport, m));
        }
      }
    }
    await ingest.apply(updates);
    // The 竞彩 SP of the matches on the 竞彩 lists, once their fixtures are stored.
    if (lottery) await ingest.apply(await readJcOdds(call, lottery.keys, rev));
    // The 北单 SP of the matches on the 北单让球胜平负 list.
    if (lottery) await ingest.apply(await readBdOdds(call, lottery.bdKeys, rev));
  }

  /**
   * What changed in the match list since the last read (`match/list?time=`: the matches whose
   * `updated_at` is at or after `time`, oldest change first, at most 1000 a page): a kick-off moved,
   * a match postponed or cancelled, shown without waiting for the next diary read. Only the
   * matches of the diary window, or moved into it, are applied (the list has every competition's).
   * Each change's revision is its `updated_at`, so a change older than a live message or the last
   * diary read changes nothing.
   */
  async function loadChanges(): Promise<void> {
    lastChangesAt = deps.now();
    const today = chinaDay(deps.now());
    const days = new Set(WINDOW_OFFSETS.map((d) => addDays(today, d)));
    const updates: IngestUpdate[] = [];
    for (const sport of SPORTS) {
      if (changedSince[sport] === 0) continue;
      for (;;) {
        const since = changedSince[sport];
        const page = await call<NamiMatch[]>(NamiPaths.matches(sport), { time: since, limit: PAGE });
        for (const m of page) {
          if (m.updated_at && m.updated_at > changedSince[sport]) changedSince[sport] = m.updated_at;
          const key = `${sport}:${m.id}`;
          if (!inWindow.has(key) && !days.has(chinaDay(m.match_time * 1000))) continue;
          // The end of its second: a change in the same second as the last diary read, after it, is newer.
          const rev = m.updated_at ? (m.updated_at + 1) * 1000 - 1 : 0;
          const f = fixtureOf(sport, m, names[sport], rev);
          if (!f || rev === 0) continue;
          inWindow.add(key);
          updates.push(f, ...withResult(sport, m));
        }
        // A full page whose changes all share one second would ask the same page again: stop there,
        // the diary read catches up with the rest.
        if (page.length < PAGE || changedSince[sport] === since) break;
      }
    }
    if (updates.length > 0) await ingest.apply(updates);
  }

  return {
    loadFixtures,
    loadChanges,
    /** Season of each competition with fixtures in the window (the tables' reads). */
    seasons: seasons as ReadonlyMap<string, number>,
    lastFixturesAt: () => lastFixturesAt,
    lastChangesAt: () => lastChangesAt,
  };
}
