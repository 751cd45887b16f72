/**
 * The activity area's rows as the protocol shows them, and the pure rules over them: an issue's
 * status, a pick's outcome and payout.
 */
import type { Selectable, Transaction } from 'kysely';
import {
  ACTIVITY_WIN_MULTIPLIER,
  isFinished,
  isVoid,
  type ActivityIssueSummary,
  type ActivityPickOutcome,
  type ActivityPickSide,
  type ActivityPrize,
  type Sport,
} from '../../workers/protocol/index';
import type { Database } from '../db/schema';
import type { PrizeSlot } from './fairness';

export type Trx = Transaction<Database>;
export type IssueRow = Selectable<Database['activity_issues']>;
export type PrizeRow = Selectable<Database['activity_prizes']>;

export function issueStatus(
  issue: Pick<IssueRow, 'opens_at' | 'revealed'>,
  now: number,
): ActivityIssueSummary['status'] {
  if (issue.revealed) return 'closed';
  return Number(issue.opens_at) > now ? 'upcoming' : 'open';
}

export function summaryOf(issue: IssueRow, now: number): ActivityIssueSummary {
  return {
    issueNo: issue.issue_no,
    title: issue.title,
    status: issueStatus(issue, now),
    opensAt: Number(issue.opens_at),
    closesAt: Number(issue.closes_at),
    seedHash: issue.seed_hash,
    seed: issue.revealed ? issue.seed : null,
  };
}

export const prizeOf = (p: PrizeRow): ActivityPrize => ({
  id: p.id,
  name: p.name,
  kind: p.kind,
  points: p.points,
  weight: p.weight,
  stock: p.stock,
  initialStock: p.initial_stock,
});

export const slotOf = (p: PrizeRow): PrizeSlot => ({
  id: p.id,
  kind: p.kind,
  weight: p.weight,
  initialStock: p.initial_stock,
  sort: p.sort,
});

/** A pick's outcome from the match row: only a final result settles it. */
export function pickOutcome(
  pick: ActivityPickSide,
  sport: Sport,
  status: number,
  scoreH: number,
  scoreA: number,
): ActivityPickOutcome {
  if (isVoid(sport, status)) return 'void';
  if (!isFinished(sport, status)) return 'pending';
  const result: ActivityPickSide = scoreH > scoreA ? 'h' : scoreH < scoreA ? 'a' : 'd';
  return result === pick ? 'won' : 'lost';
}

export function payoutOf(outcome: ActivityPickOutcome, stake: number): number {
  if (outcome === 'won') return stake * ACTIVITY_WIN_MULTIPLIER;
  if (outcome === 'void') return stake;
  return 0;
}
