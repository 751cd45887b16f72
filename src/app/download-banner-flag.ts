/**
 * The download banner's "closed until the end of today" flag (spec §9) and the standalone check
 * (an installed home-screen app never shows it).
 */
export const BANNER_HIDE_KEY = 'qs:download-banner-hidden-until';

/** Local midnight that ends the day of `now` (ms). */
export function endOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

export function hideBannerForToday(storage: Storage, now: number): void {
  storage.setItem(BANNER_HIDE_KEY, String(endOfDay(now)));
}

export function bannerHiddenByUser(storage: Storage, now: number): boolean {
  const raw = storage.getItem(BANNER_HIDE_KEY);
  if (raw === null) return false;
  const until = Number(raw);
  if (!Number.isFinite(until) || until <= now) {
    storage.removeItem(BANNER_HIDE_KEY);
    return false;
  }
  return true;
}

/** Installed to the home screen: `display-mode: standalone`, or iOS Safari's navigator.standalone. */
export function isStandalone(win: Window = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  const mq = typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
  return iosStandalone || mq;
}
