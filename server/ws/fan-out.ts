/**
 * Fan-out and backpressure, without sockets: a subscriber is anything with a send buffer to read
 * and bytes to write (`Sink`), so tests drive it with plain objects.
 *
 * Cost: an event is serialized once per topic and the same wire bytes go to every subscriber
 * (ws does not copy them). A subscriber whose send buffer is past `maxBufferedBytes` stops
 * getting events and owes a snapshot of each topic it missed; once drained below half it is told
 * to re-fetch, and if it stays full for `slowDropMs` it is cut.
 */
import type { Topic } from '../../workers/protocol/index';

/** What a skipped subscriber is owed a snapshot of. */
export interface TopicRef {
  readonly wire: Topic;
  readonly seq: number;
}

export interface Sink {
  /** Bytes waiting to go out (ours and the socket library's). */
  pending(): number;
  /** False once the socket is no longer open: nothing is written then. */
  isOpen(): boolean;
  /** Writes the frames; `wire` builds (once per fan-out) the ready-made bytes for raw sockets. */
  write(payloads: Buffer[], wire: () => Buffer): void;
  /** Topics whose events were skipped because the send buffer was full. */
  lagging: Set<TopicRef> | null;
  laggingSince: number;
}

export interface FanOutDeps<S extends Sink> {
  maxBufferedBytes: number;
  slowDropMs: number;
  now: () => number;
  /** Counts frames written (metrics). */
  onSent(count: number): void;
  /** A subscriber started lagging (metrics). */
  onLagging(sink: S): void;
  /** Drained: tell the subscriber to re-fetch this topic from `seq`. */
  snapshotRequired(sink: S, topic: TopicRef): void;
  /** Still full after `slowDropMs`: cut it. */
  cut(sink: S): void;
}

export interface FanOut<S extends Sink> {
  /** Writes the payloads to every subscriber that can take them; `topic` null for PINGs. */
  deliver(subs: Iterable<S>, payloads: Buffer[], topic: TopicRef | null, wire: () => Buffer): void;
  /** The subscriber left a topic: it owes no snapshot of it any more. */
  leave(sink: S, topic: TopicRef): void;
  /** Forgets a subscriber (closed). */
  forget(sink: S): void;
  /** Recovers drained subscribers and cuts the ones still full; run by the hub's sweep. */
  sweep(): void;
  laggingCount(): number;
}

export function createFanOut<S extends Sink>(deps: FanOutDeps<S>): FanOut<S> {
  const lagging = new Set<S>();

  function markLagging(s: S, t: TopicRef): void {
    if (!s.lagging) {
      s.lagging = new Set();
      s.laggingSince = deps.now();
      lagging.add(s);
      deps.onLagging(s);
    }
    s.lagging.add(t);
  }

  return {
    deliver(subs, payloads, topic, wire) {
      let built: Buffer | null = null;
      const once = () => (built ??= wire());
      let sent = 0;
      for (const s of subs) {
        if (s.lagging) {
          if (topic) s.lagging.add(topic);
          continue;
        }
        if (!s.isOpen()) continue;
        if (s.pending() > deps.maxBufferedBytes) {
          if (topic) markLagging(s, topic);
          continue;
        }
        s.write(payloads, once);
        sent += payloads.length;
      }
      if (sent) deps.onSent(sent);
    },
    leave(s, topic) {
      s.lagging?.delete(topic);
    },
    forget(s) {
      lagging.delete(s);
    },
    sweep() {
      const at = deps.now();
      for (const s of lagging) {
        if (!s.lagging) {
          lagging.delete(s);
          continue;
        }
        if (s.pending() <= deps.maxBufferedBytes / 2) {
          // Drained: the skipped events are not resent; the client re-fetches and continues from seq.
          const owed = s.lagging;
          s.lagging = null;
          lagging.delete(s);
          for (const t of owed) deps.snapshotRequired(s, t);
        } else if (at - s.laggingSince > deps.slowDropMs) {
          lagging.delete(s);
          deps.cut(s);
        }
      }
    },
    laggingCount: () => lagging.size,
  };
}
