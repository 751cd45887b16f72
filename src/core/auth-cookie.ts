/**
 * The `loggedIn` cookie tells route guards on first paint whether the user is logged in (the
 * core's store is the source of truth; it answers a moment later). It holds a flag, never the
 * token: a script-readable 30-day token would be handed to any injected script. Every tab reads
 * the same cookie, so a login in one tab shows as logged in when another tab opens.
 */
import { cookieValue } from '../../workers/domain/cookie';

export const LOGGED_IN_COOKIE = 'loggedIn';
/** The token cookie older builds wrote; cleared when the flag is written. */
const LEGACY_TOKEN_COOKIE = 'auth';
const MAX_AGE_S = 30 * 24 * 3600;

export function readLoggedInCookie(cookie: string = document.cookie): boolean {
  return cookieValue(cookie, LOGGED_IN_COOKIE) === '1';
}

export function writeLoggedInCookie(loggedIn: boolean): void {
  document.cookie = loggedIn
    ? `${LOGGED_IN_COOKIE}=1; path=/; max-age=${MAX_AGE_S}; samesite=lax`
    : `${LOGGED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
  document.cookie = `${LEGACY_TOKEN_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
