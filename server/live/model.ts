/**
 * The live model: what every live source (the simulator, a recorded replay, a provider adapter)
 * produces and what the rest of the server reads. A match is stored whole in live_matches
 * (columns for what lists query, the rest in the `state` jsonb); incidents, text lines and odds
 * moves are rows of their own. Sources write it through a `LiveSink` (./source.ts); provider
 * adapters go through the ingest path (./ingest.ts), which maps statuses, dedupes and applies
 * corrections before it becomes this shape.
 */
import type { BasketballPlayerLine, IncidentType, OddsType, Pair, Side, Sport } from '../../workers/protocol/index';

/** Days before and after today that the lists can show (赛程 ahead, 赛果 behind); every source fills them. */
export const FEED_WINDOW_DAYS = 7;

/** How a fixture is fated to end (the simulator draws it; a provider's matches are 'normal'). */
export type Fate = 'normal' | 'postponed' | 'cancelled' | 'interrupted';

interface CommonState {
  fate: Fate;
  /** Unix ms (real) when the current phase started; 0 before kick-off. */
  phaseStart: number;
  /** One-minute steps already applied in the current phase. */
  steps: number;
  /** Counter for stable incident / text-line ids. */
  seq: number;
  /** Current line per `${type}:${companyId}` (absent: still the opening line). */
  odds: Record<string, [number, number, number]>;
  /** Set on a provider's match: what the ingest path needs to apply its messages once. */
  src?: IngestMark;
}

/**
 * The ingest path's bookkeeping on a provider's match (stored with the state, so a restart
 * dedupes exactly as before): the provider's id, the last revision applied per aspect ('score',
 * 'stats', 'odds:<type>:<company>'), the incidents already applied, and staleness.
 */
export interface IngestMark {
  provider: string;
  providerId: string;
  /** Last applied revision (provider timestamp or sequence) per aspect. */
  rev: Record<string, number>;
  /** Provider incident id → [our incident id, voided 0|1, side 0|1|-1, type, minute]. */
  inc: Record<string, [string, 0 | 1, 0 | 1 | -1, string, number]>;
  /** Unix ms of the last message applied for this match. */
  lastAt: number;
  /** The live status it had when it was flagged stale (status shows 0 meanwhile); absent when fresh. */
  staleFrom?: number;
  /** The latest `progress` applied (ingest-types.ts), each counter as last known; absent until one comes. */
  prog?: number[];
}

export interface FootballState extends CommonState {
  kind: 'zq';
  /** Decided on the day: level (on aggregate, with `carried`) after 90 minutes, extra time and penalties. */
  cup: boolean;
  /** Goals each side carries in from a tie's first leg (a second leg). */
  carried?: [number, number];
  /** Stoppage minutes of the first half, second half and extra time. */
  stoppage: [number, number, number];
  /** Second-half minute at which an 'interrupted' fixture stops. */
  fateMinute: number;
  half: Pair | null;
  red: Pair;
  yellow: Pair;
  corner: Pair;
  attacks: Pair;
  danger: Pair;
  shots: Pair;
  onTarget: Pair;
  /** Possession weight (shown as a percentage share). */
  poss: Pair;
  pen: Pair | null;
  /** Player events: [playerId, side 0|1, minute, kind]. */
  players: Array<[number, 0 | 1, number, 'goal' | 'yellow' | 'red']>;
}

export interface TeamBoxScore {
  fgm: Pair;
  fga: Pair;
  tpm: Pair;
  tpa: Pair;
  ftm: Pair;
  fta: Pair;
  reb: Pair;
  ast: Pair;
  stl: Pair;
  blk: Pair;
  tov: Pair;
  pf: Pair;
}

export interface BasketballState extends CommonState {
  kind: 'lq';
  quarterMin: number;
  /** 1–4 quarters, 5+ overtimes; 0 before tip-off. */
  period: number;
  quarters: Pair[];
  box: TeamBoxScore;
  /** Per player: [points, rebounds, assists, minutes-ish steps on court]. */
  players: Record<string, [number, number, number]>;
  /** Step in Q3 at which an 'interrupted' fixture stops. */
  fateStep: number;
  /**
   * Real (feed) seconds one step of 30 game seconds takes in the current period: the clock runs
   * for 30 s, then stands still for fouls, free throws and time-outs. Drawn per game and period,
   * so games that tip off together show different clocks. Absent in states stored before it.
   */
  stepS?: number;
  /**
   * A provider's box score: every player line it gave, home and away (names already Chinese
   * where the names table has them). Absent: the provider gave none (the simulator's games).
   */
  lines?: { home: BasketballPlayerLine[]; away: BasketballPlayerLine[] };
  /** A provider's game clock: seconds left in the period at unix ms `at` (running while in play). */
  clock?: { remain: number; at: number };
}

/** A fixture and its state: kick-off, status, score, flags and the sport's state `st`. */
export interface LiveMatch {
  id: number;
  sport: Sport;
  leagueId: number;
  homeId: number;
  awayId: number;
  /** Beijing date 'YYYY-MM-DD' of the kick-off. */
  day: string;
  /** Kick-off, unix seconds. */
  ot: number;
  jc: string | null;
  bd: boolean;
  jx: boolean;
  hot: boolean;
  status: number;
  score: Pair;
  hasVideo: boolean;
  type: number;
  st: FootballState | BasketballState;
  updatedAt: number;
}

export interface IncidentRow {
  id: string;
  matchId: number;
  sport: Sport;
  type: IncidentType;
  side: Side | null;
  /** Match minute, capped at the end of the period in stoppage time: 45 for 45+1. */
  minute: number;
  /** Minutes of stoppage past `minute` (45+1 → 1), 0 otherwise; absent from older recordings. */
  stoppage?: number;
  text: string;
  score: Pair;
  state: number | null;
  at: number;
}

export interface TextRow {
  id: string;
  matchId: number;
  minute: number;
  /** As IncidentRow.stoppage. */
  stoppage?: number;
  text: string;
  type: IncidentType | 'text';
  at: number;
}

export interface OddsMove {
  matchId: number;
  type: OddsType;
  companyId: number;
  left: number;
  middle: number;
  right: number;
  at: number;
}

/** What advancing matches produced, to store and to publish. */
export interface FeedOutput {
  changed: Set<number>;
  statsChanged: Set<number>;
  incidents: IncidentRow[];
  texts: TextRow[];
  odds: OddsMove[];
  /** Match snapshots taken right after each incident, for the match topic. */
  snapshots: Map<string, LiveMatch>;
  /**
   * Of `changed`, the matches whose row (list and match frame) changed; the others moved only
   * odds, published as odds rows alone. Absent: all of `changed`.
   */
  listed?: Set<number>;
  /** Of `changed`, the matches whose score or status changed (standings follow those). Absent: all of `changed`. */
  results?: Set<number>;
}

export const newOutput = (): FeedOutput => ({
  changed: new Set(),
  statsChanged: new Set(),
  incidents: [],
  texts: [],
  odds: [],
  snapshots: new Map(),
});
