/**
 * The quiet connection banner: what the core's connection stream means to a fan. Nothing while
 * the first connection is being made or the socket is open; 连接已断开，正在重连… while it is
 * down (offline, reconnecting, closed) after having been up or while the browser is offline;
 * 已恢复 for a moment after it comes back.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ConnectionValue } from '../core/index';

export type ConnectionBannerState = 'down' | 'restored' | null;

/** How long 已恢复 stays on screen. */
export const RESTORED_SHOW_MS = 2000;

/**
 * Is the live data stale because the socket is down (not merely still connecting at start)?
 * `tabOnline` is the tab's own navigator.onLine: a shared worker may not see the tab go offline
 * until its socket times out.
 */
export function isConnectionDown(c: ConnectionValue | undefined, tabOnline = true): boolean {
  if (!tabOnline) return true;
  if (!c) return false;
  if (!c.online) return true;
  // 'closed' is the core stopping an idle socket on purpose (no topic watched, nobody logged
  // in): nothing is stale then. Only a socket the core is trying to get back counts as down.
  return c.state === 'reconnecting';
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The tab's navigator.onLine, live. */
export function useTabOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The live data of this tab is stale: the tab or the core's socket is offline. */
export function useConnectionDown(c: ConnectionValue | undefined): boolean {
  return isConnectionDown(c, useTabOnline());
}

/** The banner state for the shell: 'down', then 'restored' for RESTORED_SHOW_MS, then null. */
export function useConnectionBanner(c: ConnectionValue | undefined): ConnectionBannerState {
  const down = useConnectionDown(c);
  const wasDown = useRef(false);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  useEffect(() => {
    if (down) {
      wasDown.current = true;
      setRestoredAt(null);
      return;
    }
    if (wasDown.current && c?.state === 'open') {
      wasDown.current = false;
      setRestoredAt(Date.now());
    }
  }, [down, c?.state]);
  // Its own effect: a later connection value must not cancel the timer and leave 已恢复 up.
  useEffect(() => {
    if (restoredAt === null) return;
    const t = setTimeout(() => setRestoredAt(null), RESTORED_SHOW_MS);
    return () => clearTimeout(t);
  }, [restoredAt]);
  if (down) return 'down';
  return restoredAt !== null ? 'restored' : null;
}
