/**
 * Expert tips REST (main API, /tj): experts' public records and rankings (derived from settled
 * tips on every call, server/proposal/settle.ts), matches with tips, a tip's detail, publishing
 * at server-quoted odds, paid reasoning bought with the wallet's coins, following experts, and
 * applying to become one.
 */
import type { Match } from '../live';

export const ProposalPaths = {
  expert: '/tj/expert/:id', // → ExpertProfile
  rank: '/tj/rank', // ?days=7|30&by=hitRate|profit|streak → ExpertRankRow[]
  rankAttention: '/tj/rank/attention', // same query, experts I follow (accessToken) → ExpertRankRow[]
  matchList: '/tj/matchList', // ?sport=zq|lq&leagueId=&lottery=jc|bd → TipMatchRow[]
  matchTips: '/tj/match/:id/tips', // → TipCard[]
  expertTips: '/tj/expert/:id/tips', // → TipCard[] (newest first)
  detail: '/tj/detail/:id', // (accessToken optional) → TipDetail
  quote: '/tj/quote/:id', // match id → MarketQuote[] (what publishing now would record)
  publish: '/tj/publish', // POST PublishTipBody (accessToken, experts) → { id }
  buy: '/tj/buy', // POST { tipId } (accessToken) → TipPurchase
  follow: '/tj/follow', // POST { expertId } (accessToken) toggles → { follow: 0 | 1 }
  attention: '/tj/attention', // (accessToken) → FollowedExpert[]
  apply: '/tj/apply', // GET → ExpertApplicationState; POST → ExpertApplicationState (accessToken)
} as const;

/** Operator API (x-ops-token) for expert applications. */
export const OpsProposalPaths = {
  applications: '/ops/tj/applications', // GET → ExpertApplicationRow[] (pending)
  decide: '/ops/tj/applications/decide', // POST { userId, approve } → ExpertApplicationRow
} as const;

/** Settled tips (红/黑 of my tips at /user/proposal) needed to apply, and the hit rate to beat. */
export const EXPERT_APPLY_MIN_TIPS = 20;
export const EXPERT_APPLY_MIN_HIT_RATE = 0.55;
/** Price of a paid tip's reasoning, in coins. */
export const TIP_PRICE_MAX = 1000;
export const TIP_REASON_MIN = 10;
export const TIP_REASON_MAX_LEN = 1000;

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

export type TipMarketCode = 'spf' | 'rq' | 'dxq' | 'rf' | 'dxf';
export type TipPickCode = 'home' | 'draw' | 'away' | 'over' | 'under';
export type TipResultCode = 'red' | 'black' | 'push' | 'void';

export interface MarketQuote {
  market: TipMarketCode;
  /** Handicap (home gives it when positive) or total; null for 胜平负. */
  line: number | null;
  /** Decimal odds of each side. */
  odds: Partial<Record<TipPickCode, number>>;
}

export interface PublishTipBody {
  matchId: number;
  market: TipMarketCode;
  pick: TipPickCode;
  /** Coins; 0 = free. */
  price: number;
  reason: string;
}

export interface TipMatchRow {
  match: Match;
  tipCount: number;
}

export interface TipCard {
  id: number;
  expertId: number;
  nickName: string;
  level: number;
  matchId: number;
  sport: 'zq' | 'lq';
  market: TipMarketCode;
  pick: TipPickCode;
  line: number | null;
  odds: number;
  price: number;
  publishedAt: number;
  result: TipResultCode | null;
  profit: number | null;
}

export interface TipDetail extends TipCard {
  expert: ExpertProfile & { followers: number; follow: 0 | 1 };
  match: Match;
  /** The reasoning; null while a paid tip is not bought (price shown instead). */
  reason: string | null;
  purchased: boolean;
  /** Purchases refunded because the match did not produce a result. */
  refunded: boolean;
}

/**
 * Whether a paid tip's reasoning is still for sale: only until its match is over (finished or
 * voided) or the tip is settled. After that the result is public, and the server refuses the
 * purchase too (server/proposal/purchases.ts).
 */
export function tipOnSale(tip: Pick<TipCard, 'price' | 'result'>, matchOver: boolean): boolean {
  return tip.price > 0 && tip.result === null && !matchOver;
}

export interface TipPurchase {
  tipId: number;
  reason: string;
  balance: number;
  /** False when this user had already bought it (nothing debited). */
  charged: boolean;
}

export interface FollowedExpert {
  id: number;
  nickName: string;
  level: number;
  followers: number;
  record: ExpertRecordBody;
}

export type ExpertApplicationStatus = 'none' | 'pending' | 'approved' | 'rejected' | 'expert';

export interface ExpertApplicationState {
  status: ExpertApplicationStatus;
  settled: number;
  hits: number;
  hitRate: number | null;
  /** Why the user cannot apply now, or null. */
  blocked: string | null;
}

export interface ExpertApplicationRow {
  userId: number;
  nickName: string;
  settled: number;
  hitRate: number;
  status: ExpertApplicationStatus;
  appliedAt: number;
}
