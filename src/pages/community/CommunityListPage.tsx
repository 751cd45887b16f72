/**
 * /community/list: feeds 推荐 / 关注 / 最新, circles per league and team, and post cards. Posts
 * written at /user/community show up here; shielded authors' posts do not.
 */
import { useCallback } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Circle, PostFeed, PostView } from '../../../workers/protocol/api/news';
import { PagedListFooter } from '../../components/news/PagedListFooter';
import { PostList } from '../../components/news/PostList';
import { PullToRefresh } from '../../components/news/PullToRefresh';
import { usePagedList } from '../../components/news/use-paged-list';
import { useSession } from '../../core/hooks';
import { newsApi, useLoad } from '../../core/index';
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
  const now = Date.now();

  return (
    <div className="nw-page">
      <header className="nw-top">
        <nav className="nw-tabs" aria-label={T.feedsLabel}>
          {FEEDS.map((f) => (
            <Link
              key={f}
              href={paths.communityList(f)}
              className={f === feed ? 'nw-tab nw-tab--on' : 'nw-tab'}
              aria-current={f === feed ? 'page' : undefined}
            >
              {T.feeds[f]}
            </Link>
          ))}
        </nav>
        <Link href={paths.userSub('community')} className="nw-tab">
          {T.write}
        </Link>
        <button type="button" className="nw-icon-btn" aria-label={T.refresh} onClick={() => void list.refresh()}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </header>
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
        <PostList
          posts={list.items}
          hrefOf={postHref}
          circleHrefOf={(p) => (p.circle ? paths.communityCircle(p.circle.id) : null)}
          now={now}
          busy={list.loading}
          onLike={like}
        />
        <PagedListFooter
          loading={list.loading}
          error={list.error}
          done={list.done}
          empty={!list.loading && !list.error && list.items.length === 0}
          emptyText={needsLogin ? T.loginForFollow : feed === 'follow' ? T.followEmpty : T.empty}
          onMore={list.loadMore}
          onRetry={() => void list.refresh()}
        />
      </PullToRefresh>
    </div>
  );
}

const postHref = (p: PostView) => paths.communityDetail(p.code);
