/**
 * One message of a conversation: text, a picture (a thumbnail; tap to view it large) or a shared
 * match (MatchCardBubble: its score live through the core), with its send state, retry and recall.
 * Everything a user wrote is rendered as text, never as markup.
 */
import { memo, useState } from 'react';
import { formatChinaTime, getCore, type ConversationMessage } from '../../core/index';
import type { ImImage } from '../../../workers/protocol/chat';
import { MessagePaths, RECALL_WINDOW_MS } from '../../../workers/protocol/api/message';
import { showToast } from '../../state/ui';
import { localPicture, releasePicture } from './local-pictures';
import { MatchCardBubble } from './MatchCardBubble';
import { PictureIcon } from './PickerSheet';
import { MEDIA_TEXT } from './media-strings';
import { useDialogFocus } from './use-dialog-focus';
import { MESSAGE_TEXT as T } from './strings';

/** The thumbnail's longest side, in CSS pixels. */
const THUMB_MAX = 180;

function thumbSize(img: ImImage): { width: number; height: number } {
  const scale = Math.min(1, THUMB_MAX / Math.max(img.width, img.height));
  return { width: Math.max(1, Math.round(img.width * scale)), height: Math.max(1, Math.round(img.height * scale)) };
}

/** The picture large, over the page; Escape, the close button or a tap outside closes it. */
function ImageViewer({ image, alt, onClose }: { image: ImImage; alt: string; onClose: () => void }) {
  const close = useDialogFocus(onClose);
  return (
    <div className="msg-viewer" role="dialog" aria-modal="true" aria-label={MEDIA_TEXT.image.viewer} onClick={onClose}>
      <img className="msg-viewer__img" src={image.url} alt={alt} onClick={(e) => e.stopPropagation()} />
      <button ref={close} type="button" className="msg-viewer__close" onClick={onClose}>
        {MEDIA_TEXT.image.close}
      </button>
    </div>
  );
}

function ImageBody({ image, from }: { image: ImImage; from: string }) {
  const [open, setOpen] = useState(false);
  const alt = MEDIA_TEXT.image.alt(from);
  return (
    <>
      <button
        type="button"
        className="msg-bubble__image"
        aria-label={`${MEDIA_TEXT.image.open}：${alt}`}
        onClick={() => setOpen(true)}
      >
        <img src={image.url} alt={alt} loading="lazy" decoding="async" {...thumbSize(image)} />
      </button>
      {open && <ImageViewer image={image} alt={alt} onClose={() => setOpen(false)} />}
    </>
  );
}

/** A picture not stored yet: this tab's copy of the file when it picked it, else a placeholder. */
function UnsentPicture({ clientId }: { clientId: string | undefined }) {
  const url = localPicture(clientId);
  // A file the browser cannot show either (the server will refuse it too): the placeholder.
  const [broken, setBroken] = useState(false);
  return url && !broken ? (
    <span className="msg-bubble__image msg-bubble__image--unsent">
      <img
        src={url}
        alt={MEDIA_TEXT.image.unsent}
        style={{ maxWidth: THUMB_MAX, maxHeight: THUMB_MAX }}
        onError={() => setBroken(true)}
      />
    </span>
  ) : (
    <span className="msg-bubble__unsent-picture" role="img" aria-label={MEDIA_TEXT.image.unsent}>
      <PictureIcon size={28} />
    </span>
  );
}

/** Memoised: a conversation's update keeps the message objects of every block it did not touch. */
export const MessageBubble = memo(function MessageBubble({
  m,
  mine,
  peerName,
  inGroup,
}: {
  m: ConversationMessage;
  mine: boolean;
  peerName: string;
  inGroup: boolean;
}) {
  if (m.recalledAt)
    return (
      <li className="msg-recalled" data-message-seq={m.seq}>
        {mine ? T.chat.recalledMine : T.chat.recalledTheirs(inGroup ? m.fromNickName : peerName)}
      </li>
    );
  const canRecall = mine && m.state === 'sent' && Date.now() - m.at < RECALL_WINDOW_MS;
  const from = mine ? '我' : inGroup ? m.fromNickName : peerName;
  return (
    <li
      className={mine ? 'msg-bubble msg-bubble--mine' : 'msg-bubble msg-bubble--theirs'}
      data-message-seq={m.seq ?? ''}
      data-message-state={m.state}
      data-message-kind={m.image || m.unsentPicture ? 'image' : m.match ? 'match' : 'text'}
    >
      {inGroup && !mine && <span className="msg-bubble__from">{m.fromNickName}</span>}
      {m.image ? (
        <ImageBody image={m.image} from={from} />
      ) : m.unsentPicture ? (
        <UnsentPicture clientId={m.clientId} />
      ) : m.match ? (
        <MatchCardBubble card={m.match} />
      ) : (
        <span className="msg-bubble__text">{m.text}</span>
      )}
      <span className={m.state === 'failed' ? 'msg-bubble__meta msg-bubble__meta--failed' : 'msg-bubble__meta'}>
        <time dateTime={new Date(m.at).toISOString()}>{formatChinaTime(m.at, 'HH:mm')}</time>
        {m.state === 'sending' && <span role="status">{T.chat.sending}</span>}
        {m.state === 'failed' && (
          <>
            <span role="alert">
              {T.chat.failedState}
              {m.error ? `：${m.error}` : ''}
            </span>
            <button type="button" className="msg-bubble__btn" onClick={() => void getCore().retryPrivate(m.clientId!)}>
              {T.chat.retry}
            </button>
            <button
              type="button"
              className="msg-bubble__btn"
              onClick={() => {
                releasePicture(m.clientId);
                void getCore().discardPrivate(m.clientId!);
              }}
            >
              {T.chat.discard}
            </button>
          </>
        )}
        {canRecall && (
          <button
            type="button"
            className="msg-bubble__btn"
            onClick={async () => {
              const env = await getCore().request({
                path: MessagePaths.recall,
                method: 'POST',
                body: { messageId: m.id },
                silent: true,
              });
              if (env.code !== 200) showToast(env.msg);
            }}
          >
            {T.chat.recall}
          </button>
        )}
      </span>
    </li>
  );
});
