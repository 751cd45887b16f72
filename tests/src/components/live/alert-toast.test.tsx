/** The alert card shows the core's minute as it comes: no second minute tick after it. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { AlertToast } from '../../../../src/components/live/AlertToast';
import type { AlertEvent } from '../../../../src/core/index';

const alert = (minuteText: string): AlertEvent => ({
  id: 'a1',
  matchId: 1,
  sport: 'zq',
  type: 'goal',
  home: '阿森纳',
  away: '切尔西',
  minuteText,
  score: [2, 1],
  text: '',
  at: 0,
});

describe('AlertToast minute', () => {
  it.each([
    ['90+', '90+'],
    ["45+1'", "45+1'"],
    ["67'", "67'"],
  ])('%j is shown as %j', (minuteText, shown) => {
    const { container } = render(<AlertToast alert={alert(minuteText)} onClose={() => {}} />);
    expect(container.querySelector('.lv-alert-title em')!.textContent!.trim()).toBe(shown);
  });
});
