import { describe, expect, it } from 'vitest';
import {
  STATUS_TABLE,
  hasKickedOff,
  isFinal,
  isPlaying,
  listRank,
  liveStatuses,
} from '../../../workers/protocol/index';
import { canMove } from '../../../server/live/status';
import { liveFirst } from '../../../server/live/repository';
import type { Match } from '../../../workers/protocol/index';

describe('status table shared by the server and the core', () => {
  it('every code belongs to at most one meaning, per sport', () => {
    for (const sport of ['zq', 'lq'] as const) {
      const t = STATUS_TABLE[sport];
      const all = [...t.live, t.finished, ...t.void, ...t.upcoming, t.interrupted];
      expect(new Set(all).size).toBe(all.length);
    }
  });
  it('the ball is in play only in running periods, never in a break', () => {
    expect([2, 3, 4, 5, 7].filter((s) => isPlaying('zq', s))).toEqual([2, 4, 5]);
    expect([2, 3, 4, 5, 6, 7, 8, 9].filter((s) => isPlaying('lq', s))).toEqual([2, 4, 6, 8, 9]);
    expect(liveStatuses('lq')).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('a match has kicked off when live, finished, interrupted or abandoned, not when called off before', () => {
    expect([1, 2, 3, 7, 8, 9, 10, 11, 12, 13].filter((s) => hasKickedOff('zq', s))).toEqual([2, 3, 7, 8, 10, 11]);
    expect([1, 8, 10, 11, 12, 13, 14, 15].filter((s) => hasKickedOff('lq', s))).toEqual([8, 10, 11, 14]);
  });
  it('a final status (finished or void) never moves again on the server', () => {
    for (const sport of ['zq', 'lq'] as const)
      for (let from = 0; from <= 15; from++)
        if (isFinal(sport, from)) for (let to = 0; to <= 15; to++) expect(canMove(sport, from, to)).toBe(false);
  });
  it('the server orders lists with the same rank as the core: live, upcoming, then the rest', () => {
    const m = (id: number, sport: 'zq' | 'lq', s: number, ot: number) => ({ id, sport, s, ot }) as unknown as Match;
    const sorted = liveFirst([m(1, 'zq', 11, 100), m(2, 'zq', 1, 200), m(3, 'lq', 8, 50), m(4, 'lq', 13, 300)]);
    expect(sorted.map((x) => x.id)).toEqual([3, 2, 4, 1]);
    expect(sorted.map((x) => listRank(x.sport, x.s))).toEqual([0, 1, 2, 2]);
  });
});

describe('not started', () => {
  it('is the scheduled status only: 待定 is upcoming but has no kick-off to preview', async () => {
    const { isNotStarted, isUpcoming } = await import('../../../workers/protocol/status');
    for (const sport of ['zq', 'lq'] as const) {
      const codes = Array.from({ length: 16 }, (_, s) => s);
      expect(codes.filter((s) => isNotStarted(sport, s))).toEqual([1]);
      expect(codes.filter((s) => isUpcoming(sport, s))).toEqual(sport === 'zq' ? [1, 13] : [1, 15]);
    }
  });
});
