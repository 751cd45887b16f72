import { sql } from 'kysely';
import type { Migration } from './index';

export const liveMigrations: Migration[] = [
  {
    id: 'live-001-catalogue-matches',
    up: async (db) => {
      await sql`create table live_leagues (
        id int primary key,
        sport text not null check (sport in ('zq', 'lq')),
        name text not null,
        letter text not null,
        color text not null,
        season text not null,
        cup boolean not null,
        major boolean not null,
        quarter_min int
      )`.execute(db);
      await sql`create table live_teams (
        id int primary key,
        league_id int not null references live_leagues(id),
        sport text not null,
        name text not null,
        strength int not null,
        color text not null,
        color2 text not null
      )`.execute(db);
      await sql`create index live_teams_league_idx on live_teams (league_id)`.execute(db);
      await sql`create table live_players (
        id int primary key,
        team_id int not null references live_teams(id),
        name text not null,
        position text not null,
        number int not null,
        age int not null
      )`.execute(db);
      await sql`create index live_players_team_idx on live_players (team_id)`.execute(db);
      await sql`create table live_standings (
        league_id int not null references live_leagues(id),
        team_id int not null references live_teams(id),
        rank int not null,
        played int not null,
        win int not null,
        draw int not null,
        loss int not null,
        goals_for int not null,
        goals_against int not null,
        points int not null,
        primary key (league_id, team_id)
      )`.execute(db);
      await sql`create table live_bookmakers (id int primary key, name_zh text not null, sort int not null)`.execute(
        db,
      );
      await sql`create table live_matches (
        id int primary key,
        sport text not null,
        league_id int not null references live_leagues(id),
        home_id int not null references live_teams(id),
        away_id int not null references live_teams(id),
        day text not null,
        ot double precision not null,
        status int not null,
        score_h int not null default 0,
        score_a int not null default 0,
        jc text,
        bd boolean not null default false,
        jx boolean not null default false,
        hot boolean not null default false,
        has_video boolean not null default false,
        type int not null default 0,
        state jsonb not null,
        updated_at double precision not null
      )`.execute(db);
      await sql`create index live_matches_day_idx on live_matches (sport, day)`.execute(db);
      await sql`create index live_matches_status_idx on live_matches (status)`.execute(db);
      await sql`create index live_matches_home_idx on live_matches (home_id, ot)`.execute(db);
      await sql`create index live_matches_away_idx on live_matches (away_id, ot)`.execute(db);
      await sql`create table live_incidents (
        id text primary key,
        match_id int not null,
        sport text not null,
        type text not null,
        side text,
        minute int not null,
        text text not null,
        score_h int not null,
        score_a int not null,
        state int,
        at double precision not null
      )`.execute(db);
      await sql`create index live_incidents_match_idx on live_incidents (match_id, at)`.execute(db);
      await sql`create table live_text (
        id text primary key,
        match_id int not null,
        minute int not null,
        text text not null,
        type text not null,
        at double precision not null
      )`.execute(db);
      await sql`create index live_text_match_idx on live_text (match_id, at)`.execute(db);
      await sql`create table live_odds (
        id serial primary key,
        match_id int not null,
        type int not null,
        company_id int not null,
        "left" double precision not null,
        middle double precision not null,
        "right" double precision not null,
        at double precision not null
      )`.execute(db);
      await sql`create index live_odds_match_idx on live_odds (match_id, type, company_id, at desc)`.execute(db);
      await sql`create table live_follows (
        user_id int not null references users(id) on delete cascade,
        match_id int not null,
        sport text not null,
        created_at double precision not null,
        primary key (user_id, match_id)
      )`.execute(db);
      await sql`create table live_feed_meta (key text primary key, value jsonb not null)`.execute(db);
    },
  },
  {
    // Match details as the live source produced them (lineups, injuries, intelligence, opening
    // odds): stored once, read back, never regenerated on read.
    id: 'live-002-details',
    up: async (db) => {
      await sql`create table live_details (
        match_id int not null,
        kind text not null,
        body jsonb not null,
        produced_at double precision not null,
        primary key (match_id, kind)
      )`.execute(db);
    },
  },
  {
    // Incidents and text lines keep stoppage time (45+1) beside the capped minute, so a goal at
    // 45+1 is never shown as the 46th minute.
    id: 'live-003-stoppage',
    up: async (db) => {
      await sql`alter table live_incidents add column stoppage int not null default 0`.execute(db);
      await sql`alter table live_text add column stoppage int not null default 0`.execute(db);
    },
  },
  {
    // Chinese names of a provider's leagues, teams and players (issue 26): operators translate
    // what a provider names in English; a name not translated yet shows the provider's own and is
    // listed for them (name_zh null).
    id: 'live-004-names',
    up: async (db) => {
      await sql`create table live_names (
        provider text not null,
        kind text not null,
        provider_id text not null,
        name_zh text,
        short_zh text,
        provider_name text not null default '',
        seen_at double precision,
        updated_at double precision,
        primary key (provider, kind, provider_id)
      )`.execute(db);
      await sql`create index live_names_untranslated_idx on live_names (provider, kind) where name_zh is null`.execute(
        db,
      );
    },
  },
  {
    // 情报 as stored now holds only the source's notes (injuries, venue, officials); its rank,
    // form and record lines are computed from the results when shown (server/facts/). Notes stored
    // before carried a rank and a streak of their own that contradicted the table: they are
    // produced again on the next read.
    id: 'live-005-facts-intel-notes-only',
    up: async (db) => {
      await sql`delete from live_details where kind = 'intel'`.execute(db);
    },
  },
  {
    // A provider numbers football and basketball apart: API-Football's team 42 (Arsenal) and
    // API-Basketball's team 42 are two teams, and so are league 12 (CAF Champions League, NBA).
    // Keyed without the sport, a basketball team took a football club's Chinese name. Rows kept
    // so far are taken as football (the only sport seeded): a basketball entity gets its own row
    // the next time it is seen.
    id: 'live-006-names-sport',
    up: async (db) => {
      await sql`alter table live_names add column sport text not null default 'zq'`.execute(db);
      await sql`alter table live_names drop constraint live_names_pkey`.execute(db);
      await sql`alter table live_names add primary key (provider, sport, kind, provider_id)`.execute(db);
    },
  },
];
