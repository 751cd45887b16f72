/**
 * The article list, windowed: only the cards near the viewport are in the DOM, so a list scrolled
 * through 1,000 articles stays small (cards have a fixed height, ARTICLE_CARD_HEIGHT). Props only.
 */
import type { ArticleCard as Card } from '../../../workers/protocol/api/news';
import { ArticleCard, ARTICLE_CARD_HEIGHT } from './ArticleCard';
import { useWindowList } from '../use-window-list';

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
  const { ref, virtualizer, margin } = useWindowList<HTMLUListElement>({
    count: articles.length,
    estimateSize: () => ARTICLE_CARD_HEIGHT,
    overscan: 6,
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
        return (
          <ArticleCard
            key={v.key}
            article={a}
            href={hrefOf(a)}
            now={now}
            style={{ transform: `translateY(${v.start - margin}px)` }}
          />
        );
      })}
    </ul>
  );
}
