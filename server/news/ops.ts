/**
 * The operator API (OPS_TOKEN): publish, edit, pin, take down articles; review reported posts and
 * comments (restore or remove). Registered only when the token is set; every call checks the
 * `x-ops-token` header in constant time.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, embeddedUrl, ok } from '../../workers/protocol/index';
import { OpsNewsPaths as P, type ReportedItem } from '../../workers/protocol/api/news';
import type { AppContext } from '../context';
import { BizError, parseInput } from '../http/reply';
import { requireOps } from '../ops/guard';
import { articleDetail, articleInput, insertArticle, updateArticle } from './articles';
import { parseFrontMatter } from './front-matter';
import { removeComments } from './comments';
import { positiveId } from './schemas';
import { NewsText } from './strings';
import { isDemoSource } from '../live/source';

const u = (path: string) => embeddedUrl(path);

const publishBody = z.union([z.object({ markdown: z.string().max(100_000) }), articleInput]);
const editBody = articleInput.partial().extend({ id: positiveId() });
const reviewBody = z.object({
  kind: z.enum(['post', 'comment'], { error: NewsText.badKind }),
  id: positiveId(),
  decision: z.enum(['restore', 'remove'], { error: NewsText.ops.badDecision }),
});

export function registerOpsRoutes(app: FastifyInstance, ctx: AppContext, token: string): void {
  const { db } = ctx;
  app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => requireOps({ opsToken: token }, req));

    scope.post(u(P.publish), async (req) => {
      const raw = parseInput(publishBody, req.body);
      const input = 'markdown' in raw ? parseInput(articleInput, parseFrontMatter(raw.markdown)) : raw;
      const id = await insertArticle(db, input, ctx.now());
      return ok(await articleDetail(db, id, null, isDemoSource(ctx.feed.kind)), NewsText.ops.published);
    });

    scope.post(u(P.edit), async (req) => {
      const { id, ...fields } = parseInput(editBody, req.body);
      await updateArticle(db, id, fields, ctx.now());
      return ok(await articleDetail(db, id, null, isDemoSource(ctx.feed.kind)), NewsText.ops.edited);
    });

    scope.post(u(P.pin), async (req) => {
      const { id, pinned } = parseInput(z.object({ id: positiveId(), pinned: z.boolean().default(true) }), req.body);
      await updateArticle(db, id, { pinned }, ctx.now());
      return ok({ id, pinned }, pinned ? NewsText.ops.pinned : NewsText.ops.unpinned);
    });

    scope.post(u(P.takedown), async (req) => {
      const { id } = parseInput(z.object({ id: positiveId() }), req.body);
      const res = await db
        .updateTable('news_articles')
        .set({ status: 2, updated_at: ctx.now() })
        .where('id', '=', id)
        .where('status', '=', 0)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new BizError(Code.NOT_FOUND, NewsText.articleGone);
      return ok({ id }, NewsText.ops.takenDown);
    });

    scope.get(u(P.reports), async () => {
      const rows = await db
        .selectFrom('news_reports')
        .select(['target_kind', 'target_id', (eb) => eb.fn.countAll<string>().as('n')])
        .select((eb) => eb.fn.agg<string[]>('array_agg', ['reason']).as('reasons'))
        .where('reviewed', '=', false)
        .groupBy(['target_kind', 'target_id'])
        .orderBy('n', 'desc')
        .limit(200)
        .execute();
      const list: ReportedItem[] = [];
      for (const r of rows) {
        const text =
          r.target_kind === 'post'
            ? ((await db
                .selectFrom('user_posts')
                .select(['title', 'content'])
                .where('id', '=', r.target_id)
                .executeTakeFirst()) ?? null)
            : await db.selectFrom('news_comments').select('text').where('id', '=', r.target_id).executeTakeFirst();
        list.push({
          kind: r.target_kind as ReportedItem['kind'],
          id: r.target_id,
          text: !text ? '' : 'text' in text ? text.text : `${text.title}\n${text.content}`,
          reports: Number(r.n),
          reasons: r.reasons,
        });
      }
      return ok(list);
    });

    scope.post(u(P.review), async (req) => {
      const { kind, id, decision } = parseInput(reviewBody, req.body);
      const status = await db.transaction().execute(async (trx) => {
        const reviewed = await trx
          .updateTable('news_reports')
          .set({ reviewed: true })
          .where('target_kind', '=', kind)
          .where('target_id', '=', id)
          .where('reviewed', '=', false)
          .returning('user_id')
          .execute();
        if (!reviewed.length) throw new BizError(Code.NOT_FOUND, NewsText.ops.notReported);
        if (kind === 'post') {
          await trx
            .updateTable('user_posts')
            .set({ status: decision === 'restore' ? 0 : 2 })
            .where('id', '=', id)
            .execute();
        } else if (decision === 'restore') {
          await trx
            .updateTable('news_comments')
            .set({ status: 0 })
            .where('id', '=', id)
            .where('status', '=', 1)
            .execute();
        } else {
          const c = await trx
            .selectFrom('news_comments')
            .select(['target_kind', 'target_id'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          await removeComments(trx, id, c.target_kind, c.target_id, { status: 2 });
        }
        return decision === 'restore' ? 0 : 2;
      });
      return ok({ kind, id, status }, decision === 'restore' ? NewsText.ops.restored : NewsText.ops.removed);
    });
  });
}
