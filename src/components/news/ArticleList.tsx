/**
 * The article list, windowed: only the cards near the viewport are in the DOM, so a list scrolled
 * through 1,000 articles stays small (cards have a fixed height, ARTICLE_CARD_HEIGHT). Props only.
 */
import type { ArticleCard as Card } from '../../../workers/protocol/api/news';
import { ArticleCard, ARTICLE_CARD_HEIGHT } from './ArticleCard';
import { WindowedList } from '../WindowedList';

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
  return (
    <WindowedList
      items={articles}
      keyOf={(a) => a.id}
      estimateSize={() => ARTICLE_CARD_HEIGHT}
      overscan={6}
      className="nw-list"
      attrs={{ 'aria-busy': busy, 'data-articles': articles.length }}
      renderRow={(a, at) => <ArticleCard key={at.key} article={a} href={hrefOf(a)} now={now} offset={at.offset} />}
    />
  );
}
