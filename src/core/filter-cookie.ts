/**
 * Filter choices kept in cookies that expire at the spec's reset hour (football 10:00,
 * basketball 15:00, China time). Cookies live in the tab (a worker has no document.cookie).
 */
import type { ListFilter } from '../../workers/core/api';
import type { Sport } from '../../workers/protocol/index';
import { filterCookieExpiry, filterCookieName } from '../../workers/domain/filter-cookie';
import { cookieValue } from '../../workers/domain/cookie';
import { pageCookie } from './ssr';

export function saveListFilter(sport: Sport, filter: ListFilter, nowMs: number = Date.now()): void {
  const expires = new Date(filterCookieExpiry(sport, nowMs)).toUTCString();
  const value = encodeURIComponent(JSON.stringify(filter));
  document.cookie = `${filterCookieName(sport)}=${value}; path=/; expires=${expires}; samesite=lax`;
}

export function loadListFilter(sport: Sport, cookie: string = pageCookie()): ListFilter | null {
  const raw = cookieValue(cookie, filterCookieName(sport));
  if (raw === null) return null;
  try {
    const v = JSON.parse(decodeURIComponent(raw)) as Partial<ListFilter>;
    const types = ['all', 'jx', 'jczq', 'bjdc'];
    if (typeof v.type !== 'string' || !types.includes(v.type)) return null;
    const leagueIds = Array.isArray(v.leagueIds) ? v.leagueIds.filter((n) => Number.isSafeInteger(n)) : null;
    return { type: v.type as ListFilter['type'], leagueIds };
  } catch {
    return null;
  }
}

export function clearListFilter(sport: Sport): void {
  document.cookie = `${filterCookieName(sport)}=; path=/; max-age=0; samesite=lax`;
}

export { filterCookieExpiry };
