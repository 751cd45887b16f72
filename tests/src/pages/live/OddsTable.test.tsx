import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { OddsBoardTable, OddsHistoryTable } from '../../../../src/components/live/OddsTable';
import type { OddsBoardView, OddsRowView } from '../../../../workers/core/api';

function row(over: Partial<OddsRowView>): OddsRowView {
  return {
    companyId: 3,
    nameZh: '澳门',
    left: 0.9,
    middle: 0.5,
    right: 0.95,
    at: 1000,
    trend: { left: 'same', middle: 'same', right: 'same' },
    lineText: '半球',
    ...over,
  };
}

describe('odds display', () => {
  it('colours the current line from the core trend: red falls, green rises', () => {
    const board: OddsBoardView = {
      matchId: 1,
      sport: 'zq',
      type: 1,
      loading: false,
      companies: [
        {
          companyId: 3,
          nameZh: '澳门',
          open: row({}),
          live: row({ left: 0.85, right: 1.01, trend: { left: 'down', middle: 'same', right: 'up' } }),
        },
      ],
    };
    const onPick = vi.fn();
    const { container } = render(<OddsBoardTable board={board} onPickCompany={onPick} />);
    const live = container.querySelector('[data-live-row]')!;
    const cells = live.querySelectorAll('td[data-trend]');
    expect(cells[0].className).toBe('lv-fall');
    expect(cells[0].textContent).toBe('0.85↓');
    expect(cells[1].className).toBe('');
    expect(cells[1].textContent).toBe('半球');
    expect(cells[2].className).toBe('lv-rise');
    expect(cells[2].textContent).toBe('1.01↑');
    fireEvent.click(container.querySelector('[data-company-id="3"]')!);
    expect(onPick).toHaveBeenCalledWith(3);
  });

  it('European odds show the draw price, not a line', () => {
    const board: OddsBoardView = {
      matchId: 1,
      sport: 'zq',
      type: 2,
      loading: false,
      companies: [
        {
          companyId: 3,
          nameZh: '澳门',
          open: row({ middle: 3.2, lineText: '' }),
          live: row({ middle: 3.4, lineText: '' }),
        },
      ],
    };
    const { container, getByText } = render(<OddsBoardTable board={board} />);
    expect(getByText('主胜')).toBeTruthy();
    expect(container.querySelector('[data-live-row] td[data-trend]:nth-of-type(3)')!.textContent).toBe('3.40');
  });

  it('history rows keep each row colour', () => {
    const rows = [
      row({ at: 3, left: 0.8, trend: { left: 'down', middle: 'same', right: 'same' } }),
      row({ at: 2, left: 0.9, trend: { left: 'up', middle: 'same', right: 'same' } }),
      row({ at: 1, left: 0.85 }),
    ];
    const { container } = render(<OddsHistoryTable sport="zq" type={1} rows={rows} timeText={(at) => `t${at}`} />);
    const trs = container.querySelectorAll('tbody tr');
    expect(trs).toHaveLength(3);
    expect(trs[0].querySelector('td')!.className).toBe('lv-fall');
    expect(trs[1].querySelector('td')!.className).toBe('lv-rise');
    expect(trs[2].querySelector('td')!.className).toBe('');
    expect(trs[0].lastElementChild!.textContent).toBe('t3');
  });

  it('says so when there are no odds', () => {
    const { getByText } = render(
      <OddsBoardTable board={{ matchId: 1, sport: 'zq', type: 3, loading: false, companies: [] }} />,
    );
    expect(getByText('暂无指数')).toBeTruthy();
  });

  it('basketball boards speak in points: 让分 and 总分 columns, no draw, no 大球', () => {
    const spread: OddsBoardView = {
      matchId: 1,
      sport: 'lq',
      type: 1,
      loading: false,
      companies: [
        { companyId: 3, nameZh: '澳门', open: row({ lineText: '让5.5分' }), live: row({ lineText: '让5.5分' }) },
      ],
    };
    const a = render(<OddsBoardTable board={spread} />);
    expect(a.getByText('让分')).toBeTruthy();
    expect(a.container.querySelector('[data-live-row] td[data-trend]:nth-of-type(3)')!.textContent).toBe('让5.5分');
    a.unmount();
    const money: OddsBoardView = {
      ...spread,
      type: 2,
      companies: [{ ...spread.companies[0]!, live: row({ middle: 0 }) }],
    };
    const b = render(<OddsBoardTable board={money} />);
    expect(b.container.textContent).not.toMatch(/平局|0\.00/);
    b.unmount();
    const total = render(
      <OddsHistoryTable sport="lq" type={3} rows={[row({ lineText: '210.5分' })]} timeText={() => ''} />,
    );
    expect(total.container.textContent).toMatch(/大分.*总分.*小分/);
    expect(total.container.textContent).not.toMatch(/大球|小球/);
  });
});
