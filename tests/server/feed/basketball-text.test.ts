/**
 * Basketball text live: both sides play in one step and their lines share a clock time. Each
 * line's running score is the score after its own play, not after the step.
 */
import { describe, expect, it } from 'vitest';
import { advanceBasketball } from '../../../server/live/simulator/basketball';
import { fixturesOfDay } from '../../../server/live/simulator/fixtures';
import { fixtureToSim } from '../../../server/live/simulator/create-feed';
import { newOutput, type TextRow } from '../../../server/live/simulator/sim-types';

const SCORING = /三分命中|上篮得手|跳投命中|强攻得分|扣篮|罚球 2 罚 [12] 中/;
const scoreOf = (t: TextRow): [number, number] => {
  const m = /比分 (\d+)-(\d+)$/.exec(t.text)!;
  return [Number(m[1]), Number(m[2])];
};

describe('basketball text live running score', () => {
  it('two plays at the same clock time each show the score after their own play', () => {
    const ctx = { seed: 5, speed: 1, out: newOutput(), snapshot: false, history: true };
    const end = Date.parse('2026-11-22T16:00:00Z');
    for (const f of fixturesOfDay(5, '2026-11-21').filter((x) => x.sport === 'lq'))
      advanceBasketball(ctx, fixtureToSim(5, f, 0), end);
    const plays = ctx.out.texts.filter((t) => / 比分 \d+-\d+$|，比分 \d+-\d+$/.test(t.text) && t.type === 'text');
    // Home plays before away within a step: pairs stamped with one time and one clock.
    const pairs: [TextRow, TextRow][] = [];
    for (let k = 1; k < plays.length; k++) {
      const [a, b] = [plays[k - 1], plays[k]];
      if (a.matchId === b.matchId && a.at === b.at && SCORING.test(b.text)) pairs.push([a, b]);
    }
    expect(pairs.length).toBeGreaterThan(20);
    for (const [a, b] of pairs) {
      const [sa, sb] = [scoreOf(a), scoreOf(b)];
      // The second play scored: the first line must not already count its points.
      expect(sa[0] + sa[1], `${a.text} / ${b.text}`).toBeLessThan(sb[0] + sb[1]);
    }
    // And the running score never goes back along a match's lines.
    const byMatch = new Map<number, TextRow[]>();
    for (const t of plays) byMatch.set(t.matchId, [...(byMatch.get(t.matchId) ?? []), t]);
    for (const lines of byMatch.values())
      for (let k = 1; k < lines.length; k++) {
        const [p, q] = [scoreOf(lines[k - 1]), scoreOf(lines[k])];
        expect(q[0] >= p[0] && q[1] >= p[1]).toBe(true);
      }
  });
});
