/**
 * The wire between one tab and the core (what travels over Comlink). Tabs never use this
 * directly: `src/core/core-client.ts` turns it into `CoreApi`.
 *
 * Two Comlink endpoints per tab: `rpc` (the tab calls the core) and `sink` (the core delivers
 * coalesced batches to the tab). Plain endpoints, so the same wire runs over a SharedWorker port,
 * a relay over BroadcastChannel, or an in-tab MessageChannel.
 */
import type { CoreHandlers, CoreMode, RpcMethod, StreamKey } from './api';

export interface TabHello {
  tabId: string;
  /** Web Lock the tab holds while alive; the core watches it to release the tab's subscriptions. */
  lockName: string | null;
  visible: boolean;
  /**
   * This tab's hello count, rising with every link it opens. A tab that gave up on an unanswered
   * hello opens a new link; should the old hello reach the core after the new one, the newer link
   * is kept and the older closed (one tab id, one link).
   */
  attempt: number;
}

export interface HelloAnswer {
  instanceId: string;
  mode: CoreMode;
  startedAt: number;
}

export type { RpcMethod };
/** Arguments and answer of one RPC, as the core's handler map declares them. */
export type RpcArgs<M extends RpcMethod> = Parameters<CoreHandlers[M]>;
export type RpcResult<M extends RpcMethod> = Awaited<ReturnType<CoreHandlers[M]>>;

export interface CorePortApi {
  hello(tab: TabHello): Promise<HelloAnswer>;
  call<M extends RpcMethod>(method: M, args: RpcArgs<M>): Promise<RpcResult<M>>;
  /** Client-chosen subscription id, so deliveries can arrive before this call returns. */
  subscribe(subId: string, key: StreamKey): Promise<void>;
  unsubscribe(subId: string): Promise<void>;
  setVisible(visible: boolean): Promise<void>;
  ping(): Promise<string>;
  /** The tab is going away (pagehide); the lock watch covers tabs that die without saying so. */
  bye(): Promise<void>;
}

/** One delivery to a tab: values per subscription, in order. */
export interface DeliveryBatch {
  instanceId: string;
  items: Array<[subId: string, value: unknown]>;
}

export interface TabSink {
  deliver(batch: DeliveryBatch): void;
}

/** A message the tab sends to a worker (shared or dedicated) to open its link. */
export interface LinkRequest {
  type: 'core-link';
  rpc: MessagePort;
  sink: MessagePort;
}

export const isLinkRequest = (data: unknown): data is LinkRequest =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'core-link';

/** How long a tab waits for any core call before it fails with a clear error. */
export const RPC_TIMEOUT_MS = 15_000;
/**
 * How long a tab waits for its hello before it asks for the core again (a new SharedWorker object
 * and link), doubling each time, within RPC_TIMEOUT_MS in all. A SharedWorker whose last page has
 * just gone can take a new page's link and never answer it; asking again gets a live one. A core
 * that is only slow to boot loses nothing: the new link goes to the same worker.
 */
export const HELLO_RETRY_MS = 2_500;
/** Tab → core liveness probe period and its own timeout. */
export const PING_EVERY_MS = 3_000;
export const PING_TIMEOUT_MS = 2_500;
