/**
 * The socket hub over real sockets (./hub-harness.ts): connecting, auth, heartbeat and idle,
 * topics, seq and replay, which topics exist. Limits, chat and drops: ./hub-limits.test.ts.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Frame,
  SocketClose,
  SocketReason,
  SystemPaths,
  Topics,
  embeddedUrl,
  type SocketAddress,
} from '../../workers/protocol/index';
import { socketEndpoint } from '../../server/ws/address-routes';
import type { FastifyRequest } from 'fastify';
import { TestSocket, call, createTestUser, socketUrl, startTestServer, type TestServer } from '../helpers/ws-client';
import {
  START_MS,
  clock,
  connect,
  srv,
  isCode,
  isEvent,
  metric,
  notice,
  openSockets,
  useHubServer,
} from './hub-harness';

useHubServer();

describe('connecting', () => {
  it('sends HELLO with the server id, and counts the connection', async () => {
    const { sock, hello } = await connect();
    expect(hello.data.serverId).toBe(srv().built.ctx.hub.serverId);
    expect(hello.data.idleTimeoutMs).toBe(35_000);
    expect(await metric(srv().base, 'ws_connections')).toBeGreaterThanOrEqual(1);
    sock.close();
    await sock.closed;
  });

  it('closes with 4001 on a forged, missing or foreign token', async () => {
    const good = await socketUrl(srv().base);
    const forged = good.replace(
      /token=([^.]+)\.(.)/,
      (_m, p: string, c: string) => `token=${p}.${c === 'A' ? 'B' : 'A'}`,
    );
    for (const url of [forged, good.replace(/\?token=.*/, ''), good.replace(/token=[^&]*/, 'token=abc.def')]) {
      const s = await TestSocket.open(url);
      expect((await s.closed).code).toBe(SocketClose.BAD_TOKEN);
    }
  });

  it('answers the address calls with a url built from the request host and forwarded proto', async () => {
    const res = await call<SocketAddress>(srv().base, 'POST', embeddedUrl(SystemPaths.socketAddress));
    expect(res.body.code).toBe(200);
    const port = Number(new URL(srv().base).port);
    expect(res.body.data.lotteryAddress[0]).toEqual({ protocol: 'ws', host: '127.0.0.1', port });
    const viaProxy = await fetch(`${srv().base}${embeddedUrl(SystemPaths.socketAddress)}`, {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'qiusai.example.com' },
    });
    expect(((await viaProxy.json()) as { data: SocketAddress }).data.lotteryAddress[0]).toEqual({
      protocol: 'wss',
      host: 'qiusai.example.com',
      port: 443,
    });
    const dead = await call(srv().base, 'POST', embeddedUrl(SystemPaths.socketAddress), { token: 'x'.repeat(43) });
    expect(dead.body.code).toBe(10010);
    const badGroup = await call(srv().base, 'POST', embeddedUrl(SystemPaths.groupToken), {
      query: { group: '1;drop table users' },
    });
    expect(badGroup.body.code).toBe(4000);
  });

  it('prefers PUBLIC_HOST over the request for the socket address', () => {
    const req = { protocol: 'http', host: '127.0.0.1:8008' } as FastifyRequest;
    expect(socketEndpoint(req, null)).toEqual({ protocol: 'ws', host: '127.0.0.1', port: 8008 });
    expect(socketEndpoint(req, 'https://live.example.com')).toEqual({
      protocol: 'wss',
      host: 'live.example.com',
      port: 443,
    });
    expect(socketEndpoint(req, 'live.example.com:9000')).toEqual({
      protocol: 'ws',
      host: 'live.example.com',
      port: 9000,
    });
    expect(socketEndpoint({ protocol: 'https', host: '[::1]:8443' } as FastifyRequest, null)).toEqual({
      protocol: 'wss',
      host: '::1',
      port: 8443,
    });
  });

  it('subscribes a group token socket to its group at once', async () => {
    const { sock } = await connect({ group: 'basketball' });
    const sub = await sock.next(isCode(Frame.SUBSCRIBED));
    expect(sub.code === Frame.SUBSCRIBED && sub.data.topic).toBe('basketball');
    srv().built.ctx.hub.publish(Topics.basketball, notice('tip-off'));
    const ev = await sock.next(isEvent('basketball'));
    expect(ev.code === Frame.EVENT && ev.data).toEqual(notice('tip-off'));
  });
});

describe('auth, heartbeat, idle', () => {
  /** A second server whose idle timeout is short. */
  let idle: TestServer;
  beforeAll(async () => {
    idle = await startTestServer({ hub: { idleTimeoutMs: 600, sweepMs: 50 } });
  }, START_MS);
  afterAll(async () => {
    await idle.close();
  }, START_MS);

  it('answers the auth frame with the user id, and refuses a bad token', async () => {
    const auth = (await createTestUser(srv().base)).auth;
    const { sock } = await connect();
    sock.send({ code: Frame.AUTH, data: { accessToken: auth.token } });
    const ok = await sock.next(isCode(Frame.AUTH_RESULT));
    expect(ok.code === Frame.AUTH_RESULT && ok.data).toEqual({ ok: true, userId: auth.user.id });
    sock.send({ code: Frame.AUTH, data: { accessToken: 'nope' } });
    const bad = await sock.next(isCode(Frame.AUTH_RESULT));
    expect(bad.code === Frame.AUTH_RESULT && bad.data).toEqual({
      ok: false,
      userId: null,
      reason: SocketReason.AUTH_FAILED,
    });
  });

  it('refuses an auth frame for another user on a user-bound address', async () => {
    const a = (await createTestUser(srv().base)).auth;
    const b = (await createTestUser(srv().base)).auth;
    const { sock } = await connect({ token: a.token });
    sock.send({ code: Frame.AUTH, data: { accessToken: b.token } });
    const res = await sock.next(isCode(Frame.AUTH_RESULT));
    expect(res.code === Frame.AUTH_RESULT && res.data.ok).toBe(false);
  });

  it("counts heartbeats '0' and keeps a beating socket past the idle timeout", async () => {
    const before = await metric(idle.base, 'ws_heartbeats_total');
    const { sock } = await TestSocket.connect(idle.base);
    openSockets.push(sock);
    const beat = setInterval(() => sock.send('0'), 150);
    await new Promise((r) => setTimeout(r, 1_000));
    clearInterval(beat);
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    expect(await metric(idle.base, 'ws_heartbeats_total')).toBeGreaterThanOrEqual(before + 5);
  });

  it('keeps a beating socket whose heartbeat waits unread while the server was stalled', async () => {
    const { sock } = await TestSocket.connect(idle.base);
    openSockets.push(sock);
    const beat = setInterval(() => sock.send('0'), 150);
    await new Promise((r) => setTimeout(r, 300));
    // The heartbeat goes out, then this process (the server's too) is stalled past the idle
    // timeout inside a timer, so the hub's due sweep runs right after it, before any read.
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        sock.send('0');
        const until = Date.now() + 1_000;
        while (Date.now() < until) {
          // a stalled event loop
        }
        resolve();
      }, 0),
    );
    await new Promise((r) => setTimeout(r, 400));
    clearInterval(beat);
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
  });

  it('closes a silent socket after the idle timeout', async () => {
    const { sock, hello } = await TestSocket.connect(idle.base);
    expect(hello.data.idleTimeoutMs).toBe(600);
    const t0 = Date.now();
    const closed = await sock.closed;
    expect(closed.code).toBe(SocketClose.IDLE);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(550);
  });
});

describe('topics, seq, replay', () => {
  it('delivers events with a per-topic seq', async () => {
    const { sock } = await connect();
    const hub = srv().built.ctx.hub;
    // No fixtures in this server: a topic exists once the server published on it.
    hub.publish(Topics.match(7001), notice('before'));
    const start = await hub.seq(Topics.match(7001));
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: Topics.match(7001) }] } });
    const sub = await sock.next(isCode(Frame.SUBSCRIBED));
    expect(sub.code === Frame.SUBSCRIBED && sub.data).toEqual({ topic: 'match:7001', seq: start, replayed: 0 });
    hub.publish(Topics.match(7002), notice('other'));
    hub.publish(Topics.match(7001), notice('a'));
    hub.publish(Topics.match(7001), notice('b'));
    const a = await sock.next(isEvent('match:7001'));
    const b = await sock.next(isEvent('match:7001'));
    expect(a.code === Frame.EVENT && [a.seq, b.code === Frame.EVENT && b.seq]).toEqual([start + 1, start + 2]);
    expect(sock.frames.some(isEvent('match:7002'))).toBe(false);
  });

  it('replays exactly what a reconnecting client missed', async () => {
    const hub = srv().built.ctx.hub;
    const topic = Topics.match(7100);
    hub.publish(topic, notice('0'));
    let { sock } = await connect();
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic }] } });
    await sock.next(isCode(Frame.SUBSCRIBED));
    hub.publish(topic, notice('1'));
    const first = await sock.next(isEvent(topic));
    const seen = first.code === Frame.EVENT ? first.seq : -1;
    sock.close();
    await sock.closed;
    hub.publish(topic, notice('2'));
    hub.publish(topic, notice('3'));
    ({ sock } = await connect());
    sock.send({ code: Frame.SUBSCRIBE, data: { serverId: hub.serverId, topics: [{ topic, since: seen }] } });
    const r1 = await sock.next(isEvent(topic));
    const r2 = await sock.next(isEvent(topic));
    const done = await sock.next(isCode(Frame.SUBSCRIBED));
    expect([r1, r2].map((f) => (f.code === Frame.EVENT ? (f.data as { text: string }).text : null))).toEqual([
      '2',
      '3',
    ]);
    expect(done.code === Frame.SUBSCRIBED && done.data).toEqual({ topic, seq: seen + 2, replayed: 2 });
    // Nothing after SUBSCRIBED was a duplicate.
    expect((await sock.settle(100)).filter(isEvent(topic))).toEqual([]);
  });

  it('writes a replayed gap to the socket at once, not a write per frame', async () => {
    const hub = srv().built.ctx.hub;
    const topic = Topics.match(7150);
    hub.publish(topic, notice('0'));
    let { sock } = await connect();
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic }] } });
    const sub = await sock.next(isCode(Frame.SUBSCRIBED));
    const seen = sub.code === Frame.SUBSCRIBED ? sub.data.seq : -1;
    sock.close();
    await sock.closed;
    for (let i = 1; i <= 8; i++) hub.publish(topic, notice(String(i)));
    ({ sock } = await connect());
    const port = Number(new URL(srv().base).port);
    let writes = 0;
    const write = net.Socket.prototype.write;
    const spy = vi.spyOn(net.Socket.prototype, 'write').mockImplementation(function (this: net.Socket, ...args) {
      if (this.localPort === port) writes++;
      return write.apply(this, args as Parameters<typeof write>);
    });
    // Pre-built frames skip the stream and go to the socket's handle (server/ws/wire.ts): count
    // those too (the stream's own requests carry their handle; the direct ones do not).
    type Handle = {
      writeBuffer(req: { handle?: unknown }, data: Buffer): number;
      getsockname(out: { port?: number }): number;
    };
    const tcp = (process as unknown as { binding(n: string): { TCP: { prototype: Handle } } }).binding('tcp_wrap');
    const writeBuffer = tcp.TCP.prototype.writeBuffer;
    const direct = vi.spyOn(tcp.TCP.prototype, 'writeBuffer').mockImplementation(function (this: Handle, req, data) {
      const local: { port?: number } = {};
      this.getsockname(local);
      if (req.handle === undefined && local.port === port) writes++;
      return writeBuffer.call(this, req, data);
    });
    try {
      sock.send({ code: Frame.SUBSCRIBE, data: { serverId: hub.serverId, topics: [{ topic, since: seen }] } });
      const replayed: string[] = [];
      for (let i = 0; i < 8; i++) {
        const f = await sock.next(isEvent(topic));
        replayed.push(f.code === Frame.EVENT ? (f.data as { text: string }).text : '');
      }
      await sock.next(isCode(Frame.SUBSCRIBED));
      expect(replayed).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
      // The gap in one write, then SUBSCRIBED (ws writes a frame's header and payload apart: 2).
      expect(writes).toBe(3);
    } finally {
      spy.mockRestore();
      direct.mockRestore();
      sock.close();
    }
  });

  it('asks for a snapshot when the gap is beyond the window (count), from another server, or ahead', async () => {
    const hub = srv().built.ctx.hub;
    const topic = Topics.match(7200);
    for (let i = 0; i < 30; i++) hub.publish(topic, notice(String(i))); // window keeps 20
    hub.publish(Topics.match(7201), notice('only one'));
    const { sock } = await connect();
    sock.send({
      code: Frame.SUBSCRIBE,
      data: {
        serverId: hub.serverId,
        topics: [
          { topic, since: 5 },
          { topic: Topics.match(7201), since: 3 },
        ],
      },
    });
    const a = await sock.next(isCode(Frame.SNAPSHOT_REQUIRED));
    const b = await sock.next(isCode(Frame.SNAPSHOT_REQUIRED));
    expect([a, b].map((f) => f.code === Frame.SNAPSHOT_REQUIRED && f.data)).toEqual([
      { topic, seq: 30 },
      { topic: 'match:7201', seq: 1 },
    ]);
    // Within the count window but from another server instance.
    sock.send({ code: Frame.SUBSCRIBE, data: { serverId: 'another-instance', topics: [{ topic, since: 25 }] } });
    const c = await sock.next(isCode(Frame.SNAPSHOT_REQUIRED));
    expect(c.code === Frame.SNAPSHOT_REQUIRED && c.data).toEqual({ topic, seq: 30 });
    // Still subscribed: live events keep coming.
    hub.publish(topic, notice('live'));
    const ev = await sock.next(isEvent(topic));
    expect(ev.code === Frame.EVENT && ev.seq).toBe(31);
  });

  it('asks for a snapshot when the missed events are older than the time window', async () => {
    const hub = srv().built.ctx.hub;
    // A stored room: it exists whether or not the registry still holds its state.
    const room = await srv()
      .ts.storage.db.selectFrom('vlive_rooms')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const topic = Topics.room(room.id);
    hub.publish(topic, notice('old-1'));
    hub.publish(topic, notice('old-2'));
    const seen = (await hub.seq(topic)) - 1;
    clock.offset += 61_000;
    try {
      const { sock } = await connect();
      sock.send({ code: Frame.SUBSCRIBE, data: { serverId: hub.serverId, topics: [{ topic, since: seen }] } });
      const f = await sock.next((x) => x.code === Frame.SNAPSHOT_REQUIRED || x.code === Frame.SUBSCRIBED);
      // Before the sweep freed it: the current seq; after: the topic starts again at 0. Either
      // way the client re-fetches.
      expect(f.code === Frame.SNAPSHOT_REQUIRED && f.data.topic).toBe(topic);
    } finally {
      clock.offset -= 61_000;
    }
  });

  it('keeps the inbox per user and only for an authenticated socket', async () => {
    const hub = srv().built.ctx.hub;
    const a = (await createTestUser(srv().base)).auth;
    const b = (await createTestUser(srv().base)).auth;
    const { sock: anon } = await connect();
    anon.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'inbox' }] } });
    const err = await anon.next(isCode(Frame.ERROR));
    expect(err.code === Frame.ERROR && err.data.reason).toBe(SocketReason.AUTH_REQUIRED);

    const { sock: sa } = await connect({ token: a.token });
    const { sock: sb } = await connect({ token: b.token });
    for (const [s, t] of [
      [sa, a.token],
      [sb, b.token],
    ] as const) {
      s.send({ code: Frame.AUTH, data: { accessToken: t } });
      await s.next(isCode(Frame.AUTH_RESULT));
      s.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'inbox' }] } });
      await s.next(isCode(Frame.SUBSCRIBED));
    }
    hub.publishToUser(a.user.id, { kind: 'counts', chats: [{ code: 10000, messageStatus: 0, count: 3 }] });
    const got = await sa.next(isEvent('inbox'));
    expect(got.code === Frame.EVENT && got.data).toEqual({
      kind: 'counts',
      chats: [{ code: 10000, messageStatus: 0, count: 3 }],
    });
    expect((await sb.settle(100)).filter(isEvent('inbox'))).toEqual([]);
    expect(() => hub.publish('inbox', { kind: 'logout' })).toThrow();
  });

  it('refuses unknown topics and bad frames without closing', async () => {
    const { sock } = await connect();
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'tennis' }, { topic: 'football' }] } });
    const err = await sock.next(isCode(Frame.ERROR));
    expect(err.code === Frame.ERROR && err.data.reason).toBe(SocketReason.UNKNOWN_TOPIC);
    const sub = await sock.next(isCode(Frame.SUBSCRIBED));
    expect(sub.code === Frame.SUBSCRIBED && sub.data.topic).toBe('football');
    sock.send('{not json');
    sock.send({ code: 99999, data: {} });
    for (let i = 0; i < 2; i++) {
      const e = await sock.next(isCode(Frame.ERROR));
      expect(e.code === Frame.ERROR && e.data.reason).toBe(SocketReason.BAD_FRAME);
    }
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
  });
});

describe('topics that exist', () => {
  it('refuses a match or room the server does not know, and creates no topic for it', async () => {
    const hub = srv().built.ctx.hub;
    const { sock } = await connect();
    const before = hub.topicCount();
    sock.send({
      code: Frame.SUBSCRIBE,
      data: {
        topics: [{ topic: Topics.match(987654) }, { topic: Topics.room('nobody-here') }, { topic: 'match:2147483648' }],
      },
    });
    for (let i = 0; i < 3; i++) {
      const e = await sock.next(isCode(Frame.ERROR));
      expect(e.code === Frame.ERROR && e.data.reason).toBe(SocketReason.UNKNOWN_TOPIC);
    }
    expect(hub.topicCount()).toBe(before);
    expect(sock.frames.some(isCode(Frame.SUBSCRIBED))).toBe(false);
  });

  it('knows stored rooms and matches (the catalog), and frees a topic when its last subscriber leaves', async () => {
    const hub = srv().built.ctx.hub;
    const room = await srv().ts.storage.db.selectFrom('vlive_rooms').select('id').limit(1).executeTakeFirstOrThrow();
    const topic = Topics.room(room.id);
    const before = hub.topicCount();
    const { sock } = await connect();
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic }] } });
    const sub = await sock.next(isCode(Frame.SUBSCRIBED));
    expect(sub.code === Frame.SUBSCRIBED && sub.data.topic).toBe(topic);
    expect(hub.topicCount()).toBe(before + 1);
    // Nothing was published: nothing to replay, so leaving frees it at once.
    sock.send({ code: Frame.UNSUBSCRIBE, data: { topics: [topic] } });
    await sock.settle(100);
    expect(hub.topicCount()).toBe(before);
    // With events in the replay window it stays until the window has passed, then the sweep frees it.
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic }] } });
    await sock.next(isCode(Frame.SUBSCRIBED));
    hub.publish(topic, notice('kept for replay'));
    sock.close();
    await sock.closed;
    await new Promise((r) => setTimeout(r, 150));
    expect(await hub.seq(topic)).toBe(1);
    clock.offset += 61_000;
    try {
      await new Promise((r) => setTimeout(r, 150));
      expect(hub.topicCount()).toBeLessThanOrEqual(before);
      expect(await hub.seq(topic)).toBe(0);
    } finally {
      clock.offset -= 61_000;
    }
  });

  it('caps the new topics one socket may look up', async () => {
    const { sock } = await connect();
    const names = (from: number) =>
      Array.from({ length: 100 }, (_, i) => ({ topic: Topics.match(500_000 + from + i) }));
    const t0 = Date.now();
    for (let round = 0; round < 3; round++) sock.send({ code: Frame.SUBSCRIBE, data: { topics: names(round * 100) } });
    const errors: string[] = [];
    while (errors.length < 300) {
      // 200 look-ups hit the database: allow for a busy machine.
      const e = await sock.next(isCode(Frame.ERROR), 15_000);
      if (e.code === Frame.ERROR) errors.push(e.data.reason);
    }
    // A burst of 200, refilled one per 500 ms while the look-ups ran.
    const refilled = Math.ceil((Date.now() - t0) / 500);
    expect(errors.filter((r) => r === SocketReason.UNKNOWN_TOPIC).length).toBeLessThanOrEqual(200 + refilled);
    expect(errors.filter((r) => r === SocketReason.TOO_MANY_TOPICS).length).toBeGreaterThanOrEqual(100 - refilled);
  });
});
