/**
 * The one client of the core. Implements `CoreApi` over a host (SharedWorker, leader relay or
 * in-tab), keeps the tab's subscriptions so a restarted core gets them back, and never lets a call
 * hang: every call times out with a clear error.
 */
import * as Comlink from 'comlink';
import type { Endpoint } from 'comlink';
import {
  CORE_TIMEOUT_MSG,
  type ActionResult,
  type ChatTarget,
  type CoreApi,
  type CoreMode,
  type LiveSettings,
  type LoginForm,
  type OddsRowView,
  type RegisterForm,
  type RestRequest,
  type SessionValue,
  type StreamKey,
  type StreamValue,
} from '../../workers/core/api';
import {
  HELLO_RETRY_MS,
  PING_EVERY_MS,
  PING_TIMEOUT_MS,
  RPC_TIMEOUT_MS,
  type CorePortApi,
  type DeliveryBatch,
  type HelloAnswer,
  type RpcArgs,
  type RpcMethod,
  type RpcResult,
  type TabSink,
} from '../../workers/core/port-api';
import { applyPatch, type ConversationPatch, type SentBlocks } from '../../workers/core/conversation-wire';
import { applyListPatch, type ConversationListPatch, type SentItems } from '../../workers/core/conversation-list-wire';
import type { ChatMessage, Envelope, ImMessage, OddsType, Sport, UserInfo } from '../../workers/protocol/index';
import { StreamCache } from './stream-cache';

/** What a superseded open's hello wait settles with. */
const SUPERSEDED = Symbol('superseded');

export interface CoreLink {
  rpc: Endpoint;
  sink: Endpoint;
  close(): void;
}

/** Where the core runs. `connect` may be called again after the core died or moved. */
export interface CoreHost {
  readonly mode: CoreMode;
  connect(): Promise<CoreLink>;
  /** Called by the host when it knows the core behind it changed (leader moved). */
  onCoreChanged(cb: () => void): void;
  dispose(): void;
}

export interface ClientEnv {
  tabId: string;
  /** Web Lock held while the tab lives, or null where Web Locks are missing. */
  lockName: string | null;
  /** Resolves once the tab holds that lock; hello waits for it (see get-core). */
  lockHeld?: Promise<void>;
  isVisible(): boolean;
  /** Session guess for the first paint (the auth cookie), before the core answers. */
  initialSession?: () => SessionValue;
  rpcTimeoutMs?: number;
  /** First wait for a hello before the core is asked for again (HELLO_RETRY_MS). */
  helloRetryMs?: number;
  pingEveryMs?: number;
  pingTimeoutMs?: number;
}

export class CoreTimeoutError extends Error {
  constructor(what: string) {
    super(`${CORE_TIMEOUT_MSG}（${what}）`);
    this.name = 'CoreTimeoutError';
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new CoreTimeoutError(what)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

interface Sub {
  key: StreamKey;
  cb: (value: unknown) => void;
  /** Instance the subscription was last sent to. */
  sentTo: string | null;
  /** A conversation: the blocks delivered so far (each delivery carries only what changed). */
  held?: SentBlocks;
  /** The conversation list: the items delivered so far (each delivery carries only what changed). */
  heldItems?: SentItems;
}

export class CoreClient implements CoreApi {
  readonly cache: StreamCache;
  readonly mode: CoreMode;
  private readonly subs = new Map<string, Sub>();
  private nextSub = 0;
  private remote: Comlink.Remote<CorePortApi> | null = null;
  private link: CoreLink | null = null;
  private ready: Promise<void>;
  private instance = '';
  private reopening: Promise<void> | null = null;
  /** Opens started so far: an open that is no longer the last one gives way to it. */
  private opens = 0;
  /** Tells the open in flight that a newer one started. */
  private supersede: (() => void) | null = null;
  /** Hellos sent so far (TabHello.attempt). */
  private hellos = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private disposed = false;
  private readonly rpcTimeout: number;
  private readonly onInstanceListeners = new Set<(id: string) => void>();

  constructor(
    private readonly host: CoreHost,
    private readonly env: ClientEnv,
  ) {
    this.mode = host.mode;
    this.rpcTimeout = env.rpcTimeoutMs ?? RPC_TIMEOUT_MS;
    this.cache = new StreamCache(this);
    this.ready = this.open();
    this.ready.catch(() => this.scheduleReopen());
    // The host knows the core moved (a new leader): ask again now, dropping any ask in flight.
    host.onCoreChanged(() => void this.reopen(true));
    this.pingTimer = setInterval(() => void this.checkAlive(), env.pingEveryMs ?? PING_EVERY_MS);
  }

  /** Id of the core instance currently serving this tab ('' before the first hello). */
  get instanceId(): string {
    return this.instance;
  }

  onInstance(cb: (id: string) => void): () => void {
    this.onInstanceListeners.add(cb);
    return () => this.onInstanceListeners.delete(cb);
  }

  initialSession(): SessionValue {
    return this.env.initialSession?.() ?? { loggedIn: false, user: null, token: null, ready: false };
  }

  private async open(): Promise<void> {
    const gen = ++this.opens;
    this.supersede?.();
    const outdated = new Promise<typeof SUPERSEDED>((r) => (this.supersede = () => r(SUPERSEDED)));
    // A newer open (the core moved while this one asked) closes this one's link and owns the tab:
    // this one then settles as the newer one does, instead of waiting out a hello nobody answers.
    const superseded = () => gen !== this.opens;
    const deadline = Date.now() + this.rpcTimeout;
    let wait = this.env.helloRetryMs ?? HELLO_RETRY_MS;
    for (;;) {
      const link = await this.host.connect();
      if (superseded()) {
        link.close();
        return this.ready;
      }
      this.link?.close();
      this.link = link;
      const remote = Comlink.wrap<CorePortApi>(link.rpc);
      const sink: TabSink = { deliver: (batch) => this.deliver(batch) };
      Comlink.expose(sink, link.sink);
      if (this.env.lockHeld) await withTimeout(this.env.lockHeld, this.rpcTimeout, 'tab lock');
      const left = deadline - Date.now();
      const hello = remote.hello({
        tabId: this.env.tabId,
        lockName: this.env.lockName,
        visible: this.env.isVisible(),
        attempt: ++this.hellos,
      });
      try {
        const answer = await Promise.race([withTimeout(hello, Math.max(0, Math.min(wait, left)), 'hello'), outdated]);
        if (answer === SUPERSEDED || superseded()) return this.ready;
        await this.attach(remote, answer);
        return;
      } catch (e) {
        if (superseded()) return this.ready;
        // No answer yet: ask for the core again (a dying SharedWorker never answers; a slow one
        // gets the new link too), until the call's whole timeout has gone.
        if (!(e instanceof CoreTimeoutError) || wait >= left) throw e;
        wait *= 2;
      }
    }
  }

  private async attach(remote: Comlink.Remote<CorePortApi>, hello: HelloAnswer): Promise<void> {
    this.remote = remote;
    const changed = hello.instanceId !== this.instance;
    this.instance = hello.instanceId;
    // A new core knows nothing about this tab: send every live subscription again.
    await Promise.all(
      [...this.subs].map(async ([subId, sub]) => {
        sub.sentTo = hello.instanceId;
        await withTimeout(remote.subscribe(subId, sub.key), this.rpcTimeout, 'subscribe');
      }),
    );
    if (changed) for (const cb of this.onInstanceListeners) cb(hello.instanceId);
  }

  /** Opens the link again; `force` starts over even while an open is in flight (the core moved). */
  private reopen(force = false): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (!this.reopening || force) {
      const ready = this.open();
      this.ready = ready;
      const reopening: Promise<void> = ready.finally(() => {
        if (this.reopening === reopening) this.reopening = null;
      });
      this.reopening = reopening;
      ready.catch(() => this.scheduleReopen());
    }
    return this.reopening!.catch(() => undefined);
  }

  private scheduleReopen(): void {
    if (!this.disposed) setTimeout(() => void this.reopen(), 1_000);
  }

  private async checkAlive(): Promise<void> {
    if (this.reopening || !this.remote) return;
    try {
      const id = await withTimeout(this.remote.ping(), this.env.pingTimeoutMs ?? PING_TIMEOUT_MS, 'ping');
      if (id !== this.instance) await this.reopen();
    } catch {
      await this.reopen();
    }
  }

  private deliver(batch: DeliveryBatch): void {
    if (batch.instanceId !== this.instance && this.instance !== '') return;
    for (const [subId, value] of batch.items) {
      const sub = this.subs.get(subId);
      if (!sub) continue;
      if (sub.key.kind === 'conversation') sub.cb(applyPatch((sub.held ??= new Map()), value as ConversationPatch));
      else if (sub.key.kind === 'conversations')
        sub.cb(applyListPatch((sub.heldItems ??= new Map()), value as ConversationListPatch));
      else sub.cb(value);
    }
  }

  private async port(): Promise<Comlink.Remote<CorePortApi>> {
    await withTimeout(this.ready, this.rpcTimeout, 'connect');
    if (!this.remote) throw new CoreTimeoutError('connect');
    return this.remote;
  }

  /** One typed RPC: the handler map of the core fixes `args` and the answer for each name. */
  private async call<M extends RpcMethod>(method: M, args: RpcArgs<M>): Promise<RpcResult<M>> {
    const remote = await this.port();
    try {
      // Comlink's Remote drops the method's type parameter; the port's signature restores it.
      const answer = remote.call(method, args) as Promise<RpcResult<M>>;
      return await withTimeout(answer, this.rpcTimeout, method);
    } catch (e) {
      if (e instanceof CoreTimeoutError) void this.checkAlive();
      throw e;
    }
  }

  // --- streams -------------------------------------------------------------------------------

  async subscribe<K extends StreamKey>(key: K, cb: (value: StreamValue<K>) => void): Promise<string> {
    const subId = `${this.env.tabId}:${++this.nextSub}`;
    const sub: Sub = { key, cb: cb as (value: unknown) => void, sentTo: null };
    this.subs.set(subId, sub);
    const remote = await this.port();
    if (sub.sentTo !== this.instance && this.subs.has(subId)) {
      sub.sentTo = this.instance;
      await withTimeout(remote.subscribe(subId, key), this.rpcTimeout, 'subscribe');
    }
    return subId;
  }

  async unsubscribe(subId: string): Promise<void> {
    if (!this.subs.delete(subId)) return;
    const remote = await this.port();
    await withTimeout(remote.unsubscribe(subId), this.rpcTimeout, 'unsubscribe');
  }

  async setVisible(visible: boolean): Promise<void> {
    const remote = await this.port();
    await withTimeout(remote.setVisible(visible), this.rpcTimeout, 'setVisible');
  }

  async ping(): Promise<string> {
    const remote = await this.port();
    return withTimeout(remote.ping(), this.env.pingTimeoutMs ?? PING_TIMEOUT_MS, 'ping');
  }

  // --- RPCs ----------------------------------------------------------------------------------

  // The envelope's data type is the caller's claim about the path it asked (as with fetch).
  async request<T = unknown>(req: RestRequest): Promise<Envelope<T>> {
    return (await this.call('request', [req])) as Envelope<T>;
  }
  async cachedRequest<T = unknown>(req: RestRequest): Promise<Envelope<T> | null> {
    return (await this.call('cachedRequest', [req])) as Envelope<T> | null;
  }
  login(form: LoginForm): Promise<ActionResult<UserInfo | null>> {
    return this.call('login', [form]);
  }
  register(form: RegisterForm): Promise<ActionResult<UserInfo | null>> {
    return this.call('register', [form]);
  }
  logout(): Promise<void> {
    return this.call('logout', []);
  }
  refreshUser(): Promise<ActionResult<UserInfo | null>> {
    return this.call('refreshUser', []);
  }
  follow(matchId: number, sport: Sport): Promise<ActionResult<{ followed: boolean }>> {
    return this.call('follow', [matchId, sport]);
  }
  oddsHistory(matchId: number, type: OddsType, companyId: number): Promise<OddsRowView[]> {
    return this.call('oddsHistory', [matchId, type, companyId]);
  }
  sendChat(roomId: string, text: string): Promise<ActionResult<ChatMessage | null>> {
    return this.call('sendChat', [roomId, text]);
  }
  noteBalance(balance: number): Promise<void> {
    return this.call('noteBalance', [balance]);
  }
  askAssistant(question: string): ReturnType<CoreApi['askAssistant']> {
    return this.call('askAssistant', [question]);
  }
  clearAssistant(): Promise<void> {
    return this.call('clearAssistant', []);
  }
  // One generic entry for the whole news module; its own signature types each call.
  news: CoreApi['news'] = (method, ...args) => this.call('news', [method, ...args] as never) as never;
  sendPrivate(toUserId: number, text: string): Promise<ActionResult<ImMessage | null>> {
    return this.call('sendPrivate', [toUserId, text]);
  }
  sendGroup(groupId: number, text: string): Promise<ActionResult<ImMessage | null>> {
    return this.call('sendGroup', [groupId, text]);
  }
  sendPicture(target: ChatTarget, file: Blob, clientId: string): Promise<ActionResult<ImMessage | null>> {
    return this.call('sendPicture', [target, file, clientId]);
  }
  retryPrivate(clientId: string): Promise<ActionResult<ImMessage | null>> {
    return this.call('retryPrivate', [clientId]);
  }
  discardPrivate(clientId: string): Promise<void> {
    return this.call('discardPrivate', [clientId]);
  }
  markChatRead(chatId: string, seq: number): Promise<void> {
    return this.call('markChatRead', [chatId, seq]);
  }
  loadOlderMessages(chatId: string): Promise<ActionResult<number>> {
    return this.call('loadOlderMessages', [chatId]);
  }
  getSettings(): Promise<LiveSettings> {
    return this.call('getSettings', []);
  }
  updateSettings(patch: Partial<LiveSettings>): Promise<LiveSettings> {
    return this.call('updateSettings', [patch]);
  }

  /** Tells the core this tab is leaving, then drops the link. */
  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.pingTimer) clearInterval(this.pingTimer);
    try {
      if (this.remote) await withTimeout(this.remote.bye(), 500, 'bye');
    } catch {
      // The lock watch releases the tab anyway.
    }
    this.link?.close();
    this.host.dispose();
  }
}
