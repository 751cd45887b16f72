import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FloatingNewsBar } from '../../../src/components/FloatingNewsBar';
import { NEWS_NAV_KEY, readNewsNav, removeNewsNavItem, saveNewsNavItem, useNewsNav } from '../../../src/app/news-nav';

function SavedNewsBar() {
  const items = useNewsNav();
  return <FloatingNewsBar items={items} onRemove={(i) => removeNewsNavItem(i)} />;
}

afterEach(() => localStorage.clear());

describe('floating news bar', () => {
  it('renders nothing when nothing is saved', () => {
    const { container } = render(<SavedNewsBar />);
    expect(container.innerHTML).toBe('');
  });

  it('lists saved items with tag and title; qz opens community detail with ?code=, others the news detail', () => {
    localStorage.setItem(
      NEWS_NAV_KEY,
      JSON.stringify([
        { text: '英超', title: '曼城客场逆转取胜', link1: '1002', link2: '9001' },
        { text: '圈子', title: '今晚德比谁能赢？', link1: 'qz', link2: 'ab12' },
        { broken: true },
      ]),
    );
    render(<SavedNewsBar />);
    const news = screen.getByRole('link', { name: /曼城客场逆转取胜/ });
    expect(news.getAttribute('href')).toBe('/news/1002/9001');
    expect(news.textContent).toContain('英超');
    expect(screen.getByRole('link', { name: /今晚德比/ }).getAttribute('href')).toBe('/community/detail?code=ab12');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('removes an item from the bar and from storage', () => {
    saveNewsNavItem({ text: '西甲', title: '皇马官宣新帅', link1: '1003', link2: '77' });
    saveNewsNavItem({ text: 'NBA', title: '湖人三连胜', link1: '1005', link2: '88' });
    render(<SavedNewsBar />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '移除 皇马官宣新帅' }));
    expect(screen.queryByText('皇马官宣新帅')).toBeNull();
    expect(readNewsNav().map((i) => i.title)).toEqual(['湖人三连胜']);
  });

  it('follows changes saved by another tab', () => {
    render(<SavedNewsBar />);
    act(() => {
      localStorage.setItem(
        NEWS_NAV_KEY,
        JSON.stringify([{ text: '中超', title: '国安主场大胜', link1: '1004', link2: '5' }]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: NEWS_NAV_KEY }));
    });
    expect(screen.getByText('国安主场大胜')).toBeTruthy();
  });
});
