/**
 * Where live data comes from. A `LiveSource` produces fixtures, status and score changes,
 * incidents, text live, stats and odds moves as they happen, and writes each through a
 * `LiveSink` (stored, then published) the moment it is produced; the live area only reads what
 * was stored. Details a provider has per match (lineups, injuries, intelligence, opening odds)
 * are asked for once with `produceDetail`; the repository stores the answer and every later
 * read is served from storage (see ./details.ts).
 *
 * Implementations: the simulator (server/live/simulator/create-feed.ts, the embedded default) and the
 * replay of a recorded feed file (./replay-source.ts, format in ./recording.ts). The AI area's
 * `AiSource` (server/ai/source.ts) is the same pattern for its reads.
 */
import type { Injuries, Intelligence, Lineup, OddsRow, OddsType } from '../../workers/protocol/index';
import type { Feed } from './simulator/feed';
import type { LiveSourceKind } from '../config';
import type { FeedOutput, LiveMatch } from './model';

/** The details stored per match, by kind. */
export interface DetailBodies {
  lineup: Lineup;
  injuries: Injuries;
  intel: Intelligence;
  'odds-open:1': OddsRow[];
  'odds-open:2': OddsRow[];
  'odds-open:3': OddsRow[];
}
export type DetailKind = keyof DetailBodies;
export const openingOddsKind = (type: OddsType): DetailKind => `odds-open:${type}`;

/** What a detail may be built from besides the match: its teams' recent finished matches. */
export interface DetailInputs {
  recent: { home: LiveMatch[]; away: LiveMatch[] };
}

/** Where a source writes what it produced (the repository, or a recorder in front of it). */
export interface LiveSink {
  /** New fixtures; a stored id keeps its stored state. */
  insertMatches(matches: readonly LiveMatch[], at: number): Promise<void>;
  /** One step of the feed: changed matches and what happened to them, stored together. */
  saveOutput(matches: readonly LiveMatch[], out: FeedOutput, at: number): Promise<void>;
  saveDetail<K extends DetailKind>(matchId: number, kind: K, body: DetailBodies[K], at: number): Promise<void>;
}

/** Scores and odds of these sources are made up (the simulator, or a recording of it): 演示数据. */
export const isDemoSource = (kind: LiveSourceKind): boolean => kind === 'simulator' || kind === 'replay';

/** What /healthz and /metrics say about the source. */
export interface SourceHealth {
  source: LiveSourceKind;
  /** Ms since the source's last message (null before the first). */
  lastMessageAgeMs: number | null;
  /** The provider's push is connected (null: the source has no push). */
  pushConnected: boolean | null;
  /** Polling because the push is down or stalled. */
  polling: boolean;
  /** Provider calls made, and left in the current budget (null: no budget). */
  callsUsed: number;
  callsLeft: number | null;
  /** Live matches flagged stale (no message for LIVE_STALE_S). */
  stale: number;
}

/** Health of a source that runs here with no provider behind it (the simulator, a replay): no push, no budget. */
export function localSourceHealth(source: LiveSourceKind, lastAt: number | null, now: number): SourceHealth {
  return {
    source,
    lastMessageAgeMs: lastAt === null ? null : now - lastAt,
    pushConnected: null,
    polling: false,
    callsUsed: 0,
    callsLeft: null,
    stale: 0,
  };
}

export interface LiveSource extends Feed {
  readonly kind: LiveSourceKind;
  /** The source's health, for /healthz and /metrics. */
  health(): SourceHealth;
  /** Where it stores what it produces; the detail service stores produced details through it too. */
  readonly sink: LiveSink;
  /**
   * The provider's detail of one match, or null when it has none (the route then answers an
   * empty body). Called at most once per (match, kind) while the answer is stored.
   */
  produceDetail<K extends DetailKind>(m: LiveMatch, kind: K, inputs: DetailInputs): Promise<DetailBodies[K] | null>;
  /**
   * A provider's squad of one of its teams (our id), asked for when the team's 数据库 page opens
   * and stored in live_players (the seeded teams' squads are the seed's: no such method).
   */
  produceSquad?(teamId: number): Promise<void>;
  /**
   * A fan opened (or refreshed) a match's 统计 tab: a polling source reads what only watched
   * matches are worth its calls for (API-Basketball box scores) while fans keep asking.
   */
  watch?(m: LiveMatch): void;
  /**
   * Cluster mode, a standby feed: what `start` would compute that does not depend on leading (the
   * simulator's seasons played out from the seed, ~8 s of CPU), done while it waits for the lock,
   * so a takeover starts in about a second. Safe to call again: what is ready is not redone (one
   * query). False while there is nothing to ready yet (the leader has not stored its days).
   */
  prepareStandby?(): Promise<boolean>;
}
