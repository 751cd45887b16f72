/**
 * Database REST paths (main API, /database) and bodies: leagues by region and popularity, a
 * league's standings (computed from stored results, live while matches are in play), schedule
 * by round, leaders, team and player pages. All GET.
 */
import type { Match, Sport } from '../live';
import type { TableRow } from './live-detail';

export const DatabasePaths = {
  leagues: '/database/leagues', // ?sport=zq|lq → LeagueRegion[]
  league: '/database/league/:id', // → LeagueInfo
  standings: '/database/standings/:id', // ?scope=total|home|away → Standings
  schedule: '/database/schedule/:id', // ?round= → LeagueSchedule
  leaders: '/database/leaders/:id', // → LeagueLeaders
  team: '/database/team/:id', // → TeamPage
  player: '/database/player/:id', // → PlayerPage
} as const;

export interface LeagueEntry {
  id: number;
  sport: Sport;
  name: string;
  color: string;
  season: string;
  cup: boolean;
  /** On the lottery lists and featured: shown first. */
  major: boolean;
  teamCount: number;
  /** A European competition's league phase: its match days (欧冠/欧联 8, 欧会杯 6); else absent. */
  leaguePhase?: number | null;
}

export interface LeagueRegion {
  region: string;
  leagues: LeagueEntry[];
}

/** Where a league stands in its calendar: Beijing days of its season's first and last match. */
export interface SeasonWindow {
  first: string;
  last: string;
  /** First match day of the next season (null when not known). */
  next: string | null;
  /** False between seasons: the table is the finished season's, no match is live. */
  running: boolean;
}

export interface LeagueInfo extends LeagueEntry {
  region: string;
  seasons: string[];
  window?: SeasonWindow | null;
}

export type StandingsScope = 'total' | 'home' | 'away';
/**
 * champions: title / top continental places; europe: other continental places; playoff (basketball
 * play-offs, a league phase's knockout play-off round); playIn (NBA 附加赛); advance (a league
 * phase's places straight into the round of 16).
 */
export type StandingsZone = 'champions' | 'europe' | 'playoff' | 'playIn' | 'advance' | 'relegation' | null;
/** 'W' win, 'D' draw, 'L' loss; newest last. */
export type FormMark = 'W' | 'D' | 'L';

/**
 * A row of the 数据库 table: the match analysis table's row (points: football 3 per win, 1 per
 * draw; basketball wins) and more.
 */
export interface StandingsRow extends TableRow {
  logo: string;
  goalDiff: number;
  /** Basketball win percentage 0–1 (football: null). */
  winPct: number | null;
  form: FormMark[];
  zone: StandingsZone;
  /** The team is in play now (its live score is counted). */
  playing: boolean;
  /** Places gained (+) or lost (−) against the table of finished matches only. */
  move: number;
}

/** One side of a knockout tie: a club (by its league-phase place), or who it will be. */
export interface BracketSide {
  teamId: number | null;
  /** The club's name, or e.g. '第16/17名胜者', '待定'. */
  name: string;
  /** League-phase place, when known. */
  seed: number | null;
}

export interface KnockoutRound {
  /** 附加赛, 1/8决赛, 1/4决赛, 半决赛, 决赛. */
  name: string;
  /** When it is played, e.g. '2027年2月'. */
  when: string;
  ties: Array<{
    home: BracketSide;
    away: BracketSide;
    /** Goals on aggregate (home side first) of the legs played so far. */
    score?: [number, number];
    /** Who went through, once the tie is decided. */
    winner?: 'home' | 'away';
    /** The shoot-out's goals (home side first), when the decided tie went to penalties. */
    pen?: [number, number];
  }>;
}

/** The knockout bracket after a league phase; `projected` while the league phase is still on. */
export interface KnockoutBracket {
  projected: boolean;
  rounds: KnockoutRound[];
}

/** A conference (NBA 东部/西部) with its own ranking. */
export interface StandingsGroup {
  name: string;
  rows: StandingsRow[];
}

export interface Standings {
  leagueId: number;
  sport: Sport;
  scope: StandingsScope;
  /** Some match of the league is in play: the table is the live one. */
  live: boolean;
  /** The whole league ranked (a league phase: all 36 clubs). */
  rows: StandingsRow[];
  /** How the real competition shows its table: by conference (NBA) — else absent. */
  groups?: StandingsGroup[];
  /** 'leaguePhase': the 36-club table of a European competition, before its knockout rounds. */
  shape?: 'league' | 'leaguePhase' | 'conferences';
  /** A league phase's knockout bracket (scope 'total' only). */
  bracket?: KnockoutBracket;
}

export interface ScheduleRound {
  round: number;
  /** A knockout round's name and leg (附加赛 首回合 …); absent for a numbered round (第N轮). */
  name?: string;
  /** Beijing day 'YYYY-MM-DD'. */
  day: string;
}

export interface LeagueSchedule {
  rounds: ScheduleRound[];
  round: number;
  matches: Match[];
}

export interface LeaderRow {
  rank: number;
  playerId: number;
  name: string;
  teamId: number;
  teamName: string;
  value: number;
  games: number;
}

export interface LeagueLeaders {
  sport: Sport;
  /** Football: goals, yellow, red. Basketball: points, rebounds, assists (totals). */
  boards: Array<{ key: string; rows: LeaderRow[] }>;
}

export interface SquadMember {
  playerId: number;
  name: string;
  number: number;
  position: string;
  age: number;
}

export interface TeamPage {
  id: number;
  sport: Sport;
  name: string;
  logo: string;
  leagueId: number;
  leagueName: string;
  squad: SquadMember[];
  results: Match[];
  upcoming: Match[];
  /** The team's row in its league's total table (null for a team without one). */
  standing: StandingsRow | null;
}

export interface PlayerSeasonStats {
  games: number;
  /** Football. */
  goals?: number;
  yellow?: number;
  red?: number;
  /** Basketball totals. */
  points?: number;
  rebounds?: number;
  assists?: number;
}

export interface PlayerPage {
  id: number;
  sport: Sport;
  name: string;
  number: number;
  position: string;
  age: number;
  teamId: number;
  teamName: string;
  teamLogo: string;
  leagueId: number;
  leagueName: string;
  stats: PlayerSeasonStats;
}
