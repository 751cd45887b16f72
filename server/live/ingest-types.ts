/**
 * The ingest path's contract (./ingest.ts): the provider-neutral updates every adapter parses its
 * messages into, what the ingest needs, and what it answers.
 */
import type { IncidentType, OddsType, Pair, Side, Sport, StatEntry } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { Metrics } from '../metrics';
import type { Hub } from '../ws/hub';
import type { EntityKind, ProviderName, StatusTable } from './providers';
import type { LiveSink } from './source';

/** A provider's entity as a message names it. */
export interface NamedRef {
  id: string | number;
  name: string;
}

interface Base {
  provider: ProviderName;
  sport: Sport;
  /** The provider's match id. */
  match: string | number;
  /** Revision: the provider's timestamp (ms) or sequence of this message; higher is newer. */
  rev: number;
  /**
   * Where the match stood when the provider sent this, for a provider whose messages carry no
   * timestamp of their own (a revision that is only the arrival time cannot tell a message
   * redelivered late from a new one): counters that only go up during a match (phase, corners,
   * cards, attacks…), one per position, -1 where this message does not say. A score or stats
   * message behind the last applied one on some counter and ahead on none is older, however late
   * it came, and changes nothing; ahead on one is newer, even if another went down (a correction).
   */
  progress?: readonly number[];
}

export interface FixtureUpdate extends Base {
  kind: 'fixture';
  league: NamedRef;
  home: NamedRef;
  away: NamedRef;
  /** Kick-off, unix seconds. */
  ot: number;
  /** The provider's raw status code. */
  status: string | number;
  cup?: boolean;
  /** 竞彩足球 number ('周三001') when the source lists the match on 竞彩; absent: unchanged. */
  jc?: string;
  /** On a 北单 list; absent: unchanged (a list that drops a played match never clears it). */
  bd?: boolean;
}

export interface ScoreUpdate extends Base {
  kind: 'score';
  status?: string | number;
  score?: Pair;
  half?: Pair | null;
  red?: Pair;
  yellow?: Pair;
  corner?: Pair;
  pen?: Pair | null;
  /** Basketball: points per period so far. */
  quarters?: Pair[];
  /** Unix seconds the current half (football) started, for the minute. */
  periodStart?: number;
  /** Basketball: seconds left on the game clock. */
  remain?: number | null;
  /**
   * The provider's state as of when it was asked (a poll answer), not a message that may arrive
   * late: a lower score at the same `progress` as the last applied is believed (a VAR take-back
   * with nothing else moving). Without it such a score is held (`held` in apply's answer).
   */
  current?: boolean;
}

export interface IncidentUpdate extends Base {
  kind: 'incident';
  /** The provider's incident id (or a key it makes unique per match). */
  id: string | number;
  type: IncidentType;
  side: Side | null;
  /** Match minute (football) or period (basketball). */
  minute: number;
  player?: string;
  /** Taken back (VAR): a goal that does not count. */
  voided?: boolean;
}

export interface StatsUpdate extends Base {
  kind: 'stats';
  /** StatType (football) or BasketballStatType codes, already mapped by the adapter. */
  stats: StatEntry[];
}

export interface OddsUpdate extends Base {
  kind: 'odds';
  company: NamedRef;
  type: OddsType;
  left: number;
  middle: number;
  right: number;
}

/** One player's line of a basketball box score as a provider gives it (figures it lacks: absent). */
export interface BoxPlayer {
  /** The provider's player id. */
  id: string | number;
  /** The provider's name (the names table gives the Chinese one). */
  name: string;
  number: number | null;
  starter: boolean;
  /** Seconds on court; null when not given. */
  seconds: number | null;
  points: number;
  rebounds: number;
  assists: number;
  steals?: number;
  blocks?: number;
  turnovers?: number;
  fouls?: number;
  /** 投篮, 三分, 罚球: [made, attempted]. */
  fg?: Pair;
  tp?: Pair;
  ft?: Pair;
}

/**
 * A basketball box score (and so the lineup: who started, who came off the bench). A side the
 * message does not name (an empty list) keeps what it had; so does a player it leaves out.
 */
export interface BoxUpdate extends Base {
  kind: 'box';
  home: BoxPlayer[];
  away: BoxPlayer[];
}

export type IngestUpdate = FixtureUpdate | ScoreUpdate | IncidentUpdate | StatsUpdate | BoxUpdate | OddsUpdate;

/**
 * Names a provider entity in Chinese (the names table); the provider's own name when untranslated.
 * The sport is part of the key: a provider numbers football and basketball apart.
 */
export type NameResolver = (
  provider: ProviderName,
  sport: Sport,
  kind: EntityKind,
  providerId: string,
  providerName: string,
) => Promise<{ name: string; short: string | null }>;

export interface IngestDeps {
  db: Db;
  hub: Hub;
  metrics: Metrics;
  sink: LiveSink;
  now: () => number;
  /** FEED_SEED (the views' clock carries it). */
  seed: number;
  /** A live match with no message for this long is flagged stale. */
  staleAfterMs: number;
  /**
   * Rows of matches that only moved odds are written at most this often (their odds rows at once):
   * a crash loses at most this long of their bookkeeping (latest line and revision per company).
   */
  flushMs?: number;
  /**
   * Batches handed in within this long of the last tick's start wait for the next tick (one
   * transaction and one publish for all of them); a batch after a quiet spell goes at once. Default 20.
   */
  tickMs?: number;
  /** Each provider's status table (spec §4 codes). */
  statusTables: Partial<Record<ProviderName, Readonly<Record<Sport, StatusTable>>>>;
  names: NameResolver;
}

export interface IngestStats {
  /** Unix ms of the last message handed in, null before the first. */
  lastMessageAt: number | null;
  applied: number;
  duplicates: number;
  /** Messages for a match the path has no fixture of yet. */
  unknown: number;
  corrections: number;
  stale: number;
}

export interface Ingest {
  /**
   * Applies a batch of messages (stored in one transaction, then published); answers what changed,
   * and the matches whose lower score it held because it may be a message come late (same
   * `progress` as the score applied, not `current`): the caller asks the provider's current state.
   */
  apply(updates: readonly IngestUpdate[]): Promise<{ changed: number[]; held?: number[] }>;
  /** Flags live matches with no message for `staleAfterMs`; answers how many it flagged. */
  sweepStale(): Promise<number>;
  stats(): IngestStats;
}

/** Order inside one batch: fixtures, then scores (incidents carry the score after them), then the rest. */
