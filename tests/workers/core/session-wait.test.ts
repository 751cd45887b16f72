/**
 * The core's session race, against the real server (PGlite, real REST): a tab may call the core
 * while it is still reading the stored session (the loggedIn cookie already says "logged in").
 * Every request waits for the session to be known, so it carries the user's token; the wait is
 * bounded, after which requests go out without it rather than hang.
 */
import 'fake-indexeddb/auto';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../workers/core/core';
import { SESSION_WAIT_MS, type Timers } from '../../../workers/core/kernel';
import type { FetchLike } from '../../../workers/core/rest';
import type { SocketCtor } from '../../../workers/core/socket';
import { createDexieStore, type OfflineStore } from '../../../workers/core/store';
import { EMBEDDED_API_BASES, UserPaths, type UserInfo } from '../../../workers/protocol/index';
import { HEADLINE_TYPE } from '../../../workers/protocol/api/news';
import { createUser, startNews, type NewsHarness } from '../../server/news/harness';
import { FakeClock, waitFor } from '../helpers/fake-clock';

let h: NewsHarness;
let core: Core | null = null;
let n = 0;

beforeAll(async () => {
  h = await startNews();
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  core?.dispose();
  core = null;
});

/** A real Dexie store holding `token`'s session, whose session read waits for `release()`. */
async function slowSessionStore(token: string): Promise<{ store: OfflineStore; release: () => void }> {
  const store = createDexieStore(`session-wait-${process.pid}-${++n}`);
  await store.set('session', { token, user: { id: 1, nickName: '慢读' } as unknown as UserInfo });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow: OfflineStore = {
    ...store,
    get: async <T>(key: string) => {
      if (key === 'session') await gate;
      return store.get<T>(key);
    },
  };
  return { store: slow, release };
}

function startCore(store: OfflineStore, clock: FakeClock, sent: string[]): Core {
  const timers: Timers = {
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (t) => clearInterval(t),
  };
  return createCore({
    instanceId: `session-wait-${n}`,
    mode: 'shared',
    fetch: ((url: string, init: { headers: Record<string, string> }) => {
      sent.push(`${new URL(url).pathname} ${init.headers.accessToken ?? '-'}`);
      return fetch(url, init as RequestInit);
    }) as unknown as FetchLike,
    baseUrl: (f) => h.base + EMBEDDED_API_BASES[f],
    WebSocket: WebSocket as unknown as SocketCtor,
    store,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    timers,
    log: () => {},
  });
}

async function anArticleId(): Promise<number> {
  const row = await h.ts.storage.db
    .selectFrom('news_articles')
    .select('id')
    .where('status', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('requests made before the core knows the session', () => {
  it('wait for the stored session and carry its token', async () => {
    const user = await createUser(h, '先到的请求');
    const articleId = await anArticleId();
    const { store, release } = await slowSessionStore(user.token);
    const clock = new FakeClock(Date.now());
    const sent: string[] = [];
    core = startCore(store, clock, sent);
    const like = core.handlers.news('likeArticle', articleId, true);
    const info = core.handlers.request<UserInfo>({ path: UserPaths.info });
    const list = core.handlers.news('list', HEADLINE_TYPE, null);
    await new Promise((r) => setTimeout(r, 100));
    // Nothing went out while the session was being read: it would have gone as a visitor's.
    expect(sent).toEqual([]);
    release();
    const [liked, me, page] = await Promise.all([like, info, list]);
    expect(liked.code).toBe(200);
    expect(liked.data).toMatchObject({ liked: true });
    expect(me.code).toBe(200);
    expect(me.data.nickName).toBe('先到的请求');
    expect(page.code).toBe(200);
    await waitFor(() => sent.length >= 3, 3_000, 'the three requests');
    expect(sent.filter((s) => !s.endsWith(` ${user.token}`))).toEqual([]);
    // The read is done: a later request goes out at once (the fake clock never moves, so a request
    // still waiting on the bounded wait would never be sent). Other timers (the socket's) may be
    // pending, so their count proves nothing.
    const before = sent.length;
    const again = await core.handlers.request<UserInfo>({ path: UserPaths.info });
    expect(again.code).toBe(200);
    expect(sent.length).toBeGreaterThan(before);
    expect(sent.at(-1)!.endsWith(` ${user.token}`)).toBe(true);
  });

  it('go out without the session after a bounded wait when the store never answers', async () => {
    const user = await createUser(h, '读不到的会话');
    const articleId = await anArticleId();
    const { store } = await slowSessionStore(user.token);
    const clock = new FakeClock(Date.now());
    const sent: string[] = [];
    core = startCore(store, clock, sent);
    const like = core.handlers.news('likeArticle', articleId, true);
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toEqual([]);
    clock.advance(SESSION_WAIT_MS - 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    clock.advance(1);
    // Unknown session: the call goes as a visitor's and the server says so (no-token code).
    expect((await like).code).toBe(10010);
    // The core gave up once; it does not make every later request wait again.
    const page = await core.handlers.news('list', HEADLINE_TYPE, null);
    expect(page.code).toBe(200);
    expect(clock.pending()).toBe(0);
  });
});
