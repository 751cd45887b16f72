/**
 * The seed lock on a real PostgreSQL: two servers building at once on one empty database (two
 * pools, as two processes would) both come up and seed once. Without the lock the second died on
 * `news_articles_slug_key` (issue 28).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildServer, type BuiltServer } from '../../../server/app';
import { openStorage, type Storage } from '../../../server/db/index';
import { withSeedLock } from '../../../server/db/seed-lock';
import { createOutboxSms } from '../../../server/accounts/sms';
import { SEED_ARTICLES } from '../../../server/news/seed-content';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';

let ts: TestStorage;
let second: Storage;

beforeAll(async () => {
  ts = await createTestStorage('postgres');
  second = await openStorage(ts.config);
});

afterAll(async () => {
  await second?.close();
  await ts?.cleanup();
});

const build = (storage: Storage): Promise<BuiltServer> =>
  buildServer(ts.config, { storage, client: false, logger: false, sms: createOutboxSms(() => {}) });

describe('seed lock', () => {
  it('two servers starting together on one empty PostgreSQL database both start, and seed once', async () => {
    const servers = await Promise.all([build(ts.storage), build(second)]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from news_articles where slug is not null`.execute(ts.storage.db);
    expect(rows[0].n).toBe(SEED_ARTICLES.length);
    const circles = await sql<{ n: number }>`select count(*)::int as n from community_circles`.execute(ts.storage.db);
    expect(circles.rows[0].n).toBeGreaterThan(0);
    for (const s of servers) await s.close();
  }, 120_000);

  it('holds other processes off until the holder is done, and is re-entrant within one flow', async () => {
    const order: string[] = [];
    const slow = withSeedLock(ts.storage, async () => {
      order.push('a in');
      // Nested: the same flow takes it again without waiting for itself.
      await withSeedLock(ts.storage, async () => {
        await new Promise((r) => setTimeout(r, 300));
      });
      order.push('a out');
    });
    await new Promise((r) => setTimeout(r, 50));
    const other = withSeedLock(second, async () => {
      order.push('b in');
    });
    await Promise.all([slow, other]);
    expect(order).toEqual(['a in', 'a out', 'b in']);
  });
});
