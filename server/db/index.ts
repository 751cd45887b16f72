/**
 * Opens storage: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Same
 * migrations, same queries (PostgreSQL dialect everywhere).
 */
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from './schema';
import { PgliteDialect } from './pglite-dialect';
import { openPglite } from './pglite-open';
import { migrate } from './migrations/index';

export type Db = Kysely<Database>;

const embedded = new WeakSet<object>();

/** Whether `db` is an embedded PGlite database (one session: a statement prepared there stays). */
export const isEmbedded = (db: object): boolean => embedded.has(db);

export interface Storage {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export async function openStorage(opts: {
  dataDir: string;
  databaseUrl: string | null;
  /** Most PostgreSQL connections (PG_POOL_MAX); 10 when not given. */
  pgPoolMax?: number;
}): Promise<Storage> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: opts.pgPoolMax ?? 10 });
    // An idle client whose connection the server ends (restart, admin terminate) emits 'error' on
    // the pool; unheard, that would crash the process. The pool replaces the client on next use.
    pool.on('error', (err) => console.warn(`[db] idle PostgreSQL client lost: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await migrate(db);
    return storage(db, 'postgres');
  }
  const pg = await openPglite(path.join(opts.dataDir, 'pglite'));
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pg) });
  embedded.add(db);
  await migrate(db);
  return storage(db, 'pglite', () => pg.close());
}

function storage(db: Db, kind: Storage['kind'], closeExtra?: () => Promise<void>): Storage {
  return {
    db,
    kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
      await closeExtra?.();
    },
  };
}
