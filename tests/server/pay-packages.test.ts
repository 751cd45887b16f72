/**
 * The coin price table (server/pay/service.ts is the truth the recharge page shows): the base
 * rate is 1 元 = 10 球币 with the bonus on top, and a larger package never costs more per coin
 * than a smaller one (issue 33: the 20000 pack was dearer per coin than the 5000 pack).
 */
import { describe, expect, it } from 'vitest';
import { PAY_PACKAGES } from '../../server/pay/service';

describe('coin packages', () => {
  const bySize = [...PAY_PACKAGES].sort((a, b) => a.coins - b.coins);

  it('cost no more per coin as they grow', () => {
    for (let i = 1; i < bySize.length; i++) {
      const smaller = bySize[i - 1]!;
      const larger = bySize[i]!;
      // Compared as cross products: fen per coin without rounding.
      expect(larger.priceFen * smaller.coins, `${larger.coins} vs ${smaller.coins}`).toBeLessThanOrEqual(
        smaller.priceFen * larger.coins,
      );
    }
  });

  it('give 10 球币 per 元 plus the bonus they show, and the bonus never shrinks', () => {
    for (const p of bySize) expect(p.coins - p.bonus).toBe(p.priceFen / 10);
    for (let i = 1; i < bySize.length; i++) expect(bySize[i]!.bonus).toBeGreaterThanOrEqual(bySize[i - 1]!.bonus);
  });
});
