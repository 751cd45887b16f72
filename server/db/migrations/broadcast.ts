import { sql } from 'kysely';
import type { Migration } from './index';

/** Real broadcasts (issue 17): anchor accounts, stream keys, and each publish from the media server. */
export const broadcastMigrations: Migration[] = [
  {
    id: 'broadcast-001-keys',
    up: async (db) => {
      await sql`create table vlive_anchor_users (
        user_id int primary key references users(id), room_id text not null unique references vlive_rooms(id),
        at double precision not null)`.execute(db);
      await sql`create table vlive_stream_keys (
        room_id text primary key references vlive_rooms(id), stream_key text not null unique,
        created_at double precision not null)`.execute(db);
      await sql`create table vlive_broadcasts (
        id serial primary key, room_id text not null references vlive_rooms(id), started_at double precision not null,
        ended_at double precision, replay_id int)`.execute(db);
      await sql`create index vlive_broadcasts_room on vlive_broadcasts (room_id, started_at)`.execute(db);
    },
  },
];
