/**
 * The core's socket against a real `ws` server on an ephemeral port, with an injected fake clock:
 * auth first, heartbeat timing, reconnect timing, dead-man, init failure, online.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  Frame,
  HEARTBEAT_MS,
  RECONNECT_MS,
  RECONNECT_JITTER_MS,
  CLIENT_DEAD_MS,
  SocketClose,
} from '../../../workers/protocol/index';
import { createSocket, type CoreSocket, type SocketCtor } from '../../../workers/core/socket';
import { FakeClock, sleep, waitFor } from '../helpers/fake-clock';
import { FrameServer } from '../helpers/frame-server';

/** A frame as the test server received it (read field by field). */
type SentFrame = { code: number; accessToken?: string; data: { topics?: unknown; accessToken?: string } };

let clock: FakeClock;
let server: FrameServer;
let sock: CoreSocket | null;
let logs: string[];

function make(opts: { token?: string | null; random?: () => number; resolveUrl?: () => Promise<string> } = {}) {
  sock = createSocket({
    resolveUrl: opts.resolveUrl ?? (async () => server.url),
    WebSocket: WebSocket as unknown as SocketCtor,
    accessToken: () => opts.token ?? null,
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    random: opts.random ?? (() => 0),
    log: (m) => logs.push(m),
  });
  return sock;
}

const heartbeats = (conn = 0) => server.framesOf(conn).filter((t) => t === '0').length;

beforeEach(async () => {
  clock = new FakeClock();
  server = await FrameServer.start(clock.now);
  logs = [];
  sock = null;
});
afterEach(async () => {
  sock?.stop();
  await server.close();
});

describe('on open', () => {
  it('sends the auth frame first when logged in, then subscribes with the token', async () => {
    const s = make({ token: 'tok-123' });
    s.watch(['football', 'match:7']);
    s.start();
    await waitFor(() => server.received.length >= 2, 3000, 'two frames');
    const [first, second] = server.framesOf(0).map((t) => JSON.parse(t) as SentFrame);
    expect(first).toEqual({ code: Frame.AUTH, data: { accessToken: 'tok-123' } });
    expect(second.code).toBe(Frame.SUBSCRIBE);
    expect(second.accessToken).toBe('tok-123');
    expect(second.data.topics).toEqual([{ topic: 'football' }, { topic: 'match:7' }]);
  });

  it('sends no auth frame for a visitor', async () => {
    const s = make({ token: null });
    s.watch(['football']);
    s.start();
    await waitFor(() => server.received.length >= 1);
    const first = JSON.parse(server.framesOf(0)[0]) as SentFrame;
    expect(first.code).toBe(Frame.SUBSCRIBE);
    expect(first.accessToken).toBeUndefined();
  });
});

describe('heartbeat', () => {
  it("sends '0' at exactly 10 s of outbound idleness and not before; inbound frames don't reset it", async () => {
    const s = make();
    s.start();
    await waitFor(() => s.state === 'open');
    clock.advance(5_000);
    server.conns[0].send(JSON.stringify({ code: Frame.PING, data: { at: 1 } }));
    await sleep(30);
    clock.advance(HEARTBEAT_MS - 5_000 - 1);
    await sleep(50);
    expect(heartbeats()).toBe(0);
    clock.advance(1);
    await waitFor(() => heartbeats() === 1, 2000, 'heartbeat');
    // And again 10 s after the heartbeat itself (it is outbound traffic).
    clock.advance(HEARTBEAT_MS - 1);
    await sleep(50);
    expect(heartbeats()).toBe(1);
    clock.advance(1);
    await waitFor(() => heartbeats() === 2, 2000, 'second heartbeat');
  });

  it('outbound frames push the heartbeat back', async () => {
    const s = make();
    s.start();
    await waitFor(() => s.state === 'open');
    const openedAt = clock.now();
    clock.advance(4_000);
    s.watch(['basketball']); // a SUBSCRIBE goes out at +4 s
    await waitFor(() => server.received.length === 1);
    clock.advance(HEARTBEAT_MS - 1); // +13.999 s: 10 s since open passed, but not since the send
    await sleep(50);
    expect(heartbeats()).toBe(0);
    clock.advance(1);
    await waitFor(() => heartbeats() === 1);
    expect(server.received.find((r) => r.text === '0')!.at - openedAt).toBe(4_000 + HEARTBEAT_MS);
  });
});

describe('reconnect', () => {
  it('reconnects 5 s after a close, not before, and resubscribes', async () => {
    const s = make();
    s.watch(['football']);
    s.start();
    await waitFor(() => server.received.length === 1);
    server.conns[0].close();
    await waitFor(() => s.state === 'reconnecting', 3000, 'reconnecting');
    clock.advance(RECONNECT_MS - 1);
    await sleep(80);
    expect(server.conns.length).toBe(1);
    clock.advance(1);
    await waitFor(() => server.conns.length === 2 && s.state === 'open', 3000, 'second connection');
    await waitFor(() => server.framesOf(1).length === 1);
    expect(JSON.parse(server.framesOf(1)[0]).data.topics[0].topic).toBe('football');
  });

  it('moves at once (within 250 ms) when the server announces the close: drain 4011 and shutdown 1001', async () => {
    const s = make({ random: () => 0.99 });
    s.watch(['football']);
    s.start();
    await waitFor(() => server.received.length === 1);
    server.conns[0].close(SocketClose.MOVE, 'move');
    await waitFor(() => s.state === 'reconnecting', 3000, 'reconnecting');
    clock.advance(250);
    await waitFor(() => server.conns.length === 2 && s.state === 'open', 3000, 'moved after 4011');
    server.conns[1].close(1001, 'going away');
    await waitFor(() => s.state === 'reconnecting', 3000, 'reconnecting');
    clock.advance(250);
    await waitFor(() => server.conns.length === 3 && s.state === 'open', 3000, 'moved after 1001');
    // An unannounced close still waits the spec's 5 s.
    server.conns[2].close(4002, 'dropped');
    await waitFor(() => s.state === 'reconnecting', 3000, 'reconnecting');
    clock.advance(1_000);
    await sleep(80);
    expect(server.conns.length).toBe(3);
  });

  it('a topic watched again after an unwatch resumes from its last seq (offline sport switch)', async () => {
    const s = make();
    s.watch(['football']);
    s.start();
    await waitFor(() => server.received.length === 1);
    server.conns[0].send(
      JSON.stringify({ code: Frame.EVENT, topic: 'football', seq: 41, data: { kind: 'live', matchId: 1 } }),
    );
    await waitFor(() => s.lastSeq('football') === 41, 3000, 'seq 41');
    server.conns[0].close();
    await waitFor(() => s.state === 'reconnecting', 3000, 'reconnecting');
    // While the socket is down the tab switches 足球 → 篮球 → 足球.
    s.unwatch(['football']);
    s.watch(['basketball']);
    s.unwatch(['basketball']);
    s.watch(['football']);
    clock.advance(RECONNECT_MS);
    await waitFor(() => server.conns.length === 2 && server.framesOf(1).length >= 1, 3000, 'resubscribe');
    const sub = JSON.parse(server.framesOf(1)[0]) as { data: { topics: Array<{ topic: string; since?: number }> } };
    expect(sub.data.topics).toEqual([{ topic: 'football', since: 41 }]);
  });

  it('adds at most RECONNECT_JITTER_MS (0.5 s) of jitter', async () => {
    const s = make({ random: () => 0.999 });
    s.start();
    await waitFor(() => s.state === 'open');
    server.conns[0].close();
    await waitFor(() => s.state === 'reconnecting');
    expect(RECONNECT_JITTER_MS).toBe(500);
    clock.advance(RECONNECT_MS + RECONNECT_JITTER_MS - 2);
    await sleep(80);
    expect(server.conns.length).toBe(1);
    clock.advance(1);
    await waitFor(() => server.conns.length === 2, 3000, 'jittered reconnect');
  });

  it('reconnects when nothing arrives for CLIENT_DEAD_MS', async () => {
    const s = make();
    s.start();
    await waitFor(() => s.state === 'open');
    // Heartbeats keep going out, but the server is silent.
    clock.advance(CLIENT_DEAD_MS - 1);
    await sleep(50);
    expect(server.conns.length).toBe(1);
    clock.advance(1);
    await waitFor(() => server.conns.length === 2, 3000, 'dead-man reconnect');
    expect(logs.some((l) => l.includes('nothing received'))).toBe(true);
  });

  it('logs an init failure and retries after 5 s', async () => {
    let fail = true;
    const s = make({
      resolveUrl: async () => {
        if (fail) throw new Error('address call failed');
        return server.url;
      },
    });
    s.start();
    await waitFor(() => logs.some((l) => l.includes('init failed')), 2000, 'init failure log');
    fail = false;
    clock.advance(RECONNECT_MS - 1);
    await sleep(50);
    expect(server.conns.length).toBe(0);
    clock.advance(1);
    await waitFor(() => s.state === 'open', 3000, 'open after retry');
  });

  it('reconnects at once on `online` and on wake', async () => {
    const s = make();
    s.start();
    await waitFor(() => s.state === 'open');
    server.conns[0].close();
    await waitFor(() => s.state === 'reconnecting');
    s.setOnline(true);
    await waitFor(() => server.conns.length === 2 && s.state === 'open', 3000, 'online reconnect');
    server.conns[1].close();
    await waitFor(() => s.state === 'reconnecting');
    s.wake();
    await waitFor(() => server.conns.length === 3 && s.state === 'open', 3000, 'wake reconnect');
  });

  it('stays closed after stop', async () => {
    const s = make();
    s.start();
    await waitFor(() => s.state === 'open');
    s.stop();
    clock.advance(60_000);
    await sleep(80);
    expect(server.conns.length).toBe(1);
    expect(server.openCount()).toBe(0);
  });
});
