/**
 * Called-off league matches and their rearranged dates (issue 32): a league match is now and then
 * postponed (called off before the start) or abandoned (stopped in the second half), as the
 * simulator plays it (./fixtures.ts), and a league plays every match of its season: such a match
 * is played again on the first free midweek evening (basketball: any day) after it that keeps both
 * clubs' rest (football 60 h, in every competition) and falls before the league's last round. A
 * match that no such evening would fit is played as drawn. The fate is keyed by seed and match
 * (not by the day's order), so the calendar decides it once, before the knockout rounds are drawn.
 */
import { LEAGUE_BY_ID } from '../../seed/leagues';
import { rngFor } from '../../seed/rng';
import { addDays, chinaDay } from '../../../workers/protocol/index';
import { FIFA_WINDOWS, FOOTBALL_REST_H, FORMATS, type CompetitionFormat, type Slot } from './formats';
import { inRange, mmdd, nearest, occupy, release, slotTime, weekday, type Placer } from './placing';
import type { SeasonMatch } from './season';

const HOUR = 3600_000;

/** Chances that a league match is postponed, or abandoned, by sport. */
const CALL_OFF = { zq: { postponed: 0.012, interrupted: 0.02 }, lq: { postponed: 0.01, interrupted: 0.015 } } as const;

/** What the seed holds for a league match: played as drawn, postponed or abandoned. */
function fateOf(seed: number, year: number, m: SeasonMatch): 'postponed' | 'interrupted' | null {
  const sport = LEAGUE_BY_ID.get(m.leagueId)!.sport;
  const x = rngFor(seed, 'call-off', m.leagueId, year, m.round, m.homeId).next();
  return x < CALL_OFF[sport].postponed ? 'postponed' : x < CALL_OFF[sport].interrupted ? 'interrupted' : null;
}

/** A day the league plays on at all: not in its breaks, not in a FIFA week where it stops. */
function openDay(f: CompetitionFormat, day: string): boolean {
  if (f.kind === 'europe') return false;
  if ((f.breaks ?? []).some((b) => inRange(mmdd(day), b))) return false;
  if (f.kind === 'every' || !f.fifa) return true;
  // The Saturdays before and after the week: a FIFA window spans both ends of it.
  const sat = addDays(day, 6 - weekday(day));
  return !FIFA_WINDOWS.some((w) => inRange(mmdd(sat), w) || inRange(mmdd(addDays(sat, -7)), w));
}

/** The kick-offs a rearranged match may take on `day`: the midweek evening slots (basketball: the day's slots). */
function candidates(f: CompetitionFormat, day: string): number[] {
  if (f.kind === 'weekend') {
    // Midweek slots count from the Tuesday: a Tuesday or Wednesday evening.
    if (weekday(day) !== 2) return [];
    return f.midweek.map((s) => slotTime(f.tz, day, s));
  }
  if (f.kind !== 'every') return [];
  const times = [...new Set(f.slots.map((s) => s[1]))];
  return times.map((time) => slotTime(f.tz, day, [0, time, 1] as Slot));
}

/**
 * Decides which league matches are called off and lays each one's replay; the matches are those of
 * a season's attempt, placed in `placer`. Returns the replays (the called-off matches carry their fate).
 */
export function rearrangeCalledOff(seed: number, year: number, matches: SeasonMatch[], placer: Placer): SeasonMatch[] {
  const lastOf = new Map<number, number>();
  for (const m of matches) lastOf.set(m.leagueId, Math.max(lastOf.get(m.leagueId) ?? 0, m.at));
  const replays: SeasonMatch[] = [];
  const inOrder = matches
    .filter((m) => FORMATS[m.leagueId]?.kind !== 'europe')
    .sort((a, b) => a.at - b.at || a.leagueId - b.leagueId || a.homeId - b.homeId);
  for (const m of inOrder) {
    const fate = fateOf(seed, year, m);
    if (!fate) continue;
    const f = FORMATS[m.leagueId]!;
    const restMs = (f.kind === 'every' ? f.minRestH : FOOTBALL_REST_H) * HOUR;
    const last = lastOf.get(m.leagueId)!;
    const pair = [m.homeId, m.awayId];
    // A postponed match was never played: its date no longer holds the clubs.
    if (fate === 'postponed') for (const t of pair) release(placer, t, m.at);
    let at: number | null = null;
    for (let day = addDays(m.day, 2); !at && day <= chinaDay(last); day = addDays(day, 1)) {
      if (!openDay(f, day)) continue;
      at =
        candidates(f, day).find(
          (t) => t > m.at + restMs && t + restMs <= last && pair.every((team) => nearest(placer, team, t) >= restMs),
        ) ?? null;
    }
    if (at === null) {
      if (fate === 'postponed') for (const t of pair) occupy(placer, t, m.at);
      continue;
    }
    m.fate = fate;
    for (const t of pair) occupy(placer, t, at);
    replays.push({
      leagueId: m.leagueId,
      round: m.round,
      homeId: m.homeId,
      awayId: m.awayId,
      at,
      day: chinaDay(at),
      rearranged: true,
    });
  }
  return replays;
}
