/**
 * A modal sheet's keyboard contract: focus moves to its close button when it opens and back to
 * whatever opened it when it closes; Escape closes it. Runs once per opening (the latest onClose
 * is read from a ref, so a parent's re-render does not move focus).
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useDialogFocus(onClose: () => void): RefObject<HTMLButtonElement | null> {
  const closeButton = useRef<HTMLButtonElement>(null);
  const closing = useRef(onClose);
  useEffect(() => {
    closing.current = onClose;
  });
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closing.current();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, []);
  return closeButton;
}
