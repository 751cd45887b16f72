/**
 * The coordinator: one core, many tabs. Each tab connects with a link (two Comlink endpoints);
 * the coordinator exposes `CorePortApi` on it, keeps the tab's subscriptions, and delivers
 * coalesced batches: the latest value per subscription (match row, market; a conversation as
 * only the blocks that subscription was not sent yet, conversation-wire.ts) and every event in
 * order (chat is never merged), at most one batch per BATCH_MS per tab, only for what that tab
 * watches. A hidden tab gets only small state (counts, connection, session) until it is visible
 * again, when it gets a snapshot of everything it watches.
 *
 * A factory over its dependencies (Actual Budget style) so tests drive it with MessageChannels.
 */
import * as Comlink from 'comlink';
import type { Endpoint } from 'comlink';
import type { Subscription } from 'rxjs';
import { EVENT_KINDS, type ReminderEvent, type StreamKey, type StreamKind } from './api';
import type { Core } from './core';
import { resolveLazy } from './lazy';
import { patchFor, type ConversationState, type SentBlocks } from './conversation-wire';
import { listPatchFor, type SentItems } from './conversation-list-wire';
import type { ConversationsValue } from './api';
import type { CoreHandlers } from './api';
import type {
  CorePortApi,
  DeliveryBatch,
  HelloAnswer,
  RpcArgs,
  RpcMethod,
  RpcResult,
  TabHello,
  TabSink,
} from './port-api';

export const BATCH_MS = 60;

/** Streams a hidden tab still gets (badges, connection, session, one-off events). */
const HIDDEN_KINDS: ReadonlySet<StreamKind> = new Set<StreamKind>([
  'matchList',
  'connection',
  'unread',
  'session',
  'settings',
  'followed',
  'navigation',
  'exceptions',
  'chat',
  'alerts',
  'reminders',
]);

export interface CoordinatorDeps {
  core: Core;
  /** Resolves when the tab holding this Web Lock is gone (navigator.locks.request(name, …)). */
  watchLock?: (lockName: string) => Promise<void>;
  batchMs?: number;
  setTimeout?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  now?: () => number;
}

interface TabSub {
  key: StreamKey;
  sub: Subscription;
  last: unknown;
  has: boolean;
  /** A conversation: the blocks this subscription was delivered (null: none yet). */
  sent: SentBlocks | null;
  /** The conversation list: the items this subscription was delivered (null: none yet). */
  sentItems: SentItems | null;
}

interface Tab {
  id: number;
  hello: TabHello | null;
  sink: Comlink.Remote<TabSink>;
  subs: Map<string, TabSub>;
  visible: boolean;
  visibleSince: number;
  /** Latest value per state subscription not yet delivered. */
  pendingState: Map<string, unknown>;
  /** Events in arrival order. */
  pendingEvents: Array<[string, unknown]>;
  timer: ReturnType<typeof setTimeout> | null;
  lastFlush: number;
  closed: boolean;
  stats: { batches: number; items: number };
}

export interface Coordinator {
  readonly instanceId: string;
  connect(link: { rpc: Endpoint; sink: Endpoint }): void;
  tabCount(): number;
  /** Subscriptions held per tab id (tests and /metrics-like introspection). */
  subscriptionCount(): number;
  /** Delivery counters per tab (benchmark). */
  tabStats(): Array<{ tabId: string; batches: number; items: number }>;
  dispose(): void;
}

/**
 * Calls one handler by name. The port's types tie each name to its arguments and answer; the
 * compiler cannot follow that tie through a name chosen at run time (a correlated union), so the
 * one cast of the RPC path is here. A name that is not a handler (an old tab, a typo) is refused.
 */
async function invoke<M extends RpcMethod>(handlers: CoreHandlers, method: M, args: RpcArgs<M>): Promise<RpcResult<M>> {
  if (!Object.hasOwn(handlers, method)) throw new Error(`unknown core method ${String(method)}`);
  const fn = handlers[method] as unknown as (...a: RpcArgs<M>) => Promise<RpcResult<M>>;
  return fn(...args);
}

export function createCoordinator(deps: CoordinatorDeps): Coordinator {
  const { core } = deps;
  const batchMs = deps.batchMs ?? BATCH_MS;
  const setT = deps.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const now = deps.now ?? Date.now;
  const tabs = new Set<Tab>();
  let nextTab = 0;

  /**
   * The one tab of the browser that acts on an event: the most recently visible one watching
   * `kind` (the core decides, not each tab). Alerts go only to it; a reminder goes to every tab
   * as a notice, and only this one raises the system notification.
   */
  function oneTab(kind: 'alerts' | 'reminders'): Tab | null {
    let best: Tab | null = null;
    for (const t of tabs) {
      if (t.closed || ![...t.subs.values()].some((s) => s.key.kind === kind)) continue;
      if (!best || (t.visible && !best.visible) || (t.visible === best.visible && t.visibleSince > best.visibleSince))
        best = t;
    }
    return best;
  }

  function schedule(tab: Tab): void {
    if (tab.timer || tab.closed) return;
    const wait = Math.max(0, tab.lastFlush + batchMs - now());
    tab.timer = setT(() => flush(tab), wait);
  }

  function flush(tab: Tab): void {
    tab.timer = null;
    if (tab.closed) return;
    const items: Array<[string, unknown]> = [];
    for (const [subId, value] of tab.pendingState) items.push([subId, wireValue(tab.subs.get(subId), value)]);
    tab.pendingState.clear();
    for (const e of tab.pendingEvents) items.push(e);
    tab.pendingEvents = [];
    if (!items.length) return;
    tab.lastFlush = now();
    tab.stats.batches++;
    tab.stats.items += items.length;
    const batch: DeliveryBatch = { instanceId: core.instanceId, items };
    tab.sink.deliver(batch).catch(() => undefined);
  }

  /**
   * A state value as it goes to one subscription: a conversation as the blocks that subscription
   * lacks, the conversation list as the items it lacks.
   */
  function wireValue(s: TabSub | undefined, value: unknown): unknown {
    const v = resolveLazy(value);
    if (s?.key.kind === 'conversations') {
      const { patch, sent } = listPatchFor(s.sentItems, v as ConversationsValue);
      s.sentItems = sent;
      return patch;
    }
    if (s?.key.kind !== 'conversation') return v;
    const { patch, sent } = patchFor(s.sent, v as ConversationState);
    s.sent = sent;
    return patch;
  }

  function enqueue(tab: Tab, subId: string, key: StreamKey, value: unknown): void {
    const s = tab.subs.get(subId);
    if (!s) return;
    if (EVENT_KINDS.has(key.kind)) {
      if (key.kind === 'alerts' && oneTab('alerts') !== tab) return;
      if (key.kind === 'reminders') {
        tab.pendingEvents.push([subId, { ...(value as ReminderEvent), system: oneTab('reminders') === tab }]);
      } else tab.pendingEvents.push([subId, value]);
    } else {
      s.last = value;
      s.has = true;
      if (!tab.visible && !HIDDEN_KINDS.has(key.kind)) return; // sent as a snapshot when visible
      tab.pendingState.set(subId, value);
    }
    schedule(tab);
  }

  function unsubscribe(tab: Tab, subId: string): void {
    const s = tab.subs.get(subId);
    if (!s) return;
    tab.subs.delete(subId);
    tab.pendingState.delete(subId);
    s.sub.unsubscribe();
  }

  function closeTab(tab: Tab): void {
    if (tab.closed) return;
    tab.closed = true;
    for (const subId of [...tab.subs.keys()]) unsubscribe(tab, subId);
    tabs.delete(tab);
    tab.sink[Comlink.releaseProxy]();
  }

  function connect(link: { rpc: Endpoint; sink: Endpoint }): void {
    const tab: Tab = {
      id: ++nextTab,
      hello: null,
      sink: Comlink.wrap<TabSink>(link.sink),
      subs: new Map(),
      visible: true,
      visibleSince: now(),
      pendingState: new Map(),
      pendingEvents: [],
      timer: null,
      lastFlush: 0,
      closed: false,
      stats: { batches: 0, items: 0 },
    };
    tabs.add(tab);

    const api: CorePortApi = {
      async hello(h: TabHello): Promise<HelloAnswer> {
        // One tab id, one link: a reconnecting tab's newest hello replaces its older links. A hello
        // the tab gave up on and that arrives late (after the newer one) closes only itself.
        const answer: HelloAnswer = { instanceId: core.instanceId, mode: core.mode, startedAt: core.startedAt };
        for (const t of tabs) {
          if (t === tab || t.hello?.tabId !== h.tabId) continue;
          if (t.hello.attempt > h.attempt) {
            closeTab(tab);
            return answer;
          }
          closeTab(t);
        }
        tab.hello = h;
        tab.visible = h.visible;
        tab.visibleSince = now();
        if (h.lockName && deps.watchLock) {
          void deps.watchLock(h.lockName).then(() => closeTab(tab));
        }
        if (h.visible) core.wake();
        return answer;
      },
      call: (method, args) => invoke(core.handlers, method, args),
      async subscribe(subId: string, key: StreamKey) {
        if (tab.closed) return;
        unsubscribe(tab, subId);
        const entry: TabSub = {
          key,
          sub: null as unknown as Subscription,
          last: undefined,
          has: false,
          sent: null,
          sentItems: null,
        };
        tab.subs.set(subId, entry);
        entry.sub = core.stream(key).subscribe((v) => enqueue(tab, subId, key, v));
      },
      async unsubscribe(subId: string) {
        unsubscribe(tab, subId);
      },
      async setVisible(visible: boolean) {
        const was = tab.visible;
        tab.visible = visible;
        if (visible) tab.visibleSince = now();
        if (visible && !was) {
          core.wake();
          // Snapshot: the latest value of everything withheld while hidden.
          for (const [subId, s] of tab.subs)
            if (s.has && !EVENT_KINDS.has(s.key.kind)) tab.pendingState.set(subId, s.last);
          schedule(tab);
        }
      },
      async ping() {
        return core.instanceId;
      },
      async bye() {
        closeTab(tab);
      },
    };
    Comlink.expose(api, link.rpc);
  }

  return {
    instanceId: core.instanceId,
    connect,
    tabCount: () => tabs.size,
    subscriptionCount: () => [...tabs].reduce((n, t) => n + t.subs.size, 0),
    tabStats: () => [...tabs].map((t) => ({ tabId: t.hello?.tabId ?? String(t.id), ...t.stats })),
    dispose() {
      for (const t of [...tabs]) closeTab(t);
      core.dispose();
    },
  };
}
