/**
 * Filter cookie expiry (spec §9): football filters expire at 10:00 (today if before 10:00, else
 * tomorrow); basketball at 15:00. Times are China time (UTC+8, no daylight saving). Pure.
 */
import type { Sport } from '../protocol/index';

export const FILTER_RESET_HOUR: Readonly<Record<Sport, number>> = { zq: 10, lq: 15 };
export const CHINA_OFFSET_MIN = 480;

/** Unix ms when a filter cookie set at `nowMs` expires. */
export function filterCookieExpiry(sport: Sport, nowMs: number, offsetMin = CHINA_OFFSET_MIN): number {
  const hour = FILTER_RESET_HOUR[sport];
  const shift = offsetMin * 60_000;
  const local = new Date(nowMs + shift);
  const todayReset = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - shift;
  return nowMs < todayReset ? todayReset : todayReset + 24 * 3600_000;
}

/** Cookie name of a sport's filter choice. */
export function filterCookieName(sport: Sport): string {
  return sport === 'zq' ? 'zq_filter' : 'lq_filter';
}
