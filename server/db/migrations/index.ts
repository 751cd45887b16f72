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
import { imMigrations } from './im';

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
  ...imMigrations,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Migration.up
export async function migrate(db: Kysely<any>, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  await sql`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`.execute(
    db,
  );
  const done = new Set((await db.selectFrom('schema_migrations').select('id').execute()).map((r) => r.id as string));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    await db.transaction().execute(async (trx) => {
      await m.up(trx);
      await trx.insertInto('schema_migrations').values({ id: m.id }).execute();
    });
    applied.push(m.id);
  }
  return applied;
}
