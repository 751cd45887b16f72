/**
 * Fixtures of one Beijing day (UTC+8), a pure function of FEED_SEED and the date: the season
 * calendar's matches of that day (./season.ts), with what the simulator adds to each (lottery
 * numbers, featured flags); the calendar says which are postponed or abandoned (./rearrange.ts).
 */
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../../seed/leagues';
import { rngFor } from '../../seed/rng';
import { calendarDay, type SeasonMatch } from './season';
import { DAY_MS, chinaDayStartOf, type Sport } from '../../../workers/protocol/index';
import type { Fate } from '../model';

export type { Fate };

const dayIndex = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

export interface Fixture {
  id: number;
  sport: Sport;
  leagueId: number;
  homeId: number;
  awayId: number;
  day: string;
  /** Kick-off, unix seconds. */
  ot: number;
  jc: string | null;
  bd: boolean;
  jx: boolean;
  hot: boolean;
  fate: Fate;
  /**
   * A match that decides a knockout tie (second leg, final): the goals each side carries into it
   * from the first leg ([0, 0] for a final). Level on aggregate after 90 minutes: extra time, then
   * penalties. Absent: the match ends after 90 minutes whatever the score (a league-phase draw).
   */
  carried?: readonly [number, number];
}

export function fixturesOfDay(seed: number, day: string): Fixture[] {
  return fixturesFrom(seed, day, calendarDay(seed, day));
}

/**
 * The fixtures of a day from its calendar matches (all of them: a fixture's id is its place among
 * the day's kick-offs). The knockout rounds (./knockout.ts) need the fixtures of days whose calendar
 * they are still completing.
 */
export function fixturesFrom(seed: number, day: string, matches: readonly SeasonMatch[]): Fixture[] {
  const start = chinaDayStartOf(day);
  const drafts = matches.map((m) => ({
    sport: LEAGUE_BY_ID.get(m.leagueId)!.sport,
    league: LEAGUE_BY_ID.get(m.leagueId)!,
    home: TEAM_BY_ID.get(m.homeId)!,
    away: TEAM_BY_ID.get(m.awayId)!,
    minute: Math.round((m.at - start) / 60_000),
    carried: m.carried,
    fate: m.fate,
  }));
  drafts.sort((a, b) => a.minute - b.minute || a.league.id - b.league.id || a.home.id - b.home.id);
  const weekday = WEEKDAYS[new Date(Date.parse(`${day}T00:00:00Z`)).getUTCDay()]!;
  const base = dayIndex(day) * 1000;
  let jcNo = 0;
  const fixtures = drafts.map((d, i): Fixture => {
    const mr = rngFor(seed, 'fixture', day, i);
    const top = d.home.strength + d.away.strength;
    const onJc = d.sport === 'zq' && d.league.major && mr.chance(0.7);
    // The calendar decides which league matches are called off (./rearrange.ts): a European or
    // knockout match, and a replay, is played.
    const fate: Fate = d.fate ?? 'normal';
    return {
      id: base + i + 1,
      sport: d.sport,
      leagueId: d.league.id,
      homeId: d.home.id,
      awayId: d.away.id,
      day,
      ot: Math.floor((start + d.minute * 60_000) / 1000),
      jc: onJc ? `${weekday}${String(++jcNo).padStart(3, '0')}` : null,
      bd: d.sport === 'zq' && (d.league.major || mr.chance(0.5)),
      jx: d.league.major && top >= 140,
      hot: d.league.major && top >= 155,
      fate,
      ...(d.carried ? { carried: d.carried } : {}),
    };
  });
  return fixtures;
}
