/**
 * The article store: publish/edit (Markdown rendered to sanitised HTML once, on write), the
 * cursor-paged list, detail with a counted view. Used by the public routes, the operator API,
 * the seed and the automatic match reports.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../workers/protocol/index';
import {
  HEADLINE_TYPE,
  NEWS_PAGE_SIZE,
  NewsPaths,
  type ArticleCard,
  type ArticleDetail,
  type NewsPage,
} from '../../workers/protocol/api/news';
import { fillPath } from '../../workers/protocol/api/paths';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { isColumn } from './columns';
import { markdownText, renderMarkdown } from './markdown';
import { renderMatchReport } from './match-reports';
import { NewsText } from './strings';
import { CONTROL_RE } from './text-rules';

const plain = (label: string, min: number, max: number) =>
  z
    .string({ error: NewsText.missing(label) })
    .refine((s) => !CONTROL_RE.test(s), NewsText.controlChars(label))
    .transform((s) => s.trim())
    .refine((s) => s.length >= min, NewsText.missing(label))
    .refine((s) => s.length <= max, NewsText.tooLong(label, max));

const tagList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[,，]/)).map((t) => t.trim()).filter(Boolean))
  .pipe(z.array(plain('标签', 1, 12)).max(8, '标签最多 8 个'));

export const articleInput = z.object({
  title: plain('标题', 4, 60),
  type: z.coerce
    .number({ error: NewsText.badType })
    .int(NewsText.badType)
    .refine((t) => isColumn(t) && t !== HEADLINE_TYPE, '栏目不存在（1002 头条汇总各栏目，请选具体栏目）'),
  tag: plain('标签', 1, 12).optional(),
  tags: tagList.optional(),
  author: plain('作者', 1, 30),
  summary: plain('摘要', 0, 120).optional(),
  body: plain('正文', 10, 20_000),
  publishedAt: z.coerce.number().int().positive().optional(),
  pinned: z.coerce.boolean().optional(),
  banner: z.coerce.boolean().optional(),
  matchId: z.coerce.number().int().positive().nullable().optional(),
  sport: z.enum(['zq', 'lq']).nullable().optional(),
});
export type ArticleInput = z.infer<typeof articleInput>;

/** JPEG: decoded off the main thread, unlike an SVG document (see cover-raster.ts). */
export const coverUrl = (id: number) => `${fillPath(NewsPaths.cover, { id })}.jpg`;

type Row = {
  id: number;
  type: number;
  title: string;
  summary: string;
  tag: string;
  author: string;
  published_at: number;
  views: number;
  likes: number;
  comments: number;
  pinned: boolean;
  auto_kind: string | null;
};
const CARD_COLUMNS = [
  'id',
  'type',
  'title',
  'summary',
  'tag',
  'author',
  'published_at',
  'views',
  'likes',
  'comments',
  'pinned',
  'auto_kind',
] as const;

export const toCard = (r: Row): ArticleCard => ({
  id: r.id,
  type: r.type,
  title: r.title,
  summary: r.summary,
  tag: r.tag,
  cover: coverUrl(r.id),
  author: r.author,
  publishedAt: Number(r.published_at),
  views: r.views,
  likes: r.likes,
  comments: r.comments,
  pinned: r.pinned,
  auto: r.auto_kind !== null,
});

export function summaryOf(body: string): string {
  const text = markdownText(body);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

export async function insertArticle(
  db: Db,
  input: ArticleInput,
  now: number,
  extra: { slug?: string; autoKind?: string } = {},
): Promise<number> {
  const tags = input.tags ?? [];
  const row = await db
    .insertInto('news_articles')
    .values({
      type: input.type,
      title: input.title,
      summary: input.summary || summaryOf(input.body),
      tag: input.tag ?? tags[0] ?? '',
      tags: tags.join(','),
      author: input.author,
      body_md: input.body,
      body_html: renderMarkdown(input.body),
      published_at: input.publishedAt ?? now,
      pinned: input.pinned ?? false,
      banner: input.banner ?? false,
      match_id: input.matchId ?? null,
      sport: input.sport ?? null,
      auto_kind: extra.autoKind ?? null,
      slug: extra.slug ?? null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateArticle(db: Db, id: number, input: Partial<ArticleInput>, now: number): Promise<void> {
  const res = await db
    .updateTable('news_articles')
    .set({
      ...(input.title !== undefined && { title: input.title }),
      ...(input.type !== undefined && { type: input.type }),
      ...(input.tag !== undefined && { tag: input.tag }),
      ...(input.tags !== undefined && { tags: input.tags.join(',') }),
      ...(input.author !== undefined && { author: input.author }),
      ...(input.summary !== undefined && { summary: input.summary }),
      ...(input.body !== undefined && {
        body_md: input.body,
        body_html: renderMarkdown(input.body),
        ...(input.summary === undefined && { summary: summaryOf(input.body) }),
      }),
      ...(input.publishedAt !== undefined && { published_at: input.publishedAt }),
      ...(input.pinned !== undefined && { pinned: input.pinned }),
      ...(input.banner !== undefined && { banner: input.banner }),
      ...(input.matchId !== undefined && { match_id: input.matchId }),
      ...(input.sport !== undefined && { sport: input.sport }),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new BizError(Code.NOT_FOUND, NewsText.articleGone);
}

/** Cursor: `<publishedAt>_<id>` of the last card shown (keyset paging, stable under inserts). */
export const cursorOf = (c: { publishedAt: number; id: number }) => `${c.publishedAt}_${c.id}`;
export function parseCursor(cursor: string | undefined | null): { at: number; id: number } | null {
  if (!cursor) return null;
  const m = /^(\d{1,15}(?:\.\d+)?)_(\d{1,10})$/.exec(cursor);
  if (!m) throw new BizError(Code.BAD_INPUT, NewsText.badCursor);
  return { at: Number(m[1]), id: Number(m[2]) };
}

/** One page: pinned articles first on the first page, then the rest newest first. */
export async function listArticles(
  db: Db,
  type: number,
  cursorText?: string | null,
  size = NEWS_PAGE_SIZE,
): Promise<NewsPage> {
  const cursor = parseCursor(cursorText);
  const scoped = () => {
    let q = db.selectFrom('news_articles').select(CARD_COLUMNS).where('status', '=', 0);
    // 头条 is the editors' page: automatic match reports live in their columns.
    q = type === HEADLINE_TYPE ? q.where('auto_kind', 'is', null) : q.where('type', '=', type);
    return q;
  };
  const pinned = cursor
    ? []
    : await scoped().where('pinned', '=', true).orderBy('published_at', 'desc').limit(5).execute();
  let q = scoped().where('pinned', '=', false);
  if (cursor)
    q = q.where((eb) =>
      eb.or([
        eb('published_at', '<', cursor.at),
        eb.and([eb('published_at', '=', cursor.at), eb('id', '<', cursor.id)]),
      ]),
    );
  const rows = await q
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size + 1)
    .execute();
  const more = rows.length > size;
  const page = rows.slice(0, size).map(toCard);
  const last = page[page.length - 1];
  return { list: [...pinned.map(toCard), ...page], next: more && last ? cursorOf(last) : null };
}

/** The article with one more view counted. */
/**
 * `simulated`: the live source is the feed simulator (ctx.feed.kind), so a linked match's scores
 * and odds are labelled 演示数据; with a real source the label goes away.
 */
export async function articleDetail(
  db: Db,
  id: number,
  userId: number | null,
  simulated: boolean,
): Promise<ArticleDetail> {
  const row = await db
    .updateTable('news_articles')
    .set({ views: sql`views + 1` })
    .where('id', '=', id)
    .where('status', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new BizError(Code.NOT_FOUND, NewsText.articleGone);
  const liked = userId
    ? Boolean(
        await db
          .selectFrom('news_likes')
          .select('user_id')
          .where('target_kind', '=', 'article')
          .where('target_id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      )
    : false;
  // Automatic match reports are written from the feed's current incidents on every read.
  const auto =
    row.auto_kind && row.match_id
      ? await renderMatchReport(db, row.match_id, row.auto_kind as 'preview' | 'live' | 'final')
      : null;
  return {
    ...toCard(row),
    ...(auto && { title: auto.title }),
    html: auto?.html ?? row.body_html,
    tags: row.tags ? row.tags.split(',') : [],
    matchId: row.match_id,
    sport: row.sport === 'zq' || row.sport === 'lq' ? row.sport : null,
    liked,
    demoData: row.match_id !== null && simulated,
  };
}
