/**
 * One socket's life in the hub, from connect to close: the connect token and admission (single
 * use, per-address cap), the connection object fan-out writes to, inbound frames (rate limit,
 * size, heartbeat, schema, in order per socket), control frames out, idle close. What a frame
 * does is ./frame-handlers.ts; topics and fan-out are ./create-hub.ts's.
 */
import type { RawData, WebSocket } from 'ws';
import {
  Frame,
  HEARTBEAT_MS,
  HEARTBEAT_TEXT,
  PROTOCOL_VERSION,
  SocketClose,
  SocketReason,
  clientFrameSchema,
  type ClientFrame,
  type ServerFrame,
} from '../../workers/protocol/index';
import { createRateLimiter } from '../limits/rate-limit';
import type { Metrics } from '../metrics';
import type { Conn } from './frame-handlers';
import type { SocketAdmission } from './socket-admission';
import type { SocketTokenClaims, SocketTokens } from './socket-token';
import type { TopicRef } from './fan-out';
import type { TopicState } from './topic-registry';
import { rawWriterOf, type RawWriter } from './wire';

/**
 * A connection. A class, not an object of closures per socket: fan-out calls `pending`, `isOpen`
 * and `write` for every socket of every event, and one prototype keeps those calls monomorphic.
 */
class SocketConn implements Conn {
  userId: number | null = null;
  accessToken: string | null = null;
  readonly topics = new Map<string, TopicState<Conn>>();
  queue: Promise<void> = Promise.resolve();
  closed = false;
  lagging: Set<TopicRef> | null = null;
  laggingSince = 0;

  constructor(
    readonly id: number,
    readonly ws: WebSocket,
    public visitorId: string,
    public boundUserId: number | null,
    public lastInboundAt: number,
    /** Where the raw socket is reachable the pre-built frame bytes go straight to its handle (./wire.ts). */
    private readonly raw: RawWriter | null,
  ) {}

  pending(): number {
    return this.raw !== null ? this.raw.pending() : this.ws.bufferedAmount;
  }

  isOpen(): boolean {
    return this.ws.readyState === 1;
  }

  write(payloads: Buffer[], wire: () => Buffer): void {
    if (this.raw !== null) this.raw.write(wire());
    else for (const p of payloads) this.ws.send(p, { binary: false });
  }
}

export interface ConnectionDeps {
  metrics: Metrics;
  now: () => number;
  log: (msg: string, err?: unknown) => void;
  tokens: SocketTokens;
  admission: SocketAdmission;
  serverId: string;
  idleTimeoutMs: number;
  maxFrameBytes: number;
  /** Inbound frames per second per socket; the dropped ones fill a second bucket, which closes it. */
  maxRate: number;
  /** The hub is closing (drain, shutdown): new sockets are told to move. */
  closing(): boolean;
  handleFrame(c: Conn, frame: ClientFrame): Promise<void>;
  /** The socket is being forgotten: out of its topics and fan-out's books. */
  onDetach(c: Conn): void;
}

export function createConnections(deps: ConnectionDeps) {
  const { metrics, now, log, admission } = deps;
  const conns = new Set<Conn>();
  /** The client address each socket holds a slot of. */
  const addressOf = new Map<Conn, string>();
  const inbound = createRateLimiter(deps.maxRate, 1_000 / deps.maxRate);
  const strikes = createRateLimiter(deps.maxRate * 2, 1_000 / deps.maxRate);
  const warnedAt = new Map<number, number>();
  let nextConnId = 1;

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
    deps.onDetach(c);
    inbound.forget(c.id);
    strikes.forget(c.id);
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
    if (buf.length > deps.maxFrameBytes) {
      sendError(c, SocketReason.FRAME_TOO_LARGE, `消息过大（上限 ${deps.maxFrameBytes} 字节）`);
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
    c.queue = c.queue.then(() => deps.handleFrame(c, parsed.data)).catch((err) => log('frame failed', err));
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

  function connect(ws: WebSocket, token: unknown, address: string): void {
    if (deps.closing()) {
      ws.close(SocketClose.MOVE, 'server closing');
      return;
    }
    const claims = deps.tokens.verify(token, now());
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
        if (ws.readyState !== 1 || deps.closing()) {
          admission.release(address);
          if (deps.closing()) ws.close(SocketClose.MOVE, 'server closing');
          return;
        }
        const c = open(ws, claims);
        addressOf.set(c, address);
        for (const [data, isBinary] of early) onMessage(c, data, isBinary);
      });
    });
  }

  function open(ws: WebSocket, claims: SocketTokenClaims): Conn {
    const c = new SocketConn(nextConnId++, ws, claims.visitorId, claims.userId, now(), rawWriterOf(ws));
    conns.add(c);
    metrics.wsConnections.set(conns.size);
    ws.on('message', (data, isBinary) => onMessage(c, data, isBinary));
    ws.on('close', () => detach(c));
    ws.on('error', () => detach(c));
    sendControl(c, {
      code: Frame.HELLO,
      data: {
        serverId: deps.serverId,
        version: PROTOCOL_VERSION,
        heartbeatMs: HEARTBEAT_MS,
        idleTimeoutMs: deps.idleTimeoutMs,
      },
    });
    // A group socket subscribes as if it had sent SUBSCRIBE: the same existence check and caps.
    if (claims.group && claims.group !== 'inbox') {
      const frame: ClientFrame = { code: Frame.SUBSCRIBE, data: { topics: [{ topic: claims.group }] } };
      c.queue = c.queue.then(() => deps.handleFrame(c, frame)).catch((err) => log('group subscribe failed', err));
    }
    return c;
  }

  /** Closes the sockets nothing arrived from for the idle timeout. */
  function closeIdle(at: number): void {
    for (const c of conns) {
      if (at - c.lastInboundAt > deps.idleTimeoutMs) closeConn(c, SocketClose.IDLE, 'idle');
    }
  }

  return { conns: conns as ReadonlySet<Conn>, encode, sendControl, sendError, detach, closeConn, connect, closeIdle };
}
