import { sql } from 'kysely';
import type { Migration } from './index';

/** Activity tables (issue 15): issues, prize tables, entries, picks, draws, shipping addresses. */
export const activityMigrations: Migration[] = [
  {
    id: 'activity-001-issues',
    up: async (db) => {
      await sql`create table activity_issues (
        issue_no serial primary key,
        title text not null,
        opens_at double precision not null,
        closes_at double precision not null check (closes_at > opens_at),
        seed_hash text not null check (length(seed_hash) = 64),
        seed text not null,
        revealed boolean not null default false,
        created_at double precision not null
      )`.execute(db);
      await sql`create table activity_issue_matches (
        issue_no int not null references activity_issues(issue_no) on delete cascade,
        match_id int not null,
        primary key (issue_no, match_id)
      )`.execute(db);
      await sql`create table activity_prizes (
        id serial primary key,
        issue_no int not null references activity_issues(issue_no) on delete cascade,
        name text not null,
        kind text not null check (kind in ('physical', 'points', 'none')),
        points int not null default 0,
        weight int not null check (weight >= 0),
        stock int check (stock >= 0),
        initial_stock int,
        sort int not null
      )`.execute(db);
      await sql`create table activity_entries (
        issue_no int not null references activity_issues(issue_no) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        points int not null check (points >= 0),
        chances int not null check (chances >= 0),
        draws int not null default 0,
        invite_code text not null unique,
        invited_by int references users(id) on delete set null,
        joined_at double precision not null,
        primary key (issue_no, user_id)
      )`.execute(db);
      await sql`create table activity_picks (
        issue_no int not null,
        user_id int not null,
        match_id int not null,
        pick text not null check (pick in ('h', 'd', 'a')),
        stake int not null check (stake > 0),
        outcome text not null default 'pending' check (outcome in ('pending', 'won', 'lost', 'void')),
        payout int not null default 0,
        at double precision not null,
        settled_at double precision,
        primary key (issue_no, user_id, match_id),
        foreign key (issue_no, user_id) references activity_entries(issue_no, user_id) on delete cascade
      )`.execute(db);
      await sql`create index activity_picks_pending on activity_picks (match_id) where settled_at is null`.execute(db);
      await sql`create table activity_draws (
        id serial primary key,
        issue_no int not null,
        user_id int not null,
        draw_no int not null,
        client_id text not null,
        prize_id int not null references activity_prizes(id),
        at double precision not null,
        unique (issue_no, user_id, draw_no),
        unique (issue_no, user_id, client_id),
        foreign key (issue_no, user_id) references activity_entries(issue_no, user_id) on delete cascade
      )`.execute(db);
      await sql`create table activity_addresses (
        user_id int primary key references users(id) on delete cascade,
        name text not null,
        mobile text not null,
        region text not null,
        detail text not null,
        updated_at double precision not null
      )`.execute(db);
    },
  },
];
