/**
 * Expert tips (issue 14): experts, their tips on the feed's matches, and one audit row per
 * settlement. A tip's terms never change after publishing; only the settlement columns are
 * written, once, in the same transaction as its audit row.
 */
import type { Generated } from 'kysely';

export interface ProposalTables {
  proposal_experts: {
    user_id: number;
    /** 1–7, spec §3 names (workers/domain/expert-level.ts). */
    level: number;
    intro: string;
    created_at: number;
  };
  proposal_tips: {
    id: Generated<number>;
    expert_id: number;
    match_id: number;
    sport: string;
    market: string;
    pick: string;
    line: number | null;
    odds: number;
    /** Coins to read the reasoning; 0 = free. */
    price: number;
    reason: string;
    published_at: number;
    result: string | null;
    profit: number | null;
    settled_at: number | null;
  };
  proposal_settlements: {
    id: Generated<number>;
    tip_id: number;
    match_id: number;
    status: number;
    score_h: number;
    score_a: number;
    result: string;
    profit: number;
    settled_at: number;
  };
  proposal_purchases: {
    id: Generated<number>;
    user_id: number;
    tip_id: number;
    price: number;
    at: number;
    refunded_at: number | null;
  };
  proposal_follows: {
    user_id: number;
    expert_id: number;
    created_at: number;
  };
  proposal_applications: {
    user_id: number;
    status: 'pending' | 'approved' | 'rejected';
    settled: number;
    hit_rate: number;
    applied_at: number;
    decided_at: number | null;
  };
}
