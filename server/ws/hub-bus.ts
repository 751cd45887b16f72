/**
 * The hub's side of the cluster bus (server/cluster/bus.ts): frames of the topics this process
 * holds come from the bus with their seq already assigned and go through the same replay window
 * and fan-out as the embedded hub's own publications. Returns what a SUBSCRIBE waits for before
 * answering: the topic followed, its history loaded.
 */
import { Frame, type ServerFrame } from '../../workers/protocol/index';
import type { ClusterBus } from '../cluster/bus';
import type { TopicRegistry, TopicState } from './topic-registry';

export function attachBus<S>(
  bus: ClusterBus,
  registry: TopicRegistry<S>,
  enqueue: (t: TopicState<S>, seq: number, at: number, frame: Buffer) => void,
  flushTopic: (t: TopicState<S>) => void,
  sendControl: (c: S, frame: ServerFrame) => void,
): (t: TopicState<S>) => Promise<void> {
  // What this process held of the topic cannot be followed on: send what is queued, then tell
  // every subscriber to re-fetch a snapshot from the current seq.
  const snapshotRequired = (t: TopicState<S>) => {
    flushTopic(t);
    for (const c of t.subs) sendControl(c, { code: Frame.SNAPSHOT_REQUIRED, data: { topic: t.wire, seq: t.seq } });
  };
  bus.setHandlers({
    onFrame(f) {
      const t = registry.get(f.key);
      if (t) enqueue(t, f.seq, f.at, f.frame);
    },
    onReset(key, seq) {
      const t = registry.get(key);
      if (!t) return;
      t.log.clear();
      t.seq = seq;
      snapshotRequired(t);
    },
  });
  return async (t) => {
    // Pinned while it loads, so a sweep does not free it before its first subscriber is in.
    t.pins++;
    try {
      await bus.join(t.key);
    } finally {
      t.pins--;
    }
  };
}
