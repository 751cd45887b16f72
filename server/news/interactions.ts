/**
 * What logged-in users do to articles, posts and comments: likes (idempotent, counted in the same
 * transaction, never below zero), comments with one level of replies, reports that hide an item
 * once enough people report it, and the notices these send to authors (system message + a push
 * on the author's socket inbox).
 */
import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../workers/protocol/index';
import {
  COMMENTS_PAGE_SIZE,
  COMMENT_RATE,
  REPORT_HIDE_THRESHOLD,
  REPORT_RATE,
  type CommentPage,
  type CommentSort,
  type CommentTargetKind,
  type CommentView,
  type LikeState,
  type ReportKind,
} from '../../workers/protocol/api/news';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { accessTokenOf, verifyAccessToken } from '../accounts/tokens';
import { notifyUser } from '../user/messages';
import { NewsText } from './strings';

export type LikeKind = CommentTargetKind | 'comment';
type Trx = Transaction<Database>;

/** The signed-in user of a read, or null for a visitor (reads never require a login). */
export async function viewerId(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const token = accessTokenOf(req);
  return token ? verifyAccessToken(ctx.db, token, ctx.now()) : null;
}

export interface Notice {
  userId: number;
  title: string;
  text: string;
  path: string;
}

/** Stores the notices in the transaction; the caller pushes them once it has committed. */
async function storeNotices(trx: Trx, notices: Notice[], now: number): Promise<void> {
  for (const n of notices) await notifyUser(trx, n.userId, n.title, n.text, now, 'community');
}

export function pushNotices(ctx: AppContext, notices: Notice[]): void {
  for (const n of notices)
    ctx.hub?.publishToUser(n.userId, { kind: 'reminder', title: n.title, text: n.text, path: n.path, at: ctx.now() });
}

const clip = (s: string, n = 30) => (s.length > n ? `${s.slice(0, n)}…` : s);
const nickOf = async (db: Db | Trx, userId: number) =>
  (await db.selectFrom('users').select('nick_name').where('id', '=', userId).executeTakeFirst())?.nick_name ?? '';

interface TargetInfo {
  authorId: number | null;
  title: string;
  path: string;
}

/** A shown article, post or comment (locked for the transaction), or NOT_FOUND. */
async function lockTarget(trx: Trx, kind: LikeKind, id: number): Promise<TargetInfo> {
  if (kind === 'article') {
    const a = await trx
      .selectFrom('news_articles')
      .select(['title', 'type'])
      .where('id', '=', id)
      .where('status', '=', 0)
      .forUpdate()
      .executeTakeFirst();
    if (!a) throw new BizError(Code.NOT_FOUND, NewsText.articleGone);
    return { authorId: null, title: a.title, path: `/news/${a.type}/${id}` };
  }
  if (kind === 'post') {
    const p = await trx
      .selectFrom('user_posts')
      .select(['user_id', 'title'])
      .where('id', '=', id)
      .where('status', '=', 0)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw new BizError(Code.NOT_FOUND, NewsText.postGone);
    return { authorId: p.user_id, title: p.title, path: `/community/detail?code=${id}` };
  }
  const c = await trx
    .selectFrom('news_comments')
    .select(['user_id', 'text', 'target_kind', 'target_id'])
    .where('id', '=', id)
    .where('status', '=', 0)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!c) throw new BizError(Code.NOT_FOUND, NewsText.commentGone);
  const parentPath =
    c.target_kind === 'post'
      ? `/community/detail?code=${c.target_id}`
      : `/news/${(await trx.selectFrom('news_articles').select('type').where('id', '=', c.target_id).executeTakeFirst())?.type ?? 1002}/${c.target_id}`;
  return { authorId: c.user_id, title: c.text, path: parentPath };
}

const TABLE = { article: 'news_articles', post: 'user_posts', comment: 'news_comments' } as const;

export async function setLike(
  ctx: AppContext,
  kind: LikeKind,
  id: number,
  userId: number,
  on: boolean,
): Promise<LikeState> {
  const now = ctx.now();
  const notices: Notice[] = [];
  const state = await ctx.db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, kind, id);
    const table = TABLE[kind];
    if (on) {
      const ins = await trx
        .insertInto('news_likes')
        .values({ target_kind: kind, target_id: id, user_id: userId, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (ins) {
        await trx
          .updateTable(table)
          .set({ likes: sql`likes + 1` })
          .where('id', '=', id)
          .execute();
        if (target.authorId && target.authorId !== userId) {
          const who = await nickOf(trx, userId);
          notices.push({
            userId: target.authorId,
            title: NewsText.notice.likeTitle,
            text:
              kind === 'post'
                ? NewsText.notice.likePost(who, target.title)
                : NewsText.notice.likeComment(who, clip(target.title)),
            path: target.path,
          });
        }
      }
    } else {
      const del = await trx
        .deleteFrom('news_likes')
        .where('target_kind', '=', kind)
        .where('target_id', '=', id)
        .where('user_id', '=', userId)
        .returning('user_id')
        .executeTakeFirst();
      if (del)
        await trx
          .updateTable(table)
          .set({ likes: sql`greatest(likes - 1, 0)` })
          .where('id', '=', id)
          .execute();
    }
    await storeNotices(trx, notices, now);
    const row = await trx.selectFrom(table).select('likes').where('id', '=', id).executeTakeFirstOrThrow();
    return { liked: on, likes: row.likes };
  });
  pushNotices(ctx, notices);
  return state;
}

/** Ids of the users the viewer has shielded (their posts and comments are left out). */
export async function shieldedIds(db: Db, viewer: number | null): Promise<number[]> {
  if (!viewer) return [];
  const rows = await db.selectFrom('community_shields').select('shielded_id').where('user_id', '=', viewer).execute();
  return rows.map((r) => r.shielded_id);
}

type CommentRow = {
  id: number;
  parent_id: number | null;
  reply_to: string | null;
  text: string;
  likes: number;
  created_at: number;
  user_id: number;
  nick_name: string;
  portrait: string;
};

async function likedSet(db: Db, kind: LikeKind, ids: number[], viewer: number | null): Promise<Set<number>> {
  if (!viewer || !ids.length) return new Set();
  const rows = await db
    .selectFrom('news_likes')
    .select('target_id')
    .where('target_kind', '=', kind)
    .where('user_id', '=', viewer)
    .where('target_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.target_id));
}

export async function listComments(
  db: Db,
  kind: CommentTargetKind,
  targetId: number,
  sort: CommentSort,
  offset: number,
  viewer: number | null,
): Promise<CommentPage> {
  const shielded = await shieldedIds(db, viewer);
  const base = () => {
    let q = db
      .selectFrom('news_comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .where('c.target_kind', '=', kind)
      .where('c.target_id', '=', targetId)
      .where('c.status', '=', 0)
      .where('c.deleted_at', 'is', null);
    if (shielded.length) q = q.where('c.user_id', 'not in', shielded);
    return q;
  };
  const cols = [
    'c.id',
    'c.parent_id',
    'c.reply_to',
    'c.text',
    'c.likes',
    'c.created_at',
    'c.user_id',
    'u.nick_name',
    'u.portrait',
  ] as const;
  const total = Number(
    (
      await base()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  let top = base().select(cols).where('c.parent_id', 'is', null);
  top = sort === 'hot' ? top.orderBy('c.likes', 'desc').orderBy('c.id', 'desc') : top.orderBy('c.id', 'desc');
  const rows: CommentRow[] = await top
    .limit(COMMENTS_PAGE_SIZE + 1)
    .offset(offset)
    .execute();
  const more = rows.length > COMMENTS_PAGE_SIZE;
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  const replies: CommentRow[] = page.length
    ? await base()
        .select(cols)
        .where(
          'c.parent_id',
          'in',
          page.map((r) => r.id),
        )
        .orderBy('c.id', 'asc')
        .limit(500)
        .execute()
    : [];
  const liked = await likedSet(
    db,
    'comment',
    [...page, ...replies].map((r) => r.id),
    viewer,
  );
  const view = (r: CommentRow): CommentView => ({
    id: r.id,
    parentId: r.parent_id,
    author: { id: r.user_id, nickName: r.nick_name, portrait: r.portrait },
    replyTo: r.reply_to,
    text: r.text,
    likes: r.likes,
    liked: liked.has(r.id),
    mine: viewer === r.user_id,
    createdAt: Number(r.created_at),
    replies: [],
  });
  const list = page.map((r) => ({ ...view(r), replies: replies.filter((x) => x.parent_id === r.id).map(view) }));
  return { list, total, next: more ? String(offset + COMMENTS_PAGE_SIZE) : null };
}

export async function addComment(
  ctx: AppContext,
  userId: number,
  input: { kind: CommentTargetKind; id: number; text: string; parentId?: number | undefined },
): Promise<CommentView> {
  const now = ctx.now();
  const notices: Notice[] = [];
  const view = await ctx.db.transaction().execute(async (trx) => {
    // The user's row lock makes the count-then-insert one step under concurrent requests.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const recent = await trx
      .selectFrom('news_comments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', now - COMMENT_RATE.windowMs)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= COMMENT_RATE.count)
      throw new BizError(Code.RATE_LIMITED, NewsText.commentTooFast(COMMENT_RATE.count));
    const target = await lockTarget(trx, input.kind, input.id);
    const who = await nickOf(trx, userId);
    let parentId: number | null = null;
    let replyTo: string | null = null;
    if (input.parentId !== undefined) {
      const parent = await trx
        .selectFrom('news_comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.parent_id', 'c.target_kind', 'c.target_id', 'c.user_id', 'u.nick_name'])
        .where('c.id', '=', input.parentId)
        .where('c.status', '=', 0)
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!parent) throw new BizError(Code.NOT_FOUND, NewsText.parentGone);
      if (parent.target_kind !== input.kind || parent.target_id !== input.id)
        throw new BizError(Code.BAD_INPUT, NewsText.parentOther);
      // One level of replies: a reply to a reply joins the same thread and names whom it answers.
      parentId = parent.parent_id ?? parent.id;
      replyTo = parent.parent_id ? parent.nick_name : null;
      if (parent.user_id !== userId)
        notices.push({
          userId: parent.user_id,
          title: NewsText.notice.replyTitle,
          text: NewsText.notice.reply(who, clip(input.text)),
          path: target.path,
        });
    }
    if (target.authorId && target.authorId !== userId && !notices.some((n) => n.userId === target.authorId))
      notices.push({
        userId: target.authorId,
        title: NewsText.notice.commentTitle,
        text: NewsText.notice.comment(who, target.title, clip(input.text)),
        path: target.path,
      });
    const row = await trx
      .insertInto('news_comments')
      .values({
        target_kind: input.kind,
        target_id: input.id,
        user_id: userId,
        parent_id: parentId,
        reply_to: replyTo,
        text: input.text,
        created_at: now,
        deleted_at: null,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable(TABLE[input.kind])
      .set({ comments: sql`comments + 1` })
      .where('id', '=', input.id)
      .execute();
    await storeNotices(trx, notices, now);
    const me = await trx
      .selectFrom('users')
      .select(['nick_name', 'portrait'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      parentId,
      author: { id: userId, nickName: me.nick_name, portrait: me.portrait },
      replyTo,
      text: input.text,
      likes: 0,
      liked: false,
      mine: true,
      createdAt: Number(row.created_at),
      replies: [],
    } satisfies CommentView;
  });
  pushNotices(ctx, notices);
  return view;
}

/** Deletes one's own comment (and the replies under it); the item's count drops by as many. */
export async function deleteComment(ctx: AppContext, userId: number, id: number): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const c = await trx
      .selectFrom('news_comments')
      .select(['user_id', 'target_kind', 'target_id', 'parent_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('status', '!=', 2)
      .forUpdate()
      .executeTakeFirst();
    if (!c) throw new BizError(Code.NOT_FOUND, NewsText.commentGone);
    if (c.user_id !== userId) throw new BizError(Code.REFUSED, NewsText.deleteOwnOnly);
    await removeComments(trx, id, c.target_kind, c.target_id, { deleted_at: now });
  });
}

/** Marks a comment and its live replies gone; lowers the item's comment count by as many. */
export async function removeComments(
  trx: Trx,
  id: number,
  kind: CommentTargetKind,
  targetId: number,
  set: { deleted_at: number } | { status: 2 },
): Promise<void> {
  const gone = await trx
    .updateTable('news_comments')
    .set(set)
    .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
    .where('deleted_at', 'is', null)
    .where('status', '!=', 2)
    .returning('id')
    .execute();
  if (gone.length)
    await trx
      .updateTable(TABLE[kind])
      .set({ comments: sql`greatest(comments - ${gone.length}, 0)` })
      .where('id', '=', targetId)
      .execute();
}

/** A report; the REPORT_HIDE_THRESHOLD-th distinct reporter hides the item pending review. */
export async function report(
  ctx: AppContext,
  userId: number,
  input: { kind: ReportKind; id: number; reason: string },
): Promise<{ hidden: boolean }> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const today = await trx
      .selectFrom('news_reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', now - REPORT_RATE.windowMs)
      .executeTakeFirstOrThrow();
    if (Number(today.n) >= REPORT_RATE.count)
      throw new BizError(Code.RATE_LIMITED, NewsText.reportTooMany(REPORT_RATE.count));
    const target = await lockTarget(trx, input.kind, input.id);
    if (target.authorId === userId) throw new BizError(Code.REFUSED, NewsText.selfReport);
    const ins = await trx
      .insertInto('news_reports')
      .values({ target_kind: input.kind, target_id: input.id, user_id: userId, reason: input.reason, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!ins) throw new BizError(Code.REFUSED, NewsText.reportTwice);
    const n = await trx
      .selectFrom('news_reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('target_kind', '=', input.kind)
      .where('target_id', '=', input.id)
      .where('reviewed', '=', false)
      .executeTakeFirstOrThrow();
    const hidden = Number(n.n) >= REPORT_HIDE_THRESHOLD;
    if (hidden) await trx.updateTable(TABLE[input.kind]).set({ status: 1 }).where('id', '=', input.id).execute();
    return { hidden };
  });
}
