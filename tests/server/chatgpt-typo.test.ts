/**
 * The evaluation's typos (tests/chatgpt/eval-set.ts) ask about one team only: a typo one
 * character from two names, or one that spells another team's whole name, is not a typo of the
 * first team but a question about the other (邓迪联 → 邓迪那 is 邓迪 followed by 那).
 */
import { describe, expect, it } from 'vitest';
import { typo } from '../chatgpt/eval-set';

describe('evaluation typos', () => {
  it('never spell another team’s whole name', () => {
    const all = ['邓迪联', '邓迪', '基尔马诺克', '阿森纳'];
    const t = typo('邓迪联', all);
    expect(t).not.toBeNull();
    expect(t).not.toContain('邓迪');
    expect(typo('基尔马诺克', all)).toBe('基尔马诺那');
  });

  it('are no one character from another name, and short names get none', () => {
    expect(typo('曼城联', ['曼城联', '曼城那'])).not.toBe('曼城那');
    expect(typo('曼城', ['曼城'])).toBeNull();
  });
});
