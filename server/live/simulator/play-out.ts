/**
 * A fixture played to its end at once by the simulator's own draws (keyed by seed, match and
 * minute, never by the clock): the result the feed stores for it when it plays it live. The
 * knockout draw (./knockout.ts) and the results of a season's rounds before the stored days
 * (server/live/past-results.ts) read it.
 */
import { STATUS_TABLE, type Pair } from '../../../workers/protocol/index';
import type { Fixture } from './fixtures';
import { advanceFootball, newFootballState } from './football';
import { advanceBasketball, newBasketballState } from './basketball';
import { newOutput, type FeedOutput, type SimMatch } from './sim-types';

export interface PlayedResult {
  score: Pair;
  /** Shoot-out goals when the match went to penalties. */
  pen: Pair | null;
  /** Finished (not called off or abandoned). */
  finished: boolean;
}

/** Hours after kick-off by which any match is over (extra time, penalties, an interruption). */
const OVER_H = 5;

/** A fixture as the feed first stores it: not started, its state drawn from the seed. */
export function fixtureMatch(seed: number, f: Fixture): SimMatch {
  return {
    id: f.id,
    sport: f.sport,
    leagueId: f.leagueId,
    homeId: f.homeId,
    awayId: f.awayId,
    day: f.day,
    ot: f.ot,
    status: STATUS_TABLE[f.sport].notStarted,
    score: [0, 0],
    jc: f.jc,
    bd: f.bd,
    jx: f.jx,
    hot: f.hot,
    hasVideo: false,
    type: 0,
    st: f.sport === 'zq' ? newFootballState(seed, f) : newBasketballState(seed, f),
    updatedAt: 0,
  };
}

/** The fixture played to its end: the match as the feed stores it at the whistle. */
export function playedMatch(seed: number, f: Fixture): SimMatch {
  return played(seed, f, false).match;
}

/**
 * The fixture played to its end with what the feed records when it plays it live: its incidents
 * (corners too), its text live and every bookmaker's odds moves. The match is `playedMatch`'s:
 * keeping the history draws nothing more.
 */
export function playedStory(seed: number, f: Fixture): { match: SimMatch; out: FeedOutput } {
  return played(seed, f, true);
}

function played(seed: number, f: Fixture, history: boolean): { match: SimMatch; out: FeedOutput } {
  const m = fixtureMatch(seed, f);
  const ctx = { seed, speed: 1, out: newOutput(), snapshot: false, history };
  const end = (f.ot + OVER_H * 3600) * 1000;
  if (f.sport === 'zq') advanceFootball(ctx, m, end);
  else advanceBasketball(ctx, m, end);
  return { match: m, out: ctx.out };
}

export function playOut(seed: number, f: Fixture): PlayedResult {
  const m = playedMatch(seed, f);
  return {
    score: [m.score[0], m.score[1]],
    pen: m.st.kind === 'zq' ? m.st.pen : null,
    finished: m.status === STATUS_TABLE[f.sport].finished,
  };
}
