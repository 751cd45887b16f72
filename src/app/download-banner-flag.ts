/**
 * The download banner's "closed until the end of today" flag (spec §9) and the standalone check
 * (an installed home-screen app never shows it).
 */
import { cookieValue } from '../../workers/domain/cookie';

export const BANNER_HIDE_KEY = 'qs:download-banner-hidden-until';
/**
 * The same flag as a cookie, which the server reads (issue 29): a server-rendered page closed
 * today comes without the banner, instead of showing it until hydration. It expires at the same
 * local midnight, so the browser drops it by itself.
 */
export const BANNER_HIDE_COOKIE = 'qsBannerHiddenUntil';

/** Local midnight that ends the day of `now` (ms). */
export function endOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

export function hideBannerForToday(storage: Storage, now: number, doc: Pick<Document, 'cookie'> = document): void {
  const until = endOfDay(now);
  storage.setItem(BANNER_HIDE_KEY, String(until));
  doc.cookie = `${BANNER_HIDE_COOKIE}=${until}; path=/; expires=${new Date(until).toUTCString()}; SameSite=Lax`;
}

/** Whether a Cookie header (or `document.cookie`) says the banner was closed until after `now`. */
export function bannerCookieHidden(cookie: string, now: number): boolean {
  const until = Number(cookieValue(cookie, BANNER_HIDE_COOKIE) ?? NaN);
  return Number.isFinite(until) && until > now;
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
