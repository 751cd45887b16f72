import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabBar } from '../../../src/components/TabBar';
import { activeTabFor, tabItemsForPort, type TabKey } from '../../../src/app/tab-bar-items';

const linkNames = () =>
  within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('aria-label'));

describe('bottom tab bar', () => {
  it('on port 8008: 比赛, 头条, 直播, 消息, 我的 with the spec targets', () => {
    render(<TabBar items={tabItemsForPort('8008')} active={null} unread={0} />);
    expect(linkNames()).toEqual(['比赛', '头条', '直播', '消息', '我的']);
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: '比赛' }).getAttribute('href')).toBe('/live/hot');
    expect(within(nav).getByRole('link', { name: '头条' }).getAttribute('href')).toBe('/news/1002/');
    expect(within(nav).getByRole('link', { name: '直播' }).getAttribute('href')).toBe('/vlive/0');
    expect(within(nav).getByRole('link', { name: '消息' }).getAttribute('href')).toBe('/message');
    expect(within(nav).getByRole('link', { name: '我的' }).getAttribute('href')).toBe('/user');
  });

  it('on any other port: ChatGPT instead of 消息', () => {
    for (const port of ['3000', '', '443']) {
      const { unmount } = render(<TabBar items={tabItemsForPort(port)} active={null} unread={5} />);
      expect(linkNames()).toEqual(['比赛', '头条', '直播', 'ChatGPT', '我的']);
      expect(screen.getByRole('link', { name: 'ChatGPT' }).getAttribute('href')).toBe('/ChatGPT');
      unmount();
    }
  });

  it('marks exactly the active tab (gold class + aria-current)', () => {
    render(<TabBar items={tabItemsForPort('8008')} active="vlive" unread={0} />);
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.getAttribute('aria-label'))).toEqual(['直播']);
    expect(current[0]!.className).toContain('qs-tab--active');
    expect(screen.getByRole('link', { name: '比赛' }).className).not.toContain('qs-tab--active');
  });

  it('shows the unread badge on 消息 only when there is something unread', () => {
    const { rerender } = render(<TabBar items={tabItemsForPort('8008')} active={null} unread={0} />);
    expect(screen.queryByTitle(/未读/)).toBeNull();
    rerender(<TabBar items={tabItemsForPort('8008')} active={null} unread={7} />);
    expect(within(screen.getByRole('link', { name: '消息' })).getByTitle('7 条未读消息').textContent).toBe('7');
    // The contract hook (ARCHITECTURE.md): the 消息 link holds the total in a data-unread element.
    expect(screen.getByRole('link', { name: '消息' }).querySelector('[data-unread]')?.textContent).toBe('7');
    rerender(<TabBar items={tabItemsForPort('8008')} active={null} unread={250} />);
    // Past 99 the badge reads 99+ (CSS), and data-unread still holds the exact total.
    const many = screen.getByRole('link', { name: '消息' }).querySelector('[data-unread]')!;
    expect(many.textContent).toBe('250');
    expect(many.classList.contains('qs-tab__badge-count--many')).toBe(true);
  });
});

describe('active tab from the route name (spec §2)', () => {
  const cases: Array<[string, TabKey | null]> = [
    ['index', 'headlines'],
    ['news/type', 'headlines'],
    ['database', 'headlines'],
    ['community', 'headlines'],
    ['community/list', 'headlines'],
    ['proposal', 'headlines'],
    ['live/hot', 'matches'],
    ['live/zq/type', 'matches'],
    ['live/lq/type', 'matches'],
    ['vlive', 'vlive'],
    ['vlive/match', 'vlive'],
    ['vlive/type', 'vlive'],
    ['message', 'message'],
    ['ChatGPT', 'chatgpt'],
    ['user', 'user'],
    ['vlive/detail', null],
    ['live/zq/detail', null],
    ['download', null],
  ];
  it.each(cases)('%s → %s', (name, tab) => {
    expect(activeTabFor(name)).toBe(tab);
  });
});
