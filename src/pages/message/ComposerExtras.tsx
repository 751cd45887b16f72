/**
 * The chat composer's extras: send a picture (checked here for type and size to save a useless
 * upload; the server sniffs and re-encodes it whatever this says), and share a match. A picture
 * goes through the core's outbox like a text: its bubble shows sending / failed with retry, and
 * a reload or a dropped network sends it again with the same client id.
 */
import { useRef, useState } from 'react';
import { getCore, type ChatTarget } from '../../core/index';
import { PORTRAIT_MAX_BYTES } from '../../../workers/protocol/api/user-centre';
import { showToast } from '../../state/ui';
import { newClientId } from './client-id';
import { holdPicture, releasePicture } from './local-pictures';
import { MatchPicker, shareMatch } from './MatchPicker';
import { PictureIcon } from './PickerSheet';
import { MEDIA_TEXT as T } from './media-strings';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export function ComposerExtras({ target }: { target: ChatTarget }) {
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);

  async function sendImage(file: File) {
    if (!IMAGE_TYPES.includes(file.type)) return showToast(T.image.badType);
    if (file.size > PORTRAIT_MAX_BYTES) return showToast(T.image.tooBig(PORTRAIT_MAX_BYTES / 1024 / 1024));
    const clientId = newClientId();
    holdPicture(clientId, file);
    // The bubble shows its state; a lost network (5000) is sent again by the core by itself.
    const r = await getCore().sendPicture(target, file, clientId);
    if (r.ok) releasePicture(clientId);
    else if (r.code !== 5000) showToast(r.msg || T.image.failed);
  }

  return (
    <div className="msg-extras">
      <button
        type="button"
        className="msg-extras__btn"
        aria-label={T.image.pick}
        onClick={() => input.current?.click()}
      >
        <PictureIcon size={22} />
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
    </div>
  );
}
