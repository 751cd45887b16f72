/**
 * The news and community area (issue 12): public reads for visitors, writes for signed-in users,
 * and the operator API (only when OPS_TOKEN is set). Paths: workers/protocol/api/news.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, embeddedUrl, ok } from '../../workers/protocol/index';
import {
  COMMENT_MAX,
  HEADLINE_TYPE,
  NEWS_PAGE_SIZE,
  NewsPaths as P,
  REPORT_REASON_MAX,
  type NewsBanner,
} from '../../workers/protocol/api/news';
import type { AreaPlugin } from '../context';
import { BizError, parseInput } from '../http/reply';
import { requireUserId } from '../user/auth';
import { articleDetail, coverUrl, listArticles } from './articles';
import { NEWS_COLUMNS, isColumn } from './columns';
import { registerCommunityRoutes } from './community';
import { coverSvg } from './cover';
import { COVER_WIDTHS, coverJpeg, type CoverWidth } from './cover-raster';
import { addComment, deleteComment, listComments } from './comments';
import { report, setLike, viewerId } from './interactions';
import { registerMatchReports, matchReportLinks } from './match-reports';
import { registerOpsRoutes } from './ops';
import { seedNews } from './seed';
import { offsetCursor, onFlag, positiveId } from './schemas';
import { NewsText } from './strings';
import { userText } from './text-rules';
import { isDemoSource } from '../live/source';

const u = (path: string) => embeddedUrl(path);

const typeSchema = z.coerce
  .number({ error: NewsText.badType })
  .int(NewsText.badType)
  .refine(isColumn, NewsText.badType);
const listBody = z.object({
  type: typeSchema.default(HEADLINE_TYPE),
  cursor: z.string().max(40, NewsText.badCursor).nullable().optional(),
  size: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
});
const commentQuery = z.object({
  kind: z.enum(['article', 'post'], { error: NewsText.badKind }),
  id: positiveId(),
  sort: z.enum(['new', 'hot'], { error: NewsText.badSort }).default('new'),
  cursor: offsetCursor,
});
const commentBody = z.object({
  kind: z.enum(['article', 'post'], { error: NewsText.badKind }),
  id: positiveId(),
  text: userText(NewsText.labels.comment, 1, COMMENT_MAX),
  parentId: positiveId().optional(),
});
const reportBody = z.object({
  kind: z.enum(['post', 'comment'], { error: NewsText.badKind }),
  id: positiveId(),
  reason: userText(NewsText.labels.reason, 2, REPORT_REASON_MAX),
});
const likeBody = z.object({ id: positiveId(), on: onFlag.default(true) });

export const newsArea: AreaPlugin = async (app: FastifyInstance, ctx) => {
  const { db } = ctx;
  await seedNews(db, ctx.now());

  app.get(u(P.columns), async () => ok(NEWS_COLUMNS.map(({ type, name }) => ({ type, name }))));

  app.get(u(P.banners), async (req) => {
    const { type } = parseInput(z.object({ type: typeSchema.default(HEADLINE_TYPE) }), req.query);
    let q = db
      .selectFrom('news_articles')
      .select(['id', 'type', 'title'])
      .where('status', '=', 0)
      .where('banner', '=', true);
    if (type !== HEADLINE_TYPE) q = q.where('type', '=', type);
    const rows = await q.orderBy('published_at', 'desc').limit(5).execute();
    return ok<NewsBanner[]>(
      rows.map((r) => ({ articleId: r.id, type: r.type, title: r.title, cover: coverUrl(r.id) })),
    );
  });

  app.post(u(P.list), async (req) => {
    const body = parseInput(listBody, req.body);
    return ok(await listArticles(db, body.type, body.cursor, body.size));
  });

  app.get(u(P.detail), async (req) => {
    const { id } = parseInput(z.object({ id: positiveId() }), req.params);
    return ok(await articleDetail(db, id, await viewerId(ctx, req), isDemoSource(ctx.feed.kind)));
  });

  app.post(u(P.like), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { id, on } = parseInput(likeBody, req.body);
    return ok(await setLike(ctx, 'article', id, userId, on), on ? NewsText.liked : NewsText.unliked);
  });

  app.get(u(P.comments), async (req) => {
    const q = parseInput(commentQuery, req.query);
    return ok(await listComments(db, q.kind, q.id, q.sort, q.cursor, await viewerId(ctx, req)));
  });

  app.post(u(P.commentAdd), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(commentBody, req.body);
    return ok(await addComment(ctx, userId, body), NewsText.commented);
  });

  app.post(u(P.commentDelete), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { id } = parseInput(z.object({ id: positiveId() }), req.body);
    await deleteComment(ctx, userId, id);
    return ok({ id }, NewsText.deleted);
  });

  app.post(u(P.commentLike), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { id, on } = parseInput(likeBody, req.body);
    return ok(await setLike(ctx, 'comment', id, userId, on), on ? NewsText.liked : NewsText.unliked);
  });

  app.post(u(P.report), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(reportBody, req.body);
    return ok(await report(ctx, userId, body), NewsText.reported);
  });

  app.get(u(P.matchReports), async (req) => {
    const { matchId } = parseInput(z.object({ matchId: positiveId() }), req.params);
    return ok(await matchReportLinks(db, matchId));
  });

  const coverWidthOf = (query: unknown): CoverWidth | undefined =>
    parseInput(
      z.object({
        w: z.coerce
          .number()
          .refine((w): w is CoverWidth => (COVER_WIDTHS as readonly number[]).includes(w), '图片宽度不支持')
          .optional(),
      }),
      query,
    ).w as CoverWidth | undefined;

  // Covers are images, never the envelope: JPEG (what lists show), and SVG for older links.
  const coverOf = async (params: unknown) => {
    const { id } = parseInput(z.object({ id: positiveId() }), params);
    const a = await db
      .selectFrom('news_articles')
      .select(['id', 'type', 'tag', 'sport'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!a) throw new BizError(Code.NOT_FOUND, NewsText.articleGone);
    return a;
  };
  app.get(`${P.cover}.jpg`, async (req, reply) =>
    reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=86400')
      .send(coverJpeg(await coverOf(req.params), coverWidthOf(req.query))),
  );
  app.get(`${P.cover}.svg`, async (req, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(coverSvg(await coverOf(req.params))),
  );

  registerCommunityRoutes(app, ctx);
  registerMatchReports(app, ctx);
  if (ctx.config.opsToken) registerOpsRoutes(app, ctx, ctx.config.opsToken);
};
