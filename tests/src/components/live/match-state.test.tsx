/** The state area of a match never says a word twice, and an unstarted match shows VS. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { hasScore, matchClock, matchStateText } from '../../../../src/components/live/match-state';
import { MatchRow } from '../../../../src/components/live/MatchRow';
import { DetailHeader } from '../../../../src/components/live/DetailHeader';
import { ScoreWidget } from '../../../../src/components/vlive/ScoreWidget';
import { basketballView, footballView } from '../../pages/live/fixtures';

const halfTime = footballView({ s: 3, statusText: '中场', minuteText: '中场' });
const q4 = basketballView({ s: 8, statusText: '第四节', clockText: '第四节 01:57' });
const lqBreak = basketballView({ s: 5, statusText: '中场', clockText: '中场' });
const upcoming = footballView({
  s: 1,
  isLive: false,
  isUpcoming: true,
  hasKickedOff: false,
  statusText: '未开赛',
  minuteText: '',
  score: [0, 0],
});

describe('matchClock / matchStateText', () => {
  it.each([
    ['football in play', footballView({ minuteText: '23' }), "23'", "23'"],
    ['football past 45', footballView({ minuteText: '45+' }), '45+', '45+'],
    ['football half-time', halfTime, '', '中场'],
    ['basketball Q4', q4, '01:57', '第四节 01:57'],
    ['basketball half-time', lqBreak, '', '中场'],
    ['not started', upcoming, '', '未开赛'],
  ])('%s', (_name, m, clock, text) => {
    expect(matchClock(m)).toBe(clock);
    expect(matchStateText(m)).toBe(text);
  });

  it('only a started match has a score', () => {
    expect(hasScore(upcoming)).toBe(false);
    expect(hasScore(halfTime)).toBe(true);
  });
});

describe('views', () => {
  it('a list row at half-time says 中场 once', () => {
    const { container } = render(<MatchRow match={halfTime} />);
    expect(container.querySelector('.lv-row-top')!.textContent!.match(/中场/g)).toHaveLength(1);
  });

  it('a basketball row says the period once, then the clock', () => {
    const { container } = render(<MatchRow match={q4} />);
    const top = container.querySelector('.lv-row-top')!.textContent!;
    expect(top.match(/第四节/g)).toHaveLength(1);
    expect(container.querySelector('[data-minute]')!.textContent).toBe('01:57');
  });

  it('the detail header at half-time says 中场 once', () => {
    const { container } = render(<DetailHeader match={halfTime} openTimeText="11-24 20:00" />);
    expect(container.querySelector('[data-status]')!.textContent).toBe('中场');
    const lq = render(<DetailHeader match={q4} openTimeText="11-24 20:00" />);
    expect(lq.container.querySelector('[data-status]')!.textContent).toBe('第四节 01:57');
  });

  it('the room score pill shows no stray minute mark at half-time', () => {
    const { container } = render(<ScoreWidget match={halfTime} />);
    expect(container.querySelector('.vl-score-state')!.textContent).toBe('中场');
  });

  it('an unstarted match shows VS while the DOM keeps H-A', () => {
    for (const view of [<MatchRow match={upcoming} />, <ScoreWidget match={upcoming} />]) {
      const { container, unmount } = render(view);
      const score = container.querySelector('[data-score]')!;
      expect(score.textContent).toBe('0-0');
      expect(score.classList.contains('score-vs')).toBe(true);
      unmount();
    }
    const started = render(<MatchRow match={footballView({ score: [1, 0] })} />);
    expect(started.container.querySelector('[data-score]')!.classList.contains('score-vs')).toBe(false);
  });
});
