/**
 * The simulator's own types. The match state it advances is the live model (server/live/model.ts);
 * `SimMatch` names it inside the simulator.
 */
import type { FeedOutput, LiveMatch } from '../model';

export type {
  BasketballState,
  FeedOutput,
  FootballState,
  IncidentRow,
  OddsMove,
  TeamBoxScore,
  TextRow,
} from '../model';
export { newOutput } from '../model';

/** The live model's match, as the simulator advances it. */
export type SimMatch = LiveMatch;

export interface SimContext {
  seed: number;
  speed: number;
  out: FeedOutput;
  /** Snapshots for the match topic are only needed when publishing. */
  snapshot: boolean;
  /**
   * Keep text-live lines and odds moves. Off while catching up matches that kicked off long ago
   * (a first start fills a fortnight): their results, incidents and final lines are the same,
   * only the minute-by-minute history is not stored.
   */
  history: boolean;
}
