/**
 * Which alerts a live page shows. The core has already applied the settings (which kinds, the
 * delay, followed-only); a page then keeps to its sport, except for matches the fan follows and
 * the match it is showing. One toast at a time: the newest replaces the one on screen.
 */
import type { AlertEvent, FollowedValue, Sport } from './core-bridge';

export interface AlertScope {
  /** The sport on screen; undefined shows both (the 热门 page). */
  sport?: Sport;
  /** The match a detail page is showing: always alerted. */
  matchId?: number;
}

/** How long a toast stays: long enough to read a score, short enough not to cover the page. */
export const ALERT_SHOW_MS = 3000;

export function alertBelongs(alert: AlertEvent, scope: AlertScope, followed: FollowedValue | undefined): boolean {
  if (scope.matchId !== undefined && alert.matchId === scope.matchId) return true;
  if (!scope.sport || alert.sport === scope.sport) return true;
  return Boolean(followed?.[alert.sport].includes(alert.matchId));
}
