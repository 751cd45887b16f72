import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MatchRow } from '../../../../src/components/live/MatchRow';
import { basketballView, footballView } from './fixtures';

describe('MatchRow', () => {
  it('carries data-match-id and shows the score as H-A', () => {
    const { container } = render(<MatchRow match={footballView({ score: [2, 1] })} />);
    const row = container.querySelector('[data-match-id="1001"]');
    expect(row).not.toBeNull();
    expect(row!.querySelector('[data-score]')!.textContent).toBe('2-1');
  });

  it('shows league, status and minute text from the core, with cards and corners', () => {
    const { container } = render(
      <MatchRow
        match={footballView({ minuteText: '45+', half: [1, 0], corner: [4, 2], red: [0, 1], yellow: [2, 0] })}
      />,
    );
    expect(screen.getByText('英超')).toBeTruthy();
    expect(screen.getByText('上半场')).toBeTruthy();
    expect(container.querySelector('[data-minute]')!.textContent).toBe('45+');
    expect(container.querySelector('[data-half]')!.textContent).toBe('半 1-0');
    expect(container.querySelector('[data-corner]')!.textContent).toBe('角 4-2');
    const away = container.querySelector('.lv-away')!;
    expect(away.querySelector('[data-red]')!.textContent).toBe('1');
    expect(container.querySelector('.lv-home [data-yellow]')!.textContent).toBe('2');
    expect(container.querySelector('.lv-home [data-red]')).toBeNull();
    expect((container.querySelector('.lv-league') as HTMLElement).style.color).toBe('rgb(61, 25, 91)');
  });

  it('an upcoming match shows kick-off time and no corner line', () => {
    const { container } = render(
      <MatchRow
        match={footballView({
          s: 1,
          isLive: false,
          isUpcoming: true,
          hasKickedOff: false,
          statusText: '未开赛',
          minuteText: '',
          score: [0, 0],
        })}
      />,
    );
    expect(screen.getByText('20:00')).toBeTruthy();
    expect(screen.getByText('未开赛')).toBeTruthy();
    expect(container.querySelector('[data-corner]')).toBeNull();
    expect(container.querySelector('[data-live="0"]')).not.toBeNull();
  });

  it('an abandoned match keeps its score and sits with the finished rows; a postponed one shows VS', () => {
    const { container, rerender } = render(
      <MatchRow
        match={footballView({ s: 11, isLive: false, isVoid: true, statusText: '腰斩', minuteText: '', score: [1, 1] })}
      />,
    );
    const row = container.querySelector('[data-match-id]')!;
    expect(row.classList.contains('is-finished')).toBe(true);
    expect(container.querySelector('[data-score]')!.getAttribute('aria-label')).toBe('比分 1-1');
    rerender(
      <MatchRow
        match={footballView({
          s: 9,
          isLive: false,
          isVoid: true,
          hasKickedOff: false,
          statusText: '推迟',
          minuteText: '',
          score: [0, 0],
        })}
      />,
    );
    expect(container.querySelector('[data-match-id]')!.classList.contains('is-upcoming')).toBe(false);
    expect(container.querySelector('[data-score]')!.classList.contains('lv-score-pending')).toBe(true);
  });

  it('flashes the score only when it changes while shown', () => {
    const { container, rerender } = render(<MatchRow match={footballView({ scoreChangedAt: 500 })} />);
    expect(container.querySelector('.lv-flash')).toBeNull();
    rerender(<MatchRow match={footballView({ score: [2, 0], scoreChangedAt: 900, lastScorer: 'home' })} />);
    const score = container.querySelector('[data-score]')!;
    expect(score.textContent).toBe('2-0');
    expect(score.classList.contains('lv-flash')).toBe(true);
    expect(score.classList.contains('lv-flash-home')).toBe(true);
  });

  it('the star toggles follow without opening the match', () => {
    const onToggle = vi.fn();
    const onOpen = vi.fn();
    const { container } = render(<MatchRow match={footballView()} onToggleFollow={onToggle} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: '关注' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
    // The score opens the match (team and league names link to their database pages).
    fireEvent.click(container.querySelector('[data-score]')!);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('is laid out as four controls that do not nest: league column, two teams, star; the rest opens the match', () => {
    const onOpen = vi.fn();
    const m = footballView({ half: [1, 0], corner: [3, 1], red: [1, 0] });
    const { container } = render(<MatchRow match={m} onOpen={onOpen} />);
    const row = container.querySelector<HTMLElement>(`[data-match-id="${m.id}"]`)!;
    const controls = [...row.querySelectorAll('a[href], button')];
    expect(
      controls.map((c) => c.getAttribute('data-league-link') ?? c.getAttribute('data-team-link') ?? 'star'),
    ).toEqual([String(m.li), String(m.home.id), String(m.away.id), 'star']);
    // No control holds another; the score, the status line and the sub line belong to no link.
    for (const c of controls) expect(c.querySelector('a, button')).toBeNull();
    for (const sel of ['[data-score]', '[data-status]', '[data-half]', '[data-corner]']) {
      const el = row.querySelector<HTMLElement>(sel)!;
      expect(el.closest('a, button'), sel).toBeNull();
      fireEvent.click(el);
    }
    expect(onOpen).toHaveBeenCalledTimes(4);
    // The home red card sits in the home team's link, next to its name and crest.
    const home = row.querySelector(`a[data-team-link="${m.home.id}"]`)!;
    expect(home.querySelector('[data-red]')!.textContent).toBe('1');
    expect(home.querySelector('img.lv-crest')).not.toBeNull();
    // The row keeps its hooks and its fixed height (the virtualised list counts on it).
    expect(row.dataset.live).toBe(m.isLive ? '1' : '0');
    expect(row.style.height).toBe('76px');
  });

  it('shows ranks only when asked (pmChecked)', () => {
    const { rerender } = render(<MatchRow match={footballView()} />);
    expect(screen.queryByText('[2]')).toBeNull();
    rerender(<MatchRow match={footballView()} showRank />);
    expect(screen.getByText('[2]')).toBeTruthy();
  });

  it('basketball rows show the clock and quarter scores', () => {
    const { container } = render(<MatchRow match={basketballView()} />);
    // The period is in the status beside it (once): the minute slot holds only the clock.
    expect(container.querySelector('[data-minute]')!.textContent).toBe('05:12');
    expect(container.querySelector('[data-quarters]')!.textContent).toBe('30-28 25-22');
    expect(container.querySelector('[data-score]')!.textContent).toBe('55-50');
    expect(screen.getByRole('button', { name: '取消关注' }).getAttribute('aria-pressed')).toBe('true');
  });
});
