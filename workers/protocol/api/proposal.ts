/**
 * Expert tips REST (main API, /tj) so far: an expert's public record and the rankings. Records
 * are derived from settled tips on every call (server/proposal/settle.ts).
 */
export const ProposalPaths = {
  expert: '/tj/expert/:id', // → ExpertProfile
  rank: '/tj/rank', // ?days=7|30&by=hitRate|profit|streak → ExpertRankRow[]
} as const;

/** Hit-rate rankings list only experts with at least this many 红/黑 tips in the window. */
export const RANK_MIN_DECIDED_TIPS = 3;

export interface ExpertRecordBody {
  tips: number;
  red: number;
  black: number;
  push: number;
  hitRate: number | null;
  profit: number;
  streak: number;
  bestStreak: number;
}

export interface ExpertProfile {
  id: number;
  nickName: string;
  /** 1–7 (spec §3). */
  level: number;
  intro: string;
  record: ExpertRecordBody;
}

export interface ExpertRankRow extends ExpertRecordBody {
  rank: number;
  expertId: number;
  nickName: string;
  level: number;
}
