/**
 * The kernel of the core: what every domain module shares and nothing domain-specific. It owns
 * the clock and timers (injected), the REST client (with the offline cache), the offline store,
 * the one socket, topic reference counts (the socket runs only while something is watched or a
 * user is logged in), the registry of shared streams, and the hooks modules register for what
 * the socket reports (snapshots after a gap, chat acks, open, inbound events).
 *
 * Modules (`workers/core/modules/*`) are factories taking the kernel; `createCore` composes them.
 */
import { BehaviorSubject, Observable, ReplaySubject, Subject, share } from 'rxjs';
import { Code } from '../protocol/codes';
import { SystemPaths } from '../protocol/api/system';
import { parseTopic, type ParsedTopic, type Topic } from '../protocol/topics';
import type { ApiFamily } from '../protocol/api/paths';
import type { Envelope } from '../protocol/envelope';
import type { TopicEvent } from '../protocol/frames';
import {
  EVENT_KINDS,
  streamKeyId,
  type ConnectionValue,
  type CoreMode,
  type ExceptionEvent,
  type NavigationEvent,
  type RestRequest,
  type StreamKey,
  type StreamKind,
  type StreamValues,
} from './api';
import type { ConversationState } from './conversation-wire';
import type { Lazy } from './lazy';
import { createRestClient, type FetchLike } from './rest';
import { createSocket, type CoreSocket, type SocketCtor, type SocketHandlers } from './socket';
import { createAddressBook, ownAddressOrigin, restAddressAsk } from './socket-address';
import type { OfflineStore } from './store';

type Timer = ReturnType<typeof setTimeout>;

/** The core's own timers (list recompute, alert delay, minute tick, chat fallback). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): Timer;
  clearTimeout(t: Timer): void;
  setInterval(fn: () => void, ms: number): Timer;
  clearInterval(t: Timer): void;
}

export interface CoreDeps {
  instanceId: string;
  mode: CoreMode;
  fetch: FetchLike;
  /** Where each API family is mounted (embedded default: `${origin}/main`, origin, origin). */
  baseUrl: (family: ApiFamily) => string;
  WebSocket: SocketCtor;
  store: OfflineStore;
  now?: () => number;
  /** Timers of the socket (tests inject a fake clock). */
  setTimeout?: (fn: () => void, ms: number) => Timer;
  clearTimeout?: (t: Timer) => void;
  /** Timers of the core's modules; separate from the socket's so a test can drive either alone. */
  timers?: Timers;
  random?: () => number;
  log?: (msg: string, err?: unknown) => void;
  /** Test hook: skip the address call and connect here. */
  resolveSocketUrl?: () => Promise<string>;
  online?: boolean;
  /** How often live rows re-derive their minute text (default 20 s). */
  minuteTickMs?: number;
}

/** What a module's stream emits: the tab's value, but a conversation travels in blocks (conversation-wire.ts). */
export type CoreStreamValues = Omit<StreamValues, 'conversation'> & { conversation: ConversationState };
/** A stream as a module builds it: a match row travels as `Lazy` (derived once per batch). */
export type StreamBuilder<K extends StreamKind> = (
  key: Extract<StreamKey, { kind: K }>,
) => Observable<CoreStreamValues[K] | Lazy<CoreStreamValues[K]>>;
/** Every stream kind has exactly one builder: a missing one fails the composition root's typecheck. */
export type StreamBuilders = { [K in StreamKind]: StreamBuilder<K> };

/**
 * How long a request waits for the stored session before it goes out as a visitor's. The store
 * answers in milliseconds; the bound only matters when IndexedDB hangs (then the core gives up
 * waiting once, not per request).
 */
export const SESSION_WAIT_MS = 3_000;

/** What the session module lends the kernel so REST and socket carry the right token. */
export interface AuthHooks {
  token(): string | null;
  /** Null once the session is known (stored token read, or none); until then, when it will be. */
  whenKnown(): Promise<void> | null;
  loggedIn(): boolean;
  /** A REST answer said the token is gone; `used` is the token that request carried. */
  onNoToken(used: string | null): void;
  /** The socket refused the auth frame. */
  onAuthRefused(): void;
}

export interface Kernel {
  readonly deps: CoreDeps;
  readonly instanceId: string;
  readonly startedAt: number;
  now(): number;
  readonly timers: Timers;
  log(msg: string, err?: unknown): void;
  readonly store: OfflineStore;
  /** The one REST client; `offline` requests keep their last good answer in the store. */
  request<T>(req: RestRequest): Promise<Envelope<T>>;
  cachedRequest<T>(req: RestRequest): Promise<Envelope<T> | null>;
  /** A POST answered with server-sent events (see `RestClient.stream`). */
  requestStream(req: RestRequest, onData: (data: string) => void): Promise<Envelope<null>>;
  readonly socket: CoreSocket;
  /** Counts a watcher of `topic`; the returned release is idempotent. */
  watchTopic(topic: Topic): () => void;
  /** Starts or stops the socket by what is watched and whether a user is logged in. */
  updateSocketRunning(): void;
  readonly connection$: BehaviorSubject<ConnectionValue>;
  readonly exceptions$: Subject<ExceptionEvent>;
  readonly navigation$: Subject<NavigationEvent>;
  exception(code: number, msg: string, path?: string): void;
  // --- registration --------------------------------------------------------------------------
  useAuth(hooks: AuthHooks): void;
  /** The one inbound router (an exhaustive switch, see `inbound.ts`). */
  useInbound(route: (topic: Topic, event: TopicEvent) => void): void;
  /** After a gap the socket cannot replay: each module re-fetches what it holds of the topic. */
  onSnapshot(fn: (topic: ParsedTopic) => Promise<void>): void;
  onSocketOpen(fn: () => void): void;
  onChatAck(fn: NonNullable<SocketHandlers['onChatAck']>): void;
  onDispose(fn: () => void): void;
  /** Installs the stream builders; `stream(key)` shares one source per key among all tabs. */
  serve(builders: StreamBuilders): void;
  stream(key: StreamKey): Observable<unknown>;
  /** Shared sources alive now (tests: evicted when the last tab lets go). */
  sharedStreamCount(): number;
  dispose(): void;
}

export function createKernel(deps: CoreDeps): Kernel {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((msg: string, err?: unknown) => console.warn(`[core] ${msg}`, err ?? ''));
  const timers: Timers = deps.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (t) => clearTimeout(t),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (t) => clearInterval(t),
  };
  const startedAt = now();
  let auth: AuthHooks = {
    token: () => null,
    whenKnown: () => null,
    loggedIn: () => false,
    onNoToken: () => {},
    onAuthRefused: () => {},
  };
  let inbound: (topic: Topic, event: TopicEvent) => void = () => {};
  const snapshotHooks: Array<(topic: ParsedTopic) => Promise<void>> = [];
  const openHooks: Array<() => void> = [];
  const ackHooks: Array<NonNullable<SocketHandlers['onChatAck']>> = [];
  const disposers: Array<() => void> = [];

  const connection$ = new BehaviorSubject<ConnectionValue>({
    state: 'idle',
    online: deps.online ?? true,
    since: startedAt,
    attempts: 0,
    mode: deps.mode,
    instanceId: deps.instanceId,
  });
  const exceptions$ = new Subject<ExceptionEvent>();
  const navigation$ = new Subject<NavigationEvent>();
  const exception = (code: number, msg: string, path = '') => exceptions$.next({ code, msg, path, at: now() });

  // --- REST --------------------------------------------------------------------------------
  // One shared, bounded wait for the session: every request (and the socket's address call, so
  // the socket's auth frame too) carries the token of a user whose session is still being read.
  let sessionWait: Promise<void> | null = null;
  let gaveUpOnSession = false;
  function sessionKnown(): Promise<void> | null {
    const known = gaveUpOnSession ? null : auth.whenKnown();
    if (!known) return null;
    sessionWait ??= new Promise<void>((resolve) => {
      const t = timers.setTimeout(() => {
        gaveUpOnSession = true;
        log(`session not known after ${SESSION_WAIT_MS} ms: requests go out without it`);
        resolve();
      }, SESSION_WAIT_MS);
      void known.then(() => {
        timers.clearTimeout(t);
        resolve();
      });
    }).finally(() => (sessionWait = null));
    return sessionWait;
  }
  const rest = createRestClient({
    fetch: deps.fetch,
    baseUrl: deps.baseUrl,
    accessToken: () => auth.token(),
    sessionKnown,
    onNoToken: (_path, used) => auth.onNoToken(used),
    onRedirectHome: (path) => navigation$.next({ kind: 'redirect-home', path }),
    onException: (code, msg, path) => exception(code, msg, path),
  });
  const cacheKey = (req: RestRequest) => {
    const isUser = req.path.startsWith('/user') || req.path.includes('/imapi');
    return `rest:${isUser ? 'user:' : ''}${req.method ?? 'GET'} ${rest.urlOf(req)}`;
  };
  async function request<T>(req: RestRequest): Promise<Envelope<T>> {
    const env = await rest.request<T>(req);
    if (env.code === Code.OK && req.offline) {
      await deps.store.set(cacheKey(req), env).catch((e: unknown) => log('offline store write failed', e));
    }
    return env;
  }

  // --- socket ------------------------------------------------------------------------------
  // The page's own server first ('' = the configured bases), then the gateways the last answer
  // named, each given ADDRESS_TIMEOUT_MS (./socket-address.ts). Only the last one asked reports a
  // network failure to the user.
  const addressBook = createAddressBook(restAddressAsk(rest), {
    onFailure: (origin, err) => log(`address call to ${origin} failed, asking the next`, err),
  });
  async function resolveUrl(): Promise<string> {
    if (deps.resolveSocketUrl) return deps.resolveSocketUrl();
    return socketUrlFrom(await addressBook.resolve([ownAddressOrigin(rest)]), SystemPaths.socket);
  }
  const socket = createSocket(
    {
      resolveUrl,
      WebSocket: deps.WebSocket,
      accessToken: () => auth.token(),
      now,
      setTimeout: deps.setTimeout,
      clearTimeout: deps.clearTimeout,
      random: deps.random,
      log,
    },
    {
      onEvent: (topic, _seq, event) => inbound(topic, event),
      onSnapshotRequired: (topic) => {
        const p = parseTopic(topic);
        if (p) for (const fn of snapshotHooks) void fn(p).catch((e: unknown) => log(`snapshot ${topic} failed`, e));
      },
      onChatAck: (ack) => {
        for (const fn of ackHooks) fn(ack);
      },
      onState: (state, attempts) => {
        connection$.next({ ...connection$.value, state, attempts, since: now() });
        if (state === 'open') for (const fn of openHooks) fn();
      },
      onAuthResult: (ok) => {
        if (!ok && auth.loggedIn()) auth.onAuthRefused();
      },
      onError: (reason, msg) => {
        if (reason !== 'rate_limited') log(`socket error ${reason}: ${msg}`);
      },
    },
  );

  const topicRefs = new Map<Topic, number>();
  function updateSocketRunning(): void {
    if (topicRefs.size > 0 || auth.loggedIn()) socket.start();
    else socket.stop();
  }
  function watchTopic(topic: Topic): () => void {
    const n = topicRefs.get(topic) ?? 0;
    topicRefs.set(topic, n + 1);
    if (n === 0) {
      socket.watch([topic]);
      updateSocketRunning();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (topicRefs.get(topic) ?? 1) - 1;
      if (left > 0) {
        topicRefs.set(topic, left);
        return;
      }
      topicRefs.delete(topic);
      socket.unwatch([topic]);
      updateSocketRunning();
    };
  }

  // --- stream registry ---------------------------------------------------------------------
  let builders: StreamBuilders | null = null;
  const shared = new Map<string, Observable<unknown>>();
  function build(key: StreamKey): Observable<unknown> {
    if (!builders) throw new Error('core streams requested before the modules were composed');
    // One indexed call per kind: the mapped type ties each kind to its builder.
    return (builders[key.kind] as (k: StreamKey) => Observable<unknown>)(key);
  }
  function stream(key: StreamKey): Observable<unknown> {
    const id = streamKeyId(key);
    const known = shared.get(id);
    if (known) return known;
    const base = build(key);
    // A match row is already a BehaviorSubject per match: sharing it again would add a second
    // subject on the hottest path (one emission per score event).
    const source =
      key.kind === 'match'
        ? base
        : EVENT_KINDS.has(key.kind)
          ? base.pipe(share({ resetOnRefCountZero: true }))
          : base.pipe(share({ connector: () => new ReplaySubject(1), resetOnRefCountZero: true }));
    let refs = 0;
    // The entry goes when the last subscriber (the last tab) lets go of the key.
    const counted = new Observable<unknown>((sub) => {
      refs++;
      const s = source.subscribe(sub);
      return () => {
        s.unsubscribe();
        if (--refs === 0 && shared.get(id) === counted) shared.delete(id);
      };
    });
    shared.set(id, counted);
    return counted;
  }

  return {
    deps,
    instanceId: deps.instanceId,
    startedAt,
    now,
    timers,
    log,
    store: deps.store,
    request,
    requestStream: (req, onData) => rest.stream(req, onData),
    cachedRequest: async <T>(req: RestRequest) => (await deps.store.get<Envelope<T>>(cacheKey(req))) ?? null,
    socket,
    watchTopic,
    updateSocketRunning,
    connection$,
    exceptions$,
    navigation$,
    exception,
    useAuth: (hooks) => void (auth = hooks),
    useInbound: (route) => void (inbound = route),
    onSnapshot: (fn) => void snapshotHooks.push(fn),
    onSocketOpen: (fn) => void openHooks.push(fn),
    onChatAck: (fn) => void ackHooks.push(fn),
    onDispose: (fn) => void disposers.push(fn),
    serve: (b) => void (builders = b),
    stream,
    sharedStreamCount: () => shared.size,
    dispose() {
      for (const fn of disposers) fn();
      socket.stop();
    },
  };
}

/** Socket URL from the address call's data (spec §7): protocol, host, port plus the token. */
function socketUrlFrom(
  addr: { token: string; lotteryAddress: Array<{ protocol: string; host: string; port: number }> },
  path: string,
): string {
  const a = addr.lotteryAddress[0];
  if (!a) throw new Error('no socket address');
  return `${a.protocol}://${a.host}:${a.port}${path}?token=${encodeURIComponent(addr.token)}`;
}
