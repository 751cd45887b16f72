/**
 * The topic registry: per-topic seq, the replay window and the subscriber set, for topics that
 * exist. A topic is created when the server publishes on it, or when a client subscribes to a
 * topic the server knows (`TopicCatalog`: a match or room in the database). It is freed when its
 * last subscriber has left and its replay window is empty, so names a client made up, or topics
 * nobody reads any more, cost nothing after a sweep.
 */
import type { ParsedTopic, Topic } from '../../workers/protocol/index';
import { TopicLog } from './topic-log';

/** Answers whether a match or room topic names something the server knows. */
export type TopicCatalog = (topic: ParsedTopic) => Promise<boolean>;

export interface TopicState<S> {
  /** Map key: the wire topic, or `inbox#<userId>` for a user's inbox. */
  readonly key: string;
  readonly wire: Topic;
  seq: number;
  readonly log: TopicLog;
  readonly subs: Set<S>;
  /** Published this tick, not yet written: one write per socket carries them all. */
  pending: Buffer[];
  /** Held by a SUBSCRIBE that waits for the topic's history (cluster mode). */
  pins: number;
}

export interface TopicRegistry<S> {
  get(key: string): TopicState<S> | undefined;
  /** The topic's state, created when missing (the caller decided that it exists). */
  ensure(key: string, wire: Topic): TopicState<S>;
  /**
   * True when a client may subscribe to this wire topic: the sport lists and the anchor room list always, a match or room
   * that is live in the registry or that the catalog knows. `inbox` is decided by the caller.
   */
  exists(wire: Topic, parsed: ParsedTopic): Promise<boolean>;
  /** Frees the topic when nobody reads it and nothing in it can be replayed any more. */
  release(t: TopicState<S>): void;
  /** Prunes every replay window and frees what became empty. */
  sweep(now: number): void;
  size(): number;
  values(): IterableIterator<TopicState<S>>;
}

export function createTopicRegistry<S>(opts: {
  replayWindowMs: number;
  replayMaxEvents: number;
  now: () => number;
  catalog: TopicCatalog | null;
  /** False in cluster mode: the stream keeps the window, so a topic nobody reads is freed at once. */
  keepsReplayWindow?: boolean;
  /** A topic was freed. */
  onFree?: (t: TopicState<S>) => void;
}): TopicRegistry<S> {
  const topics = new Map<string, TopicState<S>>();
  const keepsWindow = opts.keepsReplayWindow ?? true;

  const idle = (t: TopicState<S>) =>
    t.subs.size === 0 && t.pending.length === 0 && t.pins === 0 && (!keepsWindow || t.log.size === 0);
  const free = (t: TopicState<S>) => {
    topics.delete(t.key);
    opts.onFree?.(t);
  };

  return {
    get: (key) => topics.get(key),
    ensure(key, wire) {
      let t = topics.get(key);
      if (!t) {
        t = {
          key,
          wire,
          seq: 0,
          log: new TopicLog(opts.replayWindowMs, opts.replayMaxEvents),
          subs: new Set(),
          pending: [],
          pins: 0,
        };
        topics.set(key, t);
      }
      return t;
    },
    async exists(wire, parsed) {
      if (parsed.kind === 'football' || parsed.kind === 'basketball' || parsed.kind === 'vlive') return true;
      if (parsed.kind === 'inbox') return false;
      if (topics.has(wire)) return true;
      return opts.catalog ? opts.catalog(parsed) : false;
    },
    release(t) {
      if (topics.get(t.key) !== t) return;
      t.log.prune(opts.now());
      if (idle(t)) free(t);
    },
    sweep(now) {
      for (const t of topics.values()) {
        t.log.prune(now);
        if (idle(t)) free(t);
      }
    },
    size: () => topics.size,
    values: () => topics.values(),
  };
}
