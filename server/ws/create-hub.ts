/**
 * The socket hub: one WebSocket endpoint, auth, heartbeat and idle close, composed of three parts
 * that each stand alone: ./fan-out.ts (bounded fan-out and backpressure, no sockets needed),
 * ./topic-registry.ts (topics that exist, their seq and replay window, freed when unused) and
 * ./frame-handlers.ts (what each client frame does). Contract: ./README.md and
 * workers/protocol/frames.ts.
 *
 * Timers are per hub, not per socket: one sweep closes idle sockets, recovers slow ones and frees
 * unused topics; one tick sends PING to everyone.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
// Route option `websocket: true` and its handler type come from this plugin's augmentation.
import type {} from '@fastify/websocket';
import {
  Frame,
  HEARTBEAT_MS,
  HEARTBEAT_TEXT,
  MAX_FRAME_BYTES,
  MAX_TOPICS_PER_SOCKET,
  PROTOCOL_VERSION,
  SERVER_IDLE_TIMEOUT_MS,
  SERVER_PING_MS,
  SocketClose,
  SocketReason,
  SystemPaths,
  clientFrameSchema,
  parseTopic,
  type ClientFrame,
  type InboxEvent,
  type ServerFrame,
  type Topic,
  type TopicEvent,
} from '../../workers/protocol/index';
import { createRateLimiter } from '../limits/rate-limit';
import { createFanOut } from './fan-out';
import { createFrameHandlers, type Conn } from './frame-handlers';
import type { ChatHandler, Hub } from './hub';
import { createSocketTokens, type SocketTokenClaims } from './socket-token';
import { createLocalAdmission } from './socket-admission';
import { createTopicRegistry, type TopicState } from './topic-registry';
import { rawWriterOf, textFrame } from './wire';
import { attachBus } from './hub-bus';
import type { HubDeps } from './hub-options';

export type { HubDeps, HubOptions } from './hub-options';

export function createHub(deps: HubDeps): Hub {
  const { metrics, now } = deps;
  const idleTimeoutMs = deps.idleTimeoutMs ?? SERVER_IDLE_TIMEOUT_MS;
  const pingMs = deps.pingMs ?? SERVER_PING_MS;
  const sweepMs = deps.sweepMs ?? Math.min(1_000, Math.max(10, Math.floor(idleTimeoutMs / 4)));
  const maxFrameBytes = deps.maxFrameBytes ?? MAX_FRAME_BYTES;
  const maxTopics = deps.maxTopicsPerSocket ?? MAX_TOPICS_PER_SOCKET;
  const maxRate = deps.maxMessagesPerSecond ?? 20;
  const bus = deps.bus ?? null;
  // In a cluster every gateway answers resumes from the same stream, so they share one id.
  const serverId = bus?.clusterId ?? deps.serverId ?? crypto.randomUUID();
  const log = deps.log ?? ((msg: string, err?: unknown) => console.error(`[hub] ${msg}`, err ?? ''));
  const tokens = createSocketTokens(deps.tokenSecret, deps.tokenTtlMs);
  const admission = deps.admission ?? createLocalAdmission({ maxPerAddress: deps.maxSocketsPerAddress ?? 0, now });
  /** The client address each socket holds a slot of. */
  const addressOf = new Map<Conn, string>();

  const conns = new Set<Conn>();
  let nextConnId = 1;
  let chatHandler: ChatHandler | null = null;
  let timers: NodeJS.Timeout[] = [];
  let closing = false;

  const registry = createTopicRegistry<Conn>({
    replayWindowMs: deps.replayWindowMs ?? 5 * 60_000,
    replayMaxEvents: deps.replayMaxEvents ?? 1_000,
    now,
    catalog: deps.catalog ?? null,
    // In a cluster the replay window lives in the stream: a topic nobody here reads is let go.
    keepsReplayWindow: !bus,
    onFree: (t) => bus?.leave(t.key),
  });
  // Inbound frames: `maxRate` a second; the dropped ones fill a second bucket, which closes the socket.
  const inbound = createRateLimiter(maxRate, 1_000 / maxRate);
  const strikes = createRateLimiter(maxRate * 2, 1_000 / maxRate);
  const topicCreations = createRateLimiter(maxTopics, deps.topicCreationRefillMs ?? 500);
  const warnedAt = new Map<number, number>();

  const encode = (frame: ServerFrame): Buffer => Buffer.from(JSON.stringify(frame));

  /** Control frames (HELLO, acks, errors) go out even to a lagging socket: they are tiny. */
  function sendControl(c: Conn, frame: ServerFrame): void {
    if (c.closed) return;
    c.ws.send(encode(frame), { binary: false });
    metrics.wsMessagesSent.inc();
  }

  function sendError(c: Conn, reason: SocketReason, msg: string): void {
    sendControl(c, { code: Frame.ERROR, data: { reason, msg } });
  }

  /** Forgets a socket everywhere (on close or before closing it); frees topics nobody reads. */
  function detach(c: Conn): void {
    if (c.closed) return;
    c.closed = true;
    for (const key of [...c.topics.keys()]) handlers.leave(c, key);
    fanOut.forget(c);
    for (const l of [inbound, strikes, topicCreations]) l.forget(c.id);
    warnedAt.delete(c.id);
    const address = addressOf.get(c);
    if (address !== undefined) {
      addressOf.delete(c);
      admission.release(address);
    }
    conns.delete(c);
    metrics.wsConnections.set(conns.size);
  }

  function closeConn(c: Conn, code: number, reason: string): void {
    if (c.closed) return;
    detach(c);
    try {
      c.ws.close(code, reason);
    } catch {
      c.ws.terminate();
    }
  }

  const fanOut = createFanOut<Conn>({
    maxBufferedBytes: deps.maxBufferedBytes ?? 1024 * 1024,
    slowDropMs: deps.slowDropMs ?? 10_000,
    now,
    onSent: (n) => metrics.wsMessagesSent.inc(n),
    onLagging: () => metrics.wsDropped.inc({ action: 'snapshot' }),
    snapshotRequired: (c, t) => sendControl(c, { code: Frame.SNAPSHOT_REQUIRED, data: { topic: t.wire, seq: t.seq } }),
    cut(c) {
      // A close handshake would queue behind the full buffer: cut the connection instead.
      metrics.wsDropped.inc({ action: 'drop' });
      detach(c);
      c.ws.terminate();
    },
  });

  const dirty = new Set<TopicState<Conn>>();
  let flushScheduled = false;

  function flushTopic(t: TopicState<Conn>): void {
    if (!t.pending.length) return;
    const payloads = t.pending;
    t.pending = [];
    dirty.delete(t);
    fanOut.deliver(t.subs, payloads, t, () =>
      payloads.length === 1 ? textFrame(payloads[0]) : Buffer.concat(payloads.map(textFrame)),
    );
    registry.release(t);
  }

  function flushAll(): void {
    flushScheduled = false;
    for (const t of [...dirty]) flushTopic(t);
  }

  /**
   * Events published in one tick (the feed advances many matches at once) leave together: a
   * socket gets one write for all of them instead of one syscall each.
   */
  function publishOn(key: string, wire: Topic, event: TopicEvent): number {
    if (bus) {
      bus.publish(key, wire, event);
      return bus.lastSeq(key);
    }
    const t = registry.ensure(key, wire);
    const seq = t.seq + 1;
    enqueue(t, seq, now(), encode({ code: Frame.EVENT, topic: t.wire, seq, data: event }));
    return seq;
  }

  /** A frame with its seq: into the replay window and out with this tick's fan-out. */
  function enqueue(t: TopicState<Conn>, seq: number, at: number, frame: Buffer): void {
    t.seq = seq;
    t.log.push({ seq, at, frame });
    t.pending.push(frame);
    dirty.add(t);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushAll);
    }
  }

  const joinTopic = bus ? attachBus(bus, registry, enqueue, flushTopic, sendControl) : null;

  const handlers = createFrameHandlers({
    registry,
    fanOut,
    topicCreations,
    maxTopics,
    serverId,
    now,
    authenticate: deps.authenticate,
    chatHandler: () => chatHandler,
    sendControl,
    sendError,
    sendReplay(c, frames) {
      if (c.closed || !frames.length) return;
      // One write for the whole gap (a dead gateway's clients each resume with up to a window of
      // frames; a send per frame was a syscall per frame on the gateway taking them all).
      c.write(frames, () => Buffer.concat(frames.map(textFrame)));
      metrics.wsMessagesSent.inc(frames.length);
    },
    flushTopic,
    joinTopic,
    log,
  });

  /** Token bucket per socket; returns false when the frame must be dropped. */
  function withinRate(c: Conn, at: number): boolean {
    if (inbound.take(c.id, at)) return true;
    if (!strikes.take(c.id, at)) {
      closeConn(c, SocketClose.RATE_LIMITED, 'rate limited');
      return false;
    }
    if (at - (warnedAt.get(c.id) ?? -Infinity) >= 1_000) {
      warnedAt.set(c.id, at);
      sendError(c, SocketReason.RATE_LIMITED, '消息发送太频繁，请稍后再试');
    }
    return false;
  }

  function onMessage(c: Conn, data: RawData, isBinary: boolean): void {
    if (c.closed) return;
    const at = now();
    c.lastInboundAt = at;
    metrics.wsMessagesReceived.inc();
    if (!withinRate(c, at)) return;
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (buf.length > maxFrameBytes) {
      sendError(c, SocketReason.FRAME_TOO_LARGE, `消息过大（上限 ${maxFrameBytes} 字节）`);
      return;
    }
    const text = buf.toString('utf8');
    if (!isBinary && text === HEARTBEAT_TEXT) {
      metrics.wsHeartbeats.inc();
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      sendError(c, SocketReason.BAD_FRAME, '消息格式不正确');
      return;
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      sendError(c, SocketReason.BAD_FRAME, '消息格式不正确');
      return;
    }
    // Frames of one socket are handled in order even when one of them waits for the database.
    c.queue = c.queue.then(() => handlers.handleFrame(c, parsed.data)).catch((err) => log('frame failed', err));
  }

  /** Answers `v` now when it is a value (one process), else when it settles (a cluster asks NATS). */
  function whenKnown<T>(v: T | Promise<T>, fallback: T, use: (x: T) => void): void {
    if (!(v instanceof Promise)) return use(v);
    v.then(use, (err: unknown) => {
      // The shared state is out of reach (NATS down: the bus is too): admit rather than shut
      // every client out; the local checks still ran.
      log('socket admission failed, admitting', err);
      use(fallback);
    });
  }

  function onConnect(ws: WebSocket, token: unknown, address: string): void {
    if (closing) {
      ws.close(SocketClose.MOVE, 'server closing');
      return;
    }
    const claims = tokens.verify(token, now());
    if (!claims) {
      ws.close(SocketClose.BAD_TOKEN, 'bad token');
      return;
    }
    // Frames sent while admission is decided are kept, then handled in order once it is.
    const early: Array<[RawData, boolean]> = [];
    const keep = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
    ws.on('message', keep);
    whenKnown(admission.claimToken(claims.visitorId, claims.expiresAt), true, (fresh) => {
      if (!fresh) {
        ws.off('message', keep);
        ws.close(SocketClose.BAD_TOKEN, 'token used');
        return;
      }
      whenKnown(admission.acquire(address), true, (admitted) => {
        ws.off('message', keep);
        if (!admitted) {
          ws.close(SocketClose.TOO_MANY_SOCKETS, 'too many sockets');
          return;
        }
        if (ws.readyState !== 1 || closing) {
          admission.release(address);
          if (closing) ws.close(SocketClose.MOVE, 'server closing');
          return;
        }
        const c = open(ws, claims);
        addressOf.set(c, address);
        for (const [data, isBinary] of early) onMessage(c, data, isBinary);
      });
    });
  }

  function open(ws: WebSocket, claims: SocketTokenClaims): Conn {
    const raw = rawWriterOf(ws);
    const c: Conn = {
      id: nextConnId++,
      ws,
      visitorId: claims.visitorId,
      boundUserId: claims.userId,
      userId: null,
      accessToken: null,
      topics: new Map(),
      lastInboundAt: now(),
      queue: Promise.resolve(),
      closed: false,
      lagging: null,
      laggingSince: 0,
      pending: () => (raw ? raw.pending() : ws.bufferedAmount),
      isOpen: () => ws.readyState === 1,
      write(payloads, wire) {
        // Where the raw socket is reachable the pre-built frame bytes go straight to its handle (./wire.ts).
        if (raw) raw.write(wire());
        else for (const p of payloads) ws.send(p, { binary: false });
      },
    };
    conns.add(c);
    metrics.wsConnections.set(conns.size);
    ws.on('message', (data, isBinary) => onMessage(c, data, isBinary));
    ws.on('close', () => detach(c));
    ws.on('error', () => detach(c));
    sendControl(c, {
      code: Frame.HELLO,
      data: { serverId, version: PROTOCOL_VERSION, heartbeatMs: HEARTBEAT_MS, idleTimeoutMs },
    });
    // A group socket subscribes as if it had sent SUBSCRIBE: the same existence check and caps.
    if (claims.group && claims.group !== 'inbox') {
      const frame: ClientFrame = { code: Frame.SUBSCRIBE, data: { topics: [{ topic: claims.group }] } };
      c.queue = c.queue.then(() => handlers.handleFrame(c, frame)).catch((err) => log('group subscribe failed', err));
    }
    return c;
  }

  let lastSweepAt = now();
  function sweep(): void {
    const at = now();
    // A sweep that runs late follows a stalled event loop (a gateway taking a dead one's clients
    // back, a starved process): the heartbeats that arrived meanwhile are still unread in the
    // sockets, and timers run before reads. Idle closes wait for the next sweep, after the reads;
    // closing here cut a gateway's own beating clients and added them to the herd.
    const late = at - lastSweepAt > sweepMs * 2;
    lastSweepAt = at;
    if (!late) {
      for (const c of conns) {
        if (at - c.lastInboundAt > idleTimeoutMs) closeConn(c, SocketClose.IDLE, 'idle');
      }
    }
    fanOut.sweep();
    registry.sweep(at);
  }

  function ping(): void {
    if (!conns.size) return;
    const frame = encode({ code: Frame.PING, data: { at: now() } });
    fanOut.deliver(conns, [frame], null, () => textFrame(frame));
  }

  function startTimers(): void {
    if (timers.length) return;
    const sweepTimer = setInterval(sweep, sweepMs);
    const pingTimer = setInterval(ping, pingMs);
    sweepTimer.unref();
    pingTimer.unref();
    timers = [sweepTimer, pingTimer];
  }

  return {
    serverId,
    register(app: FastifyInstance) {
      startTimers();
      app.get(SystemPaths.socket, { websocket: true }, (socket, req) => {
        onConnect(socket, (req.query as Record<string, unknown> | undefined)?.token, req.ip);
      });
    },
    publish(topic, event) {
      const parsed = parseTopic(topic);
      if (!parsed) throw new Error(`unknown topic ${topic}`);
      if (parsed.kind === 'inbox') throw new Error('publish to an inbox with publishToUser(userId, event)');
      return publishOn(topic, topic, event);
    },
    async publishStored(topic, event, rowId, resend) {
      const parsed = parseTopic(topic);
      if (!parsed || parsed.kind === 'inbox') throw new Error(`cannot publish a stored row on ${topic}`);
      if (!bus) {
        if (!resend) publishOn(topic, topic, event);
        return true;
      }
      bus.publish(topic, topic, event, rowId);
      return bus.stored(topic);
    },
    publishToUser(userId: number, event: InboxEvent) {
      return publishOn(`inbox#${userId}`, 'inbox', event);
    },
    issueSocketToken(opts) {
      return tokens.issue(opts, now());
    },
    async seq(topic) {
      const held = registry.get(topic);
      if (held && (!bus || held.subs.size)) return held.seq;
      return bus ? bus.storedSeq(topic) : 0;
    },
    onChat(handler) {
      chatHandler = handler;
    },
    dropAll() {
      const all = [...conns];
      for (const c of all) closeConn(c, SocketClose.DROPPED, 'dropped');
      return all.length;
    },
    dropUser(userId, opts) {
      for (const c of [...conns]) {
        if (c.userId !== userId && c.boundUserId !== userId) continue;
        // The device that changed its password keeps its socket (it keeps its session too).
        if (opts?.keepToken !== undefined && c.accessToken === opts.keepToken) continue;
        closeConn(c, SocketClose.LOGGED_OUT, 'logged out');
      }
    },
    drain() {
      closing = true;
      const all = [...conns];
      for (const c of all) closeConn(c, SocketClose.MOVE, 'move');
      return all.length;
    },
    connectionCount() {
      return conns.size;
    },
    subscriberCount(topic) {
      return registry.get(topic)?.subs.size ?? 0;
    },
    subscriberCounts(prefix) {
      const out: Record<string, number> = {};
      for (const t of registry.values()) if (t.subs.size && t.key.startsWith(prefix)) out[t.key] = t.subs.size;
      return out;
    },
    topicCount() {
      return registry.size();
    },
    async close() {
      closing = true;
      for (const t of timers) clearInterval(t);
      timers = [];
      for (const c of [...conns]) closeConn(c, 1001, 'server closing');
    },
  };
}
