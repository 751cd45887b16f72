/**
 * The bottom sheet of the chat's pickers (a match to share, a chat to share a match to, the
 * login prompt): a labelled modal dialog with its title and a close button; focus goes to the
 * close button when it opens and back to what opened it when it closes; Escape closes it.
 */
import type { ReactNode } from 'react';
import { MEDIA_TEXT } from './media-strings';
import { useDialogFocus } from './use-dialog-focus';

export function PickerSheet({
  title,
  busy = false,
  onClose,
  children,
}: {
  title: string;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const closeRef = useDialogFocus(onClose);
  return (
    <div className="msg-picker" role="dialog" aria-modal="true" aria-label={title} aria-busy={busy}>
      <div className="msg-picker__head">
        <span className="msg-picker__title">{title}</span>
        <button ref={closeRef} type="button" className="msg-picker__close" onClick={onClose}>
          {MEDIA_TEXT.match.close}
        </button>
      </div>
      {children}
    </div>
  );
}

/** A picture's outline (the composer's picture button, an unsent picture's placeholder). */
export function PictureIcon({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="9" cy="10" r="1.8" fill="currentColor" />
      <path d="M4 18l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
