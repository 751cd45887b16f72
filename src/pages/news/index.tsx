/** The 头条 area chunk: its pages by route name (loaded lazily by the app shell). */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/news/news.css';
import { ArticlePage } from './ArticlePage';
import { NewsListPage } from './NewsListPage';

const pages: Record<string, ComponentType<PageProps>> = {
  'news/type': NewsListPage,
  'news/detail': ArticlePage,
};
export default pages;
