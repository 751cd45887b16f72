/**
 * Resume points (last seq per topic) the socket keeps for topics no longer watched, so watching
 * one again (a tab switching 足球 → 篮球 → 足球, perhaps while offline) resumes from it: the
 * server replays what was missed or asks for a snapshot. Bounded, oldest dropped first.
 */
import type { Topic } from '../protocol/topics';

export const MAX_UNWATCHED_SEQS = 256;

export function trimResumePoints(
  seqs: Map<Topic, number>,
  watched: ReadonlySet<Topic>,
  max = MAX_UNWATCHED_SEQS,
): void {
  let extra = seqs.size - watched.size - max;
  for (const t of seqs.keys()) {
    if (extra <= 0) return;
    if (watched.has(t)) continue;
    seqs.delete(t);
    extra--;
  }
}
