/**
 * Registers the PWA service worker (vite-plugin-pwa's generated `/sw.js`: skipWaiting and
 * clientsClaim, so a new build's worker takes over at once) and reloads the page once when a new
 * build's worker takes over a page an older one controlled: users never need to clear a cache by
 * hand. Only in built apps: the dev server has no service worker.
 *
 * Registered here rather than through `virtual:pwa-register` (workbox-window): that is two more
 * scripts and 2.9 KB gzip on every first view (issue 29: initial JavaScript ≤ 90 KB) for what
 * these lines do.
 */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker on `container` and reloads (once) when a worker takes over a page that
 * already had one: a new build. A first install taking over a page that had none (clientsClaim)
 * is no update and reloads nothing.
 */
export function watchServiceWorker(container: ServiceWorkerContainer, reload: () => void): Promise<unknown> {
  const hadWorker = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadWorker || reloading) return;
    reloading = true;
    reload();
  });
  // No worker (private mode, storage refused): the app works without one.
  return container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the load event: installing the worker downloads its precache, which must not compete
  // with the first screen on a phone's connection.
  const register = () => void watchServiceWorker(navigator.serviceWorker, () => window.location.reload());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
