/**
 * A community feed, windowed: only the posts near the viewport are in the DOM, so a long feed
 * stays small. Posts differ in height (text, 0–9 pictures), so each rendered card is measured.
 * Props only; the cards carry `data-post-id`.
 */
import type { PostView } from '../../../workers/protocol/api/news';
import { PostCard } from './PostCard';
import { WindowedList } from '../WindowedList';

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
  return (
    <WindowedList
      items={posts}
      keyOf={(p) => p.id}
      estimateSize={(i) => POST_ESTIMATE + (posts[i]!.images.length ? 120 : 0)}
      overscan={4}
      gap={POST_GAP}
      paddingStart={POST_GAP}
      className="nw-posts nw-posts--windowed"
      attrs={{ 'aria-busy': busy, 'data-posts': posts.length }}
      renderRow={(p, at) => (
        <PostCard
          key={at.key}
          post={p}
          href={hrefOf(p)}
          circleHref={circleHrefOf(p)}
          now={now}
          onLike={onLike}
          index={at.index}
          rowRef={at.measure}
          offset={at.offset}
        />
      )}
    />
  );
}
