/** The live feed simulator's contract (implementation: ./create-feed.ts). */
import type { Envelope } from '../../../workers/protocol/index';

export interface DevFeedEvent {
  matchId: number;
  type: 'goal' | 'yellow' | 'red' | 'corner' | 'state';
  side?: 'home' | 'away';
  state?: number;
}

export interface Feed {
  /** Loads stored state (or generates fixtures), then advances in real time × FEED_SPEED. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Applies a dev event now and broadcasts it; a non-200 envelope when it is not legal now. */
  applyDevEvent(event: DevFeedEvent): Promise<Envelope>;
  /** True once started and ticking (for /healthz). */
  healthy(): boolean;
  /**
   * Runs one tick at `now()` (stores and publishes what changed); returns how many matches
   * changed. The timer calls it every second; tests with `config.feed = false` call it by hand.
   */
  advance(): Promise<number>;
}
