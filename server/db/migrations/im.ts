import { sql } from 'kysely';
import type { Migration } from './index';

/** Private messaging (issue 13). Times are unix ms. */
export const imMigrations: Migration[] = [
  {
    id: 'im-001-private',
    up: async (db) => {
      // One row per conversation; last_seq is bumped under the row lock, so seqs have no gaps.
      await sql`create table im_conversations (
        id text primary key,
        kind text not null check (kind in ('private')),
        last_seq int not null default 0,
        last_at double precision not null,
        created_at double precision not null
      )`.execute(db);
      await sql`create table im_members (
        conversation_id text not null references im_conversations(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        read_seq int not null default 0,
        cleared_seq int not null default 0,
        pinned boolean not null default false,
        primary key (conversation_id, user_id)
      )`.execute(db);
      await sql`create index im_members_user on im_members (user_id)`.execute(db);
      await sql`create table im_messages (
        id serial primary key,
        conversation_id text not null references im_conversations(id) on delete cascade,
        seq int not null,
        from_user_id int not null references users(id) on delete cascade,
        to_user_id int not null references users(id) on delete cascade,
        client_id text not null,
        text text not null,
        created_at double precision not null,
        recalled_at double precision,
        unique (conversation_id, seq),
        unique (from_user_id, client_id)
      )`.execute(db);
      await sql`create index im_messages_sender_recent on im_messages (from_user_id, created_at)`.execute(db);
      await sql`create table im_hidden (
        user_id int not null references users(id) on delete cascade,
        message_id int not null references im_messages(id) on delete cascade,
        primary key (user_id, message_id)
      )`.execute(db);
      await sql`create table im_favourites (
        user_id int not null references users(id) on delete cascade,
        message_id int not null references im_messages(id) on delete cascade,
        created_at double precision not null,
        primary key (user_id, message_id)
      )`.execute(db);
      await sql`create table im_blocks (
        user_id int not null references users(id) on delete cascade,
        blocked_user_id int not null references users(id) on delete cascade,
        created_at double precision not null,
        primary key (user_id, blocked_user_id)
      )`.execute(db);
    },
  },
  {
    id: 'im-002-groups',
    up: async (db) => {
      await sql`alter table im_conversations drop constraint im_conversations_kind_check`.execute(db);
      await sql`alter table im_conversations add constraint im_conversations_kind_check check (kind in ('private', 'group'))`.execute(
        db,
      );
      // A group message has no single recipient.
      await sql`alter table im_messages alter column to_user_id drop not null`.execute(db);
      await sql`create table im_groups (
        id serial primary key,
        conversation_id text not null unique references im_conversations(id) on delete cascade,
        name text not null,
        notice text not null default '',
        owner_id int not null references users(id) on delete cascade,
        mute_all boolean not null default false,
        invite_code text not null unique,
        created_at double precision not null,
        dissolved_at double precision
      )`.execute(db);
      await sql`create index im_groups_owner_created on im_groups (owner_id, created_at)`.execute(db);
      await sql`alter table im_members add column role text not null default 'member' check (role in ('owner', 'admin', 'member'))`.execute(
        db,
      );
      await sql`alter table im_members add column muted_until double precision`.execute(db);
      await sql`alter table im_members add column joined_at double precision not null default 0`.execute(db);
    },
  },
  {
    id: 'im-003-privacy',
    up: async (db) => {
      // Who may start a private conversation with me; no row means everyone.
      await sql`create table im_settings (
        user_id int primary key references users(id) on delete cascade,
        who_may_message text not null default 'everyone' check (who_may_message in ('everyone', 'following'))
      )`.execute(db);
    },
  },
  {
    id: 'im-004-mass',
    up: async (db) => {
      // 群发: one row per mass sending (the messages themselves are ordinary private messages).
      await sql`create table im_mass (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        text text not null,
        recipient_count int not null,
        created_at double precision not null
      )`.execute(db);
      await sql`create index im_mass_user_created on im_mass (user_id, created_at)`.execute(db);
    },
  },
];
