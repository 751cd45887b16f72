/**
 * The end of an infinite list: loads the next page when it scrolls into view (or on click), and
 * shows the loading, error, empty and end states of a `usePagedList` list. Props only.
 */
import { useEffect, useRef } from 'react';
import { NEWS_TEXT as T } from './strings';
import type { Paged } from './use-paged-list';

export function PagedListFooter({
  list,
  emptyText,
}: {
  list: Pick<Paged<unknown>, 'items' | 'loading' | 'error' | 'done' | 'loadMore' | 'refresh'>;
  emptyText: string;
}) {
  const { loading, error, done, loadMore: onMore } = list;
  const empty = !loading && !error && list.items.length === 0;
  const onRetry = () => void list.refresh();
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), {
      rootMargin: '400px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return (
    <div ref={ref} className="nw-footer">
      {loading ? (
        <p className="nw-state" role="status" aria-live="polite">
          {T.loading}
        </p>
      ) : error ? (
        <p className="nw-state" role="alert">
          <button type="button" className="nw-link" onClick={onRetry}>
            {error} · {T.retry}
          </button>
        </p>
      ) : empty ? (
        <p className="nw-state nw-state--empty">{emptyText}</p>
      ) : done ? (
        <p className="nw-state">{T.noMore}</p>
      ) : (
        <button type="button" className="nw-more" onClick={onMore}>
          {T.loadMore}
        </button>
      )}
    </div>
  );
}
