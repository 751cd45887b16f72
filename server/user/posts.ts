/**
 * My posts (我的帖子): publish, list mine, delete mine. Title and content are plain text, stored
 * as given; the client renders them as text, so nothing here escapes or strips markup.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, embeddedUrl, ok } from '../../workers/protocol/index';
import {
  CENTRE_PAGE_SIZE,
  POST_CONTENT_MAX,
  POST_RATE,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  UserCentrePaths as P,
  type CentrePage,
  type MyPost,
} from '../../workers/protocol/api/user-centre';
import type { AppContext } from '../context';
import { BizError, pageQuery, parseInput } from '../http/reply';
import { requireUserId } from './auth';
import { textField } from '../../workers/protocol/fields';

const u = (path: string) => embeddedUrl(path);

const postBody = z.object({
  title: textField({
    label: '标题',
    min: POST_TITLE_MIN,
    max: POST_TITLE_MAX,
    missing: '请输入帖子标题',
    short: `标题至少 ${POST_TITLE_MIN} 个字`,
    long: `标题不能超过 ${POST_TITLE_MAX} 个字`,
  }),
  content: textField({
    label: '帖子内容',
    min: 1,
    max: POST_CONTENT_MAX,
    multiline: true,
    missing: '请输入帖子内容',
    short: '请输入帖子内容',
    long: `内容不能超过 ${POST_CONTENT_MAX} 个字`,
  }),
});

const deleteBody = z.object({
  id: z.coerce
    .number({ error: '帖子编号不正确' })
    .int('帖子编号不正确')
    .positive('帖子编号不正确')
    .max(2_147_483_647, '帖子编号不正确'),
});

const toPost = (r: { id: number; title: string; content: string; created_at: number }): MyPost => ({
  id: r.id,
  title: r.title,
  content: r.content,
  createdAt: Number(r.created_at),
});

export function registerPostRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(u(P.posts), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { page } = parseInput(pageQuery, req.query);
    const base = db.selectFrom('user_posts').where('user_id', '=', userId).where('deleted_at', 'is', null);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select(['id', 'title', 'content', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CENTRE_PAGE_SIZE)
      .offset((page - 1) * CENTRE_PAGE_SIZE)
      .execute();
    return ok<CentrePage<MyPost>>({ list: rows.map(toPost), page, next: page * CENTRE_PAGE_SIZE < total, total });
  });

  app.post(u(P.postAdd), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(postBody, req.body);
    const now = ctx.now();
    const row = await db.transaction().execute(async (trx) => {
      // The user's row lock makes the count-then-insert one step under concurrent requests.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      const recent = await trx
        .selectFrom('user_posts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', now - POST_RATE.windowMs)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= POST_RATE.count)
        throw new BizError(
          Code.RATE_LIMITED,
          `发帖太频繁：${POST_RATE.windowMs / 60_000} 分钟内最多发 ${POST_RATE.count} 篇，请稍后再试`,
        );
      return trx
        .insertInto('user_posts')
        .values({ user_id: userId, title: body.title, content: body.content, created_at: now, deleted_at: null })
        .returning(['id', 'title', 'content', 'created_at'])
        .executeTakeFirstOrThrow();
    });
    return ok(toPost(row), '发布成功');
  });

  app.post(u(P.postDelete), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { id } = parseInput(deleteBody, req.body);
    const post = await db
      .selectFrom('user_posts')
      .select(['user_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!post) throw new BizError(Code.NOT_FOUND, '帖子不存在或已删除');
    if (post.user_id !== userId) throw new BizError(Code.REFUSED, '只能删除自己的帖子');
    await db
      .updateTable('user_posts')
      .set({ deleted_at: ctx.now() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    return ok({ id }, '已删除');
  });
}
