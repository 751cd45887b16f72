import { sql } from 'kysely';
import type { Migration } from './index';

export const systemMigrations: Migration[] = [
  {
    id: 'system-001-kv',
    up: async (db) => {
      await sql`create table kv (key text primary key, value jsonb not null, updated_at timestamptz not null default now())`.execute(
        db,
      );
    },
  },
];
