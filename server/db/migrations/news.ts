import { sql } from 'kysely';
import type { Migration } from './index';

/**
 * News and community (issue 12). Times are unix ms. Counters (views, likes, comments) live on
 * the item rows and move in the same transaction as the like/comment row that changes them.
 * Status: 0 shown, 1 hidden pending operator review (reports), 2 removed / taken down.
 */
export const newsMigrations: Migration[] = [
  {
    id: 'news-001-articles-community',
    up: async (db) => {
      await sql`create table news_articles (
        id serial primary key,
        type int not null,
        title text not null,
        summary text not null default '',
        tag text not null default '',
        tags text not null default '',
        author text not null,
        body_md text not null,
        body_html text not null,
        published_at double precision not null,
        views int not null default 0 check (views >= 0),
        likes int not null default 0 check (likes >= 0),
        comments int not null default 0 check (comments >= 0),
        pinned boolean not null default false,
        banner boolean not null default false,
        status int not null default 0,
        match_id int,
        sport text,
        auto_kind text,
        slug text unique,
        updated_at double precision not null
      )`.execute(db);
      await sql`create index news_articles_type_idx on news_articles (type, published_at desc, id desc) where status = 0`.execute(
        db,
      );
      await sql`create index news_articles_all_idx on news_articles (published_at desc, id desc) where status = 0 and auto_kind is null`.execute(
        db,
      );
      // Pinned articles head the first page: few rows, their own small index.
      await sql`create index news_articles_pinned_idx on news_articles (type, published_at desc) where status = 0 and pinned`.execute(
        db,
      );
      await sql`create index news_articles_match_idx on news_articles (match_id) where match_id is not null`.execute(
        db,
      );
      await sql`alter table user_posts
        add column circle_id int,
        add column images text not null default '',
        add column likes int not null default 0 check (likes >= 0),
        add column comments int not null default 0 check (comments >= 0),
        add column status int not null default 0`.execute(db);
      await sql`create index user_posts_latest on user_posts (created_at desc, id desc)`.execute(db);
      await sql`create index user_posts_circle on user_posts (circle_id, created_at desc)`.execute(db);
      await sql`create table news_comments (
        id serial primary key,
        target_kind text not null check (target_kind in ('article', 'post')),
        target_id int not null,
        user_id int not null references users(id) on delete cascade,
        parent_id int references news_comments(id),
        reply_to text,
        text text not null,
        likes int not null default 0 check (likes >= 0),
        status int not null default 0,
        created_at double precision not null,
        deleted_at double precision
      )`.execute(db);
      await sql`create index news_comments_target on news_comments (target_kind, target_id, created_at desc)`.execute(
        db,
      );
      await sql`create index news_comments_parent on news_comments (parent_id, created_at)`.execute(db);
      await sql`create index news_comments_user on news_comments (user_id, created_at desc)`.execute(db);
      await sql`create table news_likes (
        target_kind text not null,
        target_id int not null,
        user_id int not null references users(id) on delete cascade,
        created_at double precision not null,
        primary key (target_kind, target_id, user_id)
      )`.execute(db);
      await sql`create table news_reports (
        target_kind text not null,
        target_id int not null,
        user_id int not null references users(id) on delete cascade,
        reason text not null,
        created_at double precision not null,
        reviewed boolean not null default false,
        primary key (target_kind, target_id, user_id)
      )`.execute(db);
      await sql`create index news_reports_user on news_reports (user_id, created_at desc)`.execute(db);
      await sql`create table community_circles (
        id int primary key,
        name text not null,
        kind text not null check (kind in ('league', 'team')),
        intro text not null,
        color text not null,
        sort int not null,
        members int not null default 0 check (members >= 0)
      )`.execute(db);
      await sql`create table community_members (
        circle_id int not null references community_circles(id),
        user_id int not null references users(id) on delete cascade,
        created_at double precision not null,
        primary key (circle_id, user_id)
      )`.execute(db);
      await sql`create table community_follows (
        user_id int not null references users(id) on delete cascade,
        followee_id int not null references users(id) on delete cascade,
        created_at double precision not null,
        primary key (user_id, followee_id)
      )`.execute(db);
      await sql`create table community_shields (
        user_id int not null references users(id) on delete cascade,
        shielded_id int not null references users(id) on delete cascade,
        created_at double precision not null,
        primary key (user_id, shielded_id)
      )`.execute(db);
    },
  },
  {
    // Post pictures (up to 9 per post) are uploads of their own purpose.
    id: 'news-002-post-images',
    up: async (db) => {
      await sql`alter table user_uploads drop constraint if exists user_uploads_purpose_check`.execute(db);
      await sql`alter table user_uploads add constraint user_uploads_purpose_check
        check (purpose in ('portrait', 'feedback', 'post'))`.execute(db);
    },
  },
];
