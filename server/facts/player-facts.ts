/**
 * A player's figures in his league, from the stored matches: one count of games (appearances)
 * and one tally of goals and cards (football) or points, rebounds and assists (basketball),
 * shared by the leaders boards and the player page so the two never disagree.
 */
import { isFinished, isLive } from '../../workers/protocol/index';
import type { BasketballState, FootballState, LiveMatch } from '../live/model';
import { lineupOf } from '../live/simulator/lineup';
import { squad } from '../live/simulator/squads';

export interface PlayerTally {
  playerId: number;
  teamId: number;
  /** Matches he took part in. */
  games: Set<number>;
  values: Record<string, number>;
}

const counted = (m: LiveMatch): boolean => isFinished(m.sport, m.status) || isLive(m.sport, m.status);

/**
 * Figures of every player in these matches (finished or in play). Football: the stored lineup's
 * starters and anyone with an event (a substitute who scored or was booked) played; basketball:
 * anyone with a box-score line.
 */
export function playerTallies(seed: number, matches: readonly LiveMatch[]): Map<number, PlayerTally> {
  const tallies = new Map<number, PlayerTally>();
  const tally = (playerId: number, teamId: number, matchId: number): PlayerTally => {
    let t = tallies.get(playerId);
    if (!t) {
      t = { playerId, teamId, games: new Set(), values: {} };
      tallies.set(playerId, t);
    }
    t.games.add(matchId);
    return t;
  };
  for (const m of matches) {
    if (!counted(m)) continue;
    if (m.st.kind === 'zq') {
      const lineup = lineupOf(seed, m);
      for (const p of lineup.home.starters) tally(p.id, m.homeId, m.id);
      for (const p of lineup.away.starters) tally(p.id, m.awayId, m.id);
      for (const [playerId, side, , kind] of (m.st as FootballState).players) {
        const t = tally(playerId, side === 0 ? m.homeId : m.awayId, m.id);
        const key = kind === 'goal' ? 'goals' : kind;
        t.values[key] = (t.values[key] ?? 0) + 1;
      }
    } else {
      const lines = (m.st as BasketballState).players;
      for (const teamId of [m.homeId, m.awayId]) {
        for (const p of squad(seed, teamId)) {
          const line = lines[String(p.id)];
          if (!line) continue;
          const t = tally(p.id, teamId, m.id);
          t.values.points = (t.values.points ?? 0) + line[0];
          t.values.rebounds = (t.values.rebounds ?? 0) + line[1];
          t.values.assists = (t.values.assists ?? 0) + line[2];
        }
      }
    }
  }
  return tallies;
}
