/**
 * The order the simulator and the dev control may move statuses in (spec §4). What each status
 * means (live, finished, void…) is the protocol's `STATUS_TABLE`, shared with the core; this file
 * adds only the transitions, which the client never needs. A status never moves backwards.
 */
import {
  BasketballStatus as B,
  FootballStatus as F,
  isFinal,
  isLive,
  STATUS_TABLE,
  type Sport,
} from '../../workers/protocol/index';

/** The normal course of a match, kick-off to final whistle. */
const MAIN: Record<Sport, readonly number[]> = {
  zq: [F.NOT_STARTED, ...STATUS_TABLE.zq.live, F.FINISHED],
  lq: [B.NOT_STARTED, ...STATUS_TABLE.lq.live, B.FINISHED],
};
/** Reachable only before kick-off (postponed, cancelled, to be determined). */
const BEFORE_START: Record<Sport, readonly number[]> = {
  zq: [F.POSTPONED, F.CANCELLED, F.TBD],
  lq: [B.CANCELLED, B.POSTPONED, B.TBD],
};
const TBD: Record<Sport, number> = { zq: F.TBD, lq: B.TBD };
/** Interrupted, then abandoned. */
const STOPPED: Record<Sport, readonly [number, number]> = {
  zq: [F.INTERRUPTED, F.ABANDONED],
  lq: [B.INTERRUPTED, B.ABANDONED],
};

export const isKnownStatus = (sport: Sport, s: number): boolean =>
  MAIN[sport].includes(s) || BEFORE_START[sport].includes(s) || STOPPED[sport].includes(s);

/** Position in the forward order; equal ranks are alternatives, a move must go to a higher rank. */
export function statusRank(sport: Sport, s: number): number {
  const i = MAIN[sport].indexOf(s);
  if (i >= 0) return MAIN[sport][i] === MAIN[sport].at(-1) ? 100 : i * 10;
  if (BEFORE_START[sport].includes(s)) return s === TBD[sport] ? 5 : 100;
  if (s === STOPPED[sport][0]) return 90;
  if (s === STOPPED[sport][1]) return 100;
  return -1;
}

/** Whether a match may move from `from` to `to` (dev control and simulator alike). */
export function canMove(sport: Sport, from: number, to: number): boolean {
  if (!isKnownStatus(sport, to) || isFinal(sport, from) || from === to) return false;
  const notStarted = from === MAIN[sport][0] || from === TBD[sport];
  if (BEFORE_START[sport].includes(to)) return notStarted && statusRank(sport, to) > statusRank(sport, from);
  if (to === STOPPED[sport][0]) return isLive(sport, from);
  if (to === STOPPED[sport][1]) return isLive(sport, from) || from === STOPPED[sport][0];
  if (from === STOPPED[sport][0]) return to === MAIN[sport].at(-1);
  return statusRank(sport, to) > statusRank(sport, from);
}
