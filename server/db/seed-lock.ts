/**
 * The seed lock: start-up writes (every area's demo seed, schedules, caches filled at start) run
 * one process at a time on a shared PostgreSQL. The seeds check what is there and add what is
 * missing; two processes starting together both saw nothing and both inserted, and the second
 * died on a unique key (issue 28: `news_articles_slug_key`, 6 crashed processes in 2 cold starts
 * of 3 gateways + 2 feeds). Under this lock the second one waits, then finds the work done.
 *
 * A session advisory lock held on one pooled connection while `fn` runs on the others: the lock
 * is a cross-process mutex, it does not matter which connection does the writes. Re-entrant within
 * one async flow (an area seed called from the locked start-up does not wait for itself). PGlite
 * is one process with one session: nothing to lock there.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Storage } from './index';

/** Advisory lock key of the seeds ('qssd' in ASCII; migrations use 'qsmg', the feed 'qsfd'). */
export const SEED_LOCK_KEY = 0x71737364;

const held = new AsyncLocalStorage<true>();

export async function withSeedLock<T>(storage: Pick<Storage, 'db' | 'kind'>, fn: () => Promise<T>): Promise<T> {
  if (storage.kind !== 'postgres' || held.getStore()) return fn();
  return storage.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SEED_LOCK_KEY})`.execute(conn);
    try {
      return await held.run(true, fn);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK_KEY})`.execute(conn);
    }
  });
}
