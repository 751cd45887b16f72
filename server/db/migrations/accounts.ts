import { sql } from 'kysely';
import type { Migration } from './index';

export const accountMigrations: Migration[] = [
  {
    id: 'accounts-001-users',
    up: async (db) => {
      await sql`create table users (
        id serial primary key,
        phone text not null unique,
        nick_name text not null unique,
        password_hash text not null,
        portrait text not null default '',
        portrait_new text,
        portrait_audit int not null default 0,
        balance int not null default 0 check (balance >= 0),
        created_at timestamptz not null default now()
      )`.execute(db);
    },
  },
];
