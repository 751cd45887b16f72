/**
 * Activity REST paths (main API, /activity; spec §2 and §7): the guessing competition by issue
 * (期), picks with points (never money), lottery chances, the provably fair draw, invites and
 * the shipping address. Operator paths (/ops/activity/…) exist only when OPS_TOKEN is set and
 * take the header `x-ops-token`.
 */
export const ActivityPaths = {
  /** GET → ActivityCurrent (visitor: `me` is null). */
  current: '/activity/current',
  /** GET → ActivityIssueSummary[] (newest first). */
  issues: '/activity/issues',
  /** POST issueNo, inviteCode? → ActivityMe. */
  join: '/activity/join',
  /** POST issueNo, matchId, pick ('h'|'d'|'a'), stake → ActivityPick. */
  guess: '/activity/guess',
  /** GET ?issueNo= → ActivityPick[] (mine). */
  guessList: '/activity/guess/list',
  /** GET ?issueNo= → ActivityInvitee[] (who joined with my code). */
  inviteList: '/activity/invite/list',
  /** POST issueNo, clientId → ActivityDrawResult (one chance spent; same clientId draws once). */
  draw: '/activity/draw',
  /** GET ?issueNo= → ActivityDraw[] (mine). */
  drawList: '/activity/draw/list',
  /** GET ?issueNo= (absent: all time) → ActivityRankRow[]. */
  rank: '/activity/rank',
  /** GET → ActivityAddress | null; POST name, mobile, region, detail → ActivityAddress. */
  address: '/activity/address',
  /** GET → ActivityVerifyReport (only once the issue has closed and its seed is revealed). */
  verify: '/activity/verify/:issueNo',
  /** Operator: POST JSON ActivityIssueInput → ActivityIssueSummary. */
  opsIssues: '/ops/activity/issues',
  /** Operator: POST → ActivityIssueSummary (closes the issue and reveals its seed). */
  opsClose: '/ops/activity/issues/:issueNo/close',
  /** Operator: GET → ActivityVerifyReport (any issue; open issues are checked with the stored seed). */
  opsVerify: '/ops/activity/issues/:issueNo/verify',
} as const;

/** The operator header (shared with the other operator APIs). */
export const OPS_TOKEN_HEADER = 'x-ops-token';

/** Points every entrant starts an issue with. */
export const ACTIVITY_START_POINTS = 1000;
export const ACTIVITY_STAKE_MIN = 10;
export const ACTIVITY_STAKE_MAX = 500;
/** A right pick pays back this many times its stake (stake included). */
export const ACTIVITY_WIN_MULTIPLIER = 2;
/** Lottery chances: one per right pick, one per friend who joins with my code. */
export const CHANCES_PER_RIGHT_PICK = 1;
export const CHANCES_PER_INVITE = 1;

export type ActivityPickSide = 'h' | 'd' | 'a';
export type ActivityPickOutcome = 'pending' | 'won' | 'lost' | 'void';
export type ActivityIssueStatus = 'upcoming' | 'open' | 'closed';

export interface ActivityPrize {
  id: number;
  name: string;
  /** 'physical' needs a shipping address; 'points' adds `points` to the issue points; 'none' is the consolation. */
  kind: 'physical' | 'points' | 'none';
  points: number;
  weight: number;
  /** Left in stock; null for unlimited. */
  stock: number | null;
  initialStock: number | null;
}

export interface ActivityIssueSummary {
  issueNo: number;
  title: string;
  status: ActivityIssueStatus;
  /** Unix ms. */
  opensAt: number;
  closesAt: number;
  /** SHA-256 (hex, 64 chars) of the secret seed, published before the issue opens. */
  seedHash: string;
  /** The seed (hex), only once the issue has closed. */
  seed: string | null;
}

export interface ActivityMatch {
  matchId: number;
  sport: 'zq' | 'lq';
  leagueName: string;
  home: string;
  away: string;
  /** Kick-off, unix seconds. */
  ot: number;
  status: number;
  scoreH: number;
  scoreA: number;
  /** My pick on this match, if any. */
  myPick: ActivityPickSide | null;
}

export interface ActivityMe {
  issueNo: number;
  points: number;
  chances: number;
  draws: number;
  inviteCode: string;
  invitedBy: string | null;
}

export interface ActivityCurrent {
  issue: ActivityIssueSummary;
  matches: ActivityMatch[];
  prizes: ActivityPrize[];
  me: ActivityMe | null;
}

export interface ActivityPick {
  matchId: number;
  home: string;
  away: string;
  pick: ActivityPickSide;
  stake: number;
  outcome: ActivityPickOutcome;
  /** Points paid back at settlement (0 until settled). */
  payout: number;
  at: number;
}

export interface ActivityInvitee {
  nickName: string;
  joinedAt: number;
}

export interface ActivityDraw {
  drawNo: number;
  prizeId: number;
  prizeName: string;
  prizeKind: ActivityPrize['kind'];
  at: number;
}

export interface ActivityDrawResult extends ActivityDraw {
  chances: number;
  points: number;
  replayed: boolean;
}

export interface ActivityRankRow {
  rank: number;
  nickName: string;
  points: number;
  isMe: boolean;
}

export interface ActivityAddress {
  name: string;
  mobile: string;
  region: string;
  detail: string;
}

export interface ActivityVerifyRow {
  userId: number;
  drawNo: number;
  /** HMAC-SHA256(seed, `${issueNo}|${userId}|${drawNo}`), hex. */
  hmac: string;
  roll: number;
  recordedPrizeId: number;
  expectedPrizeId: number;
  ok: boolean;
}

export interface ActivityVerifyReport {
  issueNo: number;
  seedHash: string;
  seed: string;
  /** sha256(seed) === the published hash. */
  seedMatchesHash: boolean;
  /** The prize table in draw order (weights and stock at opening), so anyone can recompute. */
  prizes: ActivityPrize[];
  /** Every draw, in the order it was made. */
  draws: ActivityVerifyRow[];
  allMatch: boolean;
}

export interface ActivityIssueInput {
  title: string;
  opensAt: number;
  closesAt: number;
  matchIds: number[];
  prizes: Array<{ name: string; kind: ActivityPrize['kind']; points?: number; weight: number; stock: number | null }>;
}

export const AddressText = {
  nameBad: '收货人姓名须为 2–20 个字，不能含特殊字符',
  mobileBad: '请输入正确的 11 位手机号',
  regionBad: '请填写所在地区（省 市 区），2–50 个字',
  detailBad: '详细地址须为 5–120 个字',
  control: '不能包含控制字符',
} as const;

export type AddressProblems = Partial<Record<keyof ActivityAddress, string>>;

// eslint-disable-next-line no-control-regex -- matching control characters is this rule's job
const ADDRESS_CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The shipping address rules, one copy for the form and the server's schema: each field's
 * problem (trimmed value), none when the address may be stored. Name: Chinese characters,
 * letters, spaces and ·; region: free text like '广东省 深圳市 南山区'.
 */
export function addressProblems(a: ActivityAddress): AddressProblems {
  const e: AddressProblems = {};
  const check = (k: keyof ActivityAddress, min: number, max: number, bad: string, shape?: RegExp) => {
    const v = a[k].trim();
    if (v.length < min || v.length > max) e[k] = bad;
    else if (ADDRESS_CONTROL.test(v)) e[k] = AddressText.control;
    else if (shape && !shape.test(v)) e[k] = bad;
  };
  check('name', 2, 20, AddressText.nameBad, /^[\u4e00-\u9fa5A-Za-z·\s]+$/);
  check('mobile', 11, 11, AddressText.mobileBad, /^1[3-9]\d{9}$/);
  check('region', 2, 50, AddressText.regionBad);
  check('detail', 5, 120, AddressText.detailBad);
  return e;
}
