/**
 * The core end to end against the real server (PGlite, real hub on an ephemeral port), tabs as
 * MessageChannels: one socket for many tabs, closed tabs released, resume with replay and with a
 * snapshot, core restart → re-subscribe, outbox delivered once.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  RECONNECT_MS,
  Topics,
  VlivePaths,
  UserPaths,
  embeddedUrl,
  fillPath,
  type ChatMessage,
  type FootballMatch,
} from '../../../workers/protocol/index';
import type { AlertEvent, ChatBatch, MatchView } from '../../../workers/core/api';
import { startTestServer, call, createTestUser, type TestServer } from '../../helpers/ws-client';
import { CoreHarness, channelLink } from '../helpers/core-harness';
import * as Comlink from 'comlink';
import { CoreClient } from '../../../src/core/core-client';
import type { CorePortApi, TabHello } from '../../../workers/core/port-api';
import { waitFor } from '../helpers/fake-clock';

/** A fresh account (registered over the real API) to log in with. */
async function newAccount(): Promise<{ phone: string; password: string }> {
  const { phone, password } = await createTestUser(srv.base);
  return { phone, password };
}

let srv: TestServer;
let h: CoreHarness | null = null;

beforeAll(async () => {
  srv = await startTestServer({ hub: { replayMaxEvents: 3, replayWindowMs: 60_000 } });
});
afterAll(async () => {
  await srv.close();
});
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const hub = () => srv.built.ctx.hub;

function footballMatch(id: number, score: [number, number], s: FootballMatch['s'] = 2): FootballMatch {
  const team = (tid: number, name: string) => ({ id: tid, name, logo: '', rank: null });
  return {
    id,
    sport: 'zq',
    li: 36,
    leagueName: '英超',
    leagueColor: '#3d185c',
    leagueLetter: 'Y',
    ot: Math.floor(Date.now() / 1000) - 1200,
    home: team(1, '阿森纳'),
    away: team(2, '切尔西'),
    score,
    jc: null,
    bd: false,
    jx: false,
    hot: true,
    isShow: true,
    hasVideo: false,
    s,
    halfStart: Math.floor(Date.now() / 1000) - 1200,
    half: null,
    red: [0, 0],
    yellow: [0, 0],
    corner: [0, 0],
  };
}

const chatMsg = (roomId: string, id: string, text: string): ChatMessage => ({
  id,
  roomId,
  userId: 1,
  nickName: '测试',
  avatar: '',
  nobleLevel: 0,
  text,
  kind: 'text',
  at: Date.now(),
});

/** The hub confirmed the topic (SUBSCRIBED seen), so a publish now reaches the core. */
async function subscribed(harness: CoreHarness, topic: 'football' | `room:${string}`): Promise<void> {
  await waitFor(() => harness.core.socket.lastSeq(topic) !== undefined, 10_000, `subscribed to ${topic}`);
}

async function dropAndWaitDown(harness: CoreHarness): Promise<void> {
  hub().dropAll();
  await waitFor(() => harness.core.socket.state === 'reconnecting', 10_000, 'socket down');
}

describe('one core, many tabs', () => {
  it('3 tabs watching live scores share 1 socket, and each sees a goal', async () => {
    h = new CoreHarness(srv.base);
    const before = hub().connectionCount();
    const rows: Array<MatchView | null> = [null, null, null];
    const tabs = [h.tab('a'), h.tab('b'), h.tab('c')];
    await Promise.all(tabs.map((t, i) => t.subscribe({ kind: 'match', id: 9001, sport: 'zq' }, (v) => (rows[i] = v))));
    await waitFor(() => h!.core.socket.state === 'open', 10_000, 'open');
    await waitFor(() => hub().connectionCount() === before + 1, 8_000, 'one socket');
    expect(h.coordinator.tabCount()).toBe(3);
    await subscribed(h, 'football');
    hub().publish(Topics.football, { kind: 'match', match: footballMatch(9001, [1, 0]) });
    await waitFor(() => rows.every((r) => r?.score[0] === 1), 8_000, 'goal in every tab');
    expect(rows[0]!.statusText).toBe('上半场');
    expect(rows[0]!.minuteText).toBe('20');
    expect(hub().connectionCount()).toBe(before + 1);
  });

  it("releases a closed tab's subscriptions (Web Lock) and stops watching its topics", async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    const c = h.tab('c');
    await a.subscribe({ kind: 'match', id: 9002, sport: 'zq' }, () => undefined);
    await c.subscribe({ kind: 'roomEvents', roomId: 'match-55' }, () => undefined);
    await c.subscribe({ kind: 'connection' }, () => undefined);
    expect(h.coordinator.subscriptionCount()).toBe(3);
    expect(h.core.socket.watched()).toContain('room:match-55');
    // The tab dies without saying bye: only its lock goes.
    h.locks.release('lock-c');
    await waitFor(() => h!.coordinator.tabCount() === 1, 8_000, 'tab released');
    expect(h.coordinator.subscriptionCount()).toBe(1);
    expect(h.core.socket.watched()).not.toContain('room:match-55');
    expect(h.core.socket.watched()).toContain('football');
  });
});

describe('resume', () => {
  it('replays what was missed: a goal and a chat message published while the socket was down', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    const b = h.tab('b');
    let row: MatchView | null = null;
    const batches: ChatBatch[] = [];
    const alerts: AlertEvent[][] = [[], []];
    // This server has no fixtures: a match chat exists once the server published on it.
    hub().publish(Topics.room('match-9003'), { kind: 'notice', text: '欢迎', at: 0 });
    await a.subscribe({ kind: 'match', id: 9003, sport: 'zq' }, (v) => (row = v));
    await a.subscribe({ kind: 'chat', roomId: 'match-9003' }, (v) => batches.push(v));
    await a.subscribe({ kind: 'alerts' }, (v) => alerts[0].push(v));
    await b.subscribe({ kind: 'alerts' }, (v) => alerts[1].push(v));
    await waitFor(() => batches.length === 1 && h!.core.socket.state === 'open', 10_000, 'history');
    expect(batches[0].reset).toBe(true);
    await subscribed(h, 'football');
    await subscribed(h, 'room:match-9003');
    hub().publish(Topics.football, { kind: 'match', match: footballMatch(9003, [0, 0]) });
    await waitFor(() => row !== null, 8_000, 'row');

    await dropAndWaitDown(h);
    const goal = footballMatch(9003, [0, 1]);
    hub().publish(Topics.football, {
      kind: 'match',
      match: goal,
      incident: {
        id: 'inc-9003-1',
        matchId: 9003,
        sport: 'zq',
        type: 'goal',
        side: 'away',
        minute: 21,
        text: '进球',
        score: [0, 1],
        at: Date.now(),
      },
    });
    hub().publish(Topics.room('match-9003'), { kind: 'chat', message: chatMsg('match-9003', 'm-1', '错过的消息') });
    h.clock.advance(RECONNECT_MS);
    await waitFor(() => (row as MatchView | null)?.score[1] === 1, 10_000, 'replayed goal');
    await waitFor(
      () => batches.some((b2) => !b2.reset && b2.messages.some((m) => m.id === 'm-1')),
      8_000,
      'replayed chat',
    );
    expect(batches.filter((b2) => b2.reset)).toHaveLength(1); // no snapshot was needed
    expect((row as MatchView | null)!.lastScorer).toBe('away');
    // The alert fired once, in one tab only.
    await waitFor(() => alerts[0].length + alerts[1].length > 0, 8_000, 'alert');
    await new Promise((r) => setTimeout(r, 300));
    expect(alerts[0].length + alerts[1].length).toBe(1);
    expect([...alerts[0], ...alerts[1]][0].text).toContain('进球');
  });

  it('re-fetches a snapshot over REST when the gap is past the replay window', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    const batches: ChatBatch[] = [];
    hub().publish(Topics.room('match-9004'), { kind: 'notice', text: '欢迎', at: 0 });
    await a.subscribe({ kind: 'chat', roomId: 'match-9004' }, (v) => batches.push(v));
    await waitFor(() => batches.length === 1 && h!.core.socket.state === 'open', 10_000, 'history');
    await subscribed(h, 'room:match-9004');
    await dropAndWaitDown(h);
    for (let i = 0; i < 5; i++) {
      hub().publish(Topics.room('match-9004'), {
        kind: 'chat',
        message: chatMsg('match-9004', `gap-${i}`, `第${i}条`),
      });
    }
    h.clock.advance(RECONNECT_MS);
    await waitFor(() => batches.filter((b) => b.reset).length === 2, 10_000, 'snapshot re-fetch');
    // None of the unreplayable frames were delivered one by one.
    expect(batches.filter((b) => !b.reset)).toHaveLength(0);
    // And the stream continues after the snapshot.
    hub().publish(Topics.room('match-9004'), { kind: 'chat', message: chatMsg('match-9004', 'after', '之后') });
    await waitFor(() => batches.some((b) => b.messages.some((m) => m.id === 'after')), 8_000, 'after snapshot');
  });
});

describe('restart', () => {
  it('tabs notice a new core instance and re-subscribe', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    let row: MatchView | null = null;
    await a.subscribe({ kind: 'match', id: 9005, sport: 'zq' }, (v) => (row = v));
    const first = a.instanceId;
    h.kill();
    h.start(); // empty state, new id (what iOS does to a SharedWorker)
    await waitFor(() => a.instanceId !== first, 10_000, 'new instance');
    await waitFor(() => h!.core.socket.state === 'open', 10_000, 'new socket');
    expect(h.coordinator.subscriptionCount()).toBe(1);
    await subscribed(h, 'football');
    hub().publish(Topics.football, { kind: 'match', match: footballMatch(9005, [2, 2]) });
    await waitFor(() => (row as MatchView | null)?.score[0] === 2, 8_000, 'update after restart');
  });

  it('a call to a dead core fails with a clear error instead of hanging', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    await a.getSettings();
    h.kill();
    // No new core: the call times out.
    const t0 = Date.now();
    const fast = new (a.constructor as typeof CoreClient)(
      { mode: 'shared', connect: () => new Promise(() => undefined), onCoreChanged() {}, dispose() {} },
      { tabId: 'x', lockName: null, isVisible: () => true, rpcTimeoutMs: 300, pingEveryMs: 10_000 },
    );
    await expect(fast.getSettings()).rejects.toThrow('核心服务无响应');
    expect(Date.now() - t0).toBeLessThan(2000);
    await fast.dispose();
  });

  it('a hello that gets no answer (a SharedWorker going away with its last page) asks for the core again within seconds', async () => {
    h = new CoreHarness(srv.base);
    const harness = h;
    let connects = 0;
    const client = new CoreClient(
      {
        mode: 'shared',
        connect: async () => {
          if (++connects > 1) return harness.link('late');
          // The first link reaches a worker that takes it and never answers.
          return channelLink().link;
        },
        onCoreChanged() {},
        dispose() {},
      },
      // The call timeout as in a browser (15 s): the first call is answered long before it.
      { tabId: 'late', lockName: null, isVisible: () => true, pingEveryMs: 60_000 },
    );
    const t0 = Date.now();
    await client.getSettings();
    const took = Date.now() - t0;
    expect(connects).toBe(2);
    expect(took).toBeLessThan(6_000);
    expect(h.coordinator.tabCount()).toBe(1);
    await client.dispose();
  });

  it('a hello the tab gave up on, arriving after its newer one, closes only its own link', async () => {
    h = new CoreHarness(srv.base);
    const port = () => Comlink.wrap<CorePortApi>(h!.link('t').rpc);
    const hello = (attempt: number): TabHello => ({ tabId: 't', lockName: null, visible: true, attempt });
    const older = port();
    const newer = port();
    await newer.hello(hello(2));
    await older.hello(hello(1));
    expect(h.coordinator.tabCount()).toBe(1);
    await newer.subscribe('t:1', { kind: 'match', id: 9006, sport: 'zq' });
    expect(h.coordinator.subscriptionCount()).toBe(1);
    // The older link is closed: what it asks for is not held.
    await older.subscribe('t:2', { kind: 'match', id: 9007, sport: 'zq' });
    expect(h.coordinator.subscriptionCount()).toBe(1);
    // In order, the newer hello replaces the older link as before.
    const third = port();
    await third.hello(hello(3));
    expect(h.coordinator.tabCount()).toBe(1);
    expect(h.coordinator.subscriptionCount()).toBe(0);
  });
});

describe('outbox', () => {
  it('a chat message sent while the socket is down is delivered once, when it returns', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    const login = await a.login(await newAccount());
    expect(login.ok, login.msg).toBe(true);
    await waitFor(
      () => h!.core.socket.state === 'open',
      10_000,
      `open (${h.core.socket.state}; ${h.logs.join(' | ')})`,
    );
    await dropAndWaitDown(h);
    const text = '离线时发送的问候';
    const sent = a.sendChat('match-9006', text);
    let queued = await h.store.outboxAll();
    for (let i = 0; i < 100 && queued.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      queued = await h.store.outboxAll();
    }
    expect(queued.map((q) => q.text)).toEqual([text]);
    h.clock.advance(RECONNECT_MS);
    const res = await sent;
    expect(res.ok).toBe(true);
    expect(res.data?.text).toBe(text);
    expect(await h.store.outboxAll()).toEqual([]);
    // Another drop and reconnect sends nothing again.
    await dropAndWaitDown(h);
    h.clock.advance(RECONNECT_MS);
    await waitFor(() => h!.core.socket.state === 'open', 10_000, 'reopen');
    await new Promise((r) => setTimeout(r, 200));
    const hist = await call<ChatMessage[]>(srv.base, 'GET', fillPath(VlivePaths.chatHistory, { roomId: 'match-9006' }));
    expect(hist.body.data.filter((m) => m.text === text)).toHaveLength(1);
  });
});

describe('session', () => {
  it('keeps the session when the user-info call gets no answer, and clears it on a non-200 answer', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    const login = await a.login(await newAccount());
    expect(login.ok, login.msg).toBe(true);
    // No network (a killed worker's fetch, a tunnel): not a verdict on the token.
    h.networkDown = true;
    const offline = await a.refreshUser();
    expect(offline.ok).toBe(false);
    expect((await h.store.get<{ token: string }>('session'))?.token).toEqual(expect.any(String));
    let session = await new Promise<{ loggedIn: boolean }>((resolve) => void a.subscribe({ kind: 'session' }, resolve));
    expect(session.loggedIn).toBe(true);
    // The server answers non-200 for this token (logged out elsewhere): auth is cleared (spec §4).
    h.networkDown = false;
    const token = (await h.store.get<{ token: string }>('session'))!.token;
    expect((await call(srv.base, 'GET', embeddedUrl(UserPaths.logout), { token })).body.code).toBe(200);
    const answered = await a.refreshUser();
    expect(answered.ok).toBe(false);
    session = await new Promise(
      (resolve) =>
        void a.subscribe({ kind: 'session' }, (v) => {
          if (!v.loggedIn) resolve(v);
        }),
    );
    expect(session.loggedIn).toBe(false);
    expect(await h.store.get('session')).toBeUndefined();
  });

  it('a late "no token" answer about a replaced session does not log the new one out', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    const form = await newAccount();
    expect((await a.login(form)).ok).toBe(true);
    // Hold back a user-info call that carries the first session's token…
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    h.fetchGate = (url) => (url.includes(UserPaths.info) ? held : Promise.resolve());
    const stale = a.refreshUser();
    await new Promise((r) => setTimeout(r, 50));
    h.fetchGate = null;
    // …log out (the server forgets that token) and in again…
    await a.logout();
    expect((await a.login(form)).ok).toBe(true);
    const second = (await h.store.get<{ token: string }>('session'))!.token;
    // …then let the old call through: the server answers "no token" for the first token.
    release();
    expect((await stale).ok).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    const session = await new Promise<{ loggedIn: boolean; token: string | null }>(
      (resolve) => void a.subscribe({ kind: 'session' }, resolve),
    );
    expect(session.loggedIn).toBe(true);
    expect(session.token).toBe(second);
    expect((await h.store.get<{ token: string }>('session'))?.token).toBe(second);
  });
});
