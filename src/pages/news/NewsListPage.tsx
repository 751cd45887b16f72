/**
 * /news/{type}: column tabs (tap or swipe), banner carousel, the article list with infinite scroll
 * by cursor, pull to refresh, and the loading, empty and error states.
 */
import { useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { HEADLINE_TYPE, type ArticleCard as Card, type NewsColumn } from '../../../workers/protocol/api/news';
import { ArticleList } from '../../components/news/ArticleList';
import { NewsBanners } from '../../components/news/NewsBanners';
import { NewsTopBar } from '../../components/news/NewsTopBar';
import { PagedListFooter } from '../../components/news/PagedListFooter';
import { PullToRefresh } from '../../components/news/PullToRefresh';
import { usePagedList } from '../../components/news/use-paged-list';
// Not ../../core/index: that would pull the protocol's schemas into this area's chunk.
import { newsApi } from '../../core/news';
import { useLoad } from '../../core/use-load';
import { paths } from '../../app/paths';
import type { PageProps } from '../../app/App';
import { NEWS_PAGE_TEXT as T } from './strings';

const SWIPE_PX = 60;
const articleHref = (a: Card) => paths.newsDetail(a.type, a.id);

export function NewsListPage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const type = Number(params.type) || HEADLINE_TYPE;
  const columns = useLoad<NewsColumn[]>(() => newsApi.columns(), [], { keepOnError: true });
  const banners = useLoad(() => newsApi.banners(type), [type], { keepOnError: true });
  const list = usePagedList<Card>((cursor) => newsApi.list(type, cursor), String(type));
  const cols = columns.data ?? [];
  const touch = useRef<{ x: number; y: number } | null>(null);
  // Relative times read in minutes: a minute-stable `now` lets the memoised cards skip re-renders.
  const now = Math.floor(Date.now() / 60_000) * 60_000;

  const bannerItems = useMemo(
    () =>
      (banners.data ?? []).map((b) => ({
        id: b.articleId,
        title: b.title,
        image: b.cover,
        href: paths.newsDetail(b.type, b.articleId),
      })),
    [banners.data],
  );

  const swipeTo = (dir: 1 | -1) => {
    const i = cols.findIndex((c) => c.type === type);
    const next = cols[i + dir];
    if (i >= 0 && next) navigate(paths.news(next.type));
  };

  return (
    <div className="nw-page">
      <NewsTopBar
        label={T.columnsLabel}
        tabs={cols.map((c) => ({ key: c.type, href: paths.news(c.type), label: c.name, on: c.type === type }))}
        refreshLabel={T.refresh}
        onRefresh={() => void list.refresh()}
      />
      <PullToRefresh onRefresh={() => void list.refresh()} refreshing={list.refreshing}>
        <div
          onTouchStart={(e) => {
            const t = e.touches[0]!;
            touch.current = { x: t.clientX, y: t.clientY };
          }}
          onTouchEnd={(e) => {
            const s = touch.current;
            const t = e.changedTouches[0]!;
            touch.current = null;
            if (!s) return;
            const dx = t.clientX - s.x;
            if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(t.clientY - s.y)) swipeTo(dx < 0 ? 1 : -1);
          }}
        >
          <NewsBanners banners={bannerItems} label={T.banners} />
          <ArticleList articles={list.items} hrefOf={articleHref} now={now} busy={list.loading} />
          <PagedListFooter list={list} emptyText={T.empty} />
        </div>
      </PullToRefresh>
    </div>
  );
}
