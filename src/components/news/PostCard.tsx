/** One community post in a feed: author, circle, text, up to 9 images, likes, comments. Props only; carries `data-post-id`. */
import { memo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { PostView } from '../../../workers/protocol/api/news';
import { relativeTimeText } from '../../../workers/domain/relative-time';
import { LikeButton } from './LikeButton';
import { NEWS_TEXT as T } from './strings';

/** The author line of a post (initial, name, when), with what the page adds on the right. */
export function PostHead({ post, now, children }: { post: PostView; now: number; children?: ReactNode }) {
  return (
    <div className="nw-post__head">
      <span className="nw-avatar" aria-hidden="true">
        {post.author.nickName.slice(0, 1)}
      </span>
      <div className="nw-post__who">
        <span className="nw-post__author">{post.author.nickName}</span>
        <time className="nw-post__time">{relativeTimeText(post.createdAt, now)}</time>
      </div>
      {children}
    </div>
  );
}

/** Up to 9 pictures in a grid of 1 to 3 columns. */
export function PostImages({ images: all }: { images: readonly string[] }) {
  const images = all.slice(0, 9);
  if (images.length === 0) return null;
  return (
    <ul className={`nw-grid nw-grid--${Math.min(images.length, 3)}`} aria-label={T.images(images.length)}>
      {images.map((src, i) => (
        <li key={src}>
          <img src={src} alt={T.image(i + 1, images.length)} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

function PostCardImpl({
  post,
  href,
  circleHref,
  now,
  onLike,
  index,
  rowRef,
  offset,
}: {
  post: PostView;
  href: string;
  circleHref: string | null;
  now: number;
  onLike: (post: PostView) => void;
  /** In a windowed list (./PostList): its index, the measuring ref and its offset from the top. */
  index?: number;
  rowRef?: (el: HTMLLIElement | null) => void;
  offset?: number;
}) {
  return (
    <li
      className="nw-post"
      data-post-id={post.id}
      data-index={index}
      ref={rowRef}
      style={offset === undefined ? undefined : { transform: `translateY(${offset}px)` }}
    >
      <PostHead post={post} now={now}>
        {post.circle && circleHref && (
          <Link href={circleHref} className="nw-post__circle">
            {post.circle.name}
          </Link>
        )}
      </PostHead>
      <Link href={href} className="nw-post__body">
        <h3 className="nw-post__title">{post.title}</h3>
        <p className="nw-post__content">{post.content}</p>
      </Link>
      <PostImages images={post.images} />
      <div className="nw-post__foot">
        <LikeButton liked={post.liked} count={post.likes} onToggle={() => onLike(post)} label={T.like} />
        <Link href={href} className="nw-post__comments">
          {T.comments} {post.comments}
        </Link>
      </div>
    </li>
  );
}

export const PostCard = memo(PostCardImpl);
