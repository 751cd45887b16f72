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
  {
    // Issue 31: each publish is its own stream (nginx writes it under `stream_name`, never the
    // key, so two broadcasts of a room never share a playlist); anchors earn a share of gifts.
    id: 'broadcast-002-streams-earnings',
    up: async (db) => {
      await sql`alter table vlive_broadcasts add column stream_name text unique`.execute(db);
      await sql`alter table vlive_broadcasts add column push_key text`.execute(db);
      await sql`alter table vlive_anchors add column earnings int not null default 0`.execute(db);
      await sql`create table vlive_anchor_earnings (
        id serial primary key, anchor_id int not null references vlive_anchors(id),
        room_id text not null references vlive_rooms(id), broadcast_id int references vlive_broadcasts(id),
        gift_send_id int not null unique references vlive_gift_sends(id), gift_coins int not null check (gift_coins > 0),
        share_pct int not null check (share_pct between 0 and 100), coins int not null check (coins >= 0),
        at double precision not null)`.execute(db);
      // Gifts sent before anchors earned: recorded as earning nothing (share 0), so the audit's
      // "one share row per coin gift" holds for the whole history.
      await sql`insert into vlive_anchor_earnings (anchor_id, room_id, broadcast_id, gift_send_id, gift_coins, share_pct, coins, at)
        select r.anchor_id, g.room_id, null, g.id, g.total, 0, 0, g.at
        from vlive_gift_sends g join vlive_rooms r on r.id = g.room_id where not g.from_bag and g.total > 0`.execute(
        db,
      );
      await sql`create index vlive_anchor_earnings_anchor on vlive_anchor_earnings (anchor_id, at)`.execute(db);
      // Like the coin ledger: append-only, a correction is a new row.
      await sql`create trigger vlive_anchor_earnings_append_only before update or delete on vlive_anchor_earnings
        for each row execute function ledger_append_only()`.execute(db);
    },
  },
];
