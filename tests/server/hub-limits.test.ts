/** The socket hub over real sockets (./hub-harness.ts): limits, chat, and dropped sockets. */
import { describe, expect, it } from 'vitest';
import {
  Frame,
  SocketClose,
  SocketReason,
  SystemPaths,
  Topics,
  UserPaths,
  embeddedUrl,
} from '../../workers/protocol/index';
import { call, createTestUser, loginByPassword, sealPasswords } from '../helpers/ws-client';
import { connect, isCode, isEvent, metric, notice, srv, useHubServer } from './hub-harness';

useHubServer();

describe('limits', () => {
  it('refuses a frame over MAX_FRAME_BYTES and keeps the socket', async () => {
    const { sock } = await connect();
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'football' }] }, pad: 'x'.repeat(10_000) });
    const e = await sock.next(isCode(Frame.ERROR));
    expect(e.code === Frame.ERROR && e.data.reason).toBe(SocketReason.FRAME_TOO_LARGE);
    expect(sock.frames.some(isCode(Frame.SUBSCRIBED))).toBe(false);
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'football' }] } });
    await sock.next(isCode(Frame.SUBSCRIBED));
  });

  it('refuses subscriptions past MAX_TOPICS_PER_SOCKET, all or nothing', async () => {
    const { sock } = await connect();
    const topics = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ topic: Topics.match(from + i) }));
    for (const { topic } of [...topics(1, 150), ...topics(1000, 51)])
      srv().built.ctx.hub.publish(topic, notice('exists'));
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: topics(1, 150) } });
    for (let i = 0; i < 150; i++) await sock.next(isCode(Frame.SUBSCRIBED));
    sock.send({ code: Frame.SUBSCRIBE, data: { topics: topics(1000, 51) } });
    const e = await sock.next(isCode(Frame.ERROR));
    expect(e.code === Frame.ERROR && e.data.reason).toBe(SocketReason.TOO_MANY_TOPICS);
    srv().built.ctx.hub.publish(Topics.match(1000), notice('not for you'));
    expect((await sock.settle(100)).filter((f) => f.code === Frame.SUBSCRIBED || isEvent('match:1000')(f))).toEqual([]);
  });

  it('rate-limits inbound frames, then closes a flooding socket', async () => {
    const { sock } = await connect();
    for (let i = 0; i < 25; i++) sock.send('0');
    const e = await sock.next(isCode(Frame.ERROR));
    expect(e.code === Frame.ERROR && e.data.reason).toBe(SocketReason.RATE_LIMITED);
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    const { sock: flood } = await connect();
    for (let i = 0; i < 100; i++) flood.send('0');
    expect((await flood.closed).code).toBe(SocketClose.RATE_LIMITED);
  });

  it('does not let a slow consumer hold up others: it is marked for a snapshot', async () => {
    const hub = srv().built.ctx.hub;
    const topic = Topics.room('slowtest');
    hub.publish(topic, notice('exists'));
    const { sock: slow } = await connect();
    const { sock: fast } = await connect();
    for (const s of [slow, fast]) {
      s.send({ code: Frame.SUBSCRIBE, data: { topics: [{ topic }] } });
      await s.next(isCode(Frame.SUBSCRIBED));
    }
    const marked = await metric(srv().base, 'ws_slow_consumer_total');
    // The slow client stops reading: the kernel buffers fill, then the server's send buffer.
    (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const big = 'x'.repeat(16 * 1024);
    let fastGot = 0;
    fast.ws.on('message', () => fastGot++);
    for (let i = 0; i < 600; i++) {
      hub.publish(topic, notice(big));
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(fastGot).toBeGreaterThanOrEqual(600);
    expect(await metric(srv().base, 'ws_slow_consumer_total')).toBeGreaterThan(marked);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    // Once drained it is told to re-fetch, with the current seq.
    const snap = await slow.next(isCode(Frame.SNAPSHOT_REQUIRED), 10_000);
    expect(snap.code === Frame.SNAPSHOT_REQUIRED && snap.data).toEqual({ topic, seq: await hub.seq(topic) });
    const delivered = slow.frames.filter(isEvent(topic)).length;
    expect(delivered).toBeLessThan(600);
  });
});

describe('chat and drops', () => {
  it('acks chat: refused for visitors, passed to the handler for users', async () => {
    const { sock } = await connect();
    sock.send({ code: Frame.CHAT_SEND, data: { roomId: 'r1', text: '你好', clientId: 'c1' } });
    const ack = await sock.next(isCode(Frame.CHAT_ACK));
    expect(ack.code === Frame.CHAT_ACK && ack.data).toEqual({ clientId: 'c1', ok: false, msg: '请先登录' });
    const a = (await createTestUser(srv().base)).auth;
    const seen: Array<[number, string]> = [];
    srv().built.ctx.hub.onChat(async (userId, frame) => {
      seen.push([userId, frame.text]);
      return { ok: true, msg: '发送成功' };
    });
    // "Later sends add the token": the chat frame itself authenticates this socket.
    sock.send({ code: Frame.CHAT_SEND, accessToken: a.token, data: { roomId: 'r1', text: '进球了', clientId: 'c2' } });
    const ok = await sock.next((f) => f.code === Frame.CHAT_ACK && f.data.clientId === 'c2');
    expect(ok.code === Frame.CHAT_ACK && ok.data.ok).toBe(true);
    expect(seen).toEqual([[a.user.id, '进球了']]);
  });

  it('closes the sockets of a user who logs out', async () => {
    const a = (await createTestUser(srv().base)).auth;
    const { sock } = await connect({ token: a.token });
    sock.send({ code: Frame.AUTH, data: { accessToken: a.token } });
    await sock.next(isCode(Frame.AUTH_RESULT));
    const { sock: other } = await connect();
    const res = await call(srv().base, 'GET', '/main/user/logout', { token: a.token });
    expect(res.body.code).toBe(200);
    expect((await sock.closed).code).toBe(SocketClose.LOGGED_OUT);
    expect(other.ws.readyState).toBe(other.ws.OPEN);
  });

  it("closes the user's other sockets when the password changes, and keeps this device's", async () => {
    const user = await createTestUser(srv().base);
    const other = await loginByPassword(srv().base, user.phone, user.password);
    const here = await connect({ token: user.auth.token });
    const there = await connect({ token: other.token });
    for (const [{ sock }, token] of [
      [here, user.auth.token],
      [there, other.token],
    ] as const) {
      sock.send({ code: Frame.AUTH, data: { accessToken: token } });
      await sock.next(isCode(Frame.AUTH_RESULT));
    }
    const { iv, sealed } = await sealPasswords(srv().base, user.password, 'newGoal2027');
    const res = await call(srv().base, 'POST', embeddedUrl(UserPaths.updatePassword), {
      token: user.auth.token,
      form: { oldPassword: sealed[0], password: sealed[1], iv },
    });
    expect(res.body.code).toBe(200);
    expect((await there.sock.closed).code).toBe(SocketClose.LOGGED_OUT);
    await here.sock.settle(100);
    expect(here.sock.ws.readyState).toBe(here.sock.ws.OPEN);
  });

  it('drops every socket on POST /_dev/ws/drop', async () => {
    const socks = await Promise.all([connect(), connect(), connect()]);
    const res = await call<{ dropped: number }>(srv().base, 'POST', SystemPaths.devWsDrop);
    expect(res.body.code).toBe(200);
    expect(res.body.data.dropped).toBeGreaterThanOrEqual(3);
    for (const { sock } of socks) expect((await sock.closed).code).toBe(SocketClose.DROPPED);
    expect(srv().built.ctx.hub.connectionCount()).toBe(0);
    expect(await metric(srv().base, 'ws_connections')).toBe(0);
  });
});
