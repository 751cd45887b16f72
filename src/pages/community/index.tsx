/** The 社区 area chunk: its pages by route name (loaded lazily by the app shell). */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/news/news.css';
import { CommunityListPage } from './CommunityListPage';
import { lazyNamed } from '../../components/lazy-named';

// A post and a circle load their code when opened; their own HTML preloads it.
const PostPage = lazyNamed(() => import('./PostPage'), 'PostPage');
const CirclePage = lazyNamed(() => import('./CirclePage'), 'CirclePage');

const pages: Record<string, ComponentType<PageProps>> = {
  'community/list': CommunityListPage,
  'community/detail': PostPage,
  'community/qdetail': CirclePage,
};
export default pages;
