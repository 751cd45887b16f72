/** Activity area tables (issue 15). Times are unix ms as double precision (numbers in both drivers). */
import type { Generated } from 'kysely';

export interface ActivityTables {
  activity_issues: {
    issue_no: Generated<number>;
    title: string;
    opens_at: number;
    closes_at: number;
    seed_hash: string;
    /** Secret until `revealed`; never sent to a client before that. */
    seed: string;
    revealed: boolean;
    created_at: number;
  };
  activity_issue_matches: { issue_no: number; match_id: number };
  activity_prizes: {
    id: Generated<number>;
    issue_no: number;
    name: string;
    kind: 'physical' | 'points' | 'none';
    points: number;
    weight: number;
    stock: number | null;
    initial_stock: number | null;
    sort: number;
  };
  activity_entries: {
    issue_no: number;
    user_id: number;
    points: number;
    chances: number;
    draws: number;
    invite_code: string;
    invited_by: number | null;
    joined_at: number;
  };
  activity_picks: {
    issue_no: number;
    user_id: number;
    match_id: number;
    pick: 'h' | 'd' | 'a';
    stake: number;
    outcome: 'pending' | 'won' | 'lost' | 'void';
    payout: number;
    at: number;
    settled_at: number | null;
  };
  activity_draws: {
    id: Generated<number>;
    issue_no: number;
    user_id: number;
    draw_no: number;
    client_id: string;
    prize_id: number;
    at: number;
  };
  activity_addresses: {
    user_id: number;
    name: string;
    mobile: string;
    region: string;
    detail: string;
    updated_at: number;
  };
}
