/**
 * The tab side of the core: sharing one core subscription per key across components, releasing
 * it after the last watcher leaves, and the cookie helpers guards and filters rely on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamCache } from '../../../src/core/stream-cache';
import { loadListFilter, saveListFilter, clearListFilter } from '../../../src/core/filter-cookie';
import { readLoggedInCookie, writeLoggedInCookie } from '../../../src/core/auth-cookie';
import type { StreamHandlers, StreamKey, StreamValue } from '../../../workers/core/api';

class RecordingStreams implements StreamHandlers {
  subs = new Map<string, { key: StreamKey; cb: (v: unknown) => void }>();
  unsubscribed: string[] = [];
  private n = 0;
  async subscribe<K extends StreamKey>(key: K, cb: (value: StreamValue<K>) => void): Promise<string> {
    const id = `s${++this.n}`;
    this.subs.set(id, { key, cb: cb as (v: unknown) => void });
    return id;
  }
  async unsubscribe(subId: string): Promise<void> {
    this.unsubscribed.push(subId);
    this.subs.delete(subId);
  }
  emit(kind: string, value: unknown): void {
    for (const s of this.subs.values()) if (s.key.kind === kind) s.cb(value);
  }
}

afterEach(() => vi.useRealTimers());

describe('StreamCache', () => {
  it('shares one subscription per key and keeps the last state value', async () => {
    const streams = new RecordingStreams();
    const cache = new StreamCache(streams);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const stopA = cache.watch({ kind: 'unread' }, (v) => a.push(v));
    const stopB = cache.watch({ kind: 'unread' }, (v) => b.push(v));
    await Promise.resolve();
    expect(streams.subs.size).toBe(1);
    streams.emit('unread', { total: 3 });
    expect(a).toEqual([{ total: 3 }]);
    expect(b).toEqual([{ total: 3 }]);
    expect(cache.peek({ kind: 'unread' })).toEqual({ total: 3 });
    stopA();
    stopB();
  });

  it('a late watcher gets the current value at once', async () => {
    const streams = new RecordingStreams();
    const cache = new StreamCache(streams);
    cache.watch({ kind: 'unread' }, () => undefined);
    await Promise.resolve();
    streams.emit('unread', { total: 5 });
    const late: unknown[] = [];
    cache.watch({ kind: 'unread' }, (v) => late.push(v));
    await Promise.resolve();
    expect(late).toEqual([{ total: 5 }]);
  });

  it('does not keep event values (chat) as state', async () => {
    const streams = new RecordingStreams();
    const cache = new StreamCache(streams);
    cache.watch({ kind: 'chat', roomId: 'r1' }, () => undefined);
    await Promise.resolve();
    streams.emit('chat', { roomId: 'r1', reset: false, messages: [] });
    expect(cache.peek({ kind: 'chat', roomId: 'r1' })).toBeUndefined();
  });

  it('unsubscribes from the core only after the last watcher has been gone a moment', async () => {
    vi.useFakeTimers();
    const streams = new RecordingStreams();
    const cache = new StreamCache(streams);
    const stop = cache.watch({ kind: 'match', id: 1, sport: 'zq' }, () => undefined);
    await Promise.resolve();
    stop();
    // A remount within the delay reuses the subscription (StrictMode, route hops).
    const stop2 = cache.watch({ kind: 'match', id: 1, sport: 'zq' }, () => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams.unsubscribed).toEqual([]);
    stop2();
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams.unsubscribed).toEqual(['s1']);
  });
});

describe('cookies', () => {
  it('keeps the list filter until the sport reset hour', () => {
    saveListFilter('zq', { type: 'jczq', leagueIds: [36, 8] }, Date.now());
    expect(loadListFilter('zq')).toEqual({ type: 'jczq', leagueIds: [36, 8] });
    // Set two days ago: its 10:00 has passed, so the browser drops it.
    saveListFilter('zq', { type: 'jx', leagueIds: null }, Date.now() - 2 * 86_400_000);
    expect(loadListFilter('zq')).toBeNull();
    saveListFilter('zq', { type: 'jczq', leagueIds: [36, 8] }, Date.now());
    expect(loadListFilter('lq')).toBeNull();
    clearListFilter('zq');
    expect(loadListFilter('zq')).toBeNull();
  });

  it('rejects a tampered filter cookie', () => {
    expect(loadListFilter('zq', `zq_filter=${encodeURIComponent('{"type":"evil"}')}`)).toBeNull();
    expect(loadListFilter('zq', 'zq_filter=%7Bnot json')).toBeNull();
  });

  it('keeps a loggedIn flag in a cookie, never the token, and clears the old token cookie', () => {
    document.cookie = 'auth=old-token; path=/';
    writeLoggedInCookie(true);
    expect(readLoggedInCookie()).toBe(true);
    expect(document.cookie).not.toContain('old-token');
    expect(document.cookie).toContain('loggedIn=1');
    writeLoggedInCookie(false);
    expect(readLoggedInCookie()).toBe(false);
  });
});
