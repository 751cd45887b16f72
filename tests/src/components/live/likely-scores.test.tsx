/** The AI card shows one likely score, or the close top three when they are nearly equal. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { LikelyScores } from '../../../../src/components/live/AiViews';

describe('LikelyScores', () => {
  it('a clear favourite score shows alone', () => {
    const { container } = render(
      <LikelyScores
        p={{
          score: [2, 0],
          topScores: [
            { score: [2, 0], p: 0.16 },
            { score: [3, 0], p: 0.12 },
            { score: [1, 0], p: 0.11 },
          ],
        }}
      />,
    );
    const el = container.querySelector('[data-likely-scores]')!;
    expect(el.hasAttribute('data-flat')).toBe(false);
    expect(el.textContent).toBe('最可能比分 2-0');
  });

  it('a flat top shows the three scores with their chances', () => {
    const { container } = render(
      <LikelyScores
        p={{
          score: [1, 1],
          topScores: [
            { score: [1, 1], p: 0.121 },
            { score: [1, 0], p: 0.112 },
            { score: [0, 1], p: 0.101 },
          ],
        }}
      />,
    );
    const el = container.querySelector('[data-likely-scores]')!;
    expect(el.hasAttribute('data-flat')).toBe(true);
    expect([...el.querySelectorAll('b')].map((b) => b.textContent)).toEqual(['1-1 12%', '1-0 11%', '0-1 10%']);
  });
});
