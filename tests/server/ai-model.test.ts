import { describe, expect, it } from 'vitest';
import { calibrate, fitPoisson, predict, scoreDistribution, topScores, type Result } from '../../server/ai/poisson';
import { FLAT_SCORE_GAP } from '../../workers/protocol/index';

/** Deterministic PRNG (mulberry32) so the synthetic seasons are the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function poissonSample(lambda: number, rand: () => number): number {
  const l = Math.exp(-lambda);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= rand();
  } while (p > l);
  return k - 1;
}

const DAY = 86_400;
const T0 = 1_700_000_000;

/** A double round robin (repeated) of teams with known strengths. */
function season(att: number[], def: number[], homeAdv: number, rounds: number, seed: number): Result[] {
  const rand = rng(seed);
  const out: Result[] = [];
  let id = 1;
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < att.length; i++)
      for (let j = 0; j < att.length; j++) {
        if (i === j) continue;
        const lh = Math.exp(0.2 + homeAdv + att[i] - def[j]);
        const la = Math.exp(0.2 + att[j] - def[i]);
        out.push({
          matchId: id++,
          home: i,
          away: j,
          homeGoals: poissonSample(lh, rand),
          awayGoals: poissonSample(la, rand),
          at: T0 + r * DAY,
        });
      }
  return out;
}

describe('Poisson model', () => {
  const att = [0.5, 0.25, 0, -0.25, -0.5, 0.1];
  const def = [0.4, 0, 0.2, -0.2, -0.4, 0];
  const results = season(att, def, 0.3, 12, 7);
  const asOf = T0 + 30 * DAY;
  const model = fitPoisson(results, { asOf, decayPerDay: 0, ridge: 0.5 });

  it('recovers home advantage and the order of team strengths', () => {
    expect(model.sampleSize).toBe(results.length);
    expect(model.homeAdvantage).toBeGreaterThan(0.15);
    expect(model.homeAdvantage).toBeLessThan(0.45);
    const fitted = att.map((_, i) => model.teams.get(i)!.attack);
    // strongest attack is team 0, weakest team 4
    expect(fitted.indexOf(Math.max(...fitted))).toBe(0);
    expect(fitted.indexOf(Math.min(...fitted))).toBe(4);
    const d = def.map((_, i) => model.teams.get(i)!.defence);
    expect(d.indexOf(Math.max(...d))).toBe(0);
    expect(d.indexOf(Math.min(...d))).toBe(4);
  });

  it('converges: a longer fit barely moves the estimates', () => {
    const longer = fitPoisson(results, { asOf, decayPerDay: 0, ridge: 0.5, maxIter: 1000, tolerance: 1e-12 });
    expect(Math.abs(longer.homeAdvantage - model.homeAdvantage)).toBeLessThan(1e-4);
    expect(model.iterations).toBeLessThan(200);
  });

  it('ignores results at or after asOf (no peeking at the future)', () => {
    const early = fitPoisson(results, { asOf: T0 + 3 * DAY, decayPerDay: 0 });
    expect(early.sampleSize).toBe(3 * 30);
  });

  it('predicts coherent probabilities: they sum to 1, the stronger side is favoured, home helps', () => {
    const strongHome = predict(model, 0, 4);
    expect(strongHome.pHome + strongHome.pDraw + strongHome.pAway).toBeCloseTo(1, 9);
    expect(strongHome.pHome).toBeGreaterThan(0.6);
    expect(strongHome.xgHome).toBeGreaterThan(strongHome.xgAway);
    const flipped = predict(model, 4, 0);
    expect(flipped.pAway).toBeLessThan(strongHome.pHome); // home advantage works for the weak side
    const sum = strongHome.grid.flat().reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 9);
    expect(strongHome.grid[strongHome.score[0]][strongHome.score[1]]).toBeCloseTo(strongHome.scoreProb, 12);
  });

  it('unknown teams get the league average', () => {
    const p = predict(model, 99, 98);
    expect(p.xgHome / p.xgAway).toBeCloseTo(Math.exp(model.homeAdvantage), 9);
  });

  it('an empty history still answers (average rates, no NaN)', () => {
    const empty = fitPoisson([], { asOf });
    const p = predict(empty, 1, 2);
    expect(Number.isFinite(p.pHome)).toBe(true);
    expect(p.pHome + p.pDraw + p.pAway).toBeCloseTo(1, 9);
  });

  it('recent results count more with time decay', () => {
    // Team 0 lost everything long ago and won everything lately.
    const rs: Result[] = [];
    for (let k = 0; k < 10; k++)
      rs.push({ matchId: k, home: 0, away: 1, homeGoals: 0, awayGoals: 3, at: T0 + k * DAY });
    for (let k = 10; k < 20; k++)
      rs.push({ matchId: k, home: 1, away: 0, homeGoals: 0, awayGoals: 3, at: T0 + 200 * DAY + k * DAY });
    const asOf2 = T0 + 230 * DAY;
    const flat = fitPoisson(rs, { asOf: asOf2, decayPerDay: 0 });
    const decayed = fitPoisson(rs, { asOf: asOf2, decayPerDay: 0.05 });
    expect(decayed.teams.get(0)!.attack).toBeGreaterThan(flat.teams.get(0)!.attack);
  });

  it('score distribution for equal rates is symmetric', () => {
    const d = scoreDistribution(1.3, 1.3);
    expect(d.pHome).toBeCloseTo(d.pAway, 12);
    expect(d.score).toEqual([1, 1]);
  });
});

describe('calibration', () => {
  it('hit rate, Brier and log loss on a hand-checked example', () => {
    const c = calibrate([
      { pHome: 0.6, pDraw: 0.25, pAway: 0.15, outcome: 'H' },
      { pHome: 0.2, pDraw: 0.3, pAway: 0.5, outcome: 'D' },
    ]);
    expect(c.matches).toBe(2);
    expect(c.hitRate).toBe(0.5);
    // (0.16 + 0.0625 + 0.0225) + (0.04 + 0.49 + 0.25) = 1.025 → / 2
    expect(c.brier).toBeCloseTo(0.5125, 12);
    expect(c.logLoss).toBeCloseTo(-(Math.log(0.6) + Math.log(0.3)) / 2, 12);
    const b = c.buckets.find((x) => x.from === 0.6)!; // 0.6 falls in 60–70 %
    expect(b.count).toBe(1);
    expect(b.observed).toBe(1);
    expect(c.buckets.reduce((s, x) => s + x.count, 0)).toBe(6);
  });

  it('a model fitted on the past is better than guessing on the future (walk-forward)', () => {
    const att = [0.6, 0.3, 0, -0.3, -0.6, 0.2, -0.1, 0.1];
    const def = [0.5, 0.2, 0, -0.3, -0.5, 0.1, -0.1, 0];
    const all = season(att, def, 0.3, 16, 11);
    const split = T0 + 10 * DAY;
    const m = fitPoisson(all, { asOf: split, decayPerDay: 0 });
    const future = all.filter((r) => r.at >= split);
    const scored = future.map((r) => {
      const p = predict(m, r.home, r.away);
      return {
        pHome: p.pHome,
        pDraw: p.pDraw,
        pAway: p.pAway,
        outcome: (r.homeGoals > r.awayGoals ? 'H' : r.homeGoals === r.awayGoals ? 'D' : 'A') as 'H' | 'D' | 'A',
      };
    });
    const c = calibrate(scored);
    expect(c.brier).toBeLessThan(2 / 3);
    expect(c.logLoss).toBeLessThan(Math.log(3));
    expect(c.hitRate).toBeGreaterThan(0.4);
  });
});

describe('prior from the season table', () => {
  it('pulls teams without results towards their table strength, centred', async () => {
    const { tablePrior } = await import('../../server/ai/service');
    const prior = tablePrior(
      [
        { leagueId: 1, teamId: 1, played: 10, goalsFor: 25, goalsAgainst: 5 },
        { leagueId: 1, teamId: 2, played: 10, goalsFor: 10, goalsAgainst: 20 },
        { leagueId: 1, teamId: 3, played: 10, goalsFor: 15, goalsAgainst: 15 },
      ],
      1,
    );
    expect(prior.get(1)!.attack).toBeGreaterThan(prior.get(3)!.attack);
    expect(prior.get(1)!.defence).toBeGreaterThan(prior.get(2)!.defence);
    // One match between 2 and 3 only: team 1 keeps its (centred) prior strength.
    const m = fitPoisson([{ matchId: 1, home: 2, away: 3, homeGoals: 1, awayGoals: 1, at: 0 }], {
      asOf: 10,
      ridge: 5,
      prior,
    });
    const mean = (prior.get(1)!.attack + prior.get(2)!.attack + prior.get(3)!.attack) / 3;
    expect(m.teams.get(1)).toBeUndefined(); // not in the results: predicted as average
    expect(m.teams.get(2)!.attack).toBeLessThan(m.teams.get(3)!.attack);
    expect(Math.abs(m.teams.get(2)!.attack + m.teams.get(3)!.attack)).toBeLessThan(1e-6);
    expect(Number.isFinite(mean)).toBe(true);
  });
});

describe('top scores', () => {
  it('lists the three most likely scores in order, from the same grid as the single score', () => {
    const d = scoreDistribution(1.35, 1.1);
    const top = topScores(d.grid);
    expect(top).toHaveLength(3);
    expect(top[0]!.score).toEqual(d.score);
    expect(top[0]!.p).toBeCloseTo(d.scoreProb, 12);
    expect(top[0]!.p).toBeGreaterThanOrEqual(top[1]!.p);
    expect(top[1]!.p).toBeGreaterThanOrEqual(top[2]!.p);
  });

  it('two average sides make a flat top (1-1 barely ahead), a mismatch does not', () => {
    const even = topScores(scoreDistribution(1.3, 1.15).grid);
    expect(even[0]!.score).toEqual([1, 1]);
    expect(even[0]!.p - even[2]!.p).toBeLessThan(FLAT_SCORE_GAP);
    const mismatch = topScores(scoreDistribution(2.6, 0.4).grid);
    expect(mismatch[0]!.score).toEqual([2, 0]);
    expect(mismatch[0]!.p - mismatch[2]!.p).toBeGreaterThanOrEqual(FLAT_SCORE_GAP);
  });
});
