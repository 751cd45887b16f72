/** Seeds the demo world's news and community once (idempotent: slugs, ids and phones). */
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { insertArticle } from './articles';
import { SEED_ARTICLES, SEED_AUTHORS, SEED_CIRCLES, SEED_POSTS } from './seed-content';

export async function seedNews(db: Db, now: number): Promise<void> {
  const have = new Set(
    (
      await db
        .selectFrom('news_articles')
        .select('slug')
        .where(
          'slug',
          'in',
          SEED_ARTICLES.map((a) => a.slug),
        )
        .execute()
    ).map((r) => r.slug),
  );
  for (const a of SEED_ARTICLES) {
    if (have.has(a.slug)) continue;
    await insertArticle(
      db,
      {
        type: a.type,
        title: a.title,
        tags: a.tags,
        author: a.author,
        body: a.body,
        publishedAt: now - a.ageHours * 3600_000,
        pinned: a.pinned ?? false,
        banner: a.banner ?? false,
      },
      now,
      { slug: a.slug },
    );
  }

  const circles = await db.selectFrom('community_circles').select('id').execute();
  if (circles.length) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('community_circles')
      .values(SEED_CIRCLES.map((c, i) => ({ ...c, sort: i })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const authorIds: number[] = [];
    for (const a of SEED_AUTHORS) {
      // Demo authors cannot log in: '!' is no password hash.
      await trx
        .insertInto('users')
        .values({ phone: a.phone, nick_name: a.nickName, password_hash: '!', portrait: '' })
        .onConflict((oc) => oc.doNothing())
        .execute();
      authorIds.push(
        (await trx.selectFrom('users').select('id').where('phone', '=', a.phone).executeTakeFirstOrThrow()).id,
      );
    }
    let n = 0;
    for (const p of SEED_POSTS) {
      const images = Array.from({ length: p.images }, () => `/media/community/art/${p.sport}-${++n}.svg`);
      await trx
        .insertInto('user_posts')
        .values({
          user_id: authorIds[p.author]!,
          title: p.title,
          content: p.content,
          circle_id: p.circle,
          images: images.join(','),
          created_at: now - p.ageHours * 3600_000,
          deleted_at: null,
          likes: 3 + ((p.title.length * 7) % 40),
        })
        .execute();
    }
    for (const c of SEED_CIRCLES)
      await trx
        .updateTable('community_circles')
        .set({ members: sql`members + ${120 + ((c.id * 37) % 900)}` })
        .where('id', '=', c.id)
        .execute();
  });
}
