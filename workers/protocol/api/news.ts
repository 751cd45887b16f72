/**
 * News (头条) and community (社区) REST paths and payloads (issue 12), main API. Shared by the
 * core's news module and the server's news area. GETs take query params; POSTs are form-encoded
 * except the news list, which is JSON (spec §7).
 */
export const NewsPaths = {
  /** GET → NewsColumn[] (the column tabs, 1002 头条 first). */
  columns: '/news/columns',
  /** GET ?type= → NewsBanner[] (the carousel of a column). */
  banners: '/news/banners',
  /** POST JSON { type, cursor?, size? } → NewsPage (pinned first, then newest first). */
  list: '/news/list',
  /** GET → ArticleDetail (counts a view). */
  detail: '/news/detail/:id',
  /** POST id, on (1 like, 0 unlike) → LikeState. Idempotent: one like per user per item. */
  like: '/news/like',
  /** GET ?kind=&id=&sort=new|hot&cursor= → CommentPage (top-level comments, each with replies). */
  comments: '/news/comments',
  /** POST kind, id, text, parentId? → CommentView. */
  commentAdd: '/news/comment/add',
  /** POST id → { id } (own comments only). */
  commentDelete: '/news/comment/delete',
  /** POST id, on → LikeState. */
  commentLike: '/news/comment/like',
  /** POST kind (post|comment), id, reason → { hidden } (whether it is now pending review). */
  report: '/news/report',
  /** GET → the automatic match reports of a match (preview, live, full time), newest first. */
  matchReports: '/news/match/:matchId/reports',
  /** Generated cover of an article, `${cover}.jpg` (`.svg` also answers); an image URL, not an API call. */
  cover: '/media/news/cover/:id',
} as const;

export const CommunityPaths = {
  /** GET → Circle[] (leagues then teams; `joined` for the caller). */
  circles: '/community/circles',
  /** GET → Circle. */
  circle: '/community/circle/:id',
  /** POST id, on → Circle. */
  circleJoin: '/community/circle/join',
  /** GET ?feed=recommend|follow|latest|circle&circleId=&cursor= → PostPage (shielded authors left out). */
  posts: '/community/posts',
  /** GET → PostView (counts nothing; a hidden post answers NOT_FOUND). */
  post: '/community/post/:id',
  /** POST id, on → LikeState. */
  postLike: '/community/post/like',
  /** POST userId, on → { following }. */
  follow: '/community/follow',
  /** POST userId, on → { shielded } (their posts and comments disappear for the caller). */
  shield: '/community/shield',
  /** Generated demo pictures of seeded posts (an image URL, not an API call). */
  art: '/media/community/art/:key',
} as const;

/** Operator API (only registered when OPS_TOKEN is set; header `x-ops-token`). JSON bodies. */
export const OpsNewsPaths = {
  /** POST { markdown } (front matter + body) or fields → ArticleDetail. */
  publish: '/ops/news/publish',
  /** POST { id, ...fields } → ArticleDetail. */
  edit: '/ops/news/edit',
  /** POST { id, pinned } → { id, pinned }. */
  pin: '/ops/news/pin',
  /** POST { id } → { id }. */
  takedown: '/ops/news/takedown',
  /** GET → ReportedItem[] (pending review). */
  reports: '/ops/reports',
  /** POST { kind, id, decision: restore|remove } → { kind, id, status }. */
  review: '/ops/reports/review',
} as const;

export const OPS_TOKEN_HEADER = 'x-ops-token';

export const HEADLINE_TYPE = 1002;
export const NEWS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;
export const POSTS_PAGE_SIZE = 20;
export const COMMENT_MAX = 500;
export const REPORT_REASON_MAX = 100;
export const POST_MAX_IMAGES = 9;
/** Limits per user (issue 12 rules). */
export const COMMENT_RATE = { count: 10, windowMs: 60_000 } as const;
export const REPORT_RATE = { count: 20, windowMs: 86_400_000 } as const;
/** Distinct reporters that hide an item until an operator reviews it. */
export const REPORT_HIDE_THRESHOLD = 3;

export type CommentTargetKind = 'article' | 'post';
export type ReportKind = 'post' | 'comment';
export type CommentSort = 'new' | 'hot';
export type PostFeed = 'recommend' | 'follow' | 'latest' | 'circle';

export interface NewsColumn {
  type: number;
  name: string;
}

export interface NewsBanner {
  articleId: number;
  type: number;
  title: string;
  cover: string;
}

export interface ArticleCard {
  id: number;
  type: number;
  title: string;
  summary: string;
  tag: string;
  cover: string;
  author: string;
  publishedAt: number;
  views: number;
  likes: number;
  comments: number;
  pinned: boolean;
  /** 自动生成 match report. */
  auto: boolean;
}

export interface NewsPage {
  list: ArticleCard[];
  /** Cursor of the next page, or null at the end. */
  next: string | null;
}

export interface ArticleDetail extends ArticleCard {
  /** Sanitised HTML rendered by the server from the Markdown body. */
  html: string;
  tags: string[];
  matchId: number | null;
  sport: 'zq' | 'lq' | null;
  liked: boolean;
  /** The linked match's scores and odds come from the simulator (shown as 演示数据). */
  demoData: boolean;
}

export interface LikeState {
  liked: boolean;
  likes: number;
}

export interface CommentAuthor {
  id: number;
  nickName: string;
  portrait: string;
}

export interface CommentView {
  id: number;
  parentId: number | null;
  author: CommentAuthor;
  /** The reply's addressee (one level of replies: a reply to a reply names whom it answers). */
  replyTo: string | null;
  text: string;
  likes: number;
  liked: boolean;
  mine: boolean;
  createdAt: number;
  replies: CommentView[];
}

export interface CommentPage {
  list: CommentView[];
  total: number;
  next: string | null;
}

export interface Circle {
  id: number;
  name: string;
  kind: 'league' | 'team';
  intro: string;
  color: string;
  members: number;
  posts: number;
  joined: boolean;
}

export interface PostView {
  id: number;
  /** The `code` of /community/detail. */
  code: string;
  title: string;
  content: string;
  images: string[];
  author: CommentAuthor & { following: boolean };
  circle: { id: number; name: string } | null;
  likes: number;
  liked: boolean;
  comments: number;
  mine: boolean;
  createdAt: number;
}

export interface PostPage {
  list: PostView[];
  next: string | null;
}

export interface ReportedItem {
  kind: ReportKind;
  id: number;
  text: string;
  reports: number;
  reasons: string[];
}

export type MatchReportKind = 'preview' | 'live' | 'final';
export interface MatchReportLink {
  articleId: number;
  type: number;
  kind: MatchReportKind;
  title: string;
}

/** Widths the generated cover is drawn at (`?w=`): full, and half for a list's thumbnail. */
export const COVER_LIST_WIDTH = 240;
export const COVER_FULL_WIDTH = 480;

/**
 * A list thumbnail of an article cover: the half-width drawing, and the full one for screens
 * denser than 2× (issue 29: 7 full covers were 85 KB of a news list's first view). Any other
 * image is left as it is.
 */
export function coverThumb(cover: string, displayWidth: number): { src: string; srcSet?: string; sizes?: string } {
  if (!/^\/media\/news\/cover\/\d+\.jpg$/.test(cover)) return { src: cover };
  const small = `${cover}?w=${COVER_LIST_WIDTH}`;
  return {
    src: small,
    srcSet: `${small} ${COVER_LIST_WIDTH}w, ${cover} ${COVER_FULL_WIDTH}w`,
    sizes: `${displayWidth}px`,
  };
}
