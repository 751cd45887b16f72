import { describe, expect, it } from 'vitest';
import { readableOnWhite } from '../../../../src/components/live/league-color';

function contrast(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = c.map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4));
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
}

describe('league colours on white rows', () => {
  it('keeps colours that already read (4.5:1) as they are', () => {
    expect(readableOnWhite('#1a3c8f')).toBe('#1a3c8f');
    expect(readableOnWhite('rgb(0, 0, 0)')).toBe('rgb(0, 0, 0)');
  });

  it('darkens light ones to at least 4.5:1, keeping the hue', () => {
    for (const light of ['#ff8200', 'rgb(238, 135, 7)', '#fc0', '#7cd67c']) {
      const out = readableOnWhite(light)!;
      expect(out).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(out)).toBeGreaterThanOrEqual(4.5);
      // Not darker than needed: still well above black.
      expect(contrast(out)).toBeLessThan(6);
    }
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(readableOnWhite('#ff8200')!.slice(i, i + 2), 16));
    expect(r! > g! && g! > b!).toBe(true);
  });

  it('passes unknown or missing colours through', () => {
    expect(readableOnWhite(undefined)).toBeUndefined();
    expect(readableOnWhite('teal')).toBe('teal');
  });
});
