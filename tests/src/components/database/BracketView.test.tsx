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
      ties: [
        { home: side(9, '阿森纳', 9), away: side(24, '布鲁日', 24), score: [3, 2], winner: 'home' },
        { home: side(10, '国际米兰', 10), away: side(23, '费耶诺德', 23), score: [2, 2], winner: 'away', pen: [3, 4] },
      ],
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
    const [decided, , open] = [...container.querySelectorAll('[data-tie]')];
    expect(decided!.getAttribute('data-winner')).toBe('home');
    expect(decided!.querySelector('[data-tie-score]')!.textContent).toBe('3-2');
    expect(decided!.querySelector('.db-tie-won')!.textContent).toBe('9. 阿森纳');
    expect(decided!.querySelectorAll('a')).toHaveLength(2);
    expect(decided!.querySelector('[data-tie-pen]')).toBeNull();
    expect(open!.getAttribute('data-winner')).toBeNull();
    expect(open!.querySelector('[data-tie-score]')).toBeNull();
    expect(open!.textContent).toBe('1. 拜仁vs第16/17名胜者');
  });

  it('shows the shoot-out beside the result of a tie decided on penalties, read out in words', () => {
    const { container } = render(
      <Router hook={memoryLocation().hook}>
        <BracketView bracket={bracket} teamHref={(id) => `/database/team?id=${id}`} />
      </Router>,
    );
    const tie = container.querySelectorAll('[data-tie]')[1]!;
    expect(tie.getAttribute('data-winner')).toBe('away');
    expect(tie.querySelector('[data-tie-score]')!.textContent).toBe('2-2');
    const pen = tie.querySelector('[data-tie-pen]')!;
    expect(pen.querySelector('[aria-hidden="true"]')!.textContent).toBe('(点球 3-4)');
    expect(pen.querySelector('.visually-hidden')!.textContent).toBe('点球大战 3比4');
    expect(tie.querySelector('.db-tie-won')!.textContent).toBe('23. 费耶诺德');
  });
});
