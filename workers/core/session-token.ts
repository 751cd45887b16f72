/**
 * The session's token as the domain modules follow it: once per change (login, logout, another
 * account), not once per session update (a new nickname keeps the token).
 */
import { distinctUntilChanged, map, type Observable } from 'rxjs';
import type { SessionValue } from './api';

export function tokenChanges(session$: Observable<SessionValue>): Observable<string | null> {
  return session$.pipe(
    map((s) => s.token),
    distinctUntilChanged(),
  );
}
