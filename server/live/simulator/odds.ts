/**
 * Odds lines from a simple model: expected goals (football) or points (basketball) from team
 * strength, adjusted to the score and the time left; each bookmaker quotes the fair line with its
 * own margin and a little deterministic noise. The opening line is derived, never stored; every
 * later move is a stored history row.
 */
import { BOOKMAKERS } from '../../seed/leagues';
import { rngFor } from '../../seed/rng';
import type { OddsType, Pair, Sport } from '../../../workers/protocol/index';

export interface OddsLine {
  left: number;
  middle: number;
  right: number;
}

export interface OddsInput {
  seed: number;
  matchId: number;
  sport: Sport;
  homeStrength: number;
  awayStrength: number;
  score: Pair;
  /** Share of the match still to play, 1 before kick-off, 0 at the end. */
  remaining: number;
  /** Distinguishes successive quotes of one company (the step key). */
  key: string | number;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const quarter = (x: number): number => Math.round(x * 4) / 4;

function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** Expected remaining goals/points for each side. */
export function expected(input: Pick<OddsInput, 'sport' | 'homeStrength' | 'awayStrength' | 'remaining'>): Pair {
  const diff = (input.homeStrength - input.awayStrength) / 100;
  if (input.sport === 'zq') {
    return [
      Math.max(0.05, 1.45 * Math.exp(diff + 0.08)) * input.remaining,
      Math.max(0.05, 1.2 * Math.exp(-diff)) * input.remaining,
    ];
  }
  return [(104 + diff * 30 + 2) * input.remaining, (104 - diff * 30) * input.remaining];
}

/** Fair home/draw/away probabilities for football given the score and expected remaining goals. */
function outcomeProbabilities(score: Pair, lam: Pair): [number, number, number] {
  const ph = poissonPmf(lam[0], 10);
  const pa = poissonPmf(lam[1], 10);
  let h = 0,
    d = 0,
    a = 0;
  for (let i = 0; i <= 10; i++) {
    for (let j = 0; j <= 10; j++) {
      const p = ph[i]! * pa[j]!;
      const fh = score[0] + i,
        fa = score[1] + j;
      if (fh > fa) h += p;
      else if (fh === fa) d += p;
      else a += p;
    }
  }
  const s = h + d + a;
  return [h / s, d / s, a / s];
}

const clampOdds = (x: number): number => Math.min(51, Math.max(1.01, x));
const water = (base: number, tilt: number): number => round2(Math.min(1.25, Math.max(0.62, base + tilt)));

/** One bookmaker's line of one type. */
export function quote(input: OddsInput, companyId: number, type: OddsType): OddsLine {
  const r = rngFor(input.seed, 'odds', input.matchId, companyId, type, input.key);
  const noise = (r.next() - 0.5) * 0.06;
  const margin = 1.04 + (companyId % 4) * 0.012;
  const lam = expected(input);
  if (input.sport === 'zq') {
    if (type === 2) {
      const [h, d, a] = outcomeProbabilities(input.score, lam);
      return {
        left: round2(clampOdds((1 / (h * margin)) * (1 + noise))),
        middle: round2(clampOdds(1 / (d * margin))),
        right: round2(clampOdds((1 / (a * margin)) * (1 - noise))),
      };
    }
    if (type === 1) {
      const exact = lam[0] - lam[1];
      const line = quarter(exact);
      const tilt = (exact - line) * 0.8;
      return { left: water(0.9 - tilt, noise), middle: line, right: water(0.9 + tilt, -noise) };
    }
    const total = input.score[0] + input.score[1] + lam[0] + lam[1];
    const line = Math.max(input.score[0] + input.score[1] + 0.5, quarter(total));
    const tilt = (total - line) * 0.5;
    return { left: water(0.9 - tilt, noise), middle: line, right: water(0.9 + tilt, -noise) };
  }
  // basketball: 1 point spread, 2 money line (no draw), 3 total points
  const margin2 = input.score[0] - input.score[1] + lam[0] - lam[1];
  if (type === 2) {
    const sd = Math.max(3, 12 * Math.sqrt(input.remaining));
    const pHome = 1 / (1 + Math.exp(-margin2 / (sd * 0.6)));
    return {
      left: round2(clampOdds((1 / (Math.max(0.02, pHome) * margin)) * (1 + noise))),
      middle: 0,
      right: round2(clampOdds((1 / (Math.max(0.02, 1 - pHome) * margin)) * (1 - noise))),
    };
  }
  if (type === 1) {
    const line = Math.round(margin2 * 2) / 2;
    return { left: water(0.9, noise), middle: line, right: water(0.9, -noise) };
  }
  const total = input.score[0] + input.score[1] + lam[0] + lam[1];
  return { left: water(0.9, noise), middle: Math.round(total * 2) / 2, right: water(0.9, -noise) };
}

export const ODDS_TYPES: readonly OddsType[] = [1, 2, 3];
export const COMPANY_IDS: readonly number[] = BOOKMAKERS.map((b) => b.id);

/** The opening line (before kick-off) of one company and type. */
export function openingQuote(
  base: Omit<OddsInput, 'score' | 'remaining' | 'key'>,
  companyId: number,
  type: OddsType,
): OddsLine {
  return quote({ ...base, score: [0, 0], remaining: 1, key: 'open' }, companyId, type);
}
