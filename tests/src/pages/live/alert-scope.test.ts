/** Alerts belong to the sport on screen, except followed matches and the match being watched. */
import { describe, expect, it } from 'vitest';
import { alertBelongs } from '../../../../src/pages/live/alert-scope';
import type { AlertEvent } from '../../../../src/core/index';

const alert = (sport: 'zq' | 'lq', matchId: number): AlertEvent => ({
  id: `${matchId}-1`,
  matchId,
  sport,
  type: 'goal',
  home: '主队',
  away: '客队',
  minuteText: '12',
  score: [1, 0],
  text: '进球！',
  at: 0,
});

describe('alertBelongs', () => {
  const followed = { zq: [7], lq: [9] };
  it('the football page shows football alerts, not basketball ones', () => {
    expect(alertBelongs(alert('zq', 1), { sport: 'zq' }, followed)).toBe(true);
    expect(alertBelongs(alert('lq', 2), { sport: 'zq' }, followed)).toBe(false);
  });
  it('a followed match of the other sport still alerts', () => {
    expect(alertBelongs(alert('lq', 9), { sport: 'zq' }, followed)).toBe(true);
    expect(alertBelongs(alert('zq', 7), { sport: 'lq' }, undefined)).toBe(false);
  });
  it('a detail page always alerts its own match', () => {
    expect(alertBelongs(alert('zq', 5), { sport: 'zq', matchId: 5 }, undefined)).toBe(true);
    expect(alertBelongs(alert('lq', 5), { sport: 'zq', matchId: 5 }, undefined)).toBe(true);
  });
  it('the hot page shows both sports', () => {
    expect(alertBelongs(alert('lq', 3), {}, undefined)).toBe(true);
  });
});
