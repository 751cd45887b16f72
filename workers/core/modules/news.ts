/**
 * The core's news and community module (issue 12): every call of the 头条 and 社区 screens, over
 * the core's one REST client. Registered on the core as the single `news(method, ...args)`
 * handler, so the tab contract grows by one entry whatever this module adds.
 *
 * Must not import DOM code or anything under src/ (house rule 1).
 */
import {
  CommunityPaths as C,
  NewsPaths as P,
  type ArticleDetail,
  type Circle,
  type CommentPage,
  type CommentSort,
  type CommentTargetKind,
  type CommentView,
  type LikeState,
  type MatchReportLink,
  type NewsBanner,
  type NewsColumn,
  type NewsPage,
  type PostFeed,
  type PostPage,
  type PostView,
  type ReportKind,
} from '../../protocol/api/news';
import type { Envelope } from '../../protocol/envelope';
import type { RestRequest } from '../api';

type Request = <T>(req: RestRequest) => Promise<Envelope<T>>;
const flag = (on: boolean) => (on ? 1 : 0);

export function createNewsModule(request: Request) {
  const get = <T>(path: string, query?: RestRequest['query'], params?: RestRequest['params']) =>
    request<T>({ path, query, params });
  const post = <T>(path: string, body: Record<string, unknown>) => request<T>({ path, method: 'POST', body });
  return {
    columns: () => request<NewsColumn[]>({ path: P.columns, offline: true }),
    banners: (type: number) => get<NewsBanner[]>(P.banners, { type }),
    /** The news list is the one JSON POST of spec §7. */
    list: (type: number, cursor: string | null) =>
      request<NewsPage>({ path: P.list, method: 'POST', json: true, body: { type, cursor } }),
    article: (id: number) => get<ArticleDetail>(P.detail, undefined, { id }),
    likeArticle: (id: number, on: boolean) => post<LikeState>(P.like, { id, on: flag(on) }),
    comments: (kind: CommentTargetKind, id: number, sort: CommentSort, cursor: string | null) =>
      get<CommentPage>(P.comments, { kind, id, sort, cursor: cursor ?? undefined }),
    addComment: (kind: CommentTargetKind, id: number, text: string, parentId?: number) =>
      post<CommentView>(P.commentAdd, { kind, id, text, parentId }),
    deleteComment: (id: number) => post<{ id: number }>(P.commentDelete, { id }),
    likeComment: (id: number, on: boolean) => post<LikeState>(P.commentLike, { id, on: flag(on) }),
    report: (kind: ReportKind, id: number, reason: string) => post<{ hidden: boolean }>(P.report, { kind, id, reason }),
    matchReports: (matchId: number) => get<MatchReportLink[]>(P.matchReports, undefined, { matchId }),
    circles: () => get<Circle[]>(C.circles),
    circle: (id: number) => get<Circle>(C.circle, undefined, { id }),
    joinCircle: (id: number, on: boolean) => post<Circle>(C.circleJoin, { id, on: flag(on) }),
    posts: (feed: PostFeed, cursor: string | null, circleId?: number) =>
      get<PostPage>(C.posts, { feed, cursor: cursor ?? undefined, circleId }),
    post: (id: number) => get<PostView>(C.post, undefined, { id }),
    likePost: (id: number, on: boolean) => post<LikeState>(C.postLike, { id, on: flag(on) }),
    follow: (userId: number, on: boolean) => post<{ following: boolean }>(C.follow, { userId, on: flag(on) }),
    shield: (userId: number, on: boolean) => post<{ shielded: boolean }>(C.shield, { userId, on: flag(on) }),
  };
}

export type NewsApi = ReturnType<typeof createNewsModule>;
export type NewsMethod = keyof NewsApi;

export interface NewsHandlers {
  /** One entry for the whole module: `news('list', 1002, null)`. */
  news<M extends NewsMethod>(method: M, ...args: Parameters<NewsApi[M]>): ReturnType<NewsApi[M]>;
}

/** The core handler: dispatches by method name (unknown names are refused, not called). */
export function newsHandler(request: Request): NewsHandlers['news'] {
  const api = createNewsModule(request);
  return ((method: NewsMethod, ...args: unknown[]) => {
    const fn = api[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
    if (typeof fn !== 'function' || !Object.prototype.hasOwnProperty.call(api, method))
      return Promise.reject(new Error(`unknown news call ${String(method)}`));
    return fn(...args);
  }) as NewsHandlers['news'];
}
