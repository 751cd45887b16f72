import { sql } from 'kysely';
import type { Migration } from './index';

/** Database area (issue 14): tables are computed from live_matches per league, so index it by league. */
export const databaseMigrations: Migration[] = [
  {
    id: 'database-001-matches-by-league',
    up: async (db) => {
      await sql`create index if not exists live_matches_league_idx on live_matches (league_id, status)`.execute(db);
    },
  },
];
