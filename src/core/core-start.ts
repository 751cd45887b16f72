/**
 * Starts the tab's client of the core (loaded by `getCore()`'s front on the first call, issue 29):
 * picks where the core runs, holds the tab's Web Lock, mirrors the session to the auth cookie
 * (guards read it on first paint) and reports visibility.
 */
import type { CoreMode, SessionValue } from '../../workers/core/api';
import { CoreClient, type CoreHost } from './core-client';
import { chooseMode, inlineHost, leaderHost, sharedWorkerHost } from './hosts';
import { writeLoggedInCookie } from './auth-cookie';

function newTabId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Holds a per-tab Web Lock for the tab's lifetime; the core watches it to free the tab's
 * subscriptions. `held` resolves once the lock is granted: lock requests from different clients
 * are not ordered, so a core told the name before the tab holds it could be granted it first and
 * take the tab for closed.
 */
function holdTabLock(tabId: string): { name: string; held: Promise<void> } | null {
  if (!('locks' in navigator)) return null;
  const name = `qs-core-tab-${tabId}`;
  const held = new Promise<void>((granted) => {
    void navigator.locks.request(name, () => {
      granted();
      return new Promise<void>(() => undefined);
    });
  });
  return { name, held };
}

function hostFor(mode: CoreMode, tabId: string): CoreHost {
  if (mode === 'shared') return sharedWorkerHost();
  if (mode === 'leader') return leaderHost(tabId);
  return inlineHost();
}

export function startCoreClient(initialSession: () => SessionValue): CoreClient {
  const tabId = newTabId();
  const mode = chooseMode();
  const lock = holdTabLock(tabId);
  const c = new CoreClient(hostFor(mode, tabId), {
    tabId,
    lockName: lock?.name ?? null,
    lockHeld: lock?.held,
    isVisible: () => document.visibilityState === 'visible',
    initialSession,
  });
  document.addEventListener('visibilitychange', () => {
    void c.setVisible(document.visibilityState === 'visible').catch(() => undefined);
  });
  window.addEventListener('pagehide', (e) => {
    if (!e.persisted) void c.dispose();
  });
  c.cache.watch({ kind: 'session' }, (s) => {
    if (s.ready) writeLoggedInCookie(s.token !== null);
  });
  return c;
}
