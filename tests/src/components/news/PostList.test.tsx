/**
 * The community feed is windowed: 1,000 posts in the feed, only the few near the viewport in the
 * DOM; scrolling moves the window on. (Pixel placement is checked in Chromium by news.e2e.ts.)
 */
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { PostList } from '../../../../src/components/news/PostList';
import { loadVirtualCore } from '../../../../src/components/use-window-list';
import type { PostView } from '../../../../workers/protocol/api/news';

// jsdom has no layout and no ResizeObserver: give it an inert one (nothing ever resizes here).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const post = (i: number): PostView => ({
  id: i + 1,
  code: String(i + 1),
  title: `第 ${i + 1} 篇帖子`,
  content: '聊聊今晚的比赛。',
  images: i % 3 === 0 ? [`/media/uploads/${'a'.repeat(32)}.png`] : [],
  author: { id: 7, nickName: '球迷', portrait: '', following: false },
  circle: null,
  likes: 0,
  liked: false,
  comments: 0,
  mine: false,
  createdAt: Date.now(),
});

describe('PostList', () => {
  it('keeps only a window of 1,000 posts in the DOM, and moves it on scroll', { timeout: 15_000 }, async () => {
    const posts = Array.from({ length: 1000 }, (_, i) => post(i));
    const { container } = render(
      <Router>
        <PostList
          posts={posts}
          hrefOf={(p) => `/community/detail?code=${p.code}`}
          circleHrefOf={() => null}
          now={Date.now()}
          busy={false}
          onLike={() => {}}
        />
      </Router>,
    );
    const ids = () =>
      [...container.querySelectorAll('[data-post-id]')].map((e) => Number(e.getAttribute('data-post-id')));
    expect(container.querySelector('[data-posts]')!.getAttribute('data-posts')).toBe('1000');
    const first = ids();
    expect(first[0]).toBe(1);
    expect(first.length).toBeGreaterThan(2);
    expect(first.length).toBeLessThan(100); // jsdom measures rendered cards as 0 px high, so its window is wider than a phone’s
    // The list is as tall as all the posts, so the page can scroll through them.
    expect(parseFloat((container.querySelector('[data-posts]') as HTMLElement).style.height)).toBeGreaterThan(100_000);

    // The windowing library loads after the first render (issue 29); the window follows the
    // scroll once it is in. (Its first import here is transformed by vitest: seconds on a loaded
    // machine, hence the timeout.)
    await act(async () => {
      await loadVirtualCore();
    });
    await act(async () => {
      window.scrollY = 60_000;
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 50));
    });
    const later = ids();
    expect(later.length).toBeLessThan(100);
    expect(Math.min(...later)).toBeGreaterThan(100);
  });
});
