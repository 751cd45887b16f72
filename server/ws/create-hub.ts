/**
 * The socket hub: one WebSocket endpoint, auth, heartbeat and idle close, composed of parts that
 * each stand alone: ./connections.ts (a socket's life: admission, inbound frames, control frames,
 * idle close), ./fan-out.ts (bounded fan-out and backpressure, no sockets needed),
 * ./topic-registry.ts (topics that exist, their seq and replay window, freed when unused) and
 * ./frame-handlers.ts (what each client frame does). This file joins them: publication, the
 * per-tick flush of each topic, timers and the `Hub` API. Contract: ./README.md and
 * workers/protocol/frames.ts.
 *
 * Timers are per hub, not per socket: one sweep closes idle sockets, recovers slow ones and frees
 * unused topics; one tick sends PING to everyone.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
// Route option `websocket: true` and its handler type come from this plugin's augmentation.
import type {} from '@fastify/websocket';
import {
  Frame,
  MAX_FRAME_BYTES,
  MAX_TOPICS_PER_SOCKET,
  SERVER_IDLE_TIMEOUT_MS,
  SERVER_PING_MS,
  SocketClose,
  SystemPaths,
  parseTopic,
  type InboxEvent,
  type Topic,
  type TopicEvent,
} from '../../workers/protocol/index';
import { createRateLimiter } from '../limits/rate-limit';
import { createConnections } from './connections';
import { createFanOut } from './fan-out';
import { createFrameHandlers, type Conn } from './frame-handlers';
import type { ChatHandler, Hub } from './hub';
import { createSocketTokens } from './socket-token';
import { createLocalAdmission } from './socket-admission';
import { createTopicRegistry, type TopicState } from './topic-registry';
import { textFrame } from './wire';
import { attachBus } from './hub-bus';
import type { HubDeps } from './hub-options';

export type { HubDeps, HubOptions } from './hub-options';

export function createHub(deps: HubDeps): Hub {
  const { metrics, now } = deps;
  const idleTimeoutMs = deps.idleTimeoutMs ?? SERVER_IDLE_TIMEOUT_MS;
  const pingMs = deps.pingMs ?? SERVER_PING_MS;
  const sweepMs = deps.sweepMs ?? Math.min(1_000, Math.max(10, Math.floor(idleTimeoutMs / 4)));
  const maxTopics = deps.maxTopicsPerSocket ?? MAX_TOPICS_PER_SOCKET;
  const bus = deps.bus ?? null;
  // In a cluster every gateway answers resumes from the same stream, so they share one id.
  const serverId = bus?.clusterId ?? deps.serverId ?? crypto.randomUUID();
  const log = deps.log ?? ((msg: string, err?: unknown) => console.error(`[hub] ${msg}`, err ?? ''));
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
  const tokens = createSocketTokens(deps.tokenSecret, deps.tokenTtlMs);
  const topicCreations = createRateLimiter(maxTopics, deps.topicCreationRefillMs ?? 500);

  const connections = createConnections({
    metrics,
    now,
    log,
    tokens,
    admission: deps.admission ?? createLocalAdmission({ maxPerAddress: deps.maxSocketsPerAddress ?? 0, now }),
    serverId,
    idleTimeoutMs,
    maxFrameBytes: deps.maxFrameBytes ?? MAX_FRAME_BYTES,
    maxRate: deps.maxMessagesPerSecond ?? 20,
    closing: () => closing,
    handleFrame: (c, frame) => handlers.handleFrame(c, frame),
    onDetach(c) {
      for (const key of [...c.topics.keys()]) handlers.leave(c, key);
      fanOut.forget(c);
      topicCreations.forget(c.id);
    },
  });
  const { conns, encode, sendControl, sendError, detach, closeConn } = connections;

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
      connections.closeIdle(at);
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
        connections.connect(socket, (req.query as Record<string, unknown> | undefined)?.token, req.ip);
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
