/**
 * Registers the PWA service worker (vite-plugin-pwa, registerType autoUpdate): a new build's
 * worker takes over and the page reloads once, so users never need to clear a cache by hand.
 * Only in built apps: the dev server has no service worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the load event: installing the worker downloads its precache, which must not compete
  // with the first screen on a phone's connection.
  const register = () => void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
