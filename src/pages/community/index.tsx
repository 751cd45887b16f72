/** The 社区 area chunk: its pages by route name (loaded lazily by the app shell). */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/news/news.css';
import { CirclePage } from './CirclePage';
import { CommunityListPage } from './CommunityListPage';
import { PostPage } from './PostPage';

const pages: Record<string, ComponentType<PageProps>> = {
  'community/list': CommunityListPage,
  'community/detail': PostPage,
  'community/qdetail': CirclePage,
};
export default pages;
