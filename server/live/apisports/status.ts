/**
 * API-Football v3 / API-Basketball `status.short` → spec §4 (docs/providers/api-sports.md).
 * The spec has fewer states than api-sports: results after extra time or penalties, awarded
 * matches and walkovers are all "finished"; a suspension is "interrupted" (it may resume).
 */
import { BasketballStatus as B, FootballStatus as F, type Sport } from '../../../workers/protocol/index';
import type { StatusTable } from '../providers';

const football: StatusTable = {
  TBD: F.TBD, // Time To Be Defined
  NS: F.NOT_STARTED, // Not Started
  '1H': F.FIRST_HALF, // First Half, Kick Off
  HT: F.HALF_TIME, // Halftime
  '2H': F.SECOND_HALF, // Second Half, 2nd Half Started
  ET: F.EXTRA_TIME, // Extra Time
  BT: F.EXTRA_TIME, // Break Time (before / between extra-time halves)
  P: F.PENALTIES, // Penalty In Progress
  SUSP: F.INTERRUPTED, // Match Suspended
  INT: F.INTERRUPTED, // Match Interrupted
  FT: F.FINISHED, // Match Finished
  AET: F.FINISHED, // Match Finished After Extra Time
  PEN: F.FINISHED, // Match Finished After Penalty
  PST: F.POSTPONED, // Match Postponed
  CANC: F.CANCELLED, // Match Cancelled
  ABD: F.ABANDONED, // Match Abandoned
  AWD: F.FINISHED, // Technical Loss
  WO: F.FINISHED, // WalkOver
  // "In progress" without the half known (rare): live, counted from the first half.
  LIVE: F.FIRST_HALF,
};

/** A break belongs to the quarter that just ended. */
function breakAfter(previous: number): number {
  if (previous === B.Q1 || previous === B.Q1_END) return B.Q1_END;
  if (previous === B.Q2 || previous === B.HALF_TIME) return B.HALF_TIME;
  if (previous === B.Q3 || previous === B.Q3_END) return B.Q3_END;
  // After the fourth quarter or an overtime a break leads to (another) overtime.
  if (previous === B.Q4 || previous === B.OVERTIME) return B.OVERTIME;
  return B.ABNORMAL;
}

const basketball: StatusTable = {
  NS: B.NOT_STARTED, // Not Started
  Q1: B.Q1, // Quarter 1
  Q2: B.Q2, // Quarter 2
  Q3: B.Q3, // Quarter 3
  Q4: B.Q4, // Quarter 4
  OT: B.OVERTIME, // Over Time
  BT: breakAfter, // Break Time
  HT: B.HALF_TIME, // Halftime
  FT: B.FINISHED, // Game Finished
  AOT: B.FINISHED, // After Over Time
  POST: B.POSTPONED, // Game Postponed
  CANC: B.CANCELLED, // Game Cancelled
  SUSP: B.INTERRUPTED, // Game Interrupted
  AWD: B.FINISHED, // Game Awarded
  ABD: B.ABANDONED, // Game Abandoned
};

export const APISPORTS_STATUS: Readonly<Record<Sport, StatusTable>> = { zq: football, lq: basketball };
