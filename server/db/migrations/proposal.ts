import { sql } from 'kysely';
import type { Migration } from './index';

export const proposalMigrations: Migration[] = [
  {
    id: 'proposal-001-experts-tips-settlements',
    up: async (db) => {
      await sql`create table proposal_experts (
        user_id int primary key references users(id) on delete cascade,
        level int not null default 1 check (level between 1 and 7),
        intro text not null default '',
        created_at double precision not null
      )`.execute(db);
      await sql`create table proposal_tips (
        id serial primary key,
        expert_id int not null references proposal_experts(user_id) on delete cascade,
        match_id int not null references live_matches(id),
        sport text not null check (sport in ('zq', 'lq')),
        market text not null check (market in ('spf', 'rq', 'dxq', 'rf', 'dxf')),
        pick text not null,
        line double precision,
        odds double precision not null check (odds > 1),
        price int not null default 0 check (price >= 0),
        reason text not null,
        published_at double precision not null,
        result text check (result in ('red', 'black', 'push', 'void')),
        profit double precision,
        settled_at double precision,
        unique (expert_id, match_id, market)
      )`.execute(db);
      await sql`create index proposal_tips_match_idx on proposal_tips (match_id) where result is null`.execute(db);
      await sql`create index proposal_tips_expert_idx on proposal_tips (expert_id, settled_at)`.execute(db);
      // One settlement per tip, ever: a second attempt hits this constraint and changes nothing.
      await sql`create table proposal_settlements (
        id serial primary key,
        tip_id int not null unique references proposal_tips(id) on delete cascade,
        match_id int not null,
        status int not null,
        score_h int not null,
        score_a int not null,
        result text not null,
        profit double precision not null,
        settled_at double precision not null
      )`.execute(db);
    },
  },
  {
    id: 'proposal-002-purchases-follows-applications',
    up: async (db) => {
      // One purchase per user and tip: the unique pair makes a repeated or concurrent buy debit once.
      await sql`create table proposal_purchases (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        tip_id int not null references proposal_tips(id) on delete cascade,
        price int not null check (price > 0),
        at double precision not null,
        refunded_at double precision,
        unique (user_id, tip_id)
      )`.execute(db);
      await sql`create index proposal_purchases_tip_idx on proposal_purchases (tip_id)`.execute(db);
      await sql`create table proposal_follows (
        user_id int not null references users(id) on delete cascade,
        expert_id int not null references proposal_experts(user_id) on delete cascade,
        created_at double precision not null,
        primary key (user_id, expert_id)
      )`.execute(db);
      await sql`create index proposal_follows_expert_idx on proposal_follows (expert_id)`.execute(db);
      await sql`create table proposal_applications (
        user_id int primary key references users(id) on delete cascade,
        status text not null check (status in ('pending', 'approved', 'rejected')),
        settled int not null,
        hit_rate double precision not null,
        applied_at double precision not null,
        decided_at double precision
      )`.execute(db);
    },
  },
];
