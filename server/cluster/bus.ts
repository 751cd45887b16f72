/**
 * The event bus between processes (cluster mode). The embedded default has no bus: the hub
 * (server/ws/create-hub.ts) assigns each topic's seq and keeps its replay window in memory, as
 * before. With `NATS_URL` set, the hub publishes through a `ClusterBus` instead
 * (./jetstream-bus.ts): the seq is assigned once, at publication, in JetStream, and every gateway
 * that holds the topic receives the same frame with the same seq, in order.
 */
import type { Topic } from '../../workers/protocol/index';

/** A frame as it travels: already the EVENT frame the sockets get, with its topic seq. */
export interface BusFrame {
  /** Registry key: the wire topic, or `inbox#<userId>`. */
  key: string;
  seq: number;
  /** Publication time (ms), for the replay window. */
  at: number;
  frame: Buffer;
}

export interface BusHandlers {
  /** Frames of a held topic, contiguous in seq and in order (history first, on join). */
  onFrame(f: BusFrame): void;
  /**
   * The topic's history cannot be followed on from what this process holds (the stream lost it,
   * or the seq started again): subscribers must re-fetch a snapshot; `seq` is the current one.
   */
  onReset(key: string, seq: number): void;
}

export interface BusStats {
  /** Frames received live / replayed from the stream (joins and gap fills). */
  received: number;
  replayed: number;
  /** Gap fills and resets. */
  gaps: number;
  resets: number;
  /** Publication → arrival here, last and worst over the last minute (ms). */
  lagMs: number;
  maxLagMs: number;
  /** Topics followed now. */
  topics: number;
  published: number;
  publishFailures: number;
}

export interface ClusterBus {
  /**
   * Same for every process of the cluster (sent as HELLO's serverId), so a client that resumes on
   * another gateway is still on "the same server" for its seqs.
   */
  readonly clusterId: string;
  setHandlers(h: BusHandlers): void;
  /**
   * Publishes an event; the seq it will carry (known once the publication is stored). `dedupeId`
   * (a stored row's id) makes a repeat of the same publication a no-op in the stream's duplicate
   * window: a resend after a gateway died cannot know whether the first publication was stored.
   */
  publish(key: string, wire: Topic, event: unknown, dedupeId?: string): void;
  /** Resolves when every publication made so far on the topic is stored: true, or false if one failed. */
  stored(key: string): Promise<boolean>;
  /** Follows a topic: history (the retention window) arrives through onFrame before this resolves. */
  join(key: string): Promise<void>;
  /** Stops following a topic (its last local subscriber left). */
  leave(key: string): void;
  /** Last seq known here for the topic (held, or published by this process), 0 when none. */
  lastSeq(key: string): number;
  /**
   * Last seq of the topic cluster-wide: asks the stream for the subject's last stored message
   * (for a topic no client of this process follows, `lastSeq` knows nothing). 0 when the window
   * holds none.
   */
  storedSeq(key: string): Promise<number>;
  /** Resolves when every publication made so far is stored (tests, shutdown). */
  flush(): Promise<void>;
  stats(): BusStats;
  close(): Promise<void>;
}

/** Retention of the event stream: the replay window of the embedded hub, now in JetStream. */
export const BUS_RETENTION = { maxAgeMs: 5 * 60_000, maxPerTopic: 1_000 } as const;

/** A registry key as one NATS subject token ('.', '*', '>' and spaces are special in subjects). */
export function subjectToken(key: string): string {
  return key.replace(/[.*>\s%]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function keyOfToken(token: string): string {
  return token.replace(/%([0-9a-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}
