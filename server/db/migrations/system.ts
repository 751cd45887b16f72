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
  {
    // Token buckets shared by every process of a cluster (server/limits/shared-rate-limit.ts).
    id: 'system-002-rate-buckets',
    up: async (db) => {
      await sql`create table rate_buckets (key text primary key, tokens double precision not null, at double precision not null)`.execute(
        db,
      );
    },
  },
];
