/**
 * What logged-in users do to articles, posts and comments: likes (idempotent, counted in the same
 * transaction, never below zero), reports that hide an item once enough people report it, and the
 * notices these send to authors (system message + a push on the author's socket inbox). Comments
 * are in ./comments.ts.
 */
import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../workers/protocol/index';
import {
  REPORT_HIDE_THRESHOLD,
  REPORT_RATE,
  type CommentTargetKind,
  type LikeState,
  type ReportKind,
} from '../../workers/protocol/api/news';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { claimStoredQuota } from '../limits/stored-quota';
import { accessTokenOf, verifyAccessToken } from '../accounts/tokens';
import { notifyUser } from '../user/messages';
import { NewsText } from './strings';

export type LikeKind = CommentTargetKind | 'comment';
export type Trx = Transaction<Database>;

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
export async function storeNotices(trx: Trx, notices: Notice[], now: number): Promise<void> {
  for (const n of notices) await notifyUser(trx, n.userId, n.title, n.text, now, 'community');
}

export function pushNotices(ctx: AppContext, notices: Notice[]): void {
  for (const n of notices)
    ctx.hub?.publishToUser(n.userId, { kind: 'reminder', title: n.title, text: n.text, path: n.path, at: ctx.now() });
}

export const clip = (s: string, n = 30) => (s.length > n ? `${s.slice(0, n)}…` : s);
export const nickOf = async (db: Db | Trx, userId: number) =>
  (await db.selectFrom('users').select('nick_name').where('id', '=', userId).executeTakeFirst())?.nick_name ?? '';

interface TargetInfo {
  authorId: number | null;
  title: string;
  path: string;
}

/** A shown article, post or comment (locked for the transaction), or NOT_FOUND. */
export async function lockTarget(trx: Trx, kind: LikeKind, id: number): Promise<TargetInfo> {
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

export const TABLE = { article: 'news_articles', post: 'user_posts', comment: 'news_comments' } as const;

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

/** A report; the REPORT_HIDE_THRESHOLD-th distinct reporter hides the item pending review. */
export async function report(
  ctx: AppContext,
  userId: number,
  input: { kind: ReportKind; id: number; reason: string },
): Promise<{ hidden: boolean }> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await claimStoredQuota(trx, 'news_reports', userId, REPORT_RATE, now, NewsText.reportTooMany(REPORT_RATE.count));
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
