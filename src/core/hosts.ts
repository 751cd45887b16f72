/**
 * Where the core runs, seen from a tab. One core per browser profile in every mode:
 * - shared: a SharedWorker (most browsers);
 * - leader: the tab holding the `qs-core-leader` Web Lock runs the core in a dedicated Worker and
 *   relays the other tabs over a BroadcastChannel; when it closes the next tab in the lock queue
 *   takes over (within a second) and announces itself;
 * - inline: the core runs in this tab (last resort: one core per tab).
 */
import type { Endpoint } from 'comlink';
import type { CoreMode } from '../../workers/core/api';
import type { LinkRequest } from '../../workers/core/port-api';
import type { CoreHost, CoreLink } from './core-client';

type Post = (msg: LinkRequest, transfer: Transferable[]) => void;

/** Opens a link (two fresh channels) by handing one end of each to the core. */
function linkThrough(post: Post): CoreLink {
  const rpc = new MessageChannel();
  const sink = new MessageChannel();
  post({ type: 'core-link', rpc: rpc.port2, sink: sink.port2 }, [rpc.port2, sink.port2]);
  return {
    rpc: rpc.port1,
    sink: sink.port1,
    close() {
      rpc.port1.close();
      sink.port1.close();
    },
  };
}

export function sharedWorkerHost(): CoreHost {
  let worker: SharedWorker | null = null;
  return {
    mode: 'shared',
    async connect() {
      // A new SharedWorker object attaches to the running core, or starts one if it was killed.
      worker = new SharedWorker(new URL('../../workers/entry-shared.ts', import.meta.url), {
        type: 'module',
        name: 'core',
      });
      const w = worker;
      w.port.start();
      return linkThrough((msg, transfer) => w.port.postMessage(msg, transfer));
    },
    onCoreChanged() {
      // A SharedWorker restart shows as a new instance id on the next ping.
    },
    dispose() {
      worker?.port.close();
    },
  };
}

export function inlineHost(): CoreHost {
  let coordinator: Promise<{ connect(link: { rpc: Endpoint; sink: Endpoint }): void }> | null = null;
  return {
    mode: 'inline',
    async connect() {
      coordinator ??= import('../../workers/core/browser-core').then((m) => m.startBrowserCoordinator('inline'));
      const c = await coordinator;
      return linkThrough((msg) => c.connect({ rpc: msg.rpc, sink: msg.sink }));
    },
    onCoreChanged() {},
    dispose() {},
  };
}

// ---------------------------------------------------------------------------------------------
// Leader mode
// ---------------------------------------------------------------------------------------------

const RELAY_CHANNEL = 'qs-core-relay';
const LEADER_LOCK = 'qs-core-leader';

type RelayMsg =
  | { t: 'leader'; leader: string }
  | { t: 'who' }
  | { t: 'open'; link: string }
  | { t: 'opened'; link: string; leader: string }
  | { t: 'close'; link: string }
  | { t: 'up'; link: string; ch: 'rpc' | 'sink'; data: unknown }
  | { t: 'down'; link: string; ch: 'rpc' | 'sink'; data: unknown };

type Listener = (ev: MessageEvent) => void;

/** A Comlink endpoint carried over the relay channel for one link and one direction pair. */
class RelayEndpoint implements Endpoint {
  private readonly listeners = new Set<Listener>();
  constructor(private readonly send: (data: unknown) => void) {}
  postMessage(message: unknown): void {
    this.send(message);
  }
  addEventListener(_type: string, listener: EventListenerOrEventListenerObject): void {
    this.listeners.add(listener as Listener);
  }
  removeEventListener(_type: string, listener: EventListenerOrEventListenerObject): void {
    this.listeners.delete(listener as Listener);
  }
  dispatch(data: unknown): void {
    const ev = new MessageEvent('message', { data });
    for (const l of this.listeners) l(ev);
  }
}

export function leaderHost(tabId: string): CoreHost {
  const bc = new BroadcastChannel(RELAY_CHANNEL);
  const post = (m: RelayMsg) => bc.postMessage(m);
  let worker: Worker | null = null;
  let isLeader = false;
  let leaderId: string | null = null;
  const changed = new Set<() => void>();
  /** Leader side: relayed links of other tabs → their ports into the worker. */
  const relayed = new Map<string, CoreLink>();
  /** Follower side: this tab's open relay links. */
  const mine = new Map<string, { rpc: RelayEndpoint; sink: RelayEndpoint; opened: (leader: string) => void }>();
  let linkSeq = 0;

  const becomeLeader = () =>
    new Promise<void>(() => {
      isLeader = true;
      leaderId = tabId;
      worker = new Worker(new URL('../../workers/entry-dedicated.ts', import.meta.url), {
        type: 'module',
        name: 'core',
      });
      post({ t: 'leader', leader: tabId });
      for (const cb of changed) cb();
      // Held until the tab closes: that release hands leadership to the next tab in the queue.
    });

  bc.onmessage = (ev: MessageEvent<RelayMsg>) => {
    const m = ev.data;
    if (m.t === 'leader') {
      if (m.leader !== leaderId) {
        leaderId = m.leader;
        for (const cb of changed) cb();
      }
    } else if (m.t === 'who') {
      if (isLeader) post({ t: 'leader', leader: tabId });
    } else if (m.t === 'open' && isLeader && worker) {
      if (!relayed.has(m.link)) {
        const w = worker;
        const link = linkThrough((msg, transfer) => w.postMessage(msg, transfer));
        const rpc = link.rpc as MessagePort;
        const sink = link.sink as MessagePort;
        rpc.onmessage = (e) => post({ t: 'down', link: m.link, ch: 'rpc', data: e.data });
        sink.onmessage = (e) => post({ t: 'down', link: m.link, ch: 'sink', data: e.data });
        relayed.set(m.link, link);
      }
      post({ t: 'opened', link: m.link, leader: tabId });
    } else if (m.t === 'up' && isLeader) {
      const link = relayed.get(m.link);
      if (link) (m.ch === 'rpc' ? link.rpc : link.sink).postMessage(m.data);
    } else if (m.t === 'close' && isLeader) {
      relayed.get(m.link)?.close();
      relayed.delete(m.link);
    } else if (m.t === 'down') {
      const link = mine.get(m.link);
      if (link) (m.ch === 'rpc' ? link.rpc : link.sink).dispatch(m.data);
    } else if (m.t === 'opened') {
      mine.get(m.link)?.opened(m.leader);
    }
  };

  void navigator.locks.request(LEADER_LOCK, becomeLeader);
  post({ t: 'who' });

  return {
    mode: 'leader',
    connect() {
      /** A link straight into this tab's own worker (this tab leads). */
      const direct = (w: Worker) => linkThrough((msg, transfer) => w.postMessage(msg, transfer));
      if (isLeader && worker) return Promise.resolve(direct(worker));
      const id = `${tabId}.${++linkSeq}`;
      const rpc = new RelayEndpoint((data) => post({ t: 'up', link: id, ch: 'rpc', data }));
      const sink = new RelayEndpoint((data) => post({ t: 'up', link: id, ch: 'sink', data }));
      const relay: CoreLink = {
        rpc,
        sink,
        close() {
          mine.delete(id);
          post({ t: 'close', link: id });
        },
      };
      return new Promise<CoreLink>((resolve) => {
        const settle = (link: CoreLink) => {
          clearInterval(timer);
          resolve(link);
        };
        // The leader may be starting: ask again until one answers. It may be this very tab (the
        // lock came after the call): a BroadcastChannel never delivers to its own sender, so no
        // one would ever answer; the link then goes straight into the worker this tab started.
        const ask = () => {
          if (isLeader && worker) {
            mine.delete(id);
            settle(direct(worker));
          } else post({ t: 'open', link: id });
        };
        const timer = setInterval(ask, 150);
        mine.set(id, { rpc, sink, opened: () => settle(relay) });
        ask();
      });
    },
    onCoreChanged(cb) {
      changed.add(cb);
    },
    dispose() {
      bc.close();
    },
  };
}

export function chooseMode(): CoreMode {
  const fromUrl = new URLSearchParams(location.search).get('core');
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('core-mode');
  } catch {
    stored = null;
  }
  const forced = fromUrl ?? stored;
  if (forced === 'shared' || forced === 'leader' || forced === 'inline') return forced;
  if (typeof SharedWorker !== 'undefined') return 'shared';
  if (typeof Worker !== 'undefined' && typeof BroadcastChannel !== 'undefined' && 'locks' in navigator) {
    return 'leader';
  }
  return 'inline';
}
