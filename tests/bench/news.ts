/**
 * News list benchmark (issue 12): 50,000 articles and 1,000,000 comments, then the article list
 * API (first pages of every column, and pages deep in by cursor) and the comments API, on PGlite
 * and on PostgreSQL. Requests go through the real Fastify routes (in-process inject) and the real
 * queries; the database is a fresh one per engine (PostgreSQL: a uniquely named database on
 * TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres, dropped after).
 *
 *   npx tsx tests/bench/news.ts [--articles 50000] [--comments 1000000] [--requests 400] [--engine both|pglite|postgres]
 *
 * Prints per engine: seed time, then p50 / p95 / p99 / max in ms for each kind of call.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { newsArea } from '../../server/news/routes';
import { NEWS_COLUMNS } from '../../server/news/columns';
import { embeddedUrl } from '../../workers/protocol/index';
import { NewsPaths, type NewsPage } from '../../workers/protocol/api/news';
import { createTestStorage, type Engine } from '../helpers/test-db';
import { areaApp } from '../helpers/area-app';

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : def;
}
const ARTICLES = Number(arg('articles', '50000'));
const COMMENTS = Number(arg('comments', '1000000'));
const REQUESTS = Number(arg('requests', '400'));
const ENGINE = arg('engine', 'both');
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)}  p95 ${pct(xs, 95).toFixed(1)}  p99 ${pct(xs, 99).toFixed(1)}  max ${Math.max(...xs).toFixed(1)} ms (n=${xs.length})`;

async function run(engine: Engine): Promise<void> {
  const ts = await createTestStorage(engine);
  try {
    const db = ts.storage.db;
    const now = Date.now();
    const t0 = performance.now();
    await db
      .insertInto('users')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          phone: `1990000${String(i).padStart(4, '0')}`,
          nick_name: `压测用户${i}`,
          password_hash: '!',
          portrait: '',
        })),
      )
      .execute();
    const types = NEWS_COLUMNS.filter((c) => c.type !== 1002).map((c) => c.type);
    // Articles: spread over the columns and the last year; every 500th pinned, 1 in 10 an automatic report.
    await sql`insert into news_articles (type, title, summary, tag, tags, author, body_md, body_html, published_at, views, likes, comments, pinned, auto_kind, updated_at)
      select (${sql.raw(`array[${types.join(',')}]`)})[1 + i % ${types.length}],
             '压测文章 ' || i, '摘要 ' || i, '标签', '标签', '压测编辑', '正文 ' || i, '<p>正文 ' || i || '</p>',
             ${now} - i * 600000.0, i % 1000, i % 50, ${Math.round(COMMENTS / ARTICLES)}, i % 500 = 0,
             case when i % 10 = 0 then 'final' else null end, ${now}
      from generate_series(1, ${ARTICLES}::int) as i`.execute(db);
    const t1 = performance.now();
    const userIds = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
    const firstUser = userIds[0]!;
    const CHUNK = 200_000;
    for (let start = 1; start <= COMMENTS; start += CHUNK) {
      const end = Math.min(COMMENTS, start + CHUNK - 1);
      await sql`insert into news_comments (target_kind, target_id, user_id, parent_id, text, likes, created_at)
        select 'article', 1 + i % ${ARTICLES}, ${firstUser} + i % 100, null, '压测评论 ' || i, i % 7, ${now} - i * 1000.0
        from generate_series(${start}::int, ${end}::int) as i`.execute(db);
    }
    await sql`analyze`.execute(db);
    const t2 = performance.now();
    console.log(
      `${engine}: seeded ${ARTICLES.toLocaleString()} articles in ${((t1 - t0) / 1000).toFixed(1)} s, ${COMMENTS.toLocaleString()} comments in ${((t2 - t1) / 1000).toFixed(1)} s`,
    );

    const app = await areaApp(newsArea, ts, () => Date.now(), { opsToken: null });
    const list = async (type: number, cursor: string | null) => {
      const res = await app.inject({ method: 'POST', url: embeddedUrl(NewsPaths.list), payload: { type, cursor } });
      const body = res.json() as { code: number; data: NewsPage };
      if (body.code !== 200) throw new Error(`list failed: ${res.body}`);
      return body.data;
    };
    // Warm up.
    for (const c of NEWS_COLUMNS) await list(c.type, null);

    const first: number[] = [];
    const deep: number[] = [];
    const comments: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const col = NEWS_COLUMNS[i % NEWS_COLUMNS.length]!;
      let t = performance.now();
      let page = await list(col.type, null);
      first.push(performance.now() - t);
      // Scroll on: 1–10 pages further by cursor.
      for (let p = 0; p < 1 + (i % 10) && page.next; p++) {
        t = performance.now();
        page = await list(col.type, page.next);
        deep.push(performance.now() - t);
      }
      const articleId = 1 + ((i * 7919) % ARTICLES);
      t = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `${embeddedUrl(NewsPaths.comments)}?kind=article&id=${articleId}&sort=${i % 2 ? 'hot' : 'new'}`,
      });
      comments.push(performance.now() - t);
      if ((res.json() as { code: number }).code !== 200) throw new Error(`comments failed: ${res.body}`);
    }
    console.log(`${engine}: list, first page   ${fmt(first)}`);
    console.log(`${engine}: list, by cursor    ${fmt(deep)}`);
    console.log(`${engine}: list, all          ${fmt([...first, ...deep])}`);
    console.log(`${engine}: comments of one    ${fmt(comments)}`);
    await app.close();
  } finally {
    await ts.cleanup();
  }
}

const engines: Engine[] = ENGINE === 'both' ? ['pglite', 'postgres'] : [ENGINE as Engine];
for (const e of engines) {
  try {
    await run(e);
  } catch (err) {
    console.error(`${e}: failed: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
