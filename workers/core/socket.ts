/**
 * The single WebSocket of the core (spec §4, §7, §8, §9): address call before every connect,
 * auth frame first when logged in, heartbeat '0' after HEARTBEAT_MS of outbound idleness,
 * a dead-man timer on inbound silence, reconnect on close/error as ./reconnect-policy.ts says,
 * at once on `online` and on `wake()`, and resume: the last seq per topic goes back with the
 * subscribe frame; the server replays or answers SNAPSHOT_REQUIRED.
 *
 * A factory over its dependencies so tests drive it with fake timers and a real `ws` server.
 */
import { CLIENT_DEAD_MS, MAX_TOPICS_PER_SOCKET, Frame, HEARTBEAT_MS, HEARTBEAT_TEXT } from '../protocol/codes';
import type { ChatSendFrame, ClientFrame, ServerFrame, TopicEvent } from '../protocol/frames';
import type { Topic } from '../protocol/topics';
import { trimResumePoints } from './resume-points';
import { createReconnectPolicy } from './reconnect-policy';
import type { ConnectionState } from './api';

/** The part of the WebSocket API the core uses (browser WebSocket and `ws` both fit). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code?: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}
export type SocketCtor = new (url: string) => SocketLike;

type Timer = ReturnType<typeof setTimeout>;

export interface SocketDeps {
  /** Builds the socket URL (address call of spec §7). Rejects on failure. */
  resolveUrl: () => Promise<string>;
  WebSocket: SocketCtor;
  /** The access token to send, or null for a visitor. */
  accessToken: () => string | null;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => Timer;
  clearTimeout?: (t: Timer) => void;
  /** 0..1; the reconnect jitter (./reconnect-policy.ts). */
  random?: () => number;
  log?: (msg: string, err?: unknown) => void;
  heartbeatMs?: number;
  reconnectMs?: number;
  deadMs?: number;
}

export interface SocketHandlers {
  onEvent?: (topic: Topic, seq: number, event: TopicEvent) => void;
  /** The gap could not be replayed: fetch the topic's snapshot over REST. */
  onSnapshotRequired?: (topic: Topic) => void;
  onChatAck?: (ack: Extract<ServerFrame, { code: typeof Frame.CHAT_ACK }>['data']) => void;
  onAuthResult?: (ok: boolean, userId: number | null) => void;
  onState?: (state: ConnectionState, attempts: number) => void;
  onError?: (reason: string, msg: string) => void;
}

export interface CoreSocket {
  readonly state: ConnectionState;
  /** Starts connecting (no-op when already running). */
  start(): void;
  /** Closes and stays closed until `start()`. */
  stop(): void;
  /** Closes and reconnects at once (e.g. a new token after login/logout). */
  restart(): void;
  watch(topics: Topic[]): void;
  unwatch(topics: Topic[]): void;
  watched(): Topic[];
  /** Sends a chat frame; false when the socket is not open (the caller keeps it in the outbox). */
  sendChat(data: ChatSendFrame['data']): boolean;
  /** The `online`/`offline` events: online reconnects at once. */
  setOnline(online: boolean): void;
  /** A tab became visible: reconnect now if the socket is dead. */
  wake(): void;
  lastSeq(topic: Topic): number | undefined;
  serverId(): string | null;
}

const OPEN = 1;

export function createSocket(deps: SocketDeps, handlers: SocketHandlers = {}): CoreSocket {
  const setT = deps.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearT = deps.clearTimeout ?? ((t: Timer) => clearTimeout(t));
  const random = deps.random ?? Math.random;
  const log = deps.log ?? ((msg: string, err?: unknown) => console.warn(`[core socket] ${msg}`, err ?? ''));
  const now = deps.now ?? Date.now;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const policy = createReconnectPolicy({ random, reconnectMs: deps.reconnectMs });
  const deadMs = deps.deadMs ?? CLIENT_DEAD_MS;

  let ws: SocketLike | null = null;
  let state: ConnectionState = 'idle';
  let running = false;
  let attempts = 0;
  let generation = 0;
  let heartbeatTimer: Timer | null = null;
  let deadTimer: Timer | null = null;
  let reconnectTimer: Timer | null = null;
  let serverId: string | null = null;
  const topics = new Set<Topic>();
  const seqs = new Map<Topic, number>();

  function setState(s: ConnectionState): void {
    if (s === state) return;
    state = s;
    handlers.onState?.(s, attempts);
  }

  function clearTimers(): void {
    for (const t of [heartbeatTimer, deadTimer, reconnectTimer]) if (t) clearT(t);
    heartbeatTimer = deadTimer = reconnectTimer = null;
  }

  /** Heartbeat: '0' once the socket has sent nothing for heartbeatMs. Incoming frames don't count. */
  function armHeartbeat(): void {
    if (heartbeatTimer) clearT(heartbeatTimer);
    heartbeatTimer = setT(() => {
      heartbeatTimer = null;
      if (ws && ws.readyState === OPEN) rawSend(HEARTBEAT_TEXT);
    }, heartbeatMs);
  }

  /**
   * Dead-man timer. Re-arming a timer per inbound frame would cost more than the frame itself at
   * high rates, so the timer is set once and, when it fires early, re-armed for what is left.
   */
  let lastInboundAt = 0;
  function armDeadMan(): void {
    if (deadTimer) clearT(deadTimer);
    deadTimer = setT(checkDead, deadMs);
  }
  function checkDead(): void {
    deadTimer = null;
    const quiet = now() - lastInboundAt;
    if (quiet < deadMs) {
      deadTimer = setT(checkDead, deadMs - quiet);
      return;
    }
    log(`nothing received for ${deadMs} ms, reconnecting`);
    dropAndReconnect(policy.afterSilence());
  }

  function rawSend(text: string): boolean {
    if (!ws || ws.readyState !== OPEN) return false;
    try {
      ws.send(text);
    } catch (err) {
      log('send failed', err);
      return false;
    }
    armHeartbeat();
    return true;
  }

  function sendFrame(frame: ClientFrame): boolean {
    return rawSend(JSON.stringify(frame));
  }

  function withToken<T extends object>(frame: T): T & { accessToken?: string } {
    const token = deps.accessToken();
    return token ? { ...frame, accessToken: token } : frame;
  }

  function subscribeFrames(list: Topic[]): void {
    for (let i = 0; i < list.length; i += MAX_TOPICS_PER_SOCKET) {
      const chunk = list.slice(i, i + MAX_TOPICS_PER_SOCKET).map((topic) => {
        const since = seqs.get(topic);
        return since === undefined ? { topic } : { topic, since };
      });
      const data: { serverId?: string; topics: typeof chunk } = { topics: chunk };
      if (serverId) data.serverId = serverId;
      sendFrame(withToken({ code: Frame.SUBSCRIBE, data }));
    }
  }

  function scheduleReconnect(delay: number): void {
    if (!running || reconnectTimer) return;
    setState(attempts > 0 || state === 'open' ? 'reconnecting' : 'connecting');
    reconnectTimer = setT(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  }

  function cancelReconnect(): void {
    if (reconnectTimer) clearT(reconnectTimer);
    reconnectTimer = null;
  }

  /** Forgets the current socket and closes it without hearing from it again. */
  function detach(...closeArgs: [code?: number, reason?: string]): void {
    const old = ws;
    ws = null;
    generation++;
    if (!old) return;
    old.onopen = old.onclose = old.onmessage = null;
    // Closing while still connecting reports an error on some implementations (ws): swallow it.
    old.onerror = () => undefined;
    try {
      old.close(...closeArgs);
    } catch {
      // already closed
    }
  }

  function dropAndReconnect(delay: number): void {
    detach();
    if (heartbeatTimer) clearT(heartbeatTimer);
    if (deadTimer) clearT(deadTimer);
    heartbeatTimer = deadTimer = null;
    if (!running) return;
    cancelReconnect();
    attempts++;
    scheduleReconnect(delay);
  }

  function retryInit(err: unknown): void {
    log('socket init failed; retrying', err);
    attempts++;
    scheduleReconnect(policy.afterInitFailure());
  }

  async function connect(): Promise<void> {
    if (!running || (ws && (ws.readyState === OPEN || ws.readyState === 0))) return;
    const gen = ++generation;
    setState(attempts > 0 ? 'reconnecting' : 'connecting');
    let url: string;
    try {
      url = await deps.resolveUrl();
    } catch (err) {
      if (gen === generation && running) retryInit(err);
      return;
    }
    if (gen !== generation || !running) return;
    let sock: SocketLike;
    try {
      sock = new deps.WebSocket(url);
    } catch (err) {
      retryInit(err);
      return;
    }
    ws = sock;
    sock.onopen = () => {
      if (ws !== sock) return;
      attempts = 0;
      lastInboundAt = now();
      setState('open');
      const token = deps.accessToken();
      // Spec §4: the auth frame is the first thing sent on open.
      if (token) sendFrame({ code: Frame.AUTH, data: { accessToken: token } });
      if (topics.size) subscribeFrames([...topics]);
      armHeartbeat();
      armDeadMan();
    };
    sock.onmessage = (ev) => {
      if (ws !== sock) return;
      lastInboundAt = now();
      if (typeof ev.data !== 'string') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(ev.data) as ServerFrame;
      } catch {
        return;
      }
      onFrame(frame);
    };
    const onDown = (why: string, code?: number) => {
      if (ws !== sock) return;
      log(`socket ${why}`);
      dropAndReconnect(policy.afterDrop(code));
    };
    sock.onclose = (ev) => onDown(`closed ${ev?.code ?? ''}`, ev?.code);
    sock.onerror = () => onDown('error');
  }

  function onFrame(frame: ServerFrame): void {
    switch (frame.code) {
      case Frame.EVENT: {
        const last = seqs.get(frame.topic);
        if (last !== undefined && frame.seq <= last) return; // replay overlap
        seqs.set(frame.topic, frame.seq);
        handlers.onEvent?.(frame.topic, frame.seq, frame.data);
        return;
      }
      case Frame.HELLO:
        serverId = frame.data.serverId;
        return;
      case Frame.SUBSCRIBED: {
        const last = seqs.get(frame.data.topic);
        if (last === undefined || last < frame.data.seq) seqs.set(frame.data.topic, frame.data.seq);
        return;
      }
      case Frame.SNAPSHOT_REQUIRED:
        seqs.set(frame.data.topic, frame.data.seq);
        handlers.onSnapshotRequired?.(frame.data.topic);
        return;
      case Frame.CHAT_ACK:
        handlers.onChatAck?.(frame.data);
        return;
      case Frame.AUTH_RESULT:
        handlers.onAuthResult?.(frame.data.ok, frame.data.userId);
        return;
      case Frame.ERROR:
        handlers.onError?.(frame.data.reason, frame.data.msg);
        return;
      default:
        return;
    }
  }

  return {
    get state() {
      return state;
    },
    start() {
      if (running) return;
      running = true;
      attempts = 0;
      void connect();
    },
    stop() {
      running = false;
      detach(1000, 'stop');
      clearTimers();
      setState('closed');
    },
    restart() {
      if (!running) return;
      running = false; // detach the old socket without scheduling a reconnect
      dropAndReconnect(0);
      running = true;
      attempts = 0;
      void connect();
    },
    watch(list) {
      const added = list.filter((t) => !topics.has(t));
      for (const t of added) topics.add(t);
      if (added.length && ws && ws.readyState === OPEN) subscribeFrames(added);
    },
    unwatch(list) {
      // The last seq stays (./resume-points.ts): watching the topic again resumes from it.
      const removed = list.filter((t) => topics.delete(t));
      trimResumePoints(seqs, topics);
      if (removed.length && ws && ws.readyState === OPEN) {
        sendFrame(withToken({ code: Frame.UNSUBSCRIBE, data: { topics: removed } }));
      }
    },
    watched() {
      return [...topics];
    },
    sendChat(data) {
      return sendFrame(withToken({ code: Frame.CHAT_SEND, data }));
    },
    setOnline(online) {
      if (online && running && state !== 'open') {
        cancelReconnect();
        void connect();
      }
    },
    wake() {
      if (running && state !== 'open' && !(ws && ws.readyState === 0)) {
        cancelReconnect();
        void connect();
      }
    },
    lastSeq(topic) {
      return seqs.get(topic);
    },
    serverId() {
      return serverId;
    },
  };
}
