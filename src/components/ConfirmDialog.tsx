/**
 * The app's yes/no question (instead of the browser's `confirm()`, which is unstyled, blocks the
 * page and reads as a system prompt): an `alertdialog` named by its title and described by its
 * message. Focus starts on the safe choice (cancel), Tab stays inside, Escape or a tap outside
 * cancels, and focus returns to whatever opened it. Leaf component: texts come from the page.
 */
import { useEffect, useId, useRef } from 'react';

export function ConfirmDialog({
  title,
  message,
  confirmText,
  cancelText,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmText: string;
  cancelText: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const messageId = useId();
  const card = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    cancelButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        cancel.current();
      } else if (e.key === 'Tab') {
        // Two buttons: Tab and Shift+Tab move between them and never leave the dialog.
        const buttons = [...(card.current?.querySelectorAll('button') ?? [])];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        e.preventDefault();
        buttons[(at + (e.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, []);
  return (
    <div className="qs-confirm" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div
        ref={card}
        className="qs-confirm__card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <h2 id={titleId} className="qs-confirm__title">
          {title}
        </h2>
        <p id={messageId} className="qs-confirm__message">
          {message}
        </p>
        <div className="qs-confirm__actions">
          <button ref={cancelButton} type="button" className="qs-confirm__cancel" onClick={onCancel}>
            {cancelText}
          </button>
          <button type="button" className="qs-confirm__ok" onClick={onConfirm}>
            {confirmText}
          </button>
        </div>
      </div>
    </div>
  );
}
