/**
 * Match status codes of spec §4 and what each one means, decided once for the server (feed,
 * queries, binder) and the core (lists, derivations). Pure; no clock.
 *
 * Meanings, from the spec's status list:
 * - live: counts as in progress in the lists (football 2–7, basketball 2–9; football has no 6,
 *   which reads as abnormal and is not live).
 * - finished: played to the end (football 8, basketball 10). Only these have a result.
 * - void: the match will not be, or was not, played to a result — postponed, abandoned,
 *   cancelled. Void is final (it never moves again) but is neither upcoming nor finished: a
 *   list ranks it with the past, the schedule tab leaves it out, the results tab shows it with
 *   its status text, and a team's form never counts it.
 * - upcoming: not started, or to be determined (the time is still open).
 * - interrupted is none of these: the match may resume, or end abandoned.
 */
import type { Sport } from './live';

export const FootballStatus = {
  ABNORMAL: 0,
  NOT_STARTED: 1,
  FIRST_HALF: 2,
  HALF_TIME: 3,
  SECOND_HALF: 4,
  EXTRA_TIME: 5,
  PENALTIES: 7,
  FINISHED: 8,
  POSTPONED: 9,
  INTERRUPTED: 10,
  ABANDONED: 11,
  CANCELLED: 12,
  TBD: 13,
} as const;
/** Football status codes of spec §4 (there is no 6). */
export type FootballStatus = (typeof FootballStatus)[keyof typeof FootballStatus];

export const BasketballStatus = {
  ABNORMAL: 0,
  NOT_STARTED: 1,
  Q1: 2,
  Q1_END: 3,
  Q2: 4,
  HALF_TIME: 5,
  Q3: 6,
  Q3_END: 7,
  Q4: 8,
  OVERTIME: 9,
  FINISHED: 10,
  INTERRUPTED: 11,
  CANCELLED: 12,
  POSTPONED: 13,
  ABANDONED: 14,
  TBD: 15,
} as const;
/** Basketball status codes of spec §4. */
export type BasketballStatus = (typeof BasketballStatus)[keyof typeof BasketballStatus];

const F = FootballStatus;
const B = BasketballStatus;

interface StatusTable {
  live: readonly number[];
  /** Ball in play: goals, cards, corners and points may happen (breaks excluded). */
  playing: readonly number[];
  finished: number;
  void: readonly number[];
  upcoming: readonly number[];
  /** Scheduled with a kick-off time (upcoming also holds 待定, a match without one). */
  notStarted: number;
  interrupted: number;
  /** The void status a match reaches after it kicked off (the others are called before). */
  abandoned: number;
}

export const STATUS_TABLE: Readonly<Record<Sport, StatusTable>> = {
  zq: {
    live: [F.FIRST_HALF, F.HALF_TIME, F.SECOND_HALF, F.EXTRA_TIME, F.PENALTIES],
    playing: [F.FIRST_HALF, F.SECOND_HALF, F.EXTRA_TIME],
    finished: F.FINISHED,
    void: [F.POSTPONED, F.ABANDONED, F.CANCELLED],
    upcoming: [F.NOT_STARTED, F.TBD],
    notStarted: F.NOT_STARTED,
    interrupted: F.INTERRUPTED,
    abandoned: F.ABANDONED,
  },
  lq: {
    live: [B.Q1, B.Q1_END, B.Q2, B.HALF_TIME, B.Q3, B.Q3_END, B.Q4, B.OVERTIME],
    playing: [B.Q1, B.Q2, B.Q3, B.Q4, B.OVERTIME],
    finished: B.FINISHED,
    void: [B.CANCELLED, B.POSTPONED, B.ABANDONED],
    upcoming: [B.NOT_STARTED, B.TBD],
    notStarted: B.NOT_STARTED,
    interrupted: B.INTERRUPTED,
    abandoned: B.ABANDONED,
  },
};

/** Codes that count as live, for a SQL `in` list. */
export const liveStatuses = (sport: Sport): readonly number[] => STATUS_TABLE[sport].live;

export const isLive = (sport: Sport, s: number): boolean => STATUS_TABLE[sport].live.includes(s);
export const isPlaying = (sport: Sport, s: number): boolean => STATUS_TABLE[sport].playing.includes(s);
export const isFinished = (sport: Sport, s: number): boolean => STATUS_TABLE[sport].finished === s;
export const isVoid = (sport: Sport, s: number): boolean => STATUS_TABLE[sport].void.includes(s);
export const isUpcoming = (sport: Sport, s: number): boolean => STATUS_TABLE[sport].upcoming.includes(s);
export const isNotStarted = (sport: Sport, s: number): boolean => STATUS_TABLE[sport].notStarted === s;
export const isInterrupted = (sport: Sport, s: number): boolean => STATUS_TABLE[sport].interrupted === s;
/** The match kicked off, so its score means something: live, finished, interrupted or abandoned. */
export const hasKickedOff = (sport: Sport, s: number): boolean =>
  isLive(sport, s) || isFinished(sport, s) || isInterrupted(sport, s) || STATUS_TABLE[sport].abandoned === s;
/** Final: the status never moves again (finished or void). */
export const isFinal = (sport: Sport, s: number): boolean => isFinished(sport, s) || isVoid(sport, s);

/**
 * Order of a match in a list that opens on live matches (spec: /live/zq): live 0, upcoming 1,
 * everything past or stopped (finished, void, interrupted, abnormal) 2.
 */
export function listRank(sport: Sport, s: number): 0 | 1 | 2 {
  if (isLive(sport, s)) return 0;
  if (isUpcoming(sport, s)) return 1;
  return 2;
}
