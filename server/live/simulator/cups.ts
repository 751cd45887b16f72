/**
 * The domestic cups' rounds (./formats-cups.ts), a pure function of FEED_SEED and the season like
 * the rest of the calendar. The first round is drawn from the seed among the clubs that play it;
 * each later round only from the winners of the round before (and, in the second, the clubs that
 * enter then), each tie one match played out by the simulator's own draws (./play-out.ts: extra
 * time and penalties on a draw), the first drawn at home.
 *
 * Who plays a round is known only once the round before is played, but the leagues are laid
 * first: so every entrant keeps its rest (60 h) around each kick-off of each round
 * (`cupReservations`), and the entrants' leagues leave the round's weekend or week free
 * (`cupWeeks`). A round's ties share its slots by their weights.
 */
import { LEAGUE_BY_ID, leagueTeams } from '../../seed/leagues';
import { rngFor } from '../../seed/rng';
import { chinaDay } from '../../../workers/protocol/index';
import { shuffled } from './draw';
import { CUP_FORMATS, type CupFormat, type CupRound } from './formats-cups';
import { fixturesFrom, type Fixture } from './fixtures';
import { playOut } from './play-out';
import { seasonDate, tieWinner, tuesdayOf } from './knockout';
import { slotTime } from './placing';
import type { SeasonMatch } from './season';

export const DOMESTIC_CUPS = Object.keys(CUP_FORMATS).map(Number);
/** The cups of a split season (August to May) and those of a calendar year (足协杯). */
export const SPLIT_CUPS = DOMESTIC_CUPS.filter((id) => !CUP_FORMATS[id]!.calendar);
export const CALENDAR_CUPS = DOMESTIC_CUPS.filter((id) => CUP_FORMATS[id]!.calendar);

/** A cup's 'MM-DD' in its season `year` (a split season's, or the calendar year's). */
const cupDate = (f: CupFormat, md: string, year: number): string =>
  f.calendar ? `${year}-${md}` : seasonDate(md, year);

/** A round's kick-offs in a season (its slots from the week's Tuesday). */
export function roundTimes(f: CupFormat, round: CupRound, year: number): number[] {
  const anchor = tuesdayOf(cupDate(f, round.week, year));
  return round.slots.map((s) => slotTime(f.tz, anchor, s));
}

/** Every kick-off each cup's rounds may use in a season: all its entrants rest around them. */
export function cupReservations(year: number): Array<{ leagueId: number; times: number[] }> {
  return DOMESTIC_CUPS.map((leagueId) => {
    const f = CUP_FORMATS[leagueId]!;
    return { leagueId, times: f.rounds.flatMap((r) => roundTimes(f, r, year)) };
  });
}

/**
 * The Tuesdays of the weeks a league leaves to its cup: `weekend` those of weekend rounds (the
 * league plays no weekend round then), `midweek` those of midweek rounds (no midweek round then).
 */
export function cupWeeks(leagueId: number, year: number): { weekend: Set<string>; midweek: Set<string> } {
  const weekend = new Set<string>();
  const midweek = new Set<string>();
  for (const f of Object.values(CUP_FORMATS)) {
    if (!f.entrants.includes(leagueId)) continue;
    for (const r of f.rounds) {
      const t = tuesdayOf(cupDate(f, r.week, year));
      if (r.slots.some((s) => s[0] >= 3)) weekend.add(t);
      else midweek.add(t);
    }
  }
  return { weekend, midweek };
}

/** The clubs of a cup, top division first: the first `byes` enter in the second round. */
export function cupEntrants(leagueId: number): { ids: number[]; byes: number } {
  const ids = leagueTeams(LEAGUE_BY_ID.get(leagueId)!).map((t) => t.id);
  let p = 1;
  while (p * 2 <= ids.length) p *= 2;
  return { ids, byes: ids.length === p ? 0 : 2 * p - ids.length };
}

/** The kick-off of a round's `i`-th tie of `n`: the slots share the ties by their weights. */
function tieTime(round: CupRound, times: readonly number[], i: number, n: number): number {
  const total = round.slots.reduce((a, s) => a + s[2], 0);
  const at = ((i + 0.5) / n) * total;
  let sum = 0;
  for (let s = 0; s < times.length; s++) {
    sum += round.slots[s]![2];
    if (at < sum) return times[s]!;
  }
  return times[times.length - 1]!;
}

interface CupState {
  leagueId: number;
  f: CupFormat;
  /** The clubs the next round is drawn from. */
  left: number[];
}

/**
 * Every match of the cups `ids` (all split, or all calendar ones) of the season that starts in
 * `year`, the days' other matches from `dayOf` (the calendar without these cups). Rounds are
 * played in the order of their dates, all the cups' rounds on a same Beijing day together (a
 * fixture's draws depend on the day's whole list).
 */
export function cupMatches(
  seed: number,
  year: number,
  dayOf: (day: string) => SeasonMatch[],
  ids: readonly number[] = SPLIT_CUPS,
): SeasonMatch[] {
  const states = ids.map((leagueId): CupState => {
    const { ids, byes } = cupEntrants(leagueId);
    return { leagueId, f: CUP_FORMATS[leagueId]!, left: ids.slice(byes) };
  });
  const byes = new Map(ids.map((id) => [id, cupEntrants(id).ids.slice(0, cupEntrants(id).byes)]));
  const steps = states.flatMap((s) =>
    s.f.rounds.map((round, k) => ({ s, round, k, times: roundTimes(s.f, round, year) })),
  );
  steps.sort((a, b) => Math.min(...a.times) - Math.min(...b.times) || a.s.leagueId - b.s.leagueId);
  const out: SeasonMatch[] = [];
  const byDay = new Map<string, SeasonMatch[]>();
  let i = 0;
  while (i < steps.length) {
    // A group: the rounds whose Beijing days meet (rounds of one cup are weeks apart).
    const days = new Set(steps[i]!.times.map(chinaDay));
    let j = i + 1;
    while (j < steps.length && steps[j]!.times.some((t) => days.has(chinaDay(t)))) {
      for (const t of steps[j]!.times) days.add(chinaDay(t));
      j++;
    }
    const drawn = steps.slice(i, j).map(({ s, round, k, times }) => {
      const pool = k === 1 ? [...byes.get(s.leagueId)!, ...s.left] : s.left;
      const order = shuffled(pool, rngFor(seed, 'cup-draw', s.leagueId, year, k));
      const n = order.length / 2;
      const matches = Array.from({ length: n }, (_, t): SeasonMatch => {
        const at = tieTime(round, times, t, n);
        return {
          leagueId: s.leagueId,
          round: k + 1,
          homeId: order[2 * t]!,
          awayId: order[2 * t + 1]!,
          at,
          day: chinaDay(at),
          stage: round.name,
          carried: [0, 0],
        };
      });
      for (const m of matches) byDay.set(m.day, [...(byDay.get(m.day) ?? []), m]);
      return { s, matches };
    });
    const fixtures = new Map<string, Fixture[]>();
    const fixturesOn = (day: string): Fixture[] => {
      let list = fixtures.get(day);
      if (!list) fixtures.set(day, (list = fixturesFrom(seed, day, [...dayOf(day), ...byDay.get(day)!])));
      return list;
    };
    for (const { s, matches } of drawn) {
      s.left = matches.map((m) => {
        const f = fixturesOn(m.day).find(
          (x) => x.leagueId === m.leagueId && x.homeId === m.homeId && x.ot * 1000 === m.at,
        )!;
        return tieWinner(m, playOut(seed, f));
      });
      out.push(...matches);
    }
    i = j;
  }
  return out;
}
