/**
 * Bodies of the match-detail REST calls in `LivePaths` that are read once per visit (lineups,
 * injuries, analysis, intelligence, basketball rank/section difference/player stats). The live
 * parts (header, text live, stats, odds) are in `../live.ts` and arrive as socket events too.
 */
import type { Pair, StatEntry } from '../live';

export interface LineupPlayer {
  id: number;
  name: string;
  number: number;
  /** 'GK' | 'DF' | 'MF' | 'FW' (football); 'G' | 'F' | 'C' (basketball). */
  position: string;
}

export interface TeamLineup {
  teamId: number;
  teamName: string;
  /** e.g. '4-3-3' (outfield lines, back to front). */
  formation: string;
  coach: string | null;
  /** Goalkeeper first, then each formation line from defence to attack, in order across the pitch. */
  starters: LineupPlayer[];
  bench: LineupPlayer[];
}

/** GET LivePaths.zqLineup → Lineup */
export interface Lineup {
  home: TeamLineup;
  away: TeamLineup;
}

export interface InjuryEntry {
  playerId: number;
  name: string;
  number: number;
  position: string;
  /** e.g. '膝伤', '红牌停赛' */
  reason: string;
  /** e.g. '伤停', '停赛', '出战成疑' */
  status: string;
}

/** GET LivePaths.zqInjury → Injuries */
export interface Injuries {
  home: InjuryEntry[];
  away: InjuryEntry[];
}

/** A past (score set) or future (score null) fixture in analysis lists. */
export interface AnalysisMatch {
  matchId: number;
  /** Kick-off, unix seconds. */
  ot: number;
  leagueName: string;
  homeId: number;
  home: string;
  awayId: number;
  away: string;
  score: Pair | null;
  half: Pair | null;
}

/** GET LivePaths.zqHistory → AnalysisHistory (newest first); also the body of LivePaths.lqAnalysis. */
export interface AnalysisHistory {
  h2h: AnalysisMatch[];
  homeRecent: AnalysisMatch[];
  awayRecent: AnalysisMatch[];
}

/** GET LivePaths.zqFuture → FutureFixtures (soonest first). */
export interface FutureFixtures {
  home: AnalysisMatch[];
  away: AnalysisMatch[];
}

export interface TableRow {
  rank: number;
  teamId: number;
  teamName: string;
  played: number;
  win: number;
  draw: number;
  loss: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/** GET LivePaths.zqTable and LivePaths.lqRank → LeagueTable */
export interface LeagueTable {
  leagueName: string;
  season: string;
  rows: TableRow[];
}

export interface TeamIntel {
  good: string[];
  bad: string[];
}

/** GET LivePaths.zqIntelligence and LivePaths.lqIntel → Intelligence */
export interface Intelligence {
  home: TeamIntel;
  away: TeamIntel;
  /** Neutral notes (weather, referee, venue). */
  neutral: string[];
}

/** GET LivePaths.lqSectionDiff → SectionDiff: average points per period over recent games. */
export interface SectionDiff {
  /** Period labels, e.g. ['第一节', '第二节', '第三节', '第四节']. */
  periods: string[];
  home: { scored: number[]; conceded: number[] };
  away: { scored: number[]; conceded: number[] };
  /** Games the averages cover. */
  games: number;
}

export interface BasketballPlayerLine {
  playerId: number;
  name: string;
  number: number;
  position: string;
  starter: boolean;
  minutes: number;
  points: number;
  rebounds: number;
  assists: number;
  /**
   * A provider's box score adds these where it gives them (absent: not given, shown as '-'):
   * 抢断, 盖帽, 失误, 犯规, and 投篮 / 三分 / 罚球 as [made, attempted].
   */
  steals?: number;
  blocks?: number;
  turnovers?: number;
  fouls?: number;
  fg?: [number, number];
  tp?: [number, number];
  ft?: [number, number];
}

/** GET LivePaths.lqStats → BasketballStats (the core reads `stats` for the team bars). */
export interface BasketballStats {
  stats: StatEntry[];
  players: { home: BasketballPlayerLine[]; away: BasketballPlayerLine[] };
}

export interface FootballPlayerLine {
  playerId: number;
  name: string;
  number: number;
  position: string;
  goals: number;
  yellow: number;
  red: number;
}

/** GET LivePaths.zqPlayerStats → FootballPlayerStats */
export interface FootballPlayerStats {
  home: FootballPlayerLine[];
  away: FootballPlayerLine[];
}
