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
  {
    id: 'accounts-002-sessions-sms-ivs',
    up: async (db) => {
      await sql`create table sessions (
        id serial primary key,
        token_hash text not null unique,
        user_id int not null references users(id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`.execute(db);
      await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);
      await sql`create table sms_codes (
        id serial primary key,
        phone text not null,
        scene text not null,
        code_hash text not null,
        attempts int not null default 0,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
      await sql`create index sms_codes_phone_idx on sms_codes (phone, created_at desc)`.execute(db);
      await sql`create table login_failures (
        id serial primary key,
        phone text not null,
        at timestamptz not null
      )`.execute(db);
      await sql`create index login_failures_phone_idx on login_failures (phone, at desc)`.execute(db);
      await sql`create table login_locks (
        phone text primary key,
        locked_until timestamptz not null
      )`.execute(db);
      await sql`create table password_ivs (
        iv text primary key,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
    },
  },
  {
    id: 'accounts-003-login-attempts-sms-addr',
    up: async (db) => {
      // Counters per phone and per client address replace the per-phone failure log and lock.
      await sql`drop table login_failures`.execute(db);
      await sql`drop table login_locks`.execute(db);
      await sql`create table login_attempts (
        key text primary key,
        attempts int not null,
        last_at timestamptz not null,
        next_allowed_at timestamptz not null
      )`.execute(db);
      // SMS sends are limited per client address and overall, counted from the same rows.
      await sql`alter table sms_codes add column client_addr text not null default ''`.execute(db);
      await sql`create index sms_codes_addr_idx on sms_codes (client_addr, created_at desc)`.execute(db);
      await sql`create index sms_codes_created_idx on sms_codes (created_at desc)`.execute(db);
    },
  },
  {
    id: 'accounts-004-slide-challenges',
    up: async (db) => {
      // 滑动验证 puzzles: the gap offset stays here; a right answer earns a one-time vertoken.
      await sql`create table slide_challenges (
        id text primary key,
        gap_x int not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        answered_at timestamptz,
        vertoken text unique,
        vertoken_expires_at timestamptz,
        vertoken_used_at timestamptz
      )`.execute(db);
      await sql`create index slide_challenges_expires_idx on slide_challenges (expires_at)`.execute(db);
    },
  },
];
