/**
 * Comments of an article or a post: newest / hottest, one level of replies, like, reply, report,
 * delete own. Talks to the core's news module; failures are toasted by the shell (exceptions stream).
 * Everything users wrote is rendered as text.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommentSort, CommentTargetKind, CommentView } from '../../../workers/protocol/api/news';
import { relativeTimeText } from '../../../workers/domain/relative-time';
import { newsApi } from '../../core/news';
import { showToast } from '../../state/ui';
import { useConfirm } from '../use-confirm';
import { LikeButton } from './LikeButton';
import { ReportSheet } from './ReportSheet';
import { NEWS_TEXT as T } from './strings';

interface Props {
  kind: CommentTargetKind;
  targetId: number;
  loggedIn: boolean;
  onLoginNeeded: () => void;
  /** Called with +1 / -n when the item's comment count changes here. */
  onCountChange?: (delta: number) => void;
}

function mapComment(list: CommentView[], id: number, f: (c: CommentView) => CommentView): CommentView[] {
  return list.map((c) => (c.id === id ? f(c) : { ...c, replies: c.replies.map((r) => (r.id === id ? f(r) : r)) }));
}

function CommentItem({
  c,
  now,
  onReply,
  onLike,
  onReport,
  onDelete,
}: {
  c: CommentView;
  now: number;
  onReply: (c: CommentView) => void;
  onLike: (c: CommentView) => void;
  onReport: (c: CommentView) => void;
  onDelete: (c: CommentView) => void;
}) {
  return (
    <div className="nw-comment" data-comment-id={c.id}>
      <div className="nw-comment__head">
        <span className="nw-avatar" aria-hidden="true">
          {c.author.nickName.slice(0, 1)}
        </span>
        <span className="nw-comment__author">{c.author.nickName}</span>
        <time className="nw-comment__time">{relativeTimeText(c.createdAt, now)}</time>
      </div>
      <p className="nw-comment__text">
        {c.replyTo && <span className="nw-comment__to">{T.replyTo(c.replyTo)}：</span>}
        {c.text}
      </p>
      <div className="nw-comment__actions">
        <LikeButton liked={c.liked} count={c.likes} onToggle={() => onLike(c)} label={T.like} />
        <button type="button" className="nw-link" onClick={() => onReply(c)}>
          {T.reply}
        </button>
        {c.mine ? (
          <button type="button" className="nw-link" onClick={() => onDelete(c)}>
            {T.delete}
          </button>
        ) : (
          <button type="button" className="nw-link" onClick={() => onReport(c)}>
            {T.report}
          </button>
        )}
      </div>
    </div>
  );
}

export function CommentSection({ kind, targetId, loggedIn, onLoginNeeded, onCountChange }: Props) {
  const [sort, setSort] = useState<CommentSort>('new');
  const [list, setList] = useState<CommentView[]>([]);
  const [total, setTotal] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [replyTo, setReplyTo] = useState<CommentView | null>(null);
  const [reporting, setReporting] = useState<CommentView | null>(null);
  const { dialog, ask } = useConfirm();
  const input = useRef<HTMLTextAreaElement>(null);
  const now = Date.now();

  const load = useCallback(
    async (cursor: string | null) => {
      setLoading(true);
      setError(null);
      const env = await newsApi.comments(kind, targetId, sort, cursor).catch(() => null);
      setLoading(false);
      if (!env || env.code !== 200) {
        setError(env?.msg ?? T.commentsFailed);
        return;
      }
      setList((prev) => (cursor ? [...prev, ...env.data.list] : env.data.list));
      setTotal(env.data.total);
      setNext(env.data.next);
    },
    [kind, targetId, sort],
  );
  useEffect(() => {
    void load(null);
  }, [load]);

  const needLogin = () => {
    if (loggedIn) return false;
    showToast(T.loginFirst);
    onLoginNeeded();
    return true;
  };

  const send = async () => {
    if (needLogin() || sending || !text.trim()) return;
    setSending(true);
    const env = await newsApi.addComment(kind, targetId, text, replyTo?.id).catch(() => null);
    setSending(false);
    if (!env || env.code !== 200) return;
    const c = env.data;
    setText('');
    setReplyTo(null);
    setTotal((t) => t + 1);
    onCountChange?.(1);
    setList((prev) =>
      c.parentId === null
        ? [c, ...prev]
        : prev.map((p) => (p.id === c.parentId ? { ...p, replies: [...p.replies, c] } : p)),
    );
    showToast(env.msg);
  };

  const like = async (c: CommentView) => {
    if (needLogin()) return;
    const env = await newsApi.likeComment(c.id, !c.liked).catch(() => null);
    if (env?.code === 200)
      setList((prev) => mapComment(prev, c.id, (x) => ({ ...x, liked: env.data.liked, likes: env.data.likes })));
  };

  const remove = async (c: CommentView) => {
    const sure = await ask({
      title: T.deleteTitle,
      message: T.deleteConfirm,
      confirmText: T.delete,
      cancelText: T.cancel,
    });
    if (!sure) return;
    const env = await newsApi.deleteComment(c.id).catch(() => null);
    if (env?.code !== 200) return;
    const gone = c.parentId === null ? 1 + c.replies.length : 1;
    setTotal((t) => Math.max(0, t - gone));
    onCountChange?.(-gone);
    setList((prev) =>
      c.parentId === null
        ? prev.filter((p) => p.id !== c.id)
        : prev.map((p) => ({ ...p, replies: p.replies.filter((r) => r.id !== c.id) })),
    );
    showToast(env.msg);
  };

  const report = async (reason: string) => {
    const c = reporting;
    setReporting(null);
    if (!c) return;
    const env = await newsApi.report('comment', c.id, reason).catch(() => null);
    if (env?.code === 200) showToast(env.msg);
  };

  const startReply = (c: CommentView) => {
    if (needLogin()) return;
    setReplyTo(c);
    input.current?.focus();
  };
  /** A comment or a reply: the same row, the same actions. */
  const commentItem = (c: CommentView) => (
    <CommentItem
      c={c}
      now={now}
      onReply={startReply}
      onLike={like}
      onReport={(x) => !needLogin() && setReporting(x)}
      onDelete={remove}
    />
  );

  return (
    <section className="nw-comments" aria-labelledby="nw-comments-title">
      <div className="nw-comments__bar">
        <h2 id="nw-comments-title">
          {T.comments} <span data-comment-total>{total}</span>
        </h2>
        <div role="group" aria-label={T.sortLabel} className="nw-seg">
          {(['new', 'hot'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={sort === s}
              className={sort === s ? 'on' : ''}
              onClick={() => setSort(s)}
            >
              {s === 'new' ? T.sortNew : T.sortHot}
            </button>
          ))}
        </div>
      </div>

      <form
        className="nw-composer"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {replyTo && (
          <p className="nw-composer__reply">
            {T.replyTo(replyTo.author.nickName)}
            <button type="button" className="nw-link" onClick={() => setReplyTo(null)}>
              {T.cancelReply}
            </button>
          </p>
        )}
        <label className="visually-hidden" htmlFor={`nw-comment-input-${kind}`}>
          {T.placeholder}
        </label>
        <textarea
          id={`nw-comment-input-${kind}`}
          ref={input}
          value={text}
          maxLength={500}
          rows={2}
          placeholder={
            loggedIn ? (replyTo ? T.replyPlaceholder(replyTo.author.nickName) : T.placeholder) : T.loginToComment
          }
          onFocus={() => needLogin()}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="nw-btn nw-btn--primary" disabled={sending || !text.trim()}>
          {sending ? T.sending : T.send}
        </button>
      </form>

      <ul className="nw-comment-list">
        {list.map((c) => (
          <li key={c.id}>
            {commentItem(c)}
            {c.replies.length > 0 && (
              <ul className="nw-replies">
                {c.replies.map((r) => (
                  <li key={r.id}>{commentItem(r)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {loading ? (
        <p className="nw-state" role="status">
          {T.loadingComments}
        </p>
      ) : error ? (
        <p className="nw-state" role="alert">
          <button type="button" className="nw-link" onClick={() => void load(null)}>
            {error} · {T.retry}
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="nw-state">{T.noComments}</p>
      ) : next ? (
        <button type="button" className="nw-more" onClick={() => void load(next)}>
          {T.moreComments}
        </button>
      ) : null}
      {reporting && <ReportSheet onSubmit={(r) => void report(r)} onClose={() => setReporting(null)} />}
      {dialog}
    </section>
  );
}
