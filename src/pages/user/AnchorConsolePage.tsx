/**
 * /user/anchor: the anchor console. The room's title, category and cover (checked by the server),
 * the RTMP push address and stream key with a reset (the old key is refused from then on), and
 * while live: the live state, how many watch, the room's chat and its gifts, all from the core's
 * streams of the room (its one socket). Users an operator has not made anchors are told so.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { BroadcastPaths, type AnchorConsole } from '../../../workers/protocol/api/broadcast';
import { VlivePaths, type VliveCategory } from '../../../workers/protocol/api/vlive';
import { Code } from '../../../workers/protocol/codes';
import type { GiftEffect } from '../../../workers/protocol/index';
import { paths } from '../../app/paths';
import { ChatPanel } from '../../components/vlive/ChatPanel';
import { PageHeader } from '../../components/user/PageHeader';
import '../../components/vlive/vlive.css';
import { formatChinaTime, getCore, useChat, useCoreRequest, useRoomEvents } from '../../core/index';
import { showToast } from '../../state/ui';
import { centreApi } from './centre-api';
import { USER_TEXT } from './strings';
import { goBack } from './use-load';

const T = USER_TEXT.anchor;
/** While live, the viewer count is read again this often. */
const VIEWERS_REFRESH_MS = 5_000;
const GIFT_FEED_MAX = 30;

interface Draft {
  title: string;
  categoryId: number;
  cover: string;
  coverId: string;
}

export function AnchorConsolePage() {
  const [, navigate] = useLocation();
  const [round, setRound] = useState(0);
  // Silent: a refusal (not an anchor) is this page's own message, not a toast on top of it.
  const cons = useCoreRequest<AnchorConsole>({ path: BroadcastPaths.console, silent: true }, round);
  const cats = useCoreRequest<VliveCategory[]>({ path: VlivePaths.categories, offline: true });
  // A save or a reset reads the console again (the old one stays up until the answer).
  const c = cons.data;
  const roomId = c?.roomId ?? null;
  const messages = useChat(roomId);
  const [gifts, setGifts] = useState<GiftEffect[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'cover' | 'key' | null>(null);
  const [showKey, setShowKey] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);

  if (c && !draft) setDraft({ title: c.title, categoryId: c.categoryId, cover: c.cover, coverId: '' });

  useRoomEvents(roomId, (ev) => {
    if (ev.kind === 'gift') {
      setGifts((list) => [ev.gift, ...list.filter((g) => g.id !== ev.gift.id)].slice(0, GIFT_FEED_MAX));
      setRound((r) => r + 1);
    } else if (ev.kind === 'live') setRound((r) => r + 1);
  });
  const live = c?.live ?? false;
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setRound((r) => r + 1), VIEWERS_REFRESH_MS);
    return () => clearInterval(t);
  }, [live]);

  const pickCover = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !draft) return;
    setBusy('cover');
    try {
      const env = await centreApi.uploadPostImage(file);
      if (env.code !== Code.OK) return setMsg({ ok: false, text: env.msg });
      setMsg(null);
      setDraft({ ...draft, cover: env.data.url, coverId: env.data.id });
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!draft || busy) return;
    setBusy('save');
    try {
      const env = await getCore().request<AnchorConsole>({
        path: BroadcastPaths.consoleRoom,
        method: 'POST',
        body: { title: draft.title, categoryId: draft.categoryId, coverId: draft.coverId },
      });
      if (env.code !== Code.OK) return setMsg({ ok: false, text: env.msg });
      setRound((r) => r + 1);
      setDraft({ title: env.data.title, categoryId: env.data.categoryId, cover: env.data.cover, coverId: '' });
      setMsg({ ok: true, text: env.msg });
    } finally {
      setBusy(null);
    }
  };

  const resetKey = async () => {
    setConfirmReset(false);
    setBusy('key');
    try {
      const env = await getCore().request<AnchorConsole>({ path: BroadcastPaths.consoleKey, method: 'POST' });
      if (env.code !== Code.OK) return;
      setRound((r) => r + 1);
      setShowKey(true);
      showToast(env.msg);
    } finally {
      setBusy(null);
    }
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(T.copied);
    } catch {
      showToast(T.copyFailed);
    }
  };

  const sendChat = async (text: string) => {
    if (!roomId) return false;
    const res = await getCore().sendChat(roomId, text);
    if (!res.ok) showToast(res.msg);
    return res.ok;
  };

  const header = <PageHeader title={T.title} backLabel={USER_TEXT.back} onBack={() => goBack(navigate, paths.user)} />;
  if (!c) {
    return (
      <div className="us-page us-anchor">
        {header}
        <p className="us-card us-anchor__state" role={cons.code && cons.code !== Code.OK ? 'alert' : 'status'}>
          {cons.code && cons.code !== Code.OK ? cons.msg : T.loading}
        </p>
      </div>
    );
  }

  return (
    <div className="us-page us-anchor" data-anchor-room={c.roomId}>
      {header}
      <section className="us-card us-anchor__live" aria-label={T.title}>
        <span className={live ? 'us-tag us-tag--red' : 'us-tag'} data-live={live ? '1' : '0'}>
          {live ? T.live : T.offline}
        </span>
        {live && c.liveSince !== null && <span>{T.since(formatChinaTime(c.liveSince, 'HH:mm'))}</span>}
        {live && <span data-viewers={c.viewers}>{T.viewers(c.viewers)}</span>}
        <span className="us-anchor__push" data-push-state={c.push.state}>
          {c.push.state === 'live' ? T.push.live(c.push.seconds) : T.push[c.push.state]}
        </span>
        <Link href={paths.vliveDetail(c.roomId)} className="us-link">
          {T.openRoom}
        </Link>
      </section>

      <section className="us-card">
        <h2 className="us-card__title">{T.ingest}</h2>
        {c.ingestUrl ? (
          <>
            <div className="us-field">
              <span className="us-field__label">{T.server}</span>
              <div className="us-field__row">
                <code className="us-anchor__code" data-ingest-url>
                  {c.ingestUrl}
                </code>
                <button
                  type="button"
                  className="us-btn us-btn--small us-btn--ghost"
                  onClick={() => void copy(c.ingestUrl!)}
                >
                  {T.copy}
                </button>
              </div>
            </div>
            <div className="us-field">
              <span className="us-field__label">{T.key}</span>
              <div className="us-field__row">
                <code className="us-anchor__code" data-stream-key={showKey ? c.streamKey : ''}>
                  {showKey ? c.streamKey : '•'.repeat(16)}
                </code>
                <button
                  type="button"
                  className="us-btn us-btn--small us-btn--ghost"
                  onClick={() => setShowKey((v) => !v)}
                >
                  {showKey ? T.hide : T.show}
                </button>
                <button
                  type="button"
                  className="us-btn us-btn--small us-btn--ghost"
                  onClick={() => void copy(c.streamKey)}
                >
                  {T.copy}
                </button>
              </div>
            </div>
            {confirmReset ? (
              <div className="us-anchor__confirm" role="alertdialog" aria-label={T.resetConfirm}>
                <span>{T.resetConfirm}</span>
                <button type="button" className="us-btn us-btn--small us-btn--danger" onClick={() => void resetKey()}>
                  {T.resetYes}
                </button>
                <button
                  type="button"
                  className="us-btn us-btn--small us-btn--ghost"
                  onClick={() => setConfirmReset(false)}
                >
                  {T.cancel}
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="us-btn us-btn--ghost us-btn--block"
                disabled={busy === 'key'}
                onClick={() => setConfirmReset(true)}
              >
                {T.reset}
              </button>
            )}
          </>
        ) : (
          <p className="us-muted">{T.noServer}</p>
        )}
      </section>

      {draft && (
        <form
          className="us-card"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <h2 className="us-card__title">{T.room}</h2>
          <label className="us-field">
            <span className="us-field__label">{T.roomTitle}</span>
            <input
              className="us-field__input"
              value={draft.title}
              maxLength={40}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
            <span className="us-field__hint">{T.roomTitleHint}</span>
          </label>
          <label className="us-field">
            <span className="us-field__label">{T.category}</span>
            <select
              className="us-field__input"
              value={draft.categoryId}
              onChange={(e) => setDraft({ ...draft, categoryId: Number(e.target.value) })}
            >
              {(cats.data ?? [])
                .filter((k) => k.id > 0)
                .map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.name}
                  </option>
                ))}
            </select>
          </label>
          <div className="us-field">
            <span className="us-field__label">{T.cover}</span>
            <div className="us-anchor__cover">
              <img src={draft.cover} alt={T.cover} width={160} height={90} />
              <label className="us-btn us-btn--small us-btn--ghost">
                {busy === 'cover' ? T.coverUploading : T.coverPick}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  hidden
                  disabled={busy !== null}
                  onChange={(e) => void pickCover(e)}
                />
              </label>
            </div>
            <span className="us-field__hint">{T.coverHint}</span>
          </div>
          <p className={msg?.ok ? 'us-form-msg us-form-msg--ok' : 'us-form-msg'} role="status">
            {msg?.text ?? ''}
          </p>
          <button type="submit" className="us-btn us-btn--block" disabled={busy !== null}>
            {busy === 'save' ? T.saving : T.save}
          </button>
        </form>
      )}

      <section className="us-card" data-earnings={c.earnings.total}>
        <h2 className="us-card__title">{T.earnings}</h2>
        <p>{T.earningsTotal(c.earnings.total, c.earnings.sharePct)}</p>
        {c.earnings.byBroadcast.length === 0 ? (
          <p className="us-muted">{T.earningsNone}</p>
        ) : (
          <>
            <h3 className="us-field__label">{T.earningsByBroadcast}</h3>
            <ul className="us-anchor__gifts">
              {c.earnings.byBroadcast.map((b) => (
                <li key={b.broadcastId ?? 'none'} data-earnings-broadcast={b.broadcastId ?? ''}>
                  {T.earningsBroadcast(b.startedAt === null ? null : formatChinaTime(b.startedAt, 'MM-DD HH:mm'))}：
                  {T.earningsLine(b.coins, b.gifts)}
                </li>
              ))}
            </ul>
            <h3 className="us-field__label">{T.earningsByDay}</h3>
            <ul className="us-anchor__gifts">
              {c.earnings.byDay.map((d) => (
                <li key={d.day} data-earnings-day={d.day}>
                  {d.day}：{T.earningsLine(d.coins, d.gifts)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="us-card">
        <h2 className="us-card__title">{T.gifts}</h2>
        {gifts.length === 0 ? (
          <p className="us-muted">{T.noGifts}</p>
        ) : (
          <ul className="us-anchor__gifts">
            {gifts.map((g) => (
              <li key={g.id} data-gift-event={g.id}>
                <img src={g.icon} alt="" width={20} height={20} />
                {T.giftLine(g.nickName, g.giftName, g.count)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="us-card us-anchor__chat" aria-label={T.chat}>
        <h2 className="us-card__title">{T.chat}</h2>
        <ChatPanel welcome="" notice="" messages={messages} canWrite onSend={sendChat} onLogin={() => undefined} />
      </section>
    </div>
  );
}
