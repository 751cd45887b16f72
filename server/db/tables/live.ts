/**
 * Live-score area tables (issue 3/5): seed catalogue (leagues, teams, players, standings,
 * bookmakers), the feed's match state and its history (incidents, text live, odds moves), and
 * users' followed matches. Times in ms are `double precision` so both drivers return numbers.
 */
import type { Generated, JSONColumnType } from 'kysely';

export interface LiveTables {
  live_leagues: {
    id: number;
    sport: string;
    name: string;
    letter: string;
    color: string;
    season: string;
    cup: boolean;
    major: boolean;
    quarter_min: number | null;
  };
  live_teams: {
    id: number;
    league_id: number;
    sport: string;
    name: string;
    strength: number;
    color: string;
    color2: string;
  };
  live_players: {
    id: number;
    team_id: number;
    name: string;
    position: string;
    number: number;
    age: number;
  };
  live_standings: {
    league_id: number;
    team_id: number;
    rank: number;
    played: number;
    win: number;
    draw: number;
    loss: number;
    goals_for: number;
    goals_against: number;
    points: number;
  };
  live_bookmakers: {
    id: number;
    name_zh: string;
    sort: number;
  };
  /** One fixture and its current state; `state` holds the simulator's per-match progress. */
  live_matches: {
    id: number;
    sport: string;
    league_id: number;
    home_id: number;
    away_id: number;
    /** Beijing date 'YYYY-MM-DD' of the kick-off. */
    day: string;
    /** Kick-off, unix seconds. */
    ot: number;
    status: number;
    score_h: number;
    score_a: number;
    jc: string | null;
    bd: boolean;
    jx: boolean;
    hot: boolean;
    has_video: boolean;
    type: number;
    state: JSONColumnType<Record<string, unknown>, string, string>;
    updated_at: number;
  };
  live_incidents: {
    id: string;
    match_id: number;
    sport: string;
    type: string;
    side: string | null;
    minute: number;
    /** Minutes of stoppage past `minute` (45+1 is minute 45, stoppage 1). */
    stoppage: Generated<number>;
    text: string;
    score_h: number;
    score_a: number;
    state: number | null;
    at: number;
  };
  live_text: {
    id: string;
    match_id: number;
    minute: number;
    stoppage: Generated<number>;
    text: string;
    type: string;
    at: number;
  };
  /** Odds moves (the opening line is derived from the fixture, not stored). */
  live_odds: {
    id: Generated<number>;
    match_id: number;
    type: number;
    company_id: number;
    left: number;
    middle: number;
    right: number;
    at: number;
  };
  live_follows: {
    user_id: number;
    match_id: number;
    sport: string;
    created_at: number;
  };
  /** Chinese names of a provider's entities; name_zh null: not translated yet (listed for operators). */
  live_names: {
    provider: string;
    /** 'zq' or 'lq': a provider numbers each sport's entities apart. */
    sport: string;
    kind: string;
    provider_id: string;
    name_zh: string | null;
    short_zh: string | null;
    provider_name: string;
    seen_at: number | null;
    updated_at: number | null;
  };
  live_details: {
    match_id: number;
    kind: string;
    body: JSONColumnType<object, string, string>;
    produced_at: number;
  };
  live_feed_meta: {
    key: string;
    value: JSONColumnType<Record<string, unknown>, string, string>;
  };
}
