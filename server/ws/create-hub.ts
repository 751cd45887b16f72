/**
 * The socket hub: one WebSocket endpoint, topics with per-topic seq and a replay window, auth,
 * heartbeat and idle close, and bounded fan-out. Contract: ./README.md and workers/protocol/frames.ts.
 *
 * Fan-out cost: an event is serialized once per topic into a Buffer and the same Buffer is
 * written to every subscriber (ws does not copy it). Timers are per hub, not per socket: one
 * sweep closes idle sockets and recovers slow ones, one tick sends PING to everyone.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
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
  type ChatSendFrame,
  type ClientFrame,
  type InboxEvent,
  type ServerFrame,
  type SubscribeFrame,
  type Topic,
  type TopicEvent,
} from '../../workers/protocol/index';
import type { Metrics } from '../metrics';
import type { ChatHandler, Hub } from './hub';
import { TopicLog } from './topic-log';
import { createSocketTokens } from './socket-token';
import { rawSocketOf, textFrame } from './wire';

export interface HubDeps extends HubOptions {
  metrics: Metrics;
  now: () => number;
  /** Access token (header `accessToken` / auth frame) → user id, or null. */
  authenticate: (token: string) => Promise<number | null>;
}

/** Limits and timers; every one has a production default. */
export interface HubOptions {
  /** How long events stay replayable (default 5 minutes). */
  replayWindowMs?: number;
  /** At most this many events per topic stay replayable (default 1,000). */
  replayMaxEvents?: number;
  /** Send-buffer bound per socket; past it the socket stops getting events and owes snapshots. */
  maxBufferedBytes?: number;
  /** A socket that stays over its bound this long is closed (default 10 s). */
  slowDropMs?: number;
  idleTimeoutMs?: number;
  pingMs?: number;
  /** How often idle and slow sockets are checked (default 1 s). */
  sweepMs?: number;
  maxFrameBytes?: number;
  maxTopicsPerSocket?: number;
  /** Inbound frames per second per socket (heartbeats included); 3× this closes the socket. */
  maxMessagesPerSecond?: number;
  /** HMAC secret for connect tokens (default: random per process). */
  tokenSecret?: Buffer;
  tokenTtlMs?: number;
  serverId?: string;
  log?: (msg: string, err?: unknown) => void;
}

const UNAVAILABLE_CHAT_MSG = '聊天暂不可用';

interface TopicState {
  /** Map key: the wire topic, or `inbox#<userId>` for a user's inbox. */
  key: string;
  wire: Topic;
  seq: number;
  log: TopicLog;
  subs: Set<Conn>;
  /** Published this tick, not yet written: one write per socket carries them all. */
  pending: Buffer[];
}

interface Conn {
  ws: WebSocket;
  /** Where pre-built frames are written (see ./wire.ts); null → ws.send. */
  raw: Socket | null;
  visitorId: string;
  /** User the connect token was issued to; the auth frame may not switch to another user. */
  boundUserId: number | null;
  userId: number | null;
  topics: Map<string, TopicState>;
  lastInboundAt: number;
  rateWindowStart: number;
  rateCount: number;
  rateWarned: boolean;
  /** Topics whose events were skipped because the send buffer was full. */
  lagging: Set<TopicState> | null;
  laggingSince: number;
  queue: Promise<void>;
  closed: boolean;
}

export function createHub(deps: HubDeps): Hub {
  const { metrics, now } = deps;
  const replayWindowMs = deps.replayWindowMs ?? 5 * 60_000;
  const replayMaxEvents = deps.replayMaxEvents ?? 1_000;
  const maxBufferedBytes = deps.maxBufferedBytes ?? 1024 * 1024;
  const slowDropMs = deps.slowDropMs ?? 10_000;
  const idleTimeoutMs = deps.idleTimeoutMs ?? SERVER_IDLE_TIMEOUT_MS;
  const pingMs = deps.pingMs ?? SERVER_PING_MS;
  const sweepMs = deps.sweepMs ?? Math.min(1_000, Math.max(10, Math.floor(idleTimeoutMs / 4)));
  const maxFrameBytes = deps.maxFrameBytes ?? MAX_FRAME_BYTES;
  const maxTopics = deps.maxTopicsPerSocket ?? MAX_TOPICS_PER_SOCKET;
  const maxRate = deps.maxMessagesPerSecond ?? 20;
  const serverId = deps.serverId ?? crypto.randomUUID();
  const log = deps.log ?? ((msg: string, err?: unknown) => console.error(`[hub] ${msg}`, err ?? ''));
  const tokens = createSocketTokens(deps.tokenSecret, deps.tokenTtlMs);

  const conns = new Set<Conn>();
  const laggingConns = new Set<Conn>();
  const topics = new Map<string, TopicState>();
  let chatHandler: ChatHandler | null = null;
  let timers: NodeJS.Timeout[] = [];
  let closing = false;

  const encode = (frame: ServerFrame): Buffer => Buffer.from(JSON.stringify(frame));

  function topicState(key: string, wire: Topic): TopicState {
    let t = topics.get(key);
    if (!t) {
      t = { key, wire, seq: 0, log: new TopicLog(replayWindowMs, replayMaxEvents), subs: new Set(), pending: [] };
      topics.set(key, t);
    }
    return t;
  }

  /** Control frames (HELLO, acks, errors) go out even to a lagging socket: they are tiny. */
  function sendControl(c: Conn, frame: ServerFrame): void {
    if (c.closed) return;
    c.ws.send(encode(frame), { binary: false });
    metrics.wsMessagesSent.inc();
  }

  function sendError(c: Conn, reason: SocketReason, msg: string): void {
    sendControl(c, { code: Frame.ERROR, data: { reason, msg } });
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

  /** Forgets a socket everywhere (on close or before closing it). */
  function detach(c: Conn): void {
    if (c.closed) return;
    c.closed = true;
    for (const t of c.topics.values()) t.subs.delete(c);
    c.topics.clear();
    laggingConns.delete(c);
    conns.delete(c);
    metrics.wsConnections.set(conns.size);
  }

  function markLagging(c: Conn, t: TopicState): void {
    if (!c.lagging) {
      c.lagging = new Set();
      c.laggingSince = now();
      laggingConns.add(c);
      metrics.wsDropped.inc({ action: 'snapshot' });
    }
    c.lagging.add(t);
  }

  /** Bytes waiting to go out on this socket (ours and ws's). */
  const pending = (c: Conn): number => (c.raw ? c.raw.writableLength : c.ws.bufferedAmount);

  /** Writes serialized frames to every subscriber; the wire bytes are built once, not per socket. */
  function fanOut(subs: Iterable<Conn>, payloads: Buffer[], t: TopicState | null): void {
    let wire: Buffer | null = null;
    let sent = 0;
    for (const c of subs) {
      if (c.lagging) {
        if (t) c.lagging.add(t);
        continue;
      }
      if (c.ws.readyState !== 1) continue;
      if (pending(c) > maxBufferedBytes) {
        if (t) markLagging(c, t);
        continue;
      }
      if (c.raw) {
        wire ??= payloads.length === 1 ? textFrame(payloads[0]) : Buffer.concat(payloads.map(textFrame));
        c.raw.write(wire);
      } else {
        for (const p of payloads) c.ws.send(p, { binary: false });
      }
      sent += payloads.length;
    }
    if (sent) metrics.wsMessagesSent.inc(sent);
  }

  const dirty = new Set<TopicState>();
  let flushScheduled = false;

  function flushTopic(t: TopicState): void {
    if (!t.pending.length) return;
    const payloads = t.pending;
    t.pending = [];
    dirty.delete(t);
    fanOut(t.subs, payloads, t);
  }

  function flushAll(): void {
    flushScheduled = false;
    for (const t of [...dirty]) flushTopic(t);
  }

  /**
   * Events published in one tick (the feed advances many matches at once) leave together: a
   * socket gets one write for all of them instead of one syscall each.
   */
  function publishOn(t: TopicState, event: TopicEvent): number {
    t.seq++;
    const frame = encode({ code: Frame.EVENT, topic: t.wire, seq: t.seq, data: event });
    t.log.push({ seq: t.seq, at: now(), frame });
    t.pending.push(frame);
    dirty.add(t);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushAll);
    }
    return t.seq;
  }

  function setUser(c: Conn, userId: number | null): void {
    if (c.userId === userId) return;
    // The inbox follows the user: a new identity must not keep reading the old one's.
    for (const [key, t] of c.topics) {
      if (t.wire === 'inbox') {
        t.subs.delete(c);
        c.topics.delete(key);
      }
    }
    c.userId = userId;
  }

  async function authenticate(c: Conn, token: string): Promise<boolean> {
    let userId: number | null = null;
    try {
      userId = await deps.authenticate(token);
    } catch (err) {
      log('authenticate failed', err);
    }
    if (c.closed) return false;
    if (userId === null || (c.boundUserId !== null && c.boundUserId !== userId)) {
      setUser(c, null);
      sendControl(c, { code: Frame.AUTH_RESULT, data: { ok: false, userId: null, reason: SocketReason.AUTH_FAILED } });
      return false;
    }
    setUser(c, userId);
    sendControl(c, { code: Frame.AUTH_RESULT, data: { ok: true, userId } });
    return true;
  }

  function subscribeOne(c: Conn, t: TopicState, since: number | undefined, sameServer: boolean): void {
    // Events of this tick go to the old subscribers first; the new one's seq already counts them.
    flushTopic(t);
    t.subs.add(c);
    c.topics.set(t.key, t);
    c.lagging?.delete(t);
    if (since === undefined) {
      sendControl(c, { code: Frame.SUBSCRIBED, data: { topic: t.wire, seq: t.seq, replayed: 0 } });
      return;
    }
    const missed = sameServer ? t.log.after(since, t.seq, now()) : null;
    if (!missed) {
      sendControl(c, { code: Frame.SNAPSHOT_REQUIRED, data: { topic: t.wire, seq: t.seq } });
      return;
    }
    for (const m of missed) c.ws.send(m.frame, { binary: false });
    if (missed.length) metrics.wsMessagesSent.inc(missed.length);
    sendControl(c, { code: Frame.SUBSCRIBED, data: { topic: t.wire, seq: t.seq, replayed: missed.length } });
  }

  function handleSubscribe(c: Conn, data: SubscribeFrame['data']): void {
    const wanted = new Map<string, { t: TopicState; since: number | undefined }>();
    for (const item of data.topics) {
      const parsed = parseTopic(item.topic);
      if (!parsed) {
        sendError(c, SocketReason.UNKNOWN_TOPIC, `未知的订阅主题: ${item.topic}`);
        continue;
      }
      if (parsed.kind === 'inbox') {
        if (c.userId === null) {
          sendError(c, SocketReason.AUTH_REQUIRED, '请先登录');
          continue;
        }
        wanted.set(`inbox#${c.userId}`, { t: topicState(`inbox#${c.userId}`, 'inbox'), since: item.since });
      } else {
        const key = item.topic as Topic;
        wanted.set(key, { t: topicState(key, key), since: item.since });
      }
    }
    let added = 0;
    for (const key of wanted.keys()) if (!c.topics.has(key)) added++;
    if (c.topics.size + added > maxTopics) {
      sendError(c, SocketReason.TOO_MANY_TOPICS, `每个连接最多订阅 ${maxTopics} 个主题`);
      return;
    }
    const sameServer = data.serverId === serverId;
    for (const { t, since } of wanted.values()) subscribeOne(c, t, since, sameServer);
  }

  function handleUnsubscribe(c: Conn, list: string[]): void {
    for (const topic of list) {
      const key = topic === 'inbox' ? `inbox#${c.userId}` : topic;
      const t = c.topics.get(key);
      if (!t) continue;
      t.subs.delete(c);
      c.topics.delete(key);
      c.lagging?.delete(t);
    }
  }

  async function handleChat(c: Conn, data: ChatSendFrame['data']): Promise<void> {
    if (c.userId === null) {
      sendControl(c, { code: Frame.CHAT_ACK, data: { clientId: data.clientId, ok: false, msg: '请先登录' } });
      return;
    }
    if (!chatHandler) {
      sendControl(c, { code: Frame.CHAT_ACK, data: { clientId: data.clientId, ok: false, msg: UNAVAILABLE_CHAT_MSG } });
      return;
    }
    try {
      const res = await chatHandler(c.userId, data);
      sendControl(c, {
        code: Frame.CHAT_ACK,
        data: { clientId: data.clientId, ok: res.ok, msg: res.msg, message: res.message },
      });
    } catch (err) {
      log('chat handler failed', err);
      sendControl(c, {
        code: Frame.CHAT_ACK,
        data: { clientId: data.clientId, ok: false, msg: '发送失败，请稍后再试' },
      });
    }
  }

  async function handleFrame(c: Conn, frame: ClientFrame): Promise<void> {
    if (c.closed) return;
    if (frame.code === Frame.AUTH) {
      await authenticate(c, frame.data.accessToken);
      return;
    }
    // "Later sends add the token" (spec §4): a frame carrying a token authenticates a visitor socket.
    if (frame.accessToken && c.userId === null) await authenticate(c, frame.accessToken);
    if (c.closed) return;
    switch (frame.code) {
      case Frame.SUBSCRIBE:
        handleSubscribe(c, frame.data);
        return;
      case Frame.UNSUBSCRIBE:
        handleUnsubscribe(c, frame.data.topics);
        return;
      case Frame.CHAT_SEND:
        await handleChat(c, frame.data);
        return;
    }
  }

  /** Fixed one-second window; returns false when the frame must be dropped. */
  function withinRate(c: Conn, at: number): boolean {
    if (at - c.rateWindowStart >= 1_000) {
      c.rateWindowStart = at;
      c.rateCount = 0;
      c.rateWarned = false;
    }
    c.rateCount++;
    if (c.rateCount <= maxRate) return true;
    if (c.rateCount > maxRate * 3) {
      closeConn(c, SocketClose.RATE_LIMITED, 'rate limited');
      return false;
    }
    if (!c.rateWarned) {
      c.rateWarned = true;
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
    c.queue = c.queue.then(() => handleFrame(c, parsed.data)).catch((err) => log('frame failed', err));
  }

  function onConnect(ws: WebSocket, token: unknown): void {
    if (closing) {
      ws.close(SocketClose.DROPPED, 'server closing');
      return;
    }
    const claims = tokens.verify(token, now());
    if (!claims) {
      ws.close(SocketClose.BAD_TOKEN, 'bad token');
      return;
    }
    const at = now();
    const c: Conn = {
      ws,
      raw: rawSocketOf(ws),
      visitorId: claims.visitorId,
      boundUserId: claims.userId,
      userId: null,
      topics: new Map(),
      lastInboundAt: at,
      rateWindowStart: at,
      rateCount: 0,
      rateWarned: false,
      lagging: null,
      laggingSince: 0,
      queue: Promise.resolve(),
      closed: false,
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
    if (claims.group) {
      const group = claims.group;
      if (group !== 'inbox') subscribeOne(c, topicState(group, group), undefined, true);
    }
  }

  function sweep(): void {
    const at = now();
    for (const c of conns) {
      if (at - c.lastInboundAt > idleTimeoutMs) closeConn(c, SocketClose.IDLE, 'idle');
    }
    for (const c of laggingConns) {
      if (!c.lagging) {
        laggingConns.delete(c);
        continue;
      }
      if (pending(c) <= maxBufferedBytes / 2) {
        // Drained: the skipped events are not resent; the client re-fetches and continues from seq.
        const owed = c.lagging;
        c.lagging = null;
        laggingConns.delete(c);
        for (const t of owed) sendControl(c, { code: Frame.SNAPSHOT_REQUIRED, data: { topic: t.wire, seq: t.seq } });
      } else if (at - c.laggingSince > slowDropMs) {
        // A close handshake would queue behind the full buffer: cut the connection instead.
        metrics.wsDropped.inc({ action: 'drop' });
        detach(c);
        c.ws.terminate();
      }
    }
    for (const t of topics.values()) t.log.prune(at);
  }

  function ping(): void {
    if (conns.size) fanOut(conns, [encode({ code: Frame.PING, data: { at: now() } })], null);
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
        onConnect(socket, (req.query as Record<string, unknown> | undefined)?.token);
      });
    },
    publish(topic, event) {
      const parsed = parseTopic(topic);
      if (!parsed) throw new Error(`unknown topic ${topic}`);
      if (parsed.kind === 'inbox') throw new Error('publish to an inbox with publishToUser(userId, event)');
      return publishOn(topicState(topic, topic), event);
    },
    publishToUser(userId: number, event: InboxEvent) {
      return publishOn(topicState(`inbox#${userId}`, 'inbox'), event);
    },
    issueSocketToken(opts) {
      return tokens.issue(opts, now());
    },
    seq(topic) {
      return topics.get(topic)?.seq ?? 0;
    },
    onChat(handler) {
      chatHandler = handler;
    },
    dropAll() {
      const all = [...conns];
      for (const c of all) closeConn(c, SocketClose.DROPPED, 'dropped');
      return all.length;
    },
    dropUser(userId) {
      for (const c of [...conns]) {
        if (c.userId === userId || c.boundUserId === userId) closeConn(c, SocketClose.LOGGED_OUT, 'logged out');
      }
    },
    connectionCount() {
      return conns.size;
    },
    async close() {
      closing = true;
      for (const t of timers) clearInterval(t);
      timers = [];
      for (const c of [...conns]) closeConn(c, 1001, 'server closing');
    },
  };
}
