import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FilterPanel, groupByLetter, type LeagueCount } from '../../../../src/components/live/FilterPanel';

const LEAGUES: LeagueCount[] = [
  { leagueId: 1, leagueName: '英超', leagueLetter: 'Y', count: 5 },
  { leagueId: 2, leagueName: '西甲', leagueLetter: 'X', count: 4 },
  { leagueId: 3, leagueName: '意甲', leagueLetter: 'Y', count: 7 },
  { leagueId: 4, leagueName: '澳超', leagueLetter: 'A', count: 2 },
];

function setup(selected: number[] | null = null, showHiddenCount = true) {
  const onConfirm = vi.fn();
  const onTypeChange = vi.fn();
  const utils = render(
    <FilterPanel
      type="all"
      leagues={LEAGUES}
      selected={selected}
      showHiddenCount={showHiddenCount}
      onTypeChange={onTypeChange}
      onShowHiddenCountChange={() => undefined}
      onConfirm={onConfirm}
      onClose={() => undefined}
    />,
  );
  return { ...utils, onConfirm, onTypeChange };
}

describe('FilterPanel', () => {
  it('groups leagues by letter, in order, with counts (biggest first in a group)', () => {
    expect(groupByLetter(LEAGUES).map((g) => [g.letter, g.leagues.map((l) => l.leagueName)])).toEqual([
      ['A', ['澳超']],
      ['X', ['西甲']],
      ['Y', ['意甲', '英超']],
    ]);
    setup();
    const y = screen.getByRole('region', { name: 'Y' });
    expect(within(y).getByLabelText('英超 5')).toBeTruthy();
    expect(within(y).getByLabelText('意甲 7')).toBeTruthy();
  });

  it('all chosen confirms as null (every league, also ones that appear later)', () => {
    const { onConfirm } = setup();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledWith({ type: 'all', leagueIds: null });
  });

  it('unticking a league hides its matches and counts them', () => {
    const { onConfirm, container } = setup();
    fireEvent.click(screen.getByLabelText('意甲 7'));
    expect(container.querySelector('[data-hidden-count]')!.textContent).toBe('已隐藏 7 场比赛');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledWith({ type: 'all', leagueIds: [1, 2, 4] });
  });

  it('select none, invert and select all', () => {
    const { onConfirm, container } = setup([1]);
    const hidden = () => container.querySelector('[data-hidden-count]')!.textContent;
    expect(hidden()).toBe('已隐藏 13 场比赛');
    fireEvent.click(screen.getByRole('button', { name: '反选' }));
    expect(hidden()).toBe('已隐藏 5 场比赛');
    fireEvent.click(screen.getByRole('button', { name: '全不选' }));
    expect(hidden()).toBe('已隐藏 18 场比赛');
    fireEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(hidden()).toBe('已隐藏 0 场比赛');
    fireEvent.click(screen.getByRole('button', { name: '反选' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ type: 'all', leagueIds: [] });
  });

  it('without the hidden-count option shows how many leagues are chosen', () => {
    const { container } = setup([1, 2], false);
    expect(container.querySelector('[data-hidden-count]')!.textContent).toBe('已选 2/4 个赛事');
  });

  it('switching the filter type asks the page for that list', () => {
    const { onTypeChange } = setup();
    fireEvent.click(screen.getByRole('tab', { name: '竞彩' }));
    expect(onTypeChange).toHaveBeenCalledWith('jczq');
  });
});
