/**
 * The auth cookie mirrors the core's session token so route guards know on first paint whether
 * the user is logged in (the core's store is the source of truth; it answers a moment later).
 */
export const AUTH_COOKIE = 'auth';
const MAX_AGE_S = 30 * 24 * 3600;

export function readAuthCookie(cookie: string = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === AUTH_COOKIE) {
      const v = decodeURIComponent(rest.join('='));
      return v ? v : null;
    }
  }
  return null;
}

export function writeAuthCookie(token: string | null): void {
  document.cookie = token
    ? `${AUTH_COOKIE}=${encodeURIComponent(token)}; path=/; max-age=${MAX_AGE_S}; samesite=lax`
    : `${AUTH_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
