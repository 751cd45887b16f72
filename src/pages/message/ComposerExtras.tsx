/**
 * The chat composer's extras: send a picture (checked here for type and size to save a useless
 * upload; the server sniffs and re-encodes it whatever this says), and share a match.
 */
import { useRef, useState } from 'react';
import { getCore } from '../../core/index';
import { PORTRAIT_MAX_BYTES } from '../../../workers/protocol/api/user-centre';
import { MessageMediaPaths } from '../../../workers/protocol/api/message-media';
import { showToast } from '../../state/ui';
import { MatchPicker, shareMatch } from './MatchPicker';
import { MEDIA_TEXT as T } from './media-strings';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Whom a message goes to: one user or one group. */
export type ChatTarget = { toUserId: number } | { groupId: number };

/** A client id for an idempotent retry (getRandomValues works off https too, unlike randomUUID). */
const newClientId = () =>
  `m${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

export function ComposerExtras({ target }: { target: ChatTarget }) {
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [picking, setPicking] = useState(false);

  async function sendImage(file: File) {
    if (!IMAGE_TYPES.includes(file.type)) return showToast(T.image.badType);
    if (file.size > PORTRAIT_MAX_BYTES) return showToast(T.image.tooBig(PORTRAIT_MAX_BYTES / 1024 / 1024));
    setSending(true);
    try {
      // The message itself arrives on the inbox topic like any other (this tab and every other).
      const env = await getCore().request({
        path: MessageMediaPaths.image,
        method: 'POST',
        body: { ...target, clientId: newClientId(), file },
        silent: true,
      });
      if (env.code !== 200) showToast(env.msg || T.image.failed);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="msg-extras">
      <button
        type="button"
        className="msg-extras__btn"
        aria-label={T.image.pick}
        disabled={sending}
        onClick={() => input.current?.click()}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="9" cy="10" r="1.8" fill="currentColor" />
          <path d="M4 18l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="msg-extras__file"
        tabIndex={-1}
        aria-hidden="true"
        data-image-input
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void sendImage(file);
        }}
      />
      <button
        type="button"
        className="msg-extras__btn"
        aria-label={T.match.pick}
        aria-haspopup="dialog"
        onClick={() => setPicking(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M12 7l4 3-1.5 4.5h-5L8 10z" fill="currentColor" />
        </svg>
      </button>
      {picking && (
        <MatchPicker
          onShare={(id, sport) => shareMatch(target, id, sport, newClientId())}
          onClose={() => setPicking(false)}
        />
      )}
      {sending && (
        <span className="msg-extras__status" role="status">
          {T.image.sending}
        </span>
      )}
    </div>
  );
}
