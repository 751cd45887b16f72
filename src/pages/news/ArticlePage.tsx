/**
 * /news/{type}/{id}: the article (server-sanitised HTML), its related match live from the core,
 * likes, share, 加入浮窗, and comments. Automatic match reports are re-read whenever the match's
 * score or status changes, so a goal shows up in the report within moments.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ArticleDetail } from '../../../workers/protocol/api/news';
import { formatChinaTime } from '../../../workers/domain/chinese-format';
import { CommentSection } from '../../components/news/CommentSection';
import { LikeButton } from '../../components/news/LikeButton';
import { PageHeader } from '../../components/user/PageHeader';
import { useMatch, useSession } from '../../core/hooks';
// Not ../../core/index: that would pull the protocol's schemas into this area's chunk.
import { newsApi } from '../../core/news';
import { useLoad } from '../../core/use-load';
import { saveNewsNavItem } from '../../app/news-nav';
import { paths } from '../../app/paths';
import type { PageProps } from '../../app/App';
import { showToast } from '../../state/ui';
import { RelatedMatch } from './RelatedMatch';
import { NEWS_PAGE_TEXT as T } from './strings';

/** Taps closer than this are one double tap: one like, not a like and an unlike. */
const DOUBLE_TAP_MS = 400;

function goBack(navigate: (to: string) => void, fallback: string) {
  if (window.history.length > 1) window.history.back();
  else navigate(fallback);
}

export function ArticlePage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const id = Number(params.id);
  const type = params.type ?? '1002';
  const session = useSession();
  const article = useLoad<ArticleDetail>(
    Number.isInteger(id) && id > 0 ? () => newsApi.article(id) : null,
    [id, session.loggedIn],
    {
      keepOnError: true,
    },
  );
  const a = article.data;
  const match = useMatch(a?.matchId ?? 0, a?.sport ?? 'zq');
  const related = a?.matchId ? match : null;
  const [liking, setLiking] = useState(false);
  const likeGate = useRef({ busy: false, at: 0 });

  // A live report grows with the match: re-read it when the score or status moves.
  const matchKey = related
    ? [related.score, related.statusText, 'red' in related ? [related.red, related.yellow] : ''].join('/')
    : '';
  const { reload } = article;
  const auto = a?.auto ?? false;
  useEffect(() => {
    if (auto && matchKey) reload();
  }, [auto, matchKey, reload]);

  const toggleLike = async () => {
    if (!a) return;
    if (!session.loggedIn) {
      showToast('请先登录');
      navigate(paths.login);
      return;
    }
    // One intent per tap: a second tap while the first is on its way, or within a double-tap's
    // interval, would toggle the like straight back off.
    const now = Date.now();
    if (likeGate.current.busy || now - likeGate.current.at < DOUBLE_TAP_MS) return;
    likeGate.current = { busy: true, at: now };
    setLiking(true);
    const env = await newsApi.likeArticle(a.id, !a.liked).catch(() => null);
    likeGate.current = { busy: false, at: Date.now() };
    setLiking(false);
    if (env?.code === 200) article.set((prev) => prev && { ...prev, liked: env.data.liked, likes: env.data.likes });
  };

  const share = async () => {
    if (!a) return;
    const url = new URL(paths.newsDetail(type, a.id), window.location.origin).toString();
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    if (nav.share) {
      await nav.share({ title: a.title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(`${a.title} ${url}`);
      showToast(T.shareCopied);
    } catch {
      showToast(T.shareFailed);
    }
  };

  const saveToBar = () => {
    if (!a) return;
    saveNewsNavItem({ text: a.tag, title: a.title, link1: String(type), link2: String(a.id) });
    showToast(T.savedToBar);
  };

  return (
    <div className="nw-page nw-article-page">
      <PageHeader title={T.articleTitle} onBack={() => goBack(navigate, paths.news())} backLabel={T.back} />
      {!a ? (
        <p className="nw-state" role={article.error ? 'alert' : 'status'}>
          {article.error ?? '加载中…'}
        </p>
      ) : (
        <>
          <article className="nw-article" data-article-id={a.id}>
            <h1 className="nw-article__title">{a.title}</h1>
            <p className="nw-article__meta">
              {a.auto && <span className="nw-badge nw-badge--auto">自动生成</span>}
              <span>{a.author}</span>
              <time dateTime={new Date(a.publishedAt).toISOString()}>
                {formatChinaTime(a.publishedAt, 'MM-DD HH:mm')}
              </time>
              <span>{T.views(a.views)}</span>
            </p>
            {a.matchId && <RelatedMatch match={related} demo={a.demoData} />}
            {a.auto && <p className="nw-article__note">{T.autoNote}</p>}
            {/* Rendered by the server from Markdown with everything escaped first (server/news/markdown.ts). */}
            <div className="nw-article__body" dangerouslySetInnerHTML={{ __html: a.html }} />
            {a.tags.length > 0 && (
              <ul className="nw-tags">
                {a.tags.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            )}
          </article>
          <div className="nw-actions">
            <LikeButton
              liked={a.liked}
              count={a.likes}
              busy={liking}
              onToggle={() => void toggleLike()}
              label={T.like}
            />
            <button type="button" className="nw-btn" onClick={() => void share()}>
              {T.share}
            </button>
            <button type="button" className="nw-btn" onClick={saveToBar}>
              {T.saveToBar}
            </button>
          </div>
          <CommentSection
            kind="article"
            targetId={a.id}
            loggedIn={session.loggedIn}
            onLoginNeeded={() => navigate(paths.login)}
            onCountChange={(d) => article.set((prev) => prev && { ...prev, comments: prev.comments + d })}
          />
        </>
      )}
    </div>
  );
}
