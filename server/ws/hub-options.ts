/**
 * What the hub (./create-hub.ts) is built from: its limits and timers (tests shorten them through
 * `buildServer`) and the parts it depends on.
 */
import type { ClusterBus } from '../cluster/bus';
import type { Metrics } from '../metrics';
import type { SocketAdmission } from './socket-admission';
import type { TopicCatalog } from './topic-registry';

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
  /** How often idle and slow sockets are checked and unused topics freed (default 1 s). */
  sweepMs?: number;
  maxFrameBytes?: number;
  maxTopicsPerSocket?: number;
  /**
   * Topics one socket may look up or bring into the registry (names it does not hold yet): a
   * burst of `maxTopicsPerSocket`, then one per this many ms (default 500).
   */
  topicCreationRefillMs?: number;
  /** Inbound frames per second per socket (heartbeats included); 3× this closes the socket. */
  maxMessagesPerSecond?: number;
  /** Sockets one client address may hold at once (WS_MAX_PER_ADDRESS; 0 or absent: no cap). */
  maxSocketsPerAddress?: number;
  /**
   * Single-use tokens and the per-address cap (./socket-admission.ts); default: this process's
   * own, with `maxSocketsPerAddress`. A cluster passes one shared by every gateway.
   */
  admission?: SocketAdmission;
  /** HMAC secret for connect tokens (default: random per process). */
  tokenSecret?: Buffer;
  tokenTtlMs?: number;
  serverId?: string;
  log?: (msg: string, err?: unknown) => void;
}

export interface HubDeps extends HubOptions {
  metrics: Metrics;
  now: () => number;
  /** Access token (header `accessToken` / auth frame) → user id, or null. */
  authenticate: (token: string) => Promise<number | null>;
  /** Which match and room topics exist; without it only topics already published exist. */
  catalog?: TopicCatalog;
  /**
   * Cluster mode: seqs are assigned by the bus at publication and every process holding a topic
   * gets its frames from there (server/cluster/bus.ts). Without it the hub is the bus.
   */
  bus?: ClusterBus;
}
