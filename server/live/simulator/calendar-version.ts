/**
 * Stored fixtures of an older calendar (issue 32): the simulator stores a month of fixtures in
 * DATA_DIR, and the calendar they came from changes as the generator does (its version) or with
 * FEED_SEED. The version and seed are stored beside the fixtures; a start that finds others
 * replaces the stored fixtures of the days after today with the calendar's own (today and earlier
 * stay as they were played). A replaced fixture goes with its odds, text and details; one a fan
 * or an expert already tipped or followed stays as it is, and is named in the log line.
 */
import type { Db } from '../../db/index';
import { chinaDay } from '../../../workers/protocol/index';
import { loadMeta, saveMeta } from '../store';
import { fixturesOfDay, type Fixture } from './fixtures';

/**
 * The calendar generator's version: 2 replays called-off league matches (./rearrange.ts), 3 adds
 * the domestic cups (./cups.ts) and moves the leagues off their weekends and weeks, 4 adds 足协杯
 * (中超 and 中甲 leave its weeks, their clubs rest around its rounds) and keeps every slot of a
 * round out of its league's breaks (a Friday or Sunday next to a winter break).
 */
export const CALENDAR_VERSION = 4;

export const CALENDAR_KEY = 'calendar';

interface CalendarMeta extends Record<string, unknown> {
  version: number;
  seed: number;
}

/** Tables whose rows hold a match that someone chose: such a stored fixture is kept. */
const CHOSEN = ['proposal_tips', 'user_tips', 'live_follows', 'activity_issue_matches', 'activity_picks'] as const;
/** Tables whose rows only describe the match: they go with it. */
const DESCRIBING = ['live_odds', 'live_text', 'live_incidents', 'live_details', 'ai_predictions'] as const;

const same = (f: Fixture | undefined, r: { league_id: number; home_id: number; away_id: number; ot: number }) =>
  !!f && f.leagueId === r.league_id && f.homeId === r.home_id && f.awayId === r.away_id && f.ot === Number(r.ot);

export interface CalendarRefresh {
  /** The stored calendar's version (null: stored before versions were). */
  from: number | null;
  replaced: number;
  kept: number;
  /** The days after today to fill again. */
  days: string[];
}

/**
 * Checks the stored calendar against this one; when they differ, takes out the stored fixtures of
 * the days after today that the calendar does not hold, and returns those days (to fill again).
 * Null when the stored calendar is this one (or nothing is stored yet).
 */
export async function refreshOldCalendar(
  db: Db,
  seed: number,
  nowMs: number,
  stored: ReadonlySet<string>,
): Promise<CalendarRefresh | null> {
  const meta = await loadMeta<CalendarMeta>(db, CALENDAR_KEY);
  const current: CalendarMeta = { version: CALENDAR_VERSION, seed };
  if (meta?.version === current.version && meta.seed === seed) return null;
  const today = chinaDay(nowMs);
  const days = [...stored].filter((d) => d > today).sort();
  if (days.length === 0) {
    await saveMeta(db, CALENDAR_KEY, current);
    return null;
  }
  const rows = await db
    .selectFrom('live_matches')
    .select(['id', 'league_id', 'home_id', 'away_id', 'ot'])
    .where('day', 'in', days)
    .execute();
  const expected = new Map(days.flatMap((d) => fixturesOfDay(seed, d)).map((f) => [f.id, f]));
  const stale = rows.filter((r) => !same(expected.get(r.id), r)).map((r) => r.id);
  const chosen = new Set<number>();
  for (let i = 0; i < stale.length; i += 2000) {
    const ids = stale.slice(i, i + 2000);
    for (const table of CHOSEN) {
      const hits = await db.selectFrom(table).select('match_id').where('match_id', 'in', ids).execute();
      for (const h of hits) chosen.add(h.match_id);
    }
  }
  const gone = stale.filter((id) => !chosen.has(id));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < gone.length; i += 2000) {
      const ids = gone.slice(i, i + 2000);
      for (const table of DESCRIBING) await trx.deleteFrom(table).where('match_id', 'in', ids).execute();
      await trx.deleteFrom('live_matches').where('id', 'in', ids).execute();
    }
    await saveMeta(trx, CALENDAR_KEY, current);
  });
  return {
    from: typeof meta?.version === 'number' ? meta.version : null,
    replaced: gone.length,
    kept: chosen.size,
    days,
  };
}

/** The log line of a refresh. */
export function refreshLine(seed: number, r: CalendarRefresh): string {
  const from = r.from === null ? 'an unversioned calendar' : `calendar v${r.from}`;
  return (
    `feed: stored fixtures come from ${from}, not v${CALENDAR_VERSION} of seed ${seed}: ` +
    `${r.replaced} fixtures of ${r.days[0]}..${r.days.at(-1)} replaced by this calendar's` +
    (r.kept > 0 ? `, ${r.kept} kept (tipped or followed)` : '')
  );
}
