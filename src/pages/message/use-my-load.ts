/**
 * `useLoad` for a signed-in user's data: waits until the core has its session (the cookie says
 * logged in before the core has read its token; a read sent then would go out as a visitor and
 * come back refused), and loads again when the user changes.
 */
import { useSession } from '../../core/index';
import type { Envelope } from '../../../workers/protocol/index';
import { useLoad, type Loaded } from '../user/use-load';

export function useMyLoad<T>(load: (() => Promise<Envelope<T>>) | null, deps: readonly unknown[]): Loaded<T> {
  const session = useSession();
  const me = session.ready && session.token ? (session.user?.id ?? 0) : null;
  const loaded = useLoad(me !== null ? load : null, [...deps, me]);
  return me === null ? { ...loaded, loading: true } : loaded;
}
