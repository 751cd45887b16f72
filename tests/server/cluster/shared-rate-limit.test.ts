/** Rate limits shared by the processes of a cluster, on a fresh database of the real PostgreSQL. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../../../server/db/index';
import { createSharedRateLimiter, rateLimiterFor } from '../../../server/limits/shared-rate-limit';
import { createTestDatabase } from '../../helpers/cluster';

let db: { url: string; drop(): Promise<void> };
let one: Storage;
let two: Storage;

beforeAll(async () => {
  db = await createTestDatabase();
  // Two pools on one database: two gateway processes.
  one = await openStorage({ dataDir: '/nonexistent', databaseUrl: db.url });
  two = await openStorage({ dataDir: '/nonexistent', databaseUrl: db.url });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await db?.drop();
});

describe('shared rate limits', () => {
  it('one allowance across processes: 3 per minute means 3, whichever process takes them', async () => {
    const a = createSharedRateLimiter(one.db, 'iv', 3, 20_000);
    const b = createSharedRateLimiter(two.db, 'iv', 3, 20_000);
    const t = 1_000_000;
    expect(await a.take('1.2.3.4', t)).toBe(true);
    expect(await b.take('1.2.3.4', t + 1)).toBe(true);
    expect(await a.take('1.2.3.4', t + 2)).toBe(true);
    expect(await b.take('1.2.3.4', t + 3)).toBe(false);
    expect(await a.take('1.2.3.4', t + 4)).toBe(false);
    // Another address has its own bucket; a refused take took nothing, so one refill gives one more.
    expect(await b.take('5.6.7.8', t + 5)).toBe(true);
    expect(await b.take('1.2.3.4', t + 2 + 20_000)).toBe(true);
    expect(await a.take('1.2.3.4', t + 3 + 20_000)).toBe(false);
  });

  it('parallel takes from two processes never give more than the allowance', async () => {
    const a = createSharedRateLimiter(one.db, 'slide', 5, 60_000);
    const b = createSharedRateLimiter(two.db, 'slide', 5, 60_000);
    const t = 2_000_000;
    const got = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).take('9.9.9.9', t)));
    expect(got.filter(Boolean)).toHaveLength(5);
  });

  it('outside a cluster the limiter stays in memory (no table needed)', async () => {
    const local = rateLimiterFor({ db: one.db, clustered: false }, 'x', 1, 60_000);
    expect(await local.take('k', 0)).toBe(true);
    expect(await local.take('k', 1)).toBe(false);
    const rows = await sql<{ key: string }>`select key from rate_buckets where key like 'x:%'`.execute(one.db);
    expect(rows.rows).toHaveLength(0);
  });
});
