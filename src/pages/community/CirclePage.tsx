/** /community/qdetail?id=: a circle's header, join / leave, its posts, and the community rules link. */
import { useCallback } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Circle, PostView } from '../../../workers/protocol/api/news';
import { PostStream } from './PostStream';
import { usePagedList } from '../../components/news/use-paged-list';
import { PageHeader } from '../../components/user/PageHeader';
import { useSession } from '../../core/hooks';
// Not ../../core/index: that would pull the protocol's schemas into this area's chunk.
import { newsApi } from '../../core/news';
import { useLoad } from '../../core/use-load';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { COMMUNITY_TEXT as T } from './strings';
import { usePostLike } from './use-post-like';

export function CirclePage() {
  const [, navigate] = useLocation();
  const raw = new URLSearchParams(useSearch()).get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const session = useSession();
  const circle = useLoad<Circle>(id ? () => newsApi.circle(id) : null, [id, session.loggedIn], {
    keepOnError: true,
  });
  const list = usePagedList<PostView>(
    useCallback((cursor: string | null) => newsApi.posts('circle', cursor, id), [id]),
    `${id}/${session.loggedIn}`,
  );
  const login = useCallback(() => {
    showToast(T.loginFirst);
    navigate(paths.login);
  }, [navigate]);
  const like = usePostLike(session.loggedIn, list.update, login);
  const c = circle.data;

  const join = async () => {
    if (!c) return;
    if (!session.loggedIn) return login();
    const env = await newsApi.joinCircle(c.id, !c.joined);
    if (env.code !== 200) return;
    showToast(env.msg);
    circle.set(() => env.data);
  };

  return (
    <div className="nw-page">
      <PageHeader
        title={c?.name ?? T.circleTitle}
        onBack={() => (window.history.length > 1 ? window.history.back() : navigate(paths.communityList()))}
        backLabel={T.back}
      />
      {!c ? (
        <p className="nw-state" role={circle.error || !id ? 'alert' : 'status'}>
          {!id ? T.circleGone : (circle.error ?? '加载中…')}
        </p>
      ) : (
        <section className="nw-circle-head" style={{ background: `linear-gradient(135deg, ${c.color}, #1a1a1a)` }}>
          <h1>{c.name}</h1>
          <p>{c.intro}</p>
          <div className="nw-circle-head__row">
            <span>{T.members(c.members)}</span>
            <span>{T.posts(c.posts)}</span>
            <button
              type="button"
              className="nw-btn nw-btn--primary"
              aria-pressed={c.joined}
              onClick={() => void join()}
            >
              {c.joined ? T.leave : T.join}
            </button>
            <Link href={paths.agreement('sqgz')}>{T.rules}</Link>
          </div>
        </section>
      )}
      <PostStream list={list} onLike={like} emptyText={T.empty} circleLinks={false} />
    </div>
  );
}
