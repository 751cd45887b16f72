/**
 * `getCore()`: the tab's single client of the core, created on first use. Also mirrors the
 * session to the auth cookie (guards read it on first paint) and reports visibility.
 */
import type { CoreMode, SessionValue } from '../../workers/core/api';
import { CoreClient, type CoreHost } from './core-client';
import { chooseMode, inlineHost, leaderHost, sharedWorkerHost } from './hosts';
import { readLoggedInCookie, writeLoggedInCookie } from './auth-cookie';
import { serverRender } from './ssr';

let client: CoreClient | null = null;

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

export function getCore(): CoreClient {
  if (client) return client;
  // While the server renders a page (issue 29) the render's stand-in answers the reading calls.
  const server = serverRender();
  if (server) return server.core as CoreClient;
  const tabId = newTabId();
  const mode = chooseMode();
  const lock = holdTabLock(tabId);
  const c = new CoreClient(hostFor(mode, tabId), {
    tabId,
    lockName: lock?.name ?? null,
    lockHeld: lock?.held,
    isVisible: () => document.visibilityState === 'visible',
    initialSession: (): SessionValue => {
      // The token itself comes from the core's store; the cookie only says whether there is one.
      return { loggedIn: readLoggedInCookie(), user: null, token: null, ready: false };
    },
  });
  client = c;
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
