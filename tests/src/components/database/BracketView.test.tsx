/**
 * The knockout bracket as the calendar reaches it: a decided tie shows its aggregate score and
 * marks who went through; a tie still open shows 'vs' and links its clubs; an undrawn one names
 * its placeholder.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { BracketView } from '../../../../src/components/database/BracketView';
import type { KnockoutBracket } from '../../../../workers/protocol/index';

afterEach(cleanup);

const side = (teamId: number | null, name: string, seed: number | null) => ({ teamId, name, seed });

const bracket: KnockoutBracket = {
  projected: false,
  rounds: [
    {
      name: '附加赛',
      when: '2027年2月',
      ties: [{ home: side(9, '阿森纳', 9), away: side(24, '布鲁日', 24), score: [3, 2], winner: 'home' }],
    },
    {
      name: '1/8决赛',
      when: '2027年3月',
      ties: [{ home: side(1, '拜仁', 1), away: side(null, '第16/17名胜者', null) }],
    },
  ],
};

describe('BracketView', () => {
  it('shows a decided tie’s aggregate and who went through, an open tie as vs', () => {
    const { container } = render(
      <Router hook={memoryLocation().hook}>
        <BracketView bracket={bracket} teamHref={(id) => `/database/team?id=${id}`} />
      </Router>,
    );
    const [decided, open] = [...container.querySelectorAll('[data-tie]')];
    expect(decided!.getAttribute('data-winner')).toBe('home');
    expect(decided!.querySelector('[data-tie-score]')!.textContent).toBe('3-2');
    expect(decided!.querySelector('.db-tie-won')!.textContent).toBe('9. 阿森纳');
    expect(decided!.querySelectorAll('a')).toHaveLength(2);
    expect(open!.getAttribute('data-winner')).toBeNull();
    expect(open!.querySelector('[data-tie-score]')).toBeNull();
    expect(open!.textContent).toBe('1. 拜仁vs第16/17名胜者');
  });
});
