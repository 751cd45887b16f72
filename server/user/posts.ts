/**
 * My posts (我的帖子): publish (with up to 9 pictures), list mine, delete mine. Title and content
 * are plain text with sensitive words masked; the client renders them as text, so nothing here
 * escapes or strips markup. Pictures are uploads of purpose 'post' (sniffed, size-limited and
 * re-encoded by ./uploads), owned by the poster; the post keeps their URLs in the order chosen.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, embeddedUrl, ok } from '../../workers/protocol/index';
import {
  CENTRE_PAGE_SIZE,
  POST_CONTENT_MAX,
  POST_IMAGE_RATE,
  POST_MAX_IMAGES,
  POST_RATE,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  UserCentrePaths as P,
  type CentrePage,
  type MyPost,
} from '../../workers/protocol/api/user-centre';
import type { AppContext } from '../context';
import { BizError, pageQuery, parseInput } from '../http/reply';
import { claimStoredQuota, refuseOverQuota } from '../limits/stored-quota';
import { requireUserId } from './auth';
import { textField } from '../../workers/protocol/fields';
import { maskWords } from '../news/text-rules';
import { readImageUpload, storeUpload, uploadIdList, uploadUrl } from './uploads';

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
  images: uploadIdList({
    badId: '图片编号不正确',
    max: POST_MAX_IMAGES,
    tooMany: `每篇帖子最多 ${POST_MAX_IMAGES} 张图片`,
    repeated: '同一张图片只能添加一次',
  }),
  /** The circle (圈子) to post in; none: the post shows in the feeds only. */
  circleId: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? null : String(v).trim()),
      z
        .string()
        .regex(/^[1-9]\d{0,8}$/, '圈子编号不正确')
        .nullable(),
    )
    .transform((v) => (v === null ? null : Number(v))),
});

const deleteBody = z.object({
  id: z.coerce
    .number({ error: '帖子编号不正确' })
    .int('帖子编号不正确')
    .positive('帖子编号不正确')
    .max(2_147_483_647, '帖子编号不正确'),
});

const toPost = (r: { id: number; title: string; content: string; images: string; created_at: number }): MyPost => ({
  id: r.id,
  title: r.title,
  content: r.content,
  images: r.images ? r.images.split(',') : [],
  createdAt: Number(r.created_at),
});
const POST_COLUMNS = ['id', 'title', 'content', 'images', 'created_at'] as const;

export function registerPostRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(u(P.posts), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { page } = parseInput(pageQuery, req.query);
    const base = db.selectFrom('user_posts').where('user_id', '=', userId).where('deleted_at', 'is', null);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select(POST_COLUMNS)
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
      await claimStoredQuota(
        trx,
        'user_posts',
        userId,
        POST_RATE,
        now,
        `发帖太频繁：${POST_RATE.windowMs / 60_000} 分钟内最多发 ${POST_RATE.count} 篇，请稍后再试`,
      );
      let images: string[] = [];
      if (body.images.length) {
        const owned = await trx
          .selectFrom('user_uploads')
          .select(['id', 'file_name'])
          .where('id', 'in', body.images)
          .where('user_id', '=', userId)
          .where('purpose', '=', 'post')
          .execute();
        if (owned.length !== body.images.length) throw new BizError(Code.BAD_INPUT, '图片不存在，请重新上传');
        const byId = new Map(owned.map((r) => [r.id, r.file_name]));
        images = body.images.map((id) => uploadUrl(byId.get(id)!));
      }
      if (body.circleId !== null) {
        const circle = await trx
          .selectFrom('community_circles')
          .select('id')
          .where('id', '=', body.circleId)
          .executeTakeFirst();
        if (!circle) throw new BizError(Code.BAD_INPUT, '圈子不存在，请重新选择');
      }
      return trx
        .insertInto('user_posts')
        .values({
          user_id: userId,
          circle_id: body.circleId,
          title: maskWords(body.title),
          content: maskWords(body.content),
          images: images.join(','),
          created_at: now,
          deleted_at: null,
        })
        .returning(POST_COLUMNS)
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

/** POST the picture of a post to be (multipart `file`); registered inside the uploads scope. */
export function registerPostImageRoute(scope: FastifyInstance, ctx: AppContext): void {
  scope.post(u(P.postImage), async (req) => {
    const userId = await requireUserId(ctx, req);
    const postRows = { table: 'user_uploads', purpose: 'post' } as const;
    const tooMany = `上传太频繁：1 小时内最多上传 ${POST_IMAGE_RATE.count} 张图片，请稍后再试`;
    // Refused before the body is decoded; the claim in the transaction below is what holds.
    await refuseOverQuota(ctx.db, postRows, userId, POST_IMAGE_RATE, ctx.now(), tooMany);
    const upload = await readImageUpload(req, { minSide: 16, maxSide: 8192 });
    const stored = await ctx.db.transaction().execute(async (trx) => {
      await claimStoredQuota(trx, postRows, userId, POST_IMAGE_RATE, ctx.now(), tooMany);
      return storeUpload(ctx, trx, userId, 'post', upload);
    });
    return ok({ id: stored.id, url: stored.url, width: stored.width, height: stored.height }, '上传成功');
  });
}
