/**
 * UI state of the shell (house rule 6: UI only, never server data): the one toast and the one
 * loading overlay. Read with `useSnapshot(ui)` in render; change only through these actions.
 */
import { proxy } from 'valtio';

export interface ToastState {
  id: number;
  text: string;
}

export const ui = proxy({
  toast: null as ToastState | null,
  /** Pages that asked for the loading overlay and have not finished yet. */
  loadingCount: 0,
});

let toastTimer: ReturnType<typeof setTimeout> | null = null;
let nextToastId = 0;

/** Shows `text` for `ms` (a newer toast replaces the current one). */
export function showToast(text: string, ms = 2500): void {
  const id = ++nextToastId;
  ui.toast = { id, text };
  if (toastTimer) clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    if (ui.toast?.id === id) ui.toast = null;
  }, ms);
}

export function hideToast(): void {
  ui.toast = null;
}

/** Shows the loading overlay until the returned function is called (idempotent). */
export function beginLoading(): () => void {
  ui.loadingCount += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    ui.loadingCount = Math.max(0, ui.loadingCount - 1);
  };
}

/** Runs `task` with the loading overlay shown. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  const end = beginLoading();
  try {
    return await task();
  } finally {
    end();
  }
}
