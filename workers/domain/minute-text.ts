/**
 * Match minute text (spec §4): s=2 gives minutes since the half started, shown '45+' past 45;
 * s=4 gives 45 plus minutes since the second half started, shown '90+' past 90.
 * Pure: `nowMs` is passed in.
 */
import { basketballStatusText } from './basketball-status';
import { isPlaying } from '../protocol/index';
import { footballStatusText } from './football-status';

export const FIRST_HALF_CAP = '45+';
export const SECOND_HALF_CAP = '90+';
export const EXTRA_TIME_CAP = '120+';

/** Whole minutes since `startSec` (unix seconds), at least 1 once the half has started. */
function minutesSince(startSec: number, nowMs: number): number {
  const elapsed = Math.floor((nowMs / 1000 - startSec) / 60);
  return Math.max(1, elapsed);
}

export function matchMinuteText(m: { s: number; halfStart: number }, nowMs: number): string {
  switch (m.s) {
    case 2: {
      if (!m.halfStart) return '1';
      const min = minutesSince(m.halfStart, nowMs);
      return min > 45 ? FIRST_HALF_CAP : String(min);
    }
    case 3:
      return footballStatusText(3);
    case 4: {
      if (!m.halfStart) return '46';
      const min = 45 + minutesSince(m.halfStart, nowMs);
      return min > 90 ? SECOND_HALF_CAP : String(min);
    }
    case 5: {
      if (!m.halfStart) return '91';
      const min = 90 + minutesSince(m.halfStart, nowMs);
      return min > 120 ? EXTRA_TIME_CAP : String(min);
    }
    case 7:
      return footballStatusText(7);
    default:
      return '';
  }
}

/**
 * A minute as fans read it: a plain minute gets the minute tick ("23'"), a capped clock stays
 * as the spec writes it ('45+', '90+': no tick after the plus), a status word ('中场') as it is.
 */
export function minuteMark(text: string): string {
  return /^\d+$/.test(text) ? `${text}'` : text;
}

/** The minute an incident or text line happened at: "23'", or "45+1'" in stoppage time. */
export function incidentMinuteText(at: { minute: number; stoppage?: number }): string {
  return at.stoppage ? `${at.minute}+${at.stoppage}'` : `${at.minute}'`;
}

/** Minute as a number for alerts and text ('45+' → 45). */
export function matchMinute(m: { s: number; halfStart: number }, nowMs: number): number {
  const t = matchMinuteText(m, nowMs);
  const n = parseInt(t, 10);
  return Number.isFinite(n) ? n : 0;
}

/** Basketball: period label plus the game clock, e.g. '第二节 05:12'. */
export function basketballClockText(m: { s: number; remain: number | null }): string {
  const label = basketballStatusText(m.s);
  if (!isPlaying('lq', m.s) || m.remain === null) return label;
  const r = Math.max(0, Math.floor(m.remain));
  const mm = String(Math.floor(r / 60)).padStart(2, '0');
  const ss = String(r % 60).padStart(2, '0');
  return `${label} ${mm}:${ss}`;
}
