/**
 * The article list, windowed: only the cards near the viewport are in the DOM, so a list scrolled
 * through 1,000 articles stays small (cards have a fixed height, ARTICLE_CARD_HEIGHT). Props only.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ArticleCard as Card } from '../../../workers/protocol/api/news';
import { ArticleCard, ARTICLE_CARD_HEIGHT } from './ArticleCard';

export function ArticleList({
  articles,
  hrefOf,
  now,
  busy,
}: {
  articles: Card[];
  hrefOf: (a: Card) => string;
  now: number;
  busy: boolean;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setMargin(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: articles.length,
    estimateSize: () => ARTICLE_CARD_HEIGHT,
    overscan: 6,
    scrollMargin: margin,
    getItemKey: (i) => articles[i]!.id,
  });
  return (
    <ul
      ref={ref}
      className="nw-list"
      aria-busy={busy}
      data-articles={articles.length}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {virtualizer.getVirtualItems().map((v) => {
        const a = articles[v.index]!;
        return <ArticleCard key={v.key} article={a} href={hrefOf(a)} now={now} offset={v.start - margin} />;
      })}
    </ul>
  );
}
