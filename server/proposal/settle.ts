/**
 * Expert tips: how a tip settles against a match's final state, and what an expert's record is,
 * as pure functions (issue 14). Settlement stores only the outcome and the profit it computes
 * here; hit rate, profit and streak are always derived again from settled tips, so they can be
 * recomputed and checked.
 *
 * Markets: 胜平负 'spf' (home / draw / away); 让球 'rq' and basketball 让分 'rf' (home / away
 * against a line: positive = the home side gives it); 大小球 'dxq' and 大小分 'dxf' (over / under
 * a total). Quarter lines (0.25, 2.75) split the stake over the two neighbouring half lines, as
 * bookmakers do; a tip that ends with a profit is 红, a loss 黑, nothing either way 走. A match
 * that is void (postponed, abandoned, cancelled) voids the tip: stake back, not counted.
 */
export type TipMarket = 'spf' | 'rq' | 'dxq' | 'rf' | 'dxf';
export type TipSide = 'home' | 'draw' | 'away' | 'over' | 'under';
/** 红 red, 黑 black, 走 push, void (match not played to a result). */
export type TipResult = 'red' | 'black' | 'push' | 'void';

export interface TipTerms {
  market: TipMarket;
  pick: TipSide;
  /** Handicap or total; null for 胜平负. */
  line: number | null;
  /** Decimal odds at publishing (stake 1 returns `odds` on a win). */
  odds: number;
}

export type FinalState = { kind: 'finished'; score: [number, number] } | { kind: 'void' };

export interface Settlement {
  result: TipResult;
  /** Units won (+) or lost (−) on a stake of 1, rounded to 1/1000. */
  profit: number;
}

export const MARKET_SIDES: Readonly<Record<TipMarket, readonly TipSide[]>> = {
  spf: ['home', 'draw', 'away'],
  rq: ['home', 'away'],
  rf: ['home', 'away'],
  dxq: ['over', 'under'],
  dxf: ['over', 'under'],
};

/** Why these terms are not a tip one can publish, or null. */
export function termsProblem(t: TipTerms): string | null {
  if (!MARKET_SIDES[t.market].includes(t.pick)) return '选项与玩法不符';
  if (!(t.odds > 1 && t.odds <= 100)) return '赔率不正确';
  if (t.market === 'spf') return t.line === null ? null : '胜平负没有盘口';
  if (t.line === null || !Number.isFinite(t.line)) return '请选择盘口';
  if (Math.abs(t.line * 4 - Math.round(t.line * 4)) > 1e-9) return '盘口应为 0.25 的整数倍';
  if ((t.market === 'dxq' || t.market === 'dxf') && t.line <= 0) return '大小盘口应大于 0';
  return null;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** One half-line leg: +1 win, 0 push, −1 loss, for the picked side. */
function leg(market: TipMarket, pick: TipSide, line: number, score: [number, number]): 1 | 0 | -1 {
  const [h, a] = score;
  const margin = market === 'dxq' || market === 'dxf' ? h + a - line : h - a - line;
  const forPick = pick === 'home' || pick === 'over' ? margin : -margin;
  return forPick > 0 ? 1 : forPick < 0 ? -1 : 0;
}

export function settleTip(t: TipTerms, final: FinalState): Settlement {
  if (final.kind === 'void') return { result: 'void', profit: 0 };
  let profit: number;
  if (t.market === 'spf') {
    const [h, a] = final.score;
    const outcome: TipSide = h > a ? 'home' : h < a ? 'away' : 'draw';
    profit = outcome === t.pick ? t.odds - 1 : -1;
  } else {
    const line = t.line ?? 0;
    const quarter = Math.abs(line * 2 - Math.round(line * 2)) > 1e-9;
    const legs = quarter ? [line - 0.25, line + 0.25] : [line];
    profit = 0;
    for (const l of legs) {
      const r = leg(t.market, t.pick, l, final.score);
      profit += (r === 1 ? t.odds - 1 : r === -1 ? -1 : 0) / legs.length;
    }
  }
  profit = round3(profit);
  return { result: profit > 0 ? 'red' : profit < 0 ? 'black' : 'push', profit };
}

export interface SettledTip {
  result: TipResult;
  profit: number;
  /** Unix ms of the settlement (the match's end). */
  settledAt: number;
}

export interface ExpertRecord {
  /** Settled tips that were not void. */
  tips: number;
  red: number;
  black: number;
  push: number;
  /** red / (red + black); null before any. */
  hitRate: number | null;
  profit: number;
  /** Current run of 红 (pushes neither break nor extend it). */
  streak: number;
  /** Longest run of 红 in these tips. */
  bestStreak: number;
}

export function expertRecord(tips: readonly SettledTip[]): ExpertRecord {
  const ordered = [...tips].filter((t) => t.result !== 'void').sort((a, b) => a.settledAt - b.settledAt);
  let red = 0,
    black = 0,
    push = 0,
    profit = 0,
    run = 0,
    best = 0;
  for (const t of ordered) {
    profit += t.profit;
    if (t.result === 'red') {
      red++;
      run++;
      best = Math.max(best, run);
    } else if (t.result === 'black') {
      black++;
      run = 0;
    } else push++;
  }
  return {
    tips: ordered.length,
    red,
    black,
    push,
    hitRate: red + black === 0 ? null : red / (red + black),
    profit: round3(profit),
    streak: run,
    bestStreak: best,
  };
}

export type RankBy = 'hitRate' | 'profit' | 'streak';

export interface RankRow extends ExpertRecord {
  expertId: number;
  rank: number;
}

/**
 * Rankings over the last `days` days (tips settled in the window). By hit rate only experts with
 * at least `minTips` decided (红 or 黑) tips are listed; ties go to more tips, then the lower id.
 */
export function rankExperts(
  experts: ReadonlyArray<{ expertId: number; tips: readonly SettledTip[] }>,
  opts: { now: number; days: number; by: RankBy; minTips: number },
): RankRow[] {
  const since = opts.now - opts.days * 86_400_000;
  const rows = experts
    .map((e) => ({
      expertId: e.expertId,
      ...expertRecord(e.tips.filter((t) => t.settledAt > since && t.settledAt <= opts.now)),
    }))
    .filter((r) => r.tips > 0 && (opts.by !== 'hitRate' || r.red + r.black >= opts.minTips));
  const key = (r: ExpertRecord): number =>
    opts.by === 'hitRate' ? (r.hitRate ?? 0) : opts.by === 'profit' ? r.profit : r.streak;
  rows.sort((a, b) => key(b) - key(a) || b.tips - a.tips || a.expertId - b.expertId);
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}
