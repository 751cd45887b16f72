import { sql } from 'kysely';
import type { Migration } from './index';

export const aiMigrations: Migration[] = [
  {
    id: 'ai-001-predictions',
    up: async (db) => {
      await sql`create table ai_predictions (
        match_id int primary key,
        league_id int not null,
        kickoff bigint not null,
        made_at bigint not null,
        p_home double precision not null check (p_home between 0 and 1),
        p_draw double precision not null check (p_draw between 0 and 1),
        p_away double precision not null check (p_away between 0 and 1),
        xg_home double precision not null,
        xg_away double precision not null,
        score_home int not null,
        score_away int not null,
        score_prob double precision not null,
        source text not null check (source in ('live', 'backtest'))
      )`.execute(db);
      await sql`create index ai_predictions_kickoff_idx on ai_predictions (kickoff)`.execute(db);
    },
  },
];
