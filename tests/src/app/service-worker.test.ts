/**
 * The service worker's registration (src/app/service-worker.ts): `/sw.js` at the root scope, one
 * reload when a new build's worker takes over a page an older one controlled, none on the first
 * install (a page with no worker yet), and nothing thrown where no worker can be registered.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_WORKER_URL, watchServiceWorker } from '../../../src/app/service-worker';

function fakeContainer(controller: object | null, refuse = false) {
  const listeners: Array<() => void> = [];
  const registered: Array<[string, RegistrationOptions | undefined]> = [];
  const container = {
    controller,
    addEventListener: (type: string, fn: () => void) => type === 'controllerchange' && listeners.push(fn),
    register: (url: string, opts?: RegistrationOptions) => {
      registered.push([url, opts]);
      return refuse ? Promise.reject(new Error('SecurityError')) : Promise.resolve({});
    },
  } as unknown as ServiceWorkerContainer;
  return { container, registered, takeOver: () => listeners.forEach((fn) => fn()) };
}

describe('service worker registration', () => {
  it('registers /sw.js at the root and reloads once when a new build takes over', async () => {
    const sw = fakeContainer({});
    let reloads = 0;
    await watchServiceWorker(sw.container, () => reloads++);
    expect(sw.registered).toEqual([[SERVICE_WORKER_URL, { scope: '/' }]]);
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
    sw.takeOver();
    sw.takeOver();
    expect(reloads).toBe(1);
  });

  it('does not reload when the first worker takes over a page that had none', async () => {
    const sw = fakeContainer(null);
    let reloads = 0;
    await watchServiceWorker(sw.container, () => reloads++);
    sw.takeOver();
    expect(reloads).toBe(0);
  });

  it('lives without a worker where registration is refused', async () => {
    const sw = fakeContainer(null, true);
    await expect(watchServiceWorker(sw.container, () => undefined)).resolves.toBeUndefined();
  });
});
