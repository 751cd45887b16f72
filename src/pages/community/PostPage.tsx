/**
 * /community/detail?code=: the post, its images, like, follow the author, report, shield the
 * author (their posts and comments disappear for you), 加入浮窗, and comments as for articles.
 */
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { PostView } from '../../../workers/protocol/api/news';
import { CommentSection } from '../../components/news/CommentSection';
import { LikeButton } from '../../components/news/LikeButton';
import { PostHead, PostImages } from '../../components/news/PostCard';
import { ReportSheet } from '../../components/news/ReportSheet';
import { useConfirm } from '../../components/use-confirm';
import { PageHeader } from '../../components/user/PageHeader';
import { useSession } from '../../core/hooks';
// Not ../../core/index: that would pull the protocol's schemas into this area's chunk.
import { newsApi } from '../../core/news';
import { useLoad } from '../../core/use-load';
import { saveNewsNavItem } from '../../app/news-nav';
import { paths } from '../../app/paths';
import { showToast } from '../../state/ui';
import { COMMUNITY_TEXT as T } from './strings';

export function PostPage() {
  const [, navigate] = useLocation();
  const code = new URLSearchParams(useSearch()).get('code') ?? '';
  const id = /^\d{1,10}$/.test(code) ? Number(code) : 0;
  const session = useSession();
  const post = useLoad<PostView>(id ? () => newsApi.post(id) : null, [id, session.loggedIn], {
    keepOnError: true,
  });
  const [reporting, setReporting] = useState(false);
  const { dialog, ask } = useConfirm();
  const p = post.data;
  const back = () => (window.history.length > 1 ? window.history.back() : navigate(paths.communityList()));
  const login = () => {
    showToast(T.loginFirst);
    navigate(paths.login);
  };

  const like = async () => {
    if (!p) return;
    if (!session.loggedIn) return login();
    const env = await newsApi.likePost(p.id, !p.liked);
    if (env.code === 200) post.set((prev) => prev && { ...prev, liked: env.data.liked, likes: env.data.likes });
  };
  const follow = async () => {
    if (!p) return;
    if (!session.loggedIn) return login();
    const env = await newsApi.follow(p.author.id, !p.author.following);
    if (env.code !== 200) return;
    showToast(env.msg);
    post.set((prev) => prev && { ...prev, author: { ...prev.author, following: env.data.following } });
  };
  const shield = async () => {
    if (!p) return;
    if (!session.loggedIn) return login();
    const sure = await ask({
      title: T.shield,
      message: T.shieldConfirm(p.author.nickName),
      confirmText: T.shieldOk,
      cancelText: T.cancel,
    });
    if (!sure) return;
    const env = await newsApi.shield(p.author.id, true);
    if (env.code !== 200) return;
    showToast(env.msg);
    navigate(paths.communityList(), { replace: true });
  };
  const report = async (reason: string) => {
    setReporting(false);
    if (!p) return;
    const env = await newsApi.report('post', p.id, reason);
    if (env.code === 200) showToast(env.msg);
  };

  return (
    <div className="nw-page">
      <PageHeader title={T.postTitle} onBack={back} backLabel={T.back} />
      {!p ? (
        <p className="nw-state" role={post.error || !id ? 'alert' : 'status'}>
          {!id ? T.postGone : (post.error ?? '加载中…')}
        </p>
      ) : (
        <>
          <article className="nw-post nw-post-detail" data-post-id={p.id}>
            <PostHead post={p} now={Date.now()}>
              {!p.mine && (
                <button
                  type="button"
                  className="nw-btn"
                  aria-pressed={p.author.following}
                  onClick={() => void follow()}
                >
                  {p.author.following ? T.following : T.follow}
                </button>
              )}
            </PostHead>
            {p.circle && (
              <Link href={paths.communityCircle(p.circle.id)} className="nw-post__circle">
                {p.circle.name}
              </Link>
            )}
            <h1 className="nw-post__title">{p.title}</h1>
            <p className="nw-post__content">{p.content}</p>
            <PostImages images={p.images} />
            <div className="nw-post-tools">
              <LikeButton liked={p.liked} count={p.likes} onToggle={() => void like()} label={T.like} />
              <button
                type="button"
                className="nw-btn"
                onClick={() => {
                  saveNewsNavItem({ text: p.circle?.name ?? T.barTag, title: p.title, link1: 'qz', link2: p.code });
                  showToast(T.savedToBar);
                }}
              >
                {T.saveToBar}
              </button>
              {!p.mine && (
                <>
                  <button
                    type="button"
                    className="nw-btn"
                    onClick={() => (session.loggedIn ? setReporting(true) : login())}
                  >
                    {T.report}
                  </button>
                  <button type="button" className="nw-btn" onClick={() => void shield()}>
                    {T.shield}
                  </button>
                </>
              )}
            </div>
          </article>
          <CommentSection
            kind="post"
            targetId={p.id}
            loggedIn={session.loggedIn}
            onLoginNeeded={() => navigate(paths.login)}
            onCountChange={(d) => post.set((prev) => prev && { ...prev, comments: prev.comments + d })}
          />
        </>
      )}
      {reporting && <ReportSheet onSubmit={(r) => void report(r)} onClose={() => setReporting(false)} />}
      {dialog}
    </div>
  );
}
