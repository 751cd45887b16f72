/**
 * A community feed, windowed: only the posts near the viewport are in the DOM, so a long feed
 * stays small. Posts differ in height (text, 0–9 pictures), so each rendered card is measured.
 * Props only; the cards carry `data-post-id`.
 */
import type { PostView } from '../../../workers/protocol/api/news';
import { PostCard } from './PostCard';
import { useWindowList } from '../use-window-list';

/** A post with a line of text and no pictures; real heights replace it once measured. */
const POST_ESTIMATE = 150;
const POST_GAP = 10;

export function PostList({
  posts,
  hrefOf,
  circleHrefOf,
  now,
  busy,
  onLike,
}: {
  posts: PostView[];
  hrefOf: (p: PostView) => string;
  circleHrefOf: (p: PostView) => string | null;
  now: number;
  busy: boolean;
  onLike: (p: PostView) => void;
}) {
  const { ref, virtualizer, margin } = useWindowList<HTMLUListElement>({
    count: posts.length,
    estimateSize: (i) => POST_ESTIMATE + (posts[i]!.images.length ? 120 : 0),
    overscan: 4,
    gap: POST_GAP,
    paddingStart: POST_GAP,
    getItemKey: (i) => posts[i]!.id,
  });
  return (
    <ul
      ref={ref}
      className="nw-posts nw-posts--windowed"
      aria-busy={busy}
      data-posts={posts.length}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((v) => {
        const p = posts[v.index]!;
        return (
          <PostCard
            key={v.key}
            post={p}
            href={hrefOf(p)}
            circleHref={circleHrefOf(p)}
            now={now}
            onLike={onLike}
            index={v.index}
            rowRef={virtualizer.measureElement}
            offset={v.start - margin}
          />
        );
      })}
    </ul>
  );
}
