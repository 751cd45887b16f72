/** A community feed with its footer: the posts (windowed), then 加载更多 / the end / the empty line. */
import { paths } from '../../app/paths';
import { PagedListFooter } from '../../components/news/PagedListFooter';
import { PostList } from '../../components/news/PostList';
import type { Paged } from '../../components/news/use-paged-list';
import type { PostView } from '../../../workers/protocol/api/news';

const postHref = (p: PostView) => paths.communityDetail(p.code);
const circleHref = (p: PostView) => (p.circle ? paths.communityCircle(p.circle.id) : null);
const noCircleLink = () => null;

/** `circleLinks` off inside a circle's own page, where every post is of that circle. */
export function PostStream({
  list,
  onLike,
  emptyText,
  circleLinks,
}: {
  list: Paged<PostView>;
  onLike: (p: PostView) => void;
  emptyText: string;
  circleLinks: boolean;
}) {
  return (
    <>
      <PostList
        posts={list.items}
        hrefOf={postHref}
        circleHrefOf={circleLinks ? circleHref : noCircleLink}
        now={Date.now()}
        busy={list.loading}
        onLike={onLike}
      />
      <PagedListFooter list={list} emptyText={emptyText} />
    </>
  );
}
