/**
 * getCore()'s front (issue 29): the client of the core (Comlink, the worker hosts) is loaded on the
 * first call, not when the views first read the cache while rendering (hydration), every call and
 * subscription goes to it once loaded, and a load that failed (offline, a chunk gone) is tried again.
 * The client here records calls; the real one is tested against a real core in tests/workers/core.
 */
import { describe, expect, it } from 'vitest';
import { CoreFront } from '../../../src/core/core-front';
import type { CoreClient } from '../../../src/core/core-client';
import type { SessionValue, StreamKey } from '../../../workers/core/api';

const visitor: SessionValue = { loggedIn: false, user: null, token: null, ready: false };

function recordingClient() {
  const calls: string[] = [];
  const sinks = new Map<string, (v: unknown) => void>();
  const client = {
    async subscribe(key: StreamKey, cb: (v: unknown) => void) {
      calls.push(`subscribe ${key.kind}`);
      sinks.set(key.kind, cb);
      return `sub-${key.kind}`;
    },
    async unsubscribe(id: string) {
      calls.push(`unsubscribe ${id}`);
    },
    async request(req: { path: string }) {
      calls.push(`request ${req.path}`);
      return { code: 200, msg: '', data: req.path };
    },
  };
  return { client: client as unknown as CoreClient, calls, sinks };
}

describe('CoreFront', () => {
  it('loads nothing until the first call, then loads the client once', async () => {
    const { client, calls, sinks } = recordingClient();
    let starts = 0;
    const front = new CoreFront(
      async () => {
        starts += 1;
        return client;
      },
      () => visitor,
    );
    // What a render does: read the cache and the cookie's session guess.
    expect(front.cache.peek({ kind: 'unread' })).toBeUndefined();
    expect(front.initialSession()).toBe(visitor);
    expect(starts).toBe(0);
    // What an effect does after hydration: watch a stream and ask the REST client.
    const seen: unknown[] = [];
    front.cache.watch({ kind: 'unread' }, (v) => seen.push(v));
    const env = await front.request({ path: '/main/app/info' });
    expect(env).toEqual({ code: 200, msg: '', data: '/main/app/info' });
    await new Promise((r) => setTimeout(r, 0));
    expect(starts).toBe(1);
    expect(calls).toEqual(['subscribe unread', 'request /main/app/info']);
    sinks.get('unread')!({ total: 2 });
    expect(seen).toEqual([{ total: 2 }]);
    expect(front.cache.peek({ kind: 'unread' })).toEqual({ total: 2 });
  });

  it('tries the load again on the next call after it failed', async () => {
    const { client, calls } = recordingClient();
    let starts = 0;
    const front = new CoreFront(
      async () => {
        starts += 1;
        if (starts === 1) throw new Error('Failed to fetch dynamically imported module');
        return client;
      },
      () => visitor,
    );
    await expect(front.request({ path: '/a' })).rejects.toThrow('Failed to fetch');
    await expect(front.request({ path: '/b' })).resolves.toMatchObject({ code: 200 });
    expect(starts).toBe(2);
    expect(calls).toEqual(['request /b']);
  });
});
