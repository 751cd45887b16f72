/**
 * China time (UTC+8, no daylight saving): the days the fixtures, lists, filter cookies and
 * leaderboards are cut by. The one copy for the server and the core. Pure: pass the time.
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The instant shifted so that its UTC fields (getUTCHours, …) read China wall-clock time. */
export function chinaWallClock(ms: number): Date {
  return new Date(ms + CHINA_OFFSET_MS);
}

/** China date 'YYYY-MM-DD' of an instant, `days` later. */
export function chinaDay(ms: number, days = 0): string {
  return chinaWallClock(ms + days * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/** Unix ms of 00:00 China time on a 'YYYY-MM-DD' day. */
export function chinaDayStartOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS;
}

/** Unix ms of 00:00 China time on the day holding `ms`. */
export function chinaMidnight(ms: number): number {
  return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** Unix ms of `hour`:00 China time on the day holding `ms`. */
export function chinaHourOfDay(ms: number, hour: number): number {
  return chinaMidnight(ms) + hour * 3_600_000;
}

/** The 'YYYY-MM-DD' day `n` days after `day` (calendar arithmetic, no time zone). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
