/**
 * User-centre REST paths (main API, /user) beyond the basic accounts calls of `./user.ts`:
 * profile summary, portrait upload and audit, real-name, feedback, history, system messages,
 * FAQ, public author pages. GETs take query params; POSTs are form-encoded except uploads
 * (multipart, field `file`).
 */
export const UserCentrePaths = {
  /** GET → UserCentreSummary (the 我的 hub). */
  summary: '/user/centre/summary',
  /** GET → PortraitState. */
  portrait: '/user/portrait',
  /** POST multipart `file` (PNG/JPEG/WebP, ≤ 2 MB, square-ish) → PortraitState (pending audit). */
  portraitUpload: '/user/portrait/upload',
  /** GET → RealNameState; POST name, idNumber → RealNameState. */
  realName: '/user/realName',
  /** POST multipart `file` (feedback screenshot) → UploadedImage. */
  feedbackImage: '/user/feedback/image',
  /** POST kind, content, contact?, images (comma-separated UploadedImage.id) → FeedbackItem. */
  feedbackAdd: '/user/feedback/add',
  /** GET → FeedbackItem[] (mine, newest first). */
  feedbackList: '/user/feedback/list',
  /** GET ?page= → Page<HistoryItem>; POST kind, targetId, title, link → HistoryItem. */
  history: '/user/history',
  /** POST (empty) → { cleared: number }. */
  historyClear: '/user/history/clear',
  /** GET ?page[&kind] → Page<SystemMessage> & { unread } (unread of that kind, or of both). */
  messages: '/user/messages',
  /** POST id?, kind? (no id: all, or all of that kind) → { unread: number } (of that kind, or of both). */
  messagesRead: '/user/messages/read',
  /** GET → FaqItem[] (no answers); GET faqItem → FaqItem. */
  faq: '/user/faq',
  faqItem: '/user/faq/:id',
  /** GET → AuthorProfile (public). */
  author: '/user/author/:id',
  /** GET ?page= → CentrePage<MyPost> (mine, newest first). */
  posts: '/user/posts',
  /**
   * POST title, content, images? (comma-separated UploadedImage.id from postImage, at most
   * POST_MAX_IMAGES), circleId? (a community circle to post in) → MyPost. At most POST_RATE.count per POST_RATE.windowMs per user.
   */
  postAdd: '/user/posts/add',
  /** POST multipart `file` (PNG/JPG/WebP, ≤ PORTRAIT_MAX_BYTES; re-encoded, metadata dropped) → UploadedImage. */
  postImage: '/user/posts/image',
  /** POST id → { id } (own posts only). */
  postDelete: '/user/posts/delete',
  /** GET ?page= → TipPage (mine, newest first, outcome and hit rate derived by the server). */
  tips: '/user/tips',
  /** POST matchId, pick, reason? → MyTip (football match not started yet; one per match). */
  tipAdd: '/user/tips/add',
  /** GET → TipMatch[]: upcoming football matches the user has not tipped yet, soonest first. */
  tipMatches: '/user/tips/matches',
} as const;

/** Where uploaded images are served (never an app route). */
export const UploadPaths = {
  file: '/media/uploads/:name',
} as const;

export const PORTRAIT_MAX_BYTES = 2 * 1024 * 1024;
export const PORTRAIT_MIN_SIDE = 64;
export const PORTRAIT_MAX_SIDE = 4096;
/** The client crops to a square of this side before upload. */
export const PORTRAIT_CROP_SIDE = 320;
export const FEEDBACK_MAX_IMAGES = 4;
/** Feedback screenshots one user may upload per window. */
export const FEEDBACK_IMAGE_RATE = { count: 30, windowMs: 3600_000 } as const;

/** Spec §3 portraitAudit: 0 none pending, 1 pending audit, 2 rejected. */
export const PortraitAudit = { NONE: 0, PENDING: 1, REJECTED: 2 } as const;

export interface PortraitState {
  portrait: string;
  portraitNew: string | null;
  portraitAudit: number;
}

export interface RealNameState {
  certified: boolean;
  /** Masked, e.g. 张*三. */
  name: string | null;
  /** Masked, e.g. 1101**********1234. */
  idNumber: string | null;
  certifiedAt: number | null;
}

export interface UserCentreSummary {
  id: number;
  nickName: string;
  portrait: string;
  portraitNew: string | null;
  portraitAudit: number;
  balance: number;
  certified: boolean;
  unreadMessages: number;
  historyCount: number;
  feedbackCount: number;
}

export interface UploadedImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

export const FEEDBACK_KINDS = ['bug', 'suggestion', 'content', 'other'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export interface FeedbackItem {
  id: number;
  kind: FeedbackKind;
  content: string;
  contact: string;
  images: string[];
  /** 0 received, 1 replied. */
  status: number;
  reply: string | null;
  createdAt: number;
}

export const HISTORY_KINDS = ['match', 'room', 'news', 'post'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export interface HistoryItem {
  kind: HistoryKind;
  targetId: string;
  title: string;
  /** In-app path to reopen it. */
  link: string;
  visitedAt: number;
}

/** 系统通知 (audits, certification, feedback) or 社区通知 (follows, comments, likes). */
export type NoticeKind = 'system' | 'community';
export const NOTICE_KINDS: readonly NoticeKind[] = ['system', 'community'];

export interface SystemMessage {
  id: number;
  title: string;
  content: string;
  kind: NoticeKind;
  read: boolean;
  createdAt: number;
}

export interface FaqItem {
  id: number;
  category: string;
  question: string;
  answer?: string;
}

export interface AuthorProfile {
  id: number;
  nickName: string;
  portrait: string;
  certified: boolean;
  joinedAt: number;
}

export interface CentrePage<T> {
  list: T[];
  page: number;
  next: boolean;
  total: number;
}
export const CENTRE_PAGE_SIZE = 20;

/** My posts (我的帖子): plain text, stored as given, rendered as text (never as HTML). */
export const POST_TITLE_MIN = 4;
export const POST_TITLE_MAX = 40;
export const POST_CONTENT_MAX = 2000;
/** Posts one user may publish in a sliding window (deleted posts still count). */
export const POST_RATE = { count: 5, windowMs: 10 * 60_000 } as const;

/** Pictures one post may carry (a 3×3 grid on the post card). */
export const POST_MAX_IMAGES = 9;
/** Post pictures one user may upload per hour (used or not). */
export const POST_IMAGE_RATE = { count: 60, windowMs: 3600_000 } as const;

export interface MyPost {
  id: number;
  title: string;
  content: string;
  /** URLs of the post's pictures (uploads, served inert), in the order chosen. */
  images: string[];
  createdAt: number;
}

/** My tips (我的方案) on a football match: home win (胜), draw (平), away win (负). */
export const TIP_PICKS = ['home', 'draw', 'away'] as const;
export type TipPick = (typeof TIP_PICKS)[number];
export const TIP_REASON_MAX = 200;

/**
 * Derived by the server from the stored match: pending before kick-off (待开赛), live while
 * playing (进行中), hit (红) or miss (黑) once finished, void when cancelled or abandoned.
 */
export const TIP_OUTCOMES = ['pending', 'live', 'hit', 'miss', 'void'] as const;
export type TipOutcome = (typeof TIP_OUTCOMES)[number];

export interface TipMatch {
  id: number;
  leagueName: string;
  leagueColor: string;
  homeName: string;
  awayName: string;
  /** Kick-off, unix seconds. */
  ot: number;
}

export interface MyTip {
  id: number;
  pick: TipPick;
  reason: string;
  createdAt: number;
  match: TipMatch & { status: number; score: [number, number] };
  outcome: TipOutcome;
}

export interface TipStats {
  /** Tips on finished matches. */
  settled: number;
  hits: number;
  /** hits / settled, or null before any tip is settled. */
  hitRate: number | null;
}

export interface TipPage extends CentrePage<MyTip> {
  stats: TipStats;
}
