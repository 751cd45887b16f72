/**
 * Versioned migrations. Each area keeps its own ordered list in `./<area>.ts`; areas run in the
 * order below, each migration once, recorded in `schema_migrations`. Never edit a migration that
 * has landed: add a new one.
 */
import { sql, type Kysely } from 'kysely';
import { systemMigrations } from './system';
import { accountMigrations } from './accounts';
import { liveMigrations } from './live';
import { userCentreMigrations } from './user';
import { vliveMigrations } from './vlive';
import { aiMigrations } from './ai';
import { newsMigrations } from './news';
import { activityMigrations } from './activity';
import { databaseMigrations } from './database';
import { proposalMigrations } from './proposal';
import { imMigrations } from './im';
import { imPeopleMigrations } from './im-people';
import { imNoticeMigrations } from './im-notices';
import { imExtraMigrations } from './im-extras';
import { payMigrations } from './pay';
import { broadcastMigrations } from './broadcast';

export interface Migration {
  /** Unique, e.g. 'accounts-001-users'. */
  id: string;
  // Migrations run before (and change) the schema the typed `Database` describes: Kysely's
  // documented type for them is the untyped Kysely<any>.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  up: (db: Kysely<any>) => Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  ...systemMigrations,
  ...accountMigrations,
  ...liveMigrations,
  ...userCentreMigrations,
  ...vliveMigrations,
  ...aiMigrations,
  ...newsMigrations,
  ...activityMigrations,
  ...databaseMigrations,
  ...proposalMigrations,
  ...imMigrations,
  ...imPeopleMigrations,
  ...imNoticeMigrations,
  ...imExtraMigrations,
  ...payMigrations,
  ...broadcastMigrations,
];

/** Advisory lock key of migrations (any constant; 'qsmg' in ASCII). */
export const MIGRATION_LOCK_KEY = 0x71736d67;

/**
 * Runs what has not run yet. Under a session advisory lock on one connection: two processes
 * starting at once on one PostgreSQL take turns, and the second finds the work done. (PGlite has
 * one connection, the lock costs nothing there.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Migration.up
export async function migrate(db: Kysely<any>, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`.execute(
        conn,
      );
      const done = new Set(
        (await conn.selectFrom('schema_migrations').select('id').execute()).map((r) => r.id as string),
      );
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.id)) continue;
        await conn.transaction().execute(async (trx) => {
          await m.up(trx);
          await trx.insertInto('schema_migrations').values({ id: m.id }).execute();
        });
        applied.push(m.id);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
