/**
 * Comments on articles and posts, with one level of replies: the paged list (shielded authors
 * left out, the viewer's likes marked), adding one (rate-limited, counted on the item in the same
 * transaction, the author and the replied-to notified), deleting one's own, and the operator's
 * removal.
 */
import { sql } from 'kysely';
import { Code } from '../../workers/protocol/index';
import {
  COMMENTS_PAGE_SIZE,
  COMMENT_RATE,
  type CommentPage,
  type CommentSort,
  type CommentTargetKind,
  type CommentView,
} from '../../workers/protocol/api/news';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { claimStoredQuota } from '../limits/stored-quota';
import { NewsText } from './strings';
import {
  clip,
  lockTarget,
  nickOf,
  pushNotices,
  shieldedIds,
  storeNotices,
  TABLE,
  type LikeKind,
  type Notice,
  type Trx,
} from './interactions';

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
    await claimStoredQuota(
      trx,
      'news_comments',
      userId,
      COMMENT_RATE,
      now,
      NewsText.commentTooFast(COMMENT_RATE.count),
    );
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
