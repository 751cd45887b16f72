/**
 * Filter cookie expiry (spec §9): football filters expire at 10:00 (today if before 10:00, else
 * tomorrow); basketball at 15:00. Times are China time (UTC+8, no daylight saving). Pure.
 */
import { DAY_MS, chinaHourOfDay, type Sport } from '../protocol/index';

export const FILTER_RESET_HOUR: Readonly<Record<Sport, number>> = { zq: 10, lq: 15 };

/** Unix ms when a filter cookie set at `nowMs` expires. */
export function filterCookieExpiry(sport: Sport, nowMs: number): number {
  const todayReset = chinaHourOfDay(nowMs, FILTER_RESET_HOUR[sport]);
  return nowMs < todayReset ? todayReset : todayReset + DAY_MS;
}

/** Cookie name of a sport's filter choice. */
export function filterCookieName(sport: Sport): string {
  return sport === 'zq' ? 'zq_filter' : 'lq_filter';
}
