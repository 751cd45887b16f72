/** What the AI service reads from the live feed's storage (implemented in ./db-source.ts). */
import type { AiTeam } from '../../workers/protocol/index';
import type { TeamFacts } from '../facts/team-facts';

export interface Fixture {
  matchId: number;
  leagueId: number;
  leagueName: string;
  leagueColor: string;
  /** Kick-off, unix seconds. */
  ot: number;
  home: AiTeam;
  away: AiTeam;
  /** Football status (spec §4). */
  status: number;
  score: [number, number];
}

export interface AiSource {
  /** Finished football matches (status 8) that kicked off before `beforeSec`, oldest first. */
  finished(beforeSec: number): Promise<Fixture[]>;
  /** Football matches not started (status 1) kicking off in [fromSec, toSec), soonest first. */
  upcoming(fromSec: number, toSec: number): Promise<Fixture[]>;
  fixture(matchId: number): Promise<Fixture | null>;
  /**
   * The season tables the 数据库 shows (the facts module), read once, as they stood at any time
   * (unix seconds: the finished matches that kicked off before it): goals for/against per team.
   */
  tables(): Promise<(asOfSec: number) => TableGoals[]>;
  /** Both sides' facts as 情报 states them now (null: a team in no table we know). */
  facts(homeId: number, awayId: number): Promise<{ home: TeamFacts | null; away: TeamFacts | null }>;
}

export interface TableGoals {
  leagueId: number;
  teamId: number;
  played: number;
  goalsFor: number;
  goalsAgainst: number;
}
