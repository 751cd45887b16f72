/** The 头条 area chunk: its pages by route name (loaded lazily by the app shell). */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/news/news.css';
import { NewsListPage } from './NewsListPage';
import { lazyNamed } from '../../components/lazy-named';

// An article (and its comments) loads its code when opened; its own HTML preloads it.
const ArticlePage = lazyNamed(() => import('./ArticlePage'), 'ArticlePage');

const pages: Record<string, ComponentType<PageProps>> = {
  'news/type': NewsListPage,
  'news/detail': ArticlePage,
};
export default pages;
