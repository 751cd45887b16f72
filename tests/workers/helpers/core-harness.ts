/**
 * A core + coordinator against the real server, and tabs as MessageChannels running the real
 * tab client (src/core/core-client.ts). Web Locks are simulated: releasing a tab's lock is what a
 * closed tab looks like to the core.
 */
import WebSocket from 'ws';
import type { Endpoint } from 'comlink';
import { EMBEDDED_API_BASES } from '../../../workers/protocol/index';
import { createCore, type Core } from '../../../workers/core/core';
import { createCoordinator, type Coordinator } from '../../../workers/core/coordinator';
import { createDexieStore, type OfflineStore } from '../../../workers/core/store';
import type { FetchLike } from '../../../workers/core/rest';
import type { SocketCtor } from '../../../workers/core/socket';
import type { Timers } from '../../../workers/core/kernel';
import { CoreClient, type CoreHost, type CoreLink } from '../../../src/core/core-client';
import { FakeClock } from './fake-clock';

let n = 0;

/**
 * A tab's link as two MessageChannels: the tab's ends (`link`) and the worker's ends, which
 * nothing serves until handed to a coordinator (left alone, a worker that never answers).
 */
export function channelLink(): {
  link: CoreLink;
  worker: { rpc: MessagePort; sink: MessagePort; tabSink: MessagePort };
} {
  const rpc = new MessageChannel();
  const sink = new MessageChannel();
  return {
    link: {
      rpc: rpc.port1 as unknown as Endpoint,
      sink: sink.port1 as unknown as Endpoint,
      close() {
        rpc.port1.close();
        sink.port1.close();
      },
    },
    worker: { rpc: rpc.port2, sink: sink.port2, tabSink: sink.port1 },
  };
}

export class FakeLocks {
  private held = new Map<string, () => void>();
  private waits = new Map<string, Promise<void>>();
  hold(name: string): void {
    this.waits.set(name, new Promise<void>((resolve) => this.held.set(name, resolve)));
  }
  watch = (name: string): Promise<void> => this.waits.get(name) ?? Promise.resolve();
  release(name: string): void {
    this.held.get(name)?.();
  }
}

export class CoreHarness {
  core!: Core;
  coordinator!: Coordinator;
  store!: OfflineStore;
  readonly clock = new FakeClock(Date.now());
  readonly locks = new FakeLocks();
  readonly logs: string[] = [];
  /** While true every REST call of the core fails as it does with no network. */
  networkDown = false;
  /** When set, each REST call waits for it before going out (to hold one call back). */
  fetchGate: ((url: string) => Promise<void>) | null = null;
  /** Sees every message the core posts to a tab's sink (what crosses the port), with the tab's name. */
  tap: ((tab: string, data: unknown) => void) | null = null;
  /** Worker-side ends of every link, closed when the core "dies". */
  private workerPorts: MessagePort[] = [];
  readonly tabs: CoreClient[] = [];

  constructor(
    private readonly base: string,
    /** The core's own timers (alert delay, list recompute, minute tick); real ones unless given. */
    private readonly timers?: Timers,
  ) {
    this.start();
  }

  /** Starts a core instance (a fresh one after `kill`), keeping the offline store like a browser does. */
  start(): void {
    this.store ??= createDexieStore(`core-test-${process.pid}-${++n}`);
    this.core = createCore({
      instanceId: `core-${++n}`,
      mode: 'shared',
      // The real fetch, unless the test has cut the network (then it fails as fetch does offline).
      fetch: (async (url: string, init: unknown) => {
        if (this.networkDown) throw new TypeError('fetch failed');
        await this.fetchGate?.(url);
        return (globalThis.fetch as unknown as FetchLike)(url, init as never);
      }) as unknown as FetchLike,
      baseUrl: (f) => this.base + EMBEDDED_API_BASES[f],
      WebSocket: WebSocket as unknown as SocketCtor,
      store: this.store,
      setTimeout: this.clock.setTimeout,
      clearTimeout: this.clock.clearTimeout,
      random: () => 0,
      log: (m) => this.logs.push(m),
      timers: this.timers,
    });
    this.coordinator = createCoordinator({ core: this.core, watchLock: this.locks.watch, batchMs: 20 });
  }

  /** The worker is killed: its ports go dead and its socket closes. */
  kill(): void {
    for (const p of this.workerPorts) p.close();
    this.workerPorts = [];
    this.coordinator.dispose();
  }

  /** A new link into the running core, as a tab's `connect` opens it (name: for the tap). */
  link(name: string): CoreLink {
    const { link, worker } = channelLink();
    this.workerPorts.push(worker.rpc, worker.sink);
    worker.tabSink.addEventListener('message', (e) => this.tap?.(name, e.data));
    this.coordinator.connect({ rpc: worker.rpc as unknown as Endpoint, sink: worker.sink as unknown as Endpoint });
    return link;
  }

  tab(name = `tab-${this.tabs.length + 1}`): CoreClient {
    const lockName = `lock-${name}`;
    this.locks.hold(lockName);
    const host: CoreHost = {
      mode: 'shared',
      connect: async () => this.link(name),
      onCoreChanged() {},
      dispose() {},
    };
    const client = new CoreClient(host, {
      tabId: name,
      lockName,
      isVisible: () => true,
      pingEveryMs: 100,
      pingTimeoutMs: 150,
      rpcTimeoutMs: 30_000,
    });
    this.tabs.push(client);
    return client;
  }

  closeTab(client: CoreClient, name: string): void {
    this.locks.release(`lock-${name}`);
    void client.dispose().catch(() => undefined);
  }

  async dispose(): Promise<void> {
    for (const t of this.tabs) await t.dispose().catch(() => undefined);
    this.kill();
    this.store.close();
  }
}
