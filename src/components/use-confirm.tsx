/**
 * Asking first with the app's ConfirmDialog, in place of the browser's own confirm box:
 *
 *   const { dialog, ask } = useConfirm();
 *   if (!(await ask({ title, message, confirmText, cancelText }))) return;
 *   …and `{dialog}` once in the page.
 *
 * `ask` answers a promise rather than taking a callback so that a caller which must also act on
 * "no" (a switch that springs back) reads like the others. One question at a time: asking again
 * while one is open answers the old one "no". Each question is answered once, so a double tap on
 * the confirm button cannot run the action twice.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmQuestion {
  /** The dialog's name: the action, e.g. 拉黑此人. */
  title: string;
  /** What happens, asked as a question. */
  message: string;
  confirmText: string;
  cancelText: string;
}

export function useConfirm(): { dialog: ReactNode; ask: (question: ConfirmQuestion) => Promise<boolean> } {
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const settle = useCallback((yes: boolean) => {
    const resolve = answer.current;
    answer.current = null;
    setQuestion(null);
    resolve?.(yes);
  }, []);
  const ask = useCallback(
    (q: ConfirmQuestion) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setQuestion(q);
      }),
    [],
  );
  const dialog = question && (
    <ConfirmDialog {...question} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  );
  return { dialog, ask };
}
