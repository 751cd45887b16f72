import { sql } from 'kysely';
import type { Migration } from './index';
import {
  ANCHORS,
  BANNERS,
  CATEGORIES,
  GIFTS,
  NOBLE_LEVELS,
  REPLAY_TITLES,
  ROOMS,
  anchorAvatar,
  bannerImage,
  giftIcon,
  roomCover,
  roomIdOf,
} from '../../vlive/seed';

/** Times are unix ms in double precision (exact for ms, a plain number in pg and PGlite). */
export const vliveMigrations: Migration[] = [
  {
    id: 'vlive-001-tables',
    up: async (db) => {
      await sql`create table vlive_categories (id int primary key, name text not null, sort int not null)`.execute(db);
      await sql`create table vlive_banners (id serial primary key, title text not null, image text not null, link text not null, sort int not null)`.execute(
        db,
      );
      await sql`create table vlive_anchors (
        id serial primary key, name text not null unique, avatar text not null, intro text not null,
        followers int not null default 0 check (followers >= 0))`.execute(db);
      await sql`create table vlive_rooms (
        id text primary key, anchor_id int not null references vlive_anchors(id),
        category_id int not null references vlive_categories(id), title text not null, cover text not null,
        tag text not null, heat int not null default 0, live boolean not null, scheduled_only boolean not null default false,
        stream_url text, match_id int, match_pinned boolean not null default false, sport text check (sport in ('zq','lq')),
        notice text not null, welcome text not null, sort int not null)`.execute(db);
      await sql`create table vlive_schedules (
        id serial primary key, room_id text not null references vlive_rooms(id), title text not null,
        starts_at double precision not null, ends_at double precision not null, notified_at double precision, ended_at double precision,
        unique (room_id, starts_at))`.execute(db);
      await sql`create index vlive_schedules_starts on vlive_schedules (starts_at)`.execute(db);
      await sql`create table vlive_follows (
        user_id int not null references users(id), anchor_id int not null references vlive_anchors(id),
        at double precision not null, primary key (user_id, anchor_id))`.execute(db);
      await sql`create table vlive_reservations (
        user_id int not null references users(id), schedule_id int not null references vlive_schedules(id),
        at double precision not null, primary key (user_id, schedule_id))`.execute(db);
      await sql`create table vlive_gifts (
        id int primary key, name text not null, icon text not null, price int not null check (price > 0),
        effect text not null check (effect in ('small','big')), sort int not null)`.execute(db);
      await sql`create table vlive_bags (
        user_id int not null references users(id), gift_id int not null references vlive_gifts(id),
        count int not null check (count >= 0), primary key (user_id, gift_id))`.execute(db);
      await sql`create table vlive_gift_sends (
        id serial primary key, user_id int not null references users(id), room_id text not null references vlive_rooms(id),
        gift_id int not null references vlive_gifts(id), count int not null check (count > 0), total int not null,
        from_bag boolean not null, combo int not null, at double precision not null)`.execute(db);
      await sql`create index vlive_gift_sends_room_at on vlive_gift_sends (room_id, at)`.execute(db);
      await sql`create table vlive_idempotency (
        user_id int not null references users(id), key text not null, scope text not null, result jsonb,
        at double precision not null, primary key (user_id, key))`.execute(db);
      await sql`create table vlive_balance_log (
        id serial primary key, user_id int not null references users(id), delta int not null, balance int not null,
        reason text not null, ref text not null, at double precision not null)`.execute(db);
      await sql`create table vlive_noble_levels (
        level int primary key, name text not null, price int not null, days int not null, color text not null,
        privileges jsonb not null)`.execute(db);
      await sql`create table vlive_user_nobility (
        user_id int primary key references users(id), level int not null references vlive_noble_levels(level),
        expires_at double precision not null)`.execute(db);
      await sql`create table vlive_replays (
        id serial primary key, room_id text not null references vlive_rooms(id), title text not null, cover text not null,
        duration int not null, at double precision not null, url text)`.execute(db);
      await sql`create table vlive_chat_messages (
        id text primary key, room_id text not null, user_id int not null, client_id text not null,
        nick_name text not null, avatar text not null, noble_level int not null, text text not null,
        kind text not null, at double precision not null, unique (user_id, client_id))`.execute(db);
      await sql`create index vlive_chat_room_at on vlive_chat_messages (room_id, at)`.execute(db);
      await sql`create table vlive_watch_history (
        user_id int not null references users(id), room_id text not null references vlive_rooms(id),
        at double precision not null, primary key (user_id, room_id))`.execute(db);
    },
  },
  {
    id: 'vlive-002-seed',
    up: async (db) => {
      await db
        .insertInto('vlive_categories')
        .values(CATEGORIES.map((c, i) => ({ ...c, sort: i })))
        .execute();
      await db
        .insertInto('vlive_banners')
        .values(BANNERS.map((b, i) => ({ title: b.title, link: b.link, image: bannerImage(i + 1), sort: i })))
        .execute();
      await db
        .insertInto('vlive_anchors')
        .values(
          ANCHORS.map((a, i) => ({
            name: a.name,
            intro: a.intro,
            avatar: anchorAvatar(i + 1),
            followers: 1200 + ((i * 7919) % 30000),
          })),
        )
        .execute();
      await db
        .insertInto('vlive_rooms')
        .values(
          ROOMS.map(([anchor, category, title, tag, heat, sport, scheduledOnly, streamUrl], i) => ({
            id: roomIdOf(i + 1),
            anchor_id: anchor + 1,
            category_id: category,
            title,
            cover: roomCover(i + 1),
            tag,
            heat,
            live: !scheduledOnly,
            scheduled_only: scheduledOnly,
            stream_url: streamUrl,
            match_id: null,
            sport,
            notice: '欢迎来到直播间，文明发言，理性看球。禁止发布广告、涉赌及违规内容。',
            welcome: `欢迎来到${ANCHORS[anchor]!.name}的直播间，点个关注不迷路！`,
            sort: i,
          })),
        )
        .execute();
      await db
        .insertInto('vlive_gifts')
        .values(GIFTS.map((g, i) => ({ ...g, icon: giftIcon(g.id), sort: i })))
        .execute();
      await db
        .insertInto('vlive_noble_levels')
        .values(NOBLE_LEVELS.map((n) => ({ ...n, days: 30, privileges: JSON.stringify(n.privileges) })))
        .execute();
      const dayMs = 86_400_000;
      const base = Date.UTC(2026, 0, 1);
      await db
        .insertInto('vlive_replays')
        .values(
          REPLAY_TITLES.map((title, i) => ({
            room_id: roomIdOf((i % 8) + 1),
            title,
            cover: roomCover((i % 8) + 1),
            duration: 16 * (4 + i),
            at: base - (i + 1) * dayMs,
            url: null,
          })),
        )
        .execute();
    },
  },
  {
    // The seeded replays were dated before 2026; date them at 20:00 China time on the days before the database was made.
    id: 'vlive-003-replay-dates',
    up: async (db) => {
      await sql`update vlive_replays set at = (floor(extract(epoch from now()) / 86400) * 86400 - 86400 * id + 43200) * 1000 where at <= ${Date.UTC(2026, 0, 1)}`.execute(
        db,
      );
    },
  },
  {
    // A room seeded live with no stream at all (stream_url '', kept to prove the 暂无视频 answer)
    // played nothing, yet its card said 直播中 (issue 31: live only while something plays). It is
    // offline until an anchor pushes (a push sets its own stream_url).
    id: 'vlive-004-no-stream-offline',
    up: async (db) => {
      await sql`update vlive_rooms set live = false where stream_url = ''`.execute(db);
    },
  },
];
