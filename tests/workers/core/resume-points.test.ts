/** Resume points of unwatched topics are kept, up to a bound, oldest dropped first. */
import { describe, expect, it } from 'vitest';
import { trimResumePoints } from '../../../workers/core/resume-points';
import type { Topic } from '../../../workers/protocol/topics';

describe('trimResumePoints', () => {
  it('keeps every watched topic and the newest unwatched ones', () => {
    const seqs = new Map<Topic, number>([
      ['match:1', 1],
      ['football', 9],
      ['match:2', 2],
      ['match:3', 3],
    ]);
    trimResumePoints(seqs, new Set<Topic>(['football']), 2);
    expect([...seqs.keys()]).toEqual(['football', 'match:2', 'match:3']);
    trimResumePoints(seqs, new Set<Topic>(['football']), 0);
    expect([...seqs.keys()]).toEqual(['football']);
  });
});
