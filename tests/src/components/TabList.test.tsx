/** The one tab strip: a named tablist, the chosen tab selected and marked, a click reports the tab. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabList } from '../../../src/components/TabList';

afterEach(cleanup);

describe('TabList', () => {
  it('marks the chosen tab with the area classes and reports a click', () => {
    const onChange = vi.fn();
    render(
      <TabList
        tabs={['zq', 'lq'] as const}
        value="lq"
        onChange={onChange}
        labelOf={(s) => (s === 'zq' ? '足球' : '篮球')}
        className="us-tabs"
        tabClassName="us-tabs__tab"
        activeClassName="is-active"
        label="关注的比赛"
      />,
    );
    const strip = screen.getByRole('tablist', { name: '关注的比赛' });
    expect(strip.tagName).toBe('DIV');
    const [zq, lq] = screen.getAllByRole('tab');
    expect(zq!.className).toBe('us-tabs__tab');
    expect(zq!.getAttribute('aria-selected')).toBe('false');
    expect(lq!.className).toBe('us-tabs__tab is-active');
    expect(lq!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(zq!);
    expect(onChange).toHaveBeenCalledWith('zq');
  });

  it('defaults to the live areas’ `on` class, and can be a nav', () => {
    render(
      <TabList
        tabs={[1, 2, 3]}
        value={2}
        onChange={() => undefined}
        labelOf={(t) => `盘${t}`}
        className="lv-tabs"
        nav
      />,
    );
    expect(screen.getByRole('tablist').tagName).toBe('NAV');
    expect(screen.getByRole('tab', { name: '盘2' }).className).toBe('on');
    expect(screen.getByRole('tab', { name: '盘1' }).className).toBe('');
  });
});
