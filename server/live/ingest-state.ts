/** A new match's state as the ingest starts it (./ingest.ts), and the small helpers it uses on sides and periods. */
import type { Pair, Side, Sport } from '../../workers/protocol/index';
import type { BasketballState, FootballState, IngestMark } from './model';

export const zero = (): Pair => [0, 0];

export function newState(sport: Sport, cup: boolean, mark: IngestMark): FootballState | BasketballState {
  const common = { fate: 'normal' as const, phaseStart: 0, steps: 0, seq: 0, odds: {}, src: mark };
  if (sport === 'zq')
    return {
      ...common,
      kind: 'zq',
      cup,
      stoppage: [0, 0, 0],
      fateMinute: 0,
      half: null,
      red: zero(),
      yellow: zero(),
      corner: zero(),
      attacks: zero(),
      danger: zero(),
      shots: zero(),
      onTarget: zero(),
      poss: [50, 50],
      pen: null,
      players: [],
    };
  return {
    ...common,
    kind: 'lq',
    quarterMin: 12,
    period: 0,
    quarters: [],
    box: {
      fgm: zero(),
      fga: zero(),
      tpm: zero(),
      tpa: zero(),
      ftm: zero(),
      fta: zero(),
      reb: zero(),
      ast: zero(),
      stl: zero(),
      blk: zero(),
      tov: zero(),
      pf: zero(),
    },
    players: {},
    fateStep: 0,
  };
}

export const sideIdx = (side: Side | null): 0 | 1 | -1 => (side === 'home' ? 0 : side === 'away' ? 1 : -1);
export const sideOf = (i: 0 | 1 | -1): Side | null => (i === 0 ? 'home' : i === 1 ? 'away' : null);
export const samePair = (a: Pair | null | undefined, b: Pair | null | undefined) =>
  a === b || (!!a && !!b && a[0] === b[0] && a[1] === b[1]);

/** Basketball period of a spec §4 status (1–4 quarters, 5 overtime), 0 before tip-off. */
export function basketballPeriod(status: number, current: number): number {
  const byStatus: Record<number, number> = { 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 4, 9: Math.max(5, current) };
  return byStatus[status] ?? current;
}
