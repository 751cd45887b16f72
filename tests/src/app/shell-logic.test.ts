import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, withChunkReload } from '../../../src/app/chunk-reload';
import { shouldPrefetch } from '../../../src/app/connection-hints';
import { guardRedirect } from '../../../src/app/guards';
import { closeNativeView, isNativeShell } from '../../../src/app/native-shell';

describe('chunk load failure', () => {
  afterEach(() => sessionStorage.clear());
  const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/live-abc.js');

  it('recognises chunk errors and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is not a function'))).toBe(false);
  });

  it('reloads the page once, then lets the second failure surface (no loop)', async () => {
    const reload = vi.fn();
    const load = withChunkReload(() => Promise.reject(chunkError()), sessionStorage, reload);
    void load(); // first failure: reload, promise never settles
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    // After the reload the same chunk fails again: no second reload.
    await expect(load()).rejects.toThrow(/dynamically imported/);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('clears the guard after a successful load, so a later deploy may reload once again', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    await withChunkReload(() => Promise.resolve({ default: {} }), sessionStorage, vi.fn())();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('is made and loads where there is no sessionStorage (the server render of the first screen)', async () => {
    vi.stubGlobal('sessionStorage', undefined);
    try {
      const load = withChunkReload(() => Promise.resolve({ default: 'page' }));
      await expect(load()).resolves.toEqual({ default: 'page' });
      await expect(withChunkReload(() => Promise.reject(chunkError()))()).rejects.toThrow(/dynamically imported/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('never reloads for an ordinary error', async () => {
    const reload = vi.fn();
    await expect(withChunkReload(() => Promise.reject(new Error('boom')), sessionStorage, reload)()).rejects.toThrow(
      'boom',
    );
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('prefetch hints', () => {
  it('skips prefetching on 2G and with data saver', () => {
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch(undefined)).toBe(true);
  });
});

describe('guards', () => {
  it('authenticated sends visitors to login, notAuthenticated sends users home', () => {
    expect(guardRedirect('authenticated', false)).toBe('/user/login');
    expect(guardRedirect('authenticated', true)).toBeNull();
    expect(guardRedirect('notAuthenticated', true)).toBe('/');
    expect(guardRedirect('notAuthenticated', false)).toBeNull();
    expect(guardRedirect(undefined, false)).toBeNull();
  });
});

describe('native app shell', () => {
  it('is recognised from the user agent only', () => {
    expect(isNativeShell('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/124 Mobile QiusaiApp/3.2.1')).toBe(
      true,
    );
    expect(isNativeShell('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 Safari/604.1')).toBe(false);
  });

  it('closes the view through the Android bridge', () => {
    const closeView = vi.fn();
    expect(closeNativeView({ QiusaiBridge: { closeView } } as unknown as Window)).toBe(true);
    expect(closeView).toHaveBeenCalled();
    expect(closeNativeView({} as Window)).toBe(false);
  });
});
