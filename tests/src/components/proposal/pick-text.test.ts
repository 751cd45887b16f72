import { describe, expect, it } from 'vitest';
import { pickText } from '../../../../src/components/proposal/strings';

describe('a tip pick in its sport’s words', () => {
  it('football keeps goal lines', () => {
    expect(pickText('rq', 'away', 0.5)).toBe('客队 +0.5');
    expect(pickText('dxq', 'over', 2.5)).toBe('大 2.5');
  });
  it('basketball names points: 让分 and 大小分 in 分', () => {
    expect(pickText('rf', 'home', 5.5)).toBe('主队 让5.5分');
    expect(pickText('rf', 'away', 5.5)).toBe('客队 受让5.5分');
    expect(pickText('rf', 'away', -3.5)).toBe('客队 让3.5分');
    expect(pickText('dxf', 'under', 210.5)).toBe('小 210.5分');
  });
});
