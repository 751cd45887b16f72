/**
 * Status rules the simulator and the dev control share (spec §4): the order statuses move in,
 * which are in play, which are final. A status never moves backwards.
 */
import type { Sport } from '../../workers/protocol/index';

export const FootballStatus = {
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
export const BasketballStatus = {
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

const MAIN: Record<Sport, readonly number[]> = { zq: [1, 2, 3, 4, 5, 7, 8], lq: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };
/** Reachable only before kick-off (postponed, cancelled, to be determined). */
const BEFORE_START: Record<Sport, readonly number[]> = { zq: [9, 12, 13], lq: [12, 13, 15] };
/** Interrupted, then abandoned. */
const STOPPED: Record<Sport, readonly [number, number]> = { zq: [10, 11], lq: [11, 14] };
const FINAL: Record<Sport, ReadonlySet<number>> = { zq: new Set([8, 9, 11, 12]), lq: new Set([10, 12, 13, 14]) };
const PLAYING: Record<Sport, ReadonlySet<number>> = { zq: new Set([2, 4, 5]), lq: new Set([2, 4, 6, 8, 9]) };
const LIVE: Record<Sport, ReadonlySet<number>> = {
  zq: new Set([2, 3, 4, 5, 7]),
  lq: new Set([2, 3, 4, 5, 6, 7, 8, 9]),
};

export const isFinal = (sport: Sport, s: number): boolean => FINAL[sport].has(s);
/** The ball is in play: goals, cards, corners and points may happen. */
export const isPlaying = (sport: Sport, s: number): boolean => PLAYING[sport].has(s);
/** Counts as live in the lists (spec §4: football 2–7). */
export const isLive = (sport: Sport, s: number): boolean => LIVE[sport].has(s);
export const isKnownStatus = (sport: Sport, s: number): boolean =>
  MAIN[sport].includes(s) || BEFORE_START[sport].includes(s) || STOPPED[sport].includes(s);

/** Position in the forward order; equal ranks are alternatives, a move must go to a higher rank. */
export function statusRank(sport: Sport, s: number): number {
  const i = MAIN[sport].indexOf(s);
  if (i >= 0) return MAIN[sport][i] === MAIN[sport].at(-1) ? 100 : i * 10;
  if (BEFORE_START[sport].includes(s)) return s === (sport === 'zq' ? 13 : 15) ? 5 : 100;
  if (s === STOPPED[sport][0]) return 90;
  if (s === STOPPED[sport][1]) return 100;
  return -1;
}

/** Whether a match may move from `from` to `to` (dev control and simulator alike). */
export function canMove(sport: Sport, from: number, to: number): boolean {
  if (!isKnownStatus(sport, to) || isFinal(sport, from) || from === to) return false;
  const notStarted = from === 1 || from === (sport === 'zq' ? 13 : 15);
  if (BEFORE_START[sport].includes(to)) return notStarted && statusRank(sport, to) > statusRank(sport, from);
  if (to === STOPPED[sport][0]) return isLive(sport, from);
  if (to === STOPPED[sport][1]) return isLive(sport, from) || from === STOPPED[sport][0];
  if (from === STOPPED[sport][0]) return to === MAIN[sport].at(-1);
  return statusRank(sport, to) > statusRank(sport, from);
}
