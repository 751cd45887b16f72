/**
 * The prediction model: independent Poisson goals with team attack and defence strengths and a
 * home advantage (Maher 1982; time-weighted like Dixon & Coles 1997), fitted by penalised
 * maximum likelihood to finished results. Pure: no clock reads, no storage.
 *
 *   log λ_home = μ + h + att[home] − def[away]
 *   log λ_away = μ     + att[away] − def[home]
 *
 * A Gaussian prior (L2 penalty) shrinks every strength to 0 (= league average), which both
 * fixes the model's free offset and keeps teams with few games near average.
 */

export interface Result {
  matchId: number;
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
  /** Kick-off, unix seconds. */
  at: number;
}

export interface FitOptions {
  /** Results are weighted by exp(−decayPerDay × age in days) at `asOf`. */
  decayPerDay?: number;
  /** L2 penalty on attack/defence strengths (in matches' worth of evidence). */
  ridge?: number;
  /** Unix seconds the fit is made at (results after it are ignored). */
  asOf: number;
  maxIter?: number;
  tolerance?: number;
  /**
   * Prior means of team strengths (e.g. from the season table before these results); the ridge
   * pulls towards them instead of towards the average. Centred over the fitted teams.
   */
  prior?: ReadonlyMap<number, { attack: number; defence: number }>;
}

export interface TeamStrength {
  attack: number;
  defence: number;
  /** Weighted number of matches behind the estimate. */
  weight: number;
}

export interface PoissonModel {
  mu: number;
  homeAdvantage: number;
  teams: Map<number, TeamStrength>;
  /** Results used (before asOf). */
  sampleSize: number;
  iterations: number;
  logLikelihood: number;
}

export const DEFAULT_FIT = { decayPerDay: 0.01, ridge: 2, maxIter: 200, tolerance: 1e-7 } as const;

function logFactorial(n: number): number {
  let s = 0;
  for (let i = 2; i <= n; i++) s += Math.log(i);
  return s;
}

export function fitPoisson(results: readonly Result[], options: FitOptions): PoissonModel {
  const decay = options.decayPerDay ?? DEFAULT_FIT.decayPerDay;
  const ridge = options.ridge ?? DEFAULT_FIT.ridge;
  const maxIter = options.maxIter ?? DEFAULT_FIT.maxIter;
  const tol = options.tolerance ?? DEFAULT_FIT.tolerance;
  const used = results.filter((r) => r.at < options.asOf);
  const w = used.map((r) => Math.exp((-decay * (options.asOf - r.at)) / 86_400));

  const teams = new Map<number, TeamStrength>();
  for (let k = 0; k < used.length; k++) {
    for (const id of [used[k].home, used[k].away]) {
      const t = teams.get(id) ?? { attack: 0, defence: 0, weight: 0 };
      t.weight += w[k];
      teams.set(id, t);
    }
  }
  // Prior means, centred (mean 0 over the fitted teams) so Σattack = Σdefence = 0 still holds.
  const pri = new Map<number, { attack: number; defence: number }>();
  if (options.prior && teams.size) {
    let pa = 0;
    let pd = 0;
    for (const id of teams.keys()) {
      const p = options.prior.get(id) ?? { attack: 0, defence: 0 };
      pa += p.attack;
      pd += p.defence;
    }
    pa /= teams.size;
    pd /= teams.size;
    for (const id of teams.keys()) {
      const p = options.prior.get(id) ?? { attack: 0, defence: 0 };
      pri.set(id, { attack: p.attack - pa, defence: p.defence - pd });
      const t = teams.get(id)!;
      t.attack = p.attack - pa;
      t.defence = p.defence - pd;
    }
  }
  const totalW = w.reduce((a, b) => a + b, 0);
  const goals = used.reduce((s, r, k) => s + w[k] * (r.homeGoals + r.awayGoals), 0);
  let mu = totalW > 0 ? Math.log(Math.max(goals, 0.5) / (2 * totalW)) : Math.log(1.35);
  let h = 0;

  const rate = (k: number) => {
    const r = used[k];
    const H = teams.get(r.home)!;
    const A = teams.get(r.away)!;
    return [Math.exp(mu + h + H.attack - A.defence), Math.exp(mu + A.attack - H.defence)] as const;
  };

  let iterations = 0;
  for (; iterations < maxIter && used.length > 0; iterations++) {
    let maxStep = 0;
    // μ and h: Newton steps (unpenalised; the data always pins them down).
    {
      let g = 0;
      let hess = 0;
      for (let k = 0; k < used.length; k++) {
        const [lh, la] = rate(k);
        g += w[k] * (used[k].homeGoals - lh + used[k].awayGoals - la);
        hess += w[k] * (lh + la);
      }
      const step = hess > 0 ? g / hess : 0;
      mu += step;
      maxStep = Math.max(maxStep, Math.abs(step));
    }
    {
      let g = 0;
      let hess = 0;
      for (let k = 0; k < used.length; k++) {
        const [lh] = rate(k);
        g += w[k] * (used[k].homeGoals - lh);
        hess += w[k] * lh;
      }
      // A weak prior (one match's worth) keeps h finite when every match is on neutral ground.
      const step = (g - h) / (hess + 1);
      h += step;
      maxStep = Math.max(maxStep, Math.abs(step));
    }
    // Team strengths: one Newton step each on the penalised likelihood.
    const gAtt = new Map<number, [number, number]>();
    const gDef = new Map<number, [number, number]>();
    const add = (m: Map<number, [number, number]>, id: number, g: number, hs: number) => {
      const cur = m.get(id) ?? [0, 0];
      cur[0] += g;
      cur[1] += hs;
      m.set(id, cur);
    };
    for (let k = 0; k < used.length; k++) {
      const r = used[k];
      const [lh, la] = rate(k);
      add(gAtt, r.home, w[k] * (r.homeGoals - lh), w[k] * lh);
      add(gDef, r.away, -w[k] * (r.homeGoals - lh), w[k] * lh);
      add(gAtt, r.away, w[k] * (r.awayGoals - la), w[k] * la);
      add(gDef, r.home, -w[k] * (r.awayGoals - la), w[k] * la);
    }
    for (const [id, t] of teams) {
      const p = pri.get(id) ?? { attack: 0, defence: 0 };
      const [ga, ha] = gAtt.get(id) ?? [0, 0];
      const sa = (ga - ridge * (t.attack - p.attack)) / (ha + ridge);
      t.attack += sa;
      const [gd, hd] = gDef.get(id) ?? [0, 0];
      const sd = (gd - ridge * (t.defence - p.defence)) / (hd + ridge);
      t.defence += sd;
      maxStep = Math.max(maxStep, Math.abs(sa), Math.abs(sd));
    }
    // At the optimum Σattack = Σdefence = 0 (the μ gradient is the sum of the team gradients and
    // the priors are centred), so moving their means into μ changes no rate and removes the slow,
    // shared direction.
    let ma = 0;
    let md = 0;
    for (const t of teams.values()) {
      ma += t.attack;
      md += t.defence;
    }
    ma /= teams.size || 1;
    md /= teams.size || 1;
    for (const t of teams.values()) {
      t.attack -= ma;
      t.defence -= md;
    }
    mu += ma - md;
    if (maxStep < tol) {
      iterations++;
      break;
    }
  }

  let ll = 0;
  for (let k = 0; k < used.length; k++) {
    const [lh, la] = rate(k);
    const r = used[k];
    ll +=
      w[k] *
      (r.homeGoals * Math.log(lh) -
        lh -
        logFactorial(r.homeGoals) +
        r.awayGoals * Math.log(la) -
        la -
        logFactorial(r.awayGoals));
  }
  return { mu, homeAdvantage: h, teams, sampleSize: used.length, iterations, logLikelihood: ll };
}

export interface Prediction {
  home: number;
  away: number;
  xgHome: number;
  xgAway: number;
  pHome: number;
  pDraw: number;
  pAway: number;
  /** Most likely exact score. */
  score: [number, number];
  scoreProb: number;
  /** P(home = i, away = j) for i, j in 0..MAX_GOALS. */
  grid: number[][];
}

export const MAX_GOALS = 10;

function poissonPmf(lambda: number, max: number): number[] {
  const out = [Math.exp(-lambda)];
  for (let k = 1; k <= max; k++) out.push((out[k - 1] * lambda) / k);
  return out;
}

export function expectedGoals(model: PoissonModel, home: number, away: number): [number, number] {
  const H = model.teams.get(home) ?? { attack: 0, defence: 0 };
  const A = model.teams.get(away) ?? { attack: 0, defence: 0 };
  return [Math.exp(model.mu + model.homeAdvantage + H.attack - A.defence), Math.exp(model.mu + A.attack - H.defence)];
}

/** The `n` most likely exact scores of a normalised grid, most likely first. */
export function topScores(grid: readonly number[][], n = 3): Array<{ score: [number, number]; p: number }> {
  const all: Array<{ score: [number, number]; p: number }> = [];
  grid.forEach((row, i) => row.forEach((p, j) => all.push({ score: [i, j], p })));
  return all.sort((a, b) => b.p - a.p || a.score[0] + a.score[1] - (b.score[0] + b.score[1])).slice(0, n);
}

/** Outcome probabilities from two Poisson rates (mass beyond MAX_GOALS is renormalised away). */
export function scoreDistribution(xgHome: number, xgAway: number): Omit<Prediction, 'home' | 'away'> {
  const ph = poissonPmf(xgHome, MAX_GOALS);
  const pa = poissonPmf(xgAway, MAX_GOALS);
  let total = 0;
  const grid = ph.map((a) => pa.map((b) => a * b));
  for (const row of grid) for (const p of row) total += p;
  let pHome = 0;
  let pDraw = 0;
  let pAway = 0;
  let best: [number, number] = [0, 0];
  let bestP = -1;
  for (let i = 0; i <= MAX_GOALS; i++) {
    for (let j = 0; j <= MAX_GOALS; j++) {
      const p = grid[i][j] / total;
      grid[i][j] = p;
      if (i > j) pHome += p;
      else if (i === j) pDraw += p;
      else pAway += p;
      if (p > bestP) {
        bestP = p;
        best = [i, j];
      }
    }
  }
  return { xgHome, xgAway, pHome, pDraw, pAway, score: best, scoreProb: bestP, grid };
}

export function predict(model: PoissonModel, home: number, away: number): Prediction {
  const [xh, xa] = expectedGoals(model, home, away);
  return { home, away, ...scoreDistribution(xh, xa) };
}

export type Outcome = 'H' | 'D' | 'A';

export function outcomeOf(homeGoals: number, awayGoals: number): Outcome {
  return homeGoals > awayGoals ? 'H' : homeGoals === awayGoals ? 'D' : 'A';
}

export interface Scored {
  pHome: number;
  pDraw: number;
  pAway: number;
  outcome: Outcome;
}

export interface CalibrationBucket {
  /** Lower edge, e.g. 0.3 for 30–40 %. */
  from: number;
  to: number;
  /** Outcome predictions that fell in the bucket. */
  count: number;
  /** Mean predicted probability in the bucket. */
  predicted: number;
  /** How often those outcomes happened. */
  observed: number;
}

export interface CalibrationSummary {
  matches: number;
  /** Share of matches whose most probable outcome happened. */
  hitRate: number;
  /** Mean multi-class Brier score (0 best, 2 worst; always guessing 1/3 each gives 0.667). */
  brier: number;
  /** Mean log loss (natural log; 1/3 each gives 1.099). */
  logLoss: number;
  buckets: CalibrationBucket[];
}

/** Scores past predictions: hit rate, Brier, log loss and a 10-bucket reliability table. */
export function calibrate(items: readonly Scored[], bucketCount = 10): CalibrationSummary {
  const buckets = Array.from({ length: bucketCount }, (_, i) => ({
    from: i / bucketCount,
    to: (i + 1) / bucketCount,
    count: 0,
    sumP: 0,
    hits: 0,
  }));
  let hits = 0;
  let brier = 0;
  let logLoss = 0;
  for (const it of items) {
    const probs: Record<Outcome, number> = { H: it.pHome, D: it.pDraw, A: it.pAway };
    const top = (Object.keys(probs) as Outcome[]).reduce((a, b) => (probs[b] > probs[a] ? b : a));
    if (top === it.outcome) hits++;
    for (const o of ['H', 'D', 'A'] as Outcome[]) {
      const y = o === it.outcome ? 1 : 0;
      brier += (probs[o] - y) ** 2;
      const b = buckets[Math.min(bucketCount - 1, Math.floor(probs[o] * bucketCount))];
      b.count++;
      b.sumP += probs[o];
      b.hits += y;
    }
    logLoss -= Math.log(Math.max(1e-12, probs[it.outcome]));
  }
  const n = items.length;
  return {
    matches: n,
    hitRate: n ? hits / n : 0,
    brier: n ? brier / n : 0,
    logLoss: n ? logLoss / n : 0,
    buckets: buckets.map((b) => ({
      from: b.from,
      to: b.to,
      count: b.count,
      predicted: b.count ? b.sumP / b.count : 0,
      observed: b.count ? b.hits / b.count : 0,
    })),
  };
}
