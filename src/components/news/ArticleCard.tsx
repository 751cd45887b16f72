/** One article in a news list: cover, title, tag, time, comments. Props only; carries `data-article-id`. */
import { memo } from 'react';
import { Link } from 'wouter';
import { coverThumb, type ArticleCard as Card } from '../../../workers/protocol/api/news';
import { relativeTimeText } from '../../../workers/domain/relative-time';
import { NEWS_TEXT as T } from './strings';
import { LazyImage } from '../LazyImage';

/** Fixed, so the windowed list can place cards without measuring them. */
export const ARTICLE_CARD_HEIGHT = 93;
/** The cover's displayed width (CSS px). */
const COVER_PX = 120;

function ArticleCardImpl({
  article,
  href,
  now,
  offset,
}: {
  article: Card;
  href: string;
  now: number;
  /** Where the windowed list places the card (px from the list's top). */
  offset: number;
}) {
  return (
    <li className="nw-card" data-article-id={article.id} style={{ transform: `translateY(${offset}px)` }}>
      <Link href={href} className="nw-card__link">
        <div className="nw-card__text">
          <h3 className="nw-card__title">{article.title}</h3>
          <p className="nw-card__meta">
            {article.pinned && <span className="nw-badge nw-badge--pin">{T.pinned}</span>}
            {article.auto && <span className="nw-badge nw-badge--auto">{T.auto}</span>}
            {article.tag && <span className="nw-card__tag">{article.tag}</span>}
            <time dateTime={new Date(article.publishedAt).toISOString()}>
              {relativeTimeText(article.publishedAt, now)}
            </time>
            <span>{T.commentCount(article.comments)}</span>
          </p>
        </div>
        <LazyImage className="nw-card__cover" {...coverThumb(article.cover, COVER_PX)} width={COVER_PX} height={68} />
      </Link>
    </li>
  );
}

/** Memoised on primitives: a scroll re-renders the list, not the cards that did not move. */
export const ArticleCard = memo(ArticleCardImpl);
