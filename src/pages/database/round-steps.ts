/**
 * The schedule's round bar: the round shown and its neighbours among the rounds the server holds
 * (a simulated league: its whole season; a provider's: the rounds it stored, so not always from round 1
 * and not always consecutive).
 */
import type { ScheduleRound } from '../../../workers/protocol/index';

export function roundSteps(
  rounds: readonly ScheduleRound[],
  round: number,
): { current: ScheduleRound | undefined; prev: ScheduleRound | undefined; next: ScheduleRound | undefined } {
  const at = rounds.findIndex((r) => r.round === round);
  if (at < 0) return { current: undefined, prev: undefined, next: undefined };
  return { current: rounds[at], prev: rounds[at - 1], next: rounds[at + 1] };
}
