/**
 * The knockout rounds of 欧冠, 欧联 and 欧会杯 (2024 format), a pure function of FEED_SEED and the
 * season like the rest of the calendar: the league phase is played out by the simulator's own
 * draws (./play-out.ts: the result the feed will store for that fixture), its table seeds the play-off
 * round (9 v 24 … 16 v 17) and the round of 16 (1 v the 16/17 winner … 8 v the 9/24 winner), and
 * each tie is played out in turn, up to the final (UEFA's fixed bracket: the 1/8 path meets the
 * 4/5 path in the semi-finals). The better league-phase place hosts the second leg; a second leg
 * level on aggregate goes to extra time and penalties, a league-phase match ends at 90 minutes.
 *
 * Who plays a tie is known only once its earlier round is played, but the domestic leagues are laid
 * first: so every club of a competition keeps its rest (60 h) around each knockout night of that
 * competition (`knockoutReservations`), as a club still in it would need.
 */
import { LEAGUE_BY_ID, leagueTeams } from '../../seed/leagues';
import { addDays, chinaDay, type Pair } from '../../../workers/protocol/index';
import { computeTable, type ResultInput } from '../../database/standings';
import { FORMATS, slotMinute, type EuropeFormat } from './formats';
import { fixturesFrom, fixturesOfDay } from './fixtures';
import { localToUtcMs } from './local-time';
import { playOut, type PlayedResult } from './play-out';
import type { SeasonMatch } from './season';

export const EUROPEAN_COMPETITIONS = [7, 25, 26] as const;

const STAGES = ['附加赛', '1/8决赛', '1/4决赛', '半决赛'] as const;
export const FINAL = '决赛';
const TIES = [8, 8, 4, 2] as const;

const europe = (leagueId: number): EuropeFormat => FORMATS[leagueId] as EuropeFormat;
const weekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();
/** The Tuesday of the week (Monday to Sunday) holding `day`. */
export const tuesdayOf = (day: string): string => addDays(day, 1 - ((weekday(day) + 6) % 7));
/** A split season's 'MM-DD' in its year: July to December in `year`, the rest in the next. */
export const seasonDate = (md: string, year: number): string => `${md >= '07-01' ? year : year + 1}-${md}`;

interface Night {
  /** Kick-offs of the night, earliest first, with their weights (shares of the ties). */
  times: number[];
  weights: number[];
}

/** The nights of a knockout leg: each of the competition's slot days, with its kick-offs. */
function nights(leagueId: number, year: number, leg: number): Night[] {
  const f = europe(leagueId);
  const anchor = tuesdayOf(seasonDate(f.knockout.legs[leg]!, year));
  const second = leg % 2 === 1 && f.knockout.returnNights;
  const offsets = [...new Set(f.slots.map((s) => s[0]))]
    .filter((o) => !second || second.includes(o))
    .sort((a, b) => a - b);
  return offsets.map((o) => {
    const day = addDays(anchor, o);
    const slots = f.slots.filter((s) => s[0] === o).sort((a, b) => slotMinute(a[1]) - slotMinute(b[1]));
    return { times: slots.map((s) => localToUtcMs(f.tz, day, slotMinute(s[1]))), weights: slots.map((s) => s[2]) };
  });
}

function finalTime(leagueId: number, year: number): number {
  const [week, offset, time] = europe(leagueId).knockout.final;
  return localToUtcMs(europe(leagueId).tz, addDays(tuesdayOf(seasonDate(week, year)), offset), slotMinute(time));
}

/** Every kick-off a competition's knockout rounds may use in a season (its clubs rest around them). */
export function knockoutReservations(year: number): Array<{ leagueId: number; times: number[] }> {
  return EUROPEAN_COMPETITIONS.map((leagueId) => ({
    leagueId,
    times: [
      ...europe(leagueId).knockout.legs.flatMap((_, leg) => nights(leagueId, year, leg).flatMap((n) => n.times)),
      finalTime(leagueId, year),
    ],
  }));
}

/** The first knockout kick-off of a competition's season: league-phase matches come before it. */
export function knockoutStart(leagueId: number, year: number): number {
  return Math.min(...nights(leagueId, year, 0).flatMap((n) => n.times));
}

/** The season (its starting year) a European match at `ms` belongs to. */
export const europeanSeasonOf = (ms: number): number => {
  const day = chinaDay(ms);
  const y = Number(day.slice(0, 4));
  return day.slice(5) >= '07-01' ? y : y - 1;
};

/** A tie as the bracket lists it: the better league-phase place first (it hosts the second leg). */
interface Tie {
  leagueId: number;
  better: number;
  worse: number;
}

/**
 * Plays matches of one knockout leg (all competitions together: 欧联 and 欧会杯 share their
 * Thursdays) on their days, each day's fixtures taken with everything else that day holds.
 */
function playLeg(seed: number, matches: SeasonMatch[], dayOf: (day: string) => SeasonMatch[]): PlayedResult[] {
  const byDay = new Map<string, SeasonMatch[]>();
  for (const m of matches) byDay.set(m.day, [...(byDay.get(m.day) ?? []), m]);
  const out = new Map<SeasonMatch, PlayedResult>();
  for (const [day, list] of byDay) {
    // `dayOf` holds the league phase already; knockout matches are being added to their days.
    const fixtures = fixturesFrom(seed, day, [...dayOf(day), ...list.filter((m) => m.stage !== undefined)]);
    for (const m of list) {
      const f = fixtures.find((x) => x.leagueId === m.leagueId && x.homeId === m.homeId && x.ot * 1000 === m.at)!;
      out.set(m, playOut(seed, f));
    }
  }
  return matches.map((m) => out.get(m)!);
}

/** The league-phase table of each competition, from its played-out matches. */
function leaguePhaseRanks(
  seed: number,
  leaguePhase: readonly SeasonMatch[],
  dayOf: (day: string) => SeasonMatch[],
): Map<number, Map<number, number>> {
  const played = playLeg(seed, [...leaguePhase], dayOf);
  const ranks = new Map<number, Map<number, number>>();
  for (const id of EUROPEAN_COMPETITIONS) {
    const results: ResultInput[] = [];
    leaguePhase.forEach((m, i) => {
      const r = played[i]!;
      if (m.leagueId === id && r.finished)
        results.push({ id: i, homeId: m.homeId, awayId: m.awayId, ot: m.at / 1000, score: r.score, live: false });
    });
    const ids = leagueTeams(LEAGUE_BY_ID.get(id)!).map((t) => t.id);
    ranks.set(id, new Map(computeTable('zq', ids, results).map((r) => [r.teamId, r.rank])));
  }
  return ranks;
}

/** The ties of a round from the one before (its winners) or, for the first two, the table. */
function drawRound(
  stage: number,
  ranks: Map<number, number>,
  byRank: number[],
  winners: number[],
): Array<[number, number]> {
  const pair = (a: number, b: number): [number, number] => (ranks.get(a)! < ranks.get(b)! ? [a, b] : [b, a]);
  if (stage === 0) return Array.from({ length: 8 }, (_, i) => pair(byRank[8 + i]!, byRank[23 - i]!));
  if (stage === 1) return Array.from({ length: 8 }, (_, i) => pair(byRank[i]!, winners[7 - i]!));
  const n = TIES[stage]!;
  return Array.from({ length: n }, (_, i) => pair(winners[i]!, winners[2 * n - 1 - i]!));
}

/**
 * Every knockout match of the season that starts in `year`: the league phase given, the days'
 * other matches from `dayOf` (the calendar without knockouts).
 */
export function knockoutMatches(
  seed: number,
  year: number,
  leaguePhase: readonly SeasonMatch[],
  dayOf: (day: string) => SeasonMatch[],
): SeasonMatch[] {
  const ranks = leaguePhaseRanks(seed, leaguePhase, dayOf);
  const out: SeasonMatch[] = [];
  const match = (t: Tie, home: number, away: number, at: number, round: number, stage: string): SeasonMatch => ({
    leagueId: t.leagueId,
    round,
    homeId: home,
    awayId: away,
    at,
    day: chinaDay(at),
    stage,
  });
  let ties: Tie[][] = EUROPEAN_COMPETITIONS.map(() => []);
  let winners: number[][] = EUROPEAN_COMPETITIONS.map(() => []);
  for (let stage = 0; stage < STAGES.length; stage++) {
    ties = EUROPEAN_COMPETITIONS.map((leagueId, c) => {
      const r = ranks.get(leagueId)!;
      const byRank = [...r].sort((a, b) => a[1] - b[1]).map(([id]) => id);
      return drawRound(stage, r, byRank, winners[c]!).map(([better, worse]) => ({ leagueId, better, worse }));
    });
    const legs: SeasonMatch[][] = [[], []];
    for (const leg of [0, 1] as const) {
      legs[leg] = ties.flatMap((list) =>
        list.map((t, i) => {
          const ns = nights(t.leagueId, year, stage * 2 + leg);
          const nightOf = (j: number) => Math.floor((j * ns.length) / list.length);
          const onNight = list.filter((_, j) => nightOf(j) === nightOf(i));
          const at = slotFor(ns[nightOf(i)]!, onNight.indexOf(t), onNight.length);
          const lp = LEAGUE_BY_ID.get(t.leagueId)!.leaguePhase!;
          const round = lp + stage * 2 + leg + 1;
          const name = `${STAGES[stage]} ${leg === 0 ? '首回合' : '次回合'}`;
          return leg === 0
            ? match(t, t.worse, t.better, at, round, name)
            : match(t, t.better, t.worse, at, round, name);
        }),
      );
      if (leg === 1) {
        // The second leg carries the first leg's goals (its home side was the first leg's away side).
        const first = playedByTie(legs[0]!, playLeg(seed, legs[0]!, dayOf));
        for (const m of legs[1]!) {
          const r = first.get(`${m.leagueId}:${m.awayId}:${m.homeId}`)!;
          m.carried = [r.score[1], r.score[0]];
        }
        const second = playLeg(seed, legs[1]!, dayOf);
        winners = EUROPEAN_COMPETITIONS.map((leagueId) =>
          legs[1]!.flatMap((m, i) => (m.leagueId === leagueId ? [tieWinner(m, second[i]!)] : [])),
        );
      }
      out.push(...legs[leg]!);
    }
  }
  // The final: one match, the better league-phase place named first.
  const finals = EUROPEAN_COMPETITIONS.map((leagueId, c) => {
    const r = ranks.get(leagueId)!;
    const [a, b] = winners[c]!;
    const [home, away] = r.get(a!)! < r.get(b!)! ? [a!, b!] : [b!, a!];
    const at = finalTime(leagueId, year);
    const m: SeasonMatch = {
      leagueId,
      round: LEAGUE_BY_ID.get(leagueId)!.leaguePhase! + STAGES.length * 2 + 1,
      homeId: home,
      awayId: away,
      at,
      day: chinaDay(at),
      stage: FINAL,
      carried: [0, 0],
    };
    return m;
  });
  return [...out, ...finals];
}

/** A leg's kick-off: the night's early slot for its share of the ties (by the slots' weights). */
function slotFor(night: Night, index: number, count: number): number {
  const { times, weights } = night;
  if (times.length === 1) return times[0]!;
  const early = Math.round((count * weights[0]!) / weights.reduce((a, b) => a + b, 0));
  return index < early ? times[0]! : times[times.length - 1]!;
}

function playedByTie(legs: readonly SeasonMatch[], results: readonly PlayedResult[]): Map<string, PlayedResult> {
  return new Map(legs.map((m, i) => [`${m.leagueId}:${m.homeId}:${m.awayId}`, results[i]!]));
}

/** Who goes through after a deciding match: more goals on aggregate, else the shoot-out. */
export function tieWinner(
  m: Pick<SeasonMatch, 'homeId' | 'awayId' | 'carried'>,
  r: Pick<PlayedResult, 'score' | 'pen'>,
): number {
  const c = m.carried ?? [0, 0];
  const home = r.score[0] + c[0];
  const away = r.score[1] + c[1];
  if (home !== away) return home > away ? m.homeId : m.awayId;
  return r.pen && r.pen[0] > r.pen[1] ? m.homeId : m.awayId;
}

/** How a tie ended: who went through and, when it went to penalties, the shoot-out (deciding match's home first). */
export interface TieOutcome {
  winner: number;
  pen: Pair | null;
}

/** How a tie ended, by its deciding match (second leg or final) as the simulator plays it. */
export function tieOutcomeOf(seed: number, deciding: SeasonMatch): TieOutcome {
  const f = fixturesOfDay(seed, deciding.day).find(
    (x) => x.leagueId === deciding.leagueId && x.homeId === deciding.homeId && x.ot * 1000 === deciding.at,
  )!;
  const r = playOut(seed, f);
  return { winner: tieWinner(deciding, r), pen: r.pen ? [r.pen[0], r.pen[1]] : null };
}

/** Who went through a tie, by its deciding match (second leg or final) as the simulator plays it. */
export const tieWinnerOf = (seed: number, deciding: SeasonMatch): number => tieOutcomeOf(seed, deciding).winner;
