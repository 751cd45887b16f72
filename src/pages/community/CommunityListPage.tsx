/**
 * /community/list: feeds 推荐 / 关注 / 最新, circles per league and team, and post cards. Posts
 * written at /user/community show up here; shielded authors' posts do not.
 */
import { useCallback } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Circle, PostFeed, PostView } from '../../../workers/protocol/api/news';
import { NewsTopBar } from '../../components/news/NewsTopBar';
import { PostStream } from './PostStream';
import { PullToRefresh } from '../../components/news/PullToRefresh';
import { usePagedList } from '../../components/news/use-paged-list';
import { useSession } from '../../core/hooks';
// Not ../../core/index: that would pull the protocol's schemas into this area's chunk.
import { newsApi } from '../../core/news';
import { useLoad } from '../../core/use-load';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { COMMUNITY_TEXT as T } from './strings';
import { usePostLike } from './use-post-like';

const FEEDS = ['recommend', 'follow', 'latest'] as const;

export function CommunityListPage() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const feed: PostFeed = (FEEDS as readonly string[]).includes(search.get('feed') ?? '')
    ? (search.get('feed') as PostFeed)
    : 'recommend';
  const session = useSession();
  const circles = useLoad<Circle[]>(() => newsApi.circles(), [], { keepOnError: true });
  const needsLogin = feed === 'follow' && !session.loggedIn;
  const list = usePagedList<PostView>(
    useCallback(
      (cursor: string | null) =>
        needsLogin
          ? Promise.resolve({ code: 200, msg: '', data: { list: [], next: null } })
          : newsApi.posts(feed, cursor),
      [feed, needsLogin],
    ),
    `${feed}/${session.loggedIn}`,
  );
  const like = usePostLike(session.loggedIn, list.update, () => {
    showToast(T.loginFirst);
    navigate(paths.login);
  });

  return (
    <div className="nw-page">
      <NewsTopBar
        label={T.feedsLabel}
        tabs={FEEDS.map((f) => ({ key: f, href: paths.communityList(f), label: T.feeds[f], on: f === feed }))}
        refreshLabel={T.refresh}
        onRefresh={() => void list.refresh()}
      >
        <Link href={paths.userSub('community')} className="nw-tab">
          {T.write}
        </Link>
      </NewsTopBar>
      <PullToRefresh onRefresh={() => void list.refresh()} refreshing={list.refreshing}>
        {circles.data && circles.data.length > 0 && (
          <ul className="nw-circles" aria-label={T.circlesLabel}>
            {circles.data.map((c) => (
              <li key={c.id}>
                <Link href={paths.communityCircle(c.id)} className="nw-circle-chip">
                  <i style={{ background: c.color }} aria-hidden="true" />
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <PostStream
          list={list}
          onLike={like}
          emptyText={needsLogin ? T.loginForFollow : feed === 'follow' ? T.followEmpty : T.empty}
          circleLinks
        />
      </PullToRefresh>
    </div>
  );
}
