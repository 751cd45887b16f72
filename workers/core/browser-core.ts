/**
 * Wires the core to the browser (fetch, WebSocket, IndexedDB, Web Locks, online events) for
 * the three hosting modes. The entry files and the in-tab host call `startBrowserCoordinator`.
 */
import { EMBEDDED_API_BASES, type ApiFamily } from '../protocol/api/paths';
import type { CoreMode } from './api';
import { createCoordinator, type Coordinator } from './coordinator';
import { createCore } from './core';
import { createDexieStore, createMemoryStore, type OfflineStore } from './store';
import type { SocketCtor } from './socket';
import { watchTabLock } from './tab-lock';

function newId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function openStore(): OfflineStore {
  try {
    if (typeof indexedDB !== 'undefined') return createDexieStore();
  } catch {
    // Private modes may refuse IndexedDB: keep running without an offline store.
  }
  return createMemoryStore();
}

export function startBrowserCoordinator(mode: CoreMode): Coordinator {
  const origin = self.location.origin;
  const core = createCore({
    instanceId: newId(),
    mode,
    fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
    baseUrl: (family: ApiFamily) => origin + EMBEDDED_API_BASES[family],
    WebSocket: WebSocket as unknown as SocketCtor,
    store: openStore(),
    online: typeof navigator !== 'undefined' ? navigator.onLine : true,
  });
  self.addEventListener('online', () => core.setOnline(true));
  self.addEventListener('offline', () => core.setOnline(false));
  const locks = (self.navigator as WorkerNavigator & { locks?: LockManager }).locks;
  return createCoordinator({
    core,
    watchLock: locks ? (name) => watchTabLock(locks, name) : undefined,
  });
}
