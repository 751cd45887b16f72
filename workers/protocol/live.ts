/**
 * Live-score data as it crosses the wire (REST bodies and socket events). The server produces
 * these; the core derives status text, minute text and odds colours from them (never the views).
 */
import type { BasketballStatus, FootballStatus } from './status';

/** 'zq' football, 'lq' basketball (glossary). */
export type Sport = 'zq' | 'lq';
export type Side = 'home' | 'away';
/** [home, away] */
export type Pair = [number, number];

export interface TeamRef {
  id: number;
  name: string;
  /** URL of the team's generated SVG crest. */
  logo: string;
  /** League ranking, shown when pmChecked is on. */
  rank: number | null;
}

interface MatchBase {
  id: number;
  /** League id (spec: li / leagueId). */
  li: number;
  leagueName: string;
  /** League colour, CSS hex. */
  leagueColor: string;
  /** First letter of the league's pinyin, for the filter groups. */
  leagueLetter: string;
  /** Open (start) time, unix seconds (spec: ot / openTime). */
  ot: number;
  home: TeamRef;
  away: TeamRef;
  score: Pair;
  /** 竞彩 number such as '周六001', or null when not on the jczq list. */
  jc: string | null;
  /** On the 北京单场 list. */
  bd: boolean;
  /** Featured (精选). */
  jx: boolean;
  /** Shown on the hot list. */
  hot: boolean;
  isShow: boolean;
  hasVideo: boolean;
}

export interface FootballMatch extends MatchBase {
  sport: 'zq';
  s: FootballStatus;
  /**
   * Unix seconds when the current half started: first half for s=2, second half for s=4,
   * extra time for s=5. 0 when not in play. The minute text is derived from it (spec §4).
   */
  halfStart: number;
  half: Pair | null;
  red: Pair;
  yellow: Pair;
  corner: Pair;
  /** Penalty shoot-out score once status 7 is decided, else null (absent from older servers). */
  pen?: Pair | null;
}

export interface BasketballMatch extends MatchBase {
  sport: 'lq';
  s: BasketballStatus;
  /** Match type; 8 and 9 are treated as 0 (spec §4). */
  type: number;
  /** Points per period: Q1..Q4 then overtimes. */
  quarters: Pair[];
  /** Seconds left on the game clock in the current period, null when not running. */
  remain: number | null;
}

export type Match = FootballMatch | BasketballMatch;

export type IncidentType = 'goal' | 'yellow' | 'red' | 'corner' | 'state' | 'penalty' | 'sub';

export interface Incident {
  /** Stable id; an alert fires once per incident id. */
  id: string;
  matchId: number;
  sport: Sport;
  type: IncidentType;
  side: Side | null;
  /** Match minute (football, capped at the period's end in stoppage time) or period (basketball). */
  minute: number;
  /** Football stoppage minutes past `minute`: 45+1 is minute 45, stoppage 1. Absent when none. */
  stoppage?: number;
  /** Chinese description, e.g. '第23分钟 阿森纳 进球'. */
  text: string;
  /** Score after the incident. */
  score: Pair;
  /** New status for 'state' incidents. */
  state?: number;
  /** Unix ms. */
  at: number;
}

/** Football statistic types (spec §3): bars 2, 3, 4, 22, 23, 24; pies 25, 21, 70. */
export const StatType = {
  CORNER: 2,
  YELLOW: 3,
  RED: 4,
  SHOTS_ON_TARGET: 21,
  SHOTS_OFF_TARGET: 22,
  ATTACKS: 23,
  DANGEROUS_ATTACKS: 24,
  /** Possession, percent. */
  POSSESSION: 25,
  SHOTS: 70,
} as const;

/** Basketball team statistic types (technical stats tab; same StatEntry shape). */
export const BasketballStatType = {
  FIELD_GOALS_MADE: 101,
  FIELD_GOALS_ATTEMPTED: 102,
  THREES_MADE: 103,
  THREES_ATTEMPTED: 104,
  FREE_THROWS_MADE: 105,
  FREE_THROWS_ATTEMPTED: 106,
  REBOUNDS: 107,
  ASSISTS: 108,
  STEALS: 109,
  BLOCKS: 110,
  TURNOVERS: 111,
  FOULS: 112,
} as const;

/** Football statistic entry (spec §3): 2 corner, 3 yellow, 4 red, 23 attacks, 24 dangerous attacks; 70/21/25 pies. */
export interface StatEntry {
  type: number;
  home: number;
  away: number;
}

export interface TextLiveLine {
  id: string;
  matchId: number;
  /** Match minute, or quarter for basketball. */
  minute: number;
  /** As Incident.stoppage. */
  stoppage?: number;
  text: string;
  /** Incident type when the line reports one, for an icon. */
  type: IncidentType | 'text';
  at: number;
}

/** Odds detail type: 1 Asian handicap, 2 European, 3 over/under (spec §4). */
export type OddsType = 1 | 2 | 3;

/** One bookmaker's line (spec §3: companyId, nameZh, left, middle, right). */
export interface OddsRow {
  companyId: number;
  nameZh: string;
  left: number;
  middle: number;
  right: number;
  /** Unix ms the line was set. */
  at: number;
}

export interface OddsCompany {
  companyId: number;
  nameZh: string;
}

/** A match's odds of one type: the opening line and the current line per company. */
export interface OddsBoard {
  matchId: number;
  type: OddsType;
  companies: Array<{ companyId: number; nameZh: string; open: OddsRow; live: OddsRow }>;
}

/** Socket events per topic. */
export type ListEvent = { kind: 'match'; match: Match; incident?: Incident };

export type MatchEvent =
  | { kind: 'match'; match: Match; incident?: Incident }
  | { kind: 'text'; line: TextLiveLine }
  | { kind: 'stats'; matchId: number; stats: StatEntry[] }
  | { kind: 'odds'; matchId: number; type: OddsType; row: OddsRow };
