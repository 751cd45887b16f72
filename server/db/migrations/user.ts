import { sql } from 'kysely';
import type { Migration } from './index';

/** User centre tables (issue 7). Times are unix ms (bigint read back as number by the dialects). */
export const userCentreMigrations: Migration[] = [
  {
    id: 'user-001-centre',
    up: async (db) => {
      await sql`create table user_uploads (
        id text primary key,
        user_id int not null references users(id) on delete cascade,
        purpose text not null check (purpose in ('portrait', 'feedback')),
        mime text not null,
        file_name text not null unique,
        bytes int not null,
        width int not null,
        height int not null,
        created_at double precision not null
      )`.execute(db);
      await sql`create index user_uploads_user on user_uploads (user_id, purpose)`.execute(db);
      await sql`create table user_portrait_audits (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        upload_id text not null references user_uploads(id),
        status int not null,
        reason text,
        created_at double precision not null,
        decided_at double precision
      )`.execute(db);
      await sql`create index user_portrait_audits_pending on user_portrait_audits (status, created_at)`.execute(db);
      await sql`create table user_real_names (
        user_id int primary key references users(id) on delete cascade,
        name_masked text not null,
        id_masked text not null,
        created_at double precision not null
      )`.execute(db);
      await sql`create table user_feedback (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        kind text not null,
        content text not null,
        contact text not null default '',
        images text not null default '',
        status int not null default 0,
        reply text,
        created_at double precision not null
      )`.execute(db);
      await sql`create index user_feedback_user on user_feedback (user_id, created_at desc)`.execute(db);
      await sql`create table user_history (
        user_id int not null references users(id) on delete cascade,
        kind text not null,
        target_id text not null,
        title text not null,
        link text not null,
        visited_at double precision not null,
        primary key (user_id, kind, target_id)
      )`.execute(db);
      await sql`create index user_history_recent on user_history (user_id, visited_at desc)`.execute(db);
      await sql`create table user_messages (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        title text not null,
        content text not null,
        read_at double precision,
        created_at double precision not null
      )`.execute(db);
      await sql`create index user_messages_user on user_messages (user_id, created_at desc)`.execute(db);
    },
  },
  {
    id: 'user-002-posts-tips',
    up: async (db) => {
      // Deleted posts keep their row (deleted_at) so they still count against the posting rate.
      await sql`create table user_posts (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        title text not null,
        content text not null,
        created_at double precision not null,
        deleted_at double precision
      )`.execute(db);
      await sql`create index user_posts_user on user_posts (user_id, created_at desc)`.execute(db);
      await sql`create table user_tips (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        match_id int not null references live_matches(id),
        pick text not null check (pick in ('home', 'draw', 'away')),
        reason text not null default '',
        created_at double precision not null,
        unique (user_id, match_id)
      )`.execute(db);
      await sql`create index user_tips_user on user_tips (user_id, created_at desc)`.execute(db);
    },
  },
];
