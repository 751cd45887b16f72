/**
 * Community (社区): circles, the post feeds (推荐 / 关注 / 最新 / a circle), post detail, follow
 * and shield. Posts are the user centre's `user_posts` (written at /user/community); shielded
 * authors' posts are left out for the viewer.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { Code, embeddedUrl, ok } from '../../workers/protocol/index';
import {
  CommunityPaths as P,
  POSTS_PAGE_SIZE,
  type Circle,
  type PostPage,
  type PostView,
} from '../../workers/protocol/api/news';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { BizError, parseInput } from '../http/reply';
import { requireUserId } from '../user/auth';
import { coverSvg } from './cover';
import { pushNotices, setLike, shieldedIds, viewerId, type Notice } from './interactions';
import { notifyUser } from '../user/messages';
import { offsetCursor, onFlag, positiveId } from './schemas';
import { NewsText } from './strings';

const u = (path: string) => embeddedUrl(path);

/** A follow or shield: the other user it names (never the caller) and on/off. */
const otherUserBody = z.object({ userId: positiveId(NewsText.userGone), on: onFlag.default(true) });
function otherUserOf(body: unknown, userId: number, selfRefusal: string): { target: number; on: boolean } {
  const { userId: target, on } = parseInput(otherUserBody, body);
  if (target === userId) throw new BizError(Code.REFUSED, selfRefusal);
  return { target, on };
}

const postsQuery = z.object({
  feed: z.enum(['recommend', 'follow', 'latest', 'circle'], { error: NewsText.badFeed }).default('recommend'),
  circleId: positiveId().optional(),
  cursor: offsetCursor,
});

export async function circleView(db: Db, ids: number[] | null, viewer: number | null): Promise<Circle[]> {
  let q = db
    .selectFrom('community_circles as c')
    .select(['c.id', 'c.name', 'c.kind', 'c.intro', 'c.color', 'c.members', 'c.sort'])
    .select((eb) =>
      eb
        .selectFrom('user_posts as p')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('p.circle_id', '=', 'c.id')
        .where('p.status', '=', 0)
        .where('p.deleted_at', 'is', null)
        .as('posts'),
    );
  if (ids) q = q.where('c.id', 'in', ids.length ? ids : [0]);
  const rows = await q.orderBy('c.sort').execute();
  const joined = viewer
    ? new Set(
        (await db.selectFrom('community_members').select('circle_id').where('user_id', '=', viewer).execute()).map(
          (r) => r.circle_id,
        ),
      )
    : new Set<number>();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    intro: r.intro,
    color: r.color,
    members: r.members,
    posts: Number(r.posts ?? 0),
    joined: joined.has(r.id),
  }));
}

type PostRow = {
  id: number;
  title: string;
  content: string;
  images: string;
  likes: number;
  comments: number;
  created_at: number;
  user_id: number;
  nick_name: string;
  portrait: string;
  circle_id: number | null;
  circle_name: string | null;
};

function postsBase(db: Db) {
  return db
    .selectFrom('user_posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('community_circles as c', 'c.id', 'p.circle_id')
    .select([
      'p.id',
      'p.title',
      'p.content',
      'p.images',
      'p.likes',
      'p.comments',
      'p.created_at',
      'p.user_id',
      'u.nick_name',
      'u.portrait',
      'p.circle_id',
      'c.name as circle_name',
    ])
    .where('p.status', '=', 0)
    .where('p.deleted_at', 'is', null);
}

async function postViews(db: Db, rows: PostRow[], viewer: number | null): Promise<PostView[]> {
  const ids = rows.map((r) => r.id);
  const liked = new Set<number>();
  const following = new Set<number>();
  if (viewer && ids.length) {
    for (const r of await db
      .selectFrom('news_likes')
      .select('target_id')
      .where('target_kind', '=', 'post')
      .where('user_id', '=', viewer)
      .where('target_id', 'in', ids)
      .execute())
      liked.add(r.target_id);
    for (const r of await db
      .selectFrom('community_follows')
      .select('followee_id')
      .where('user_id', '=', viewer)
      .execute())
      following.add(r.followee_id);
  }
  return rows.map((r) => ({
    id: r.id,
    code: String(r.id),
    title: r.title,
    content: r.content,
    images: r.images ? r.images.split(',') : [],
    author: { id: r.user_id, nickName: r.nick_name, portrait: r.portrait, following: following.has(r.user_id) },
    circle: r.circle_id && r.circle_name ? { id: r.circle_id, name: r.circle_name } : null,
    likes: r.likes,
    liked: liked.has(r.id),
    comments: r.comments,
    mine: viewer === r.user_id,
    createdAt: Number(r.created_at),
  }));
}

export function registerCommunityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(u(P.circles), async (req) => ok(await circleView(db, null, await viewerId(ctx, req))));

  app.get(u(P.circle), async (req) => {
    const { id } = parseInput(z.object({ id: positiveId() }), req.params);
    const [c] = await circleView(db, [id], await viewerId(ctx, req));
    if (!c) throw new BizError(Code.NOT_FOUND, NewsText.circleGone);
    return ok(c);
  });

  app.post(u(P.circleJoin), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { id, on } = parseInput(z.object({ id: positiveId(), on: onFlag.default(true) }), req.body);
    await db.transaction().execute(async (trx) => {
      const c = await trx
        .selectFrom('community_circles')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!c) throw new BizError(Code.NOT_FOUND, NewsText.circleGone);
      if (on) {
        const ins = await trx
          .insertInto('community_members')
          .values({ circle_id: id, user_id: userId, created_at: ctx.now() })
          .onConflict((oc) => oc.doNothing())
          .returning('user_id')
          .executeTakeFirst();
        if (ins)
          await trx
            .updateTable('community_circles')
            .set({ members: sql`members + 1` })
            .where('id', '=', id)
            .execute();
      } else {
        const del = await trx
          .deleteFrom('community_members')
          .where('circle_id', '=', id)
          .where('user_id', '=', userId)
          .returning('user_id')
          .executeTakeFirst();
        if (del)
          await trx
            .updateTable('community_circles')
            .set({ members: sql`greatest(members - 1, 0)` })
            .where('id', '=', id)
            .execute();
      }
    });
    const [c] = await circleView(db, [id], userId);
    return ok(c, on ? NewsText.joined : NewsText.left);
  });

  app.get(u(P.posts), async (req) => {
    const q = parseInput(postsQuery, req.query);
    const viewer = q.feed === 'follow' ? await requireUserId(ctx, req) : await viewerId(ctx, req);
    if (q.feed === 'circle' && !q.circleId) throw new BizError(Code.BAD_INPUT, NewsText.circleGone);
    const shielded = await shieldedIds(db, viewer);
    let rows = postsBase(db);
    if (shielded.length) rows = rows.where('p.user_id', 'not in', shielded);
    if (q.feed === 'circle') rows = rows.where('p.circle_id', '=', q.circleId!);
    if (q.feed === 'follow')
      rows = rows.where('p.user_id', 'in', (eb) =>
        eb.selectFrom('community_follows').select('followee_id').where('user_id', '=', viewer!),
      );
    rows =
      q.feed === 'recommend'
        ? rows.orderBy(sql`p.likes * 2 + p.comments * 3`, 'desc').orderBy('p.id', 'desc')
        : rows.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
    const found = (await rows
      .limit(POSTS_PAGE_SIZE + 1)
      .offset(q.cursor)
      .execute()) as PostRow[];
    const more = found.length > POSTS_PAGE_SIZE;
    return ok<PostPage>({
      list: await postViews(db, found.slice(0, POSTS_PAGE_SIZE), viewer),
      next: more ? String(q.cursor + POSTS_PAGE_SIZE) : null,
    });
  });

  app.get(u(P.post), async (req) => {
    const { id } = parseInput(z.object({ id: positiveId() }), req.params);
    const viewer = await viewerId(ctx, req);
    const row = (await postsBase(db).where('p.id', '=', id).executeTakeFirst()) as PostRow | undefined;
    if (!row || (await shieldedIds(db, viewer)).includes(row.user_id))
      throw new BizError(Code.NOT_FOUND, NewsText.postGone);
    const [view] = await postViews(db, [row], viewer);
    return ok(view);
  });

  app.post(u(P.postLike), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { id, on } = parseInput(z.object({ id: positiveId(), on: onFlag.default(true) }), req.body);
    return ok(await setLike(ctx, 'post', id, userId, on), on ? NewsText.liked : NewsText.unliked);
  });

  app.post(u(P.follow), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { target, on } = otherUserOf(req.body, userId, NewsText.selfFollow);
    const notices: Notice[] = [];
    await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom('users').select('id').where('id', '=', target).executeTakeFirst();
      if (!exists) throw new BizError(Code.NOT_FOUND, NewsText.userGone);
      if (on) {
        // Messaging's block (issue 13) also stops following, either way.
        const block = await trx
          .selectFrom('im_blocks')
          .select('user_id')
          .where((eb) =>
            eb.or([
              eb.and([eb('user_id', '=', target), eb('blocked_user_id', '=', userId)]),
              eb.and([eb('user_id', '=', userId), eb('blocked_user_id', '=', target)]),
            ]),
          )
          .executeTakeFirst();
        if (block)
          throw new BizError(
            Code.REFUSED,
            block.user_id === userId ? '你已将对方拉黑，解除拉黑后才能关注' : '对方已将你拉黑，无法关注',
          );
        const ins = await trx
          .insertInto('community_follows')
          .values({ user_id: userId, followee_id: target, created_at: ctx.now() })
          .onConflict((oc) => oc.doNothing())
          .returning('user_id')
          .executeTakeFirst();
        if (ins) {
          const me = await trx
            .selectFrom('users')
            .select('nick_name')
            .where('id', '=', userId)
            .executeTakeFirstOrThrow();
          const n = {
            userId: target,
            title: NewsText.notice.followTitle,
            text: NewsText.notice.follow(me.nick_name),
            path: '/user/message',
          };
          await notifyUser(trx, n.userId, n.title, n.text, ctx.now(), 'community');
          notices.push(n);
        }
      } else {
        await trx
          .deleteFrom('community_follows')
          .where('user_id', '=', userId)
          .where('followee_id', '=', target)
          .execute();
      }
    });
    pushNotices(ctx, notices);
    return ok({ following: on }, on ? NewsText.followed : NewsText.unfollowed);
  });

  app.post(u(P.shield), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { target, on } = otherUserOf(req.body, userId, NewsText.selfShield);
    const exists = await db.selectFrom('users').select('id').where('id', '=', target).executeTakeFirst();
    if (!exists) throw new BizError(Code.NOT_FOUND, NewsText.userGone);
    if (on)
      await db
        .insertInto('community_shields')
        .values({ user_id: userId, shielded_id: target, created_at: ctx.now() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    else
      await db
        .deleteFrom('community_shields')
        .where('user_id', '=', userId)
        .where('shielded_id', '=', target)
        .execute();
    return ok({ shielded: on }, on ? NewsText.shielded : NewsText.unshielded);
  });

  // Demo pictures of seeded posts: generated SVGs, never uploads.
  app.get(`${P.art}.svg`, async (req, reply) => {
    const { key } = parseInput(z.object({ key: z.string().regex(/^[a-z]{2}-\d{1,6}$/, NewsText.badId) }), req.params);
    const [sport, n] = key.split('-') as [string, string];
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(coverSvg({ id: Number(n), type: sport === 'lq' ? 1004 : 1003, tag: '', sport }));
  });
}
