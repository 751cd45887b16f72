/**
 * Tip settlement and expert records against hand-worked examples: 胜平负, handicaps (whole, half
 * and quarter lines, both sides), totals, basketball lines, void matches; hit rate, profit and
 * streak from settled tips; rankings over 7 / 30 days by hit rate (minimum tips), profit, streak.
 */
import { describe, expect, it } from 'vitest';
import {
  expertRecord,
  rankExperts,
  settleTip,
  termsProblem,
  type SettledTip,
  type TipTerms,
} from '../../../server/proposal/settle';

const fin = (h: number, a: number) => ({ kind: 'finished' as const, score: [h, a] as [number, number] });
const t = (market: TipTerms['market'], pick: TipTerms['pick'], line: number | null, odds: number): TipTerms => ({
  market,
  pick,
  line,
  odds,
});

describe('settlement', () => {
  it('胜平负: the picked result wins odds − 1, anything else loses the stake', () => {
    expect(settleTip(t('spf', 'home', null, 2.1), fin(2, 1))).toEqual({ result: 'red', profit: 1.1 });
    expect(settleTip(t('spf', 'home', null, 2.1), fin(1, 1))).toEqual({ result: 'black', profit: -1 });
    expect(settleTip(t('spf', 'draw', null, 3.2), fin(1, 1))).toEqual({ result: 'red', profit: 2.2 });
    expect(settleTip(t('spf', 'away', null, 4), fin(0, 3))).toEqual({ result: 'red', profit: 3 });
  });

  it('让球 whole and half lines: home giving one goal wins by two, pushes by one', () => {
    expect(settleTip(t('rq', 'home', 1, 1.9), fin(2, 0))).toEqual({ result: 'red', profit: 0.9 });
    expect(settleTip(t('rq', 'home', 1, 1.9), fin(1, 0))).toEqual({ result: 'push', profit: 0 });
    expect(settleTip(t('rq', 'away', 1, 1.95), fin(1, 0))).toEqual({ result: 'push', profit: 0 });
    expect(settleTip(t('rq', 'home', 1, 1.9), fin(0, 0))).toEqual({ result: 'black', profit: -1 });
    expect(settleTip(t('rq', 'home', 0.5, 1.9), fin(1, 0))).toEqual({ result: 'red', profit: 0.9 });
    expect(settleTip(t('rq', 'away', -0.5, 1.8), fin(0, 0))).toEqual({ result: 'black', profit: -1 });
  });

  it('quarter lines split the stake: 平手/半球 at 0-0 loses half, 半球/一球 at 1-0 wins half', () => {
    expect(settleTip(t('rq', 'home', 0.25, 1.9), fin(0, 0))).toEqual({ result: 'black', profit: -0.5 });
    expect(settleTip(t('rq', 'away', 0.25, 1.9), fin(0, 0))).toEqual({ result: 'red', profit: 0.45 });
    expect(settleTip(t('rq', 'home', 0.75, 1.9), fin(1, 0))).toEqual({ result: 'red', profit: 0.45 });
    expect(settleTip(t('rq', 'home', 0.25, 1.9), fin(1, 0))).toEqual({ result: 'red', profit: 0.9 });
  });

  it('大小球 and the basketball lines', () => {
    expect(settleTip(t('dxq', 'over', 2.5, 1.85), fin(2, 1))).toEqual({ result: 'red', profit: 0.85 });
    expect(settleTip(t('dxq', 'under', 2.5, 1.95), fin(2, 1))).toEqual({ result: 'black', profit: -1 });
    expect(settleTip(t('dxq', 'over', 3, 1.85), fin(2, 1))).toEqual({ result: 'push', profit: 0 });
    expect(settleTip(t('dxq', 'over', 2.75, 1.85), fin(2, 1))).toEqual({ result: 'red', profit: 0.425 });
    // Away gives 4.5: home loses by 2 and still covers.
    expect(settleTip(t('rf', 'home', -4.5, 1.9), fin(98, 100))).toEqual({ result: 'red', profit: 0.9 });
    expect(settleTip(t('rf', 'away', -4.5, 1.9), fin(98, 100))).toEqual({ result: 'black', profit: -1 });
    expect(settleTip(t('dxf', 'over', 200.5, 1.9), fin(101, 100))).toEqual({ result: 'red', profit: 0.9 });
  });

  it('a void match voids every tip on it', () => {
    expect(settleTip(t('spf', 'home', null, 2), { kind: 'void' })).toEqual({ result: 'void', profit: 0 });
    expect(settleTip(t('rq', 'home', 0.25, 1.9), { kind: 'void' })).toEqual({ result: 'void', profit: 0 });
  });

  it('refuses terms that cannot be settled', () => {
    expect(termsProblem(t('spf', 'home', null, 2))).toBeNull();
    expect(termsProblem(t('spf', 'home', 0.5, 2))).toBe('胜平负没有盘口');
    expect(termsProblem(t('rq', 'draw', 0.5, 2))).toBe('选项与玩法不符');
    expect(termsProblem(t('rq', 'home', 0.3, 2))).toBe('盘口应为 0.25 的整数倍');
    expect(termsProblem(t('rq', 'home', null, 2))).toBe('请选择盘口');
    expect(termsProblem(t('dxq', 'over', 0, 2))).toBe('大小盘口应大于 0');
    expect(termsProblem(t('spf', 'home', null, 1))).toBe('赔率不正确');
  });
});

const tip = (result: SettledTip['result'], profit: number, settledAt: number): SettledTip => ({
  result,
  profit,
  settledAt,
});

describe('expert record', () => {
  it('hit rate, profit and streak from settled tips in time order; void tips do not count', () => {
    const r = expertRecord([
      tip('red', 0.85, 5),
      tip('red', 0.9, 1),
      tip('void', 0, 6),
      tip('black', -1, 2),
      tip('push', 0, 3),
      tip('red', 1.1, 4),
    ]);
    // In order: 红 黑 走 红 红 (void left out) → 3 红 of 4 decided, +1.85, run of 2.
    expect(r).toEqual({ tips: 5, red: 3, black: 1, push: 1, hitRate: 0.75, profit: 1.85, streak: 2, bestStreak: 2 });
    expect(expertRecord([]).hitRate).toBeNull();
  });
});

describe('rankings', () => {
  const DAY = 86_400_000;
  const now = 100 * DAY;
  const at = (daysAgo: number) => now - daysAgo * DAY;
  // Odds 2 for 1 and 2 (红 = +1), odds 3 for expert 3 (红 = +2).
  const experts = [
    { expertId: 1, tips: [tip('red', 1, at(6)), tip('red', 1, at(5)), tip('black', -1, at(4)), tip('red', 1, at(3))] },
    { expertId: 2, tips: [tip('red', 1, at(2)), tip('red', 1, at(1))] },
    {
      expertId: 3,
      tips: [
        tip('black', -1, at(10)),
        tip('red', 2, at(6)),
        tip('black', -1, at(5)),
        tip('red', 2, at(4)),
        tip('black', -1, at(3)),
        tip('red', 2, at(2)),
      ],
    },
  ];
  const ids = (rows: Array<{ expertId: number }>) => rows.map((r) => r.expertId);

  it('7 days by hit rate leaves out experts under the minimum', () => {
    const rows = rankExperts(experts, { now, days: 7, by: 'hitRate', minTips: 3 });
    expect(rows.map((r) => [r.expertId, r.hitRate])).toEqual([
      [1, 0.75],
      [3, 0.6],
    ]);
  });

  it('7 days by profit (ties to more tips) and by streak', () => {
    expect(rankExperts(experts, { now, days: 7, by: 'profit', minTips: 3 }).map((r) => [r.expertId, r.profit])).toEqual(
      [
        [3, 4],
        [1, 2],
        [2, 2],
      ],
    );
    expect(ids(rankExperts(experts, { now, days: 7, by: 'streak', minTips: 3 }))).toEqual([2, 3, 1]);
  });

  it('30 days takes the older tips in', () => {
    const rows = rankExperts(experts, { now, days: 30, by: 'hitRate', minTips: 3 });
    expect(rows.map((r) => [r.expertId, r.hitRate])).toEqual([
      [1, 0.75],
      [3, 0.5],
    ]);
    expect(
      rankExperts(experts, { now, days: 30, by: 'profit', minTips: 3 }).map((r) => [r.expertId, r.profit]),
    ).toEqual([
      [3, 3],
      [1, 2],
      [2, 2],
    ]);
  });
});
