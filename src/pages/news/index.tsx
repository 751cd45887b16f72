/** The 头条 area chunk: its pages by route name (loaded lazily by the app shell). */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/news/news.css';
import { lazyNamed } from '../../components/lazy-named';

// Each page loads its code when opened; its own HTML preloads it. The list (and its windowing,
// 10 KB gzip) is not an article's first view, nor an article (and its comments) the list's.
const NewsListPage = lazyNamed(() => import('./NewsListPage'), 'NewsListPage');
const ArticlePage = lazyNamed(() => import('./ArticlePage'), 'ArticlePage');

const pages: Record<string, ComponentType<PageProps>> = {
  'news/type': NewsListPage,
  'news/detail': ArticlePage,
};
export default pages;
