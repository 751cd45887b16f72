/**
 * Followed matches: on the server when logged in, in the offline store for a visitor. Synced from
 * the server whenever a session starts.
 */
import { BehaviorSubject } from 'rxjs';
import { tokenChanges } from '../session-token';
import { Code } from '../../protocol/codes';
import { LivePaths } from '../../protocol/api/live';
import type { Match, Sport } from '../../protocol/live';
import type { ActionResult, FollowedValue, SessionValue } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';

const FOLLOWED_KEY = 'followed';

export interface FollowsModule {
  readonly followed$: BehaviorSubject<FollowedValue>;
  readonly streams: Pick<StreamBuilders, 'followed'>;
  readonly handlers: { follow(matchId: number, sport: Sport): Promise<ActionResult<{ followed: boolean }>> };
  isFollowed(m: Match): boolean;
  /** Resolves when the stored follows are loaded. */
  readonly booted: Promise<void>;
}

export function createFollowsModule(kernel: Kernel, session$: BehaviorSubject<SessionValue>): FollowsModule {
  const followed$ = new BehaviorSubject<FollowedValue>({ zq: [], lq: [] });

  async function syncFromServer(): Promise<void> {
    const env = await kernel.request<unknown>({ path: LivePaths.follow, silent: true });
    if (env.code !== Code.OK || !env.data || typeof env.data !== 'object') return;
    const d = env.data as Partial<FollowedValue>;
    if (Array.isArray(d.zq) && Array.isArray(d.lq)) followed$.next({ zq: d.zq, lq: d.lq });
  }

  const booted = kernel.store
    .get<FollowedValue>(FOLLOWED_KEY)
    .then((stored) => {
      if (stored) followed$.next(stored);
    })
    .catch((e: unknown) => kernel.log('offline store read failed', e));
  // After the stored follows, so a slow store read never overwrites the server's answer.
  void booted.then(() => {
    const sub = tokenChanges(session$).subscribe((token) => {
      if (token) void syncFromServer();
    });
    kernel.onDispose(() => sub.unsubscribe());
  });

  async function follow(matchId: number, sport: Sport): Promise<ActionResult<{ followed: boolean }>> {
    const cur = followed$.value;
    const isOn = cur[sport].includes(matchId);
    if (session$.value.loggedIn) {
      const env = await kernel.request<{ follow?: number; followed?: boolean }>({
        path: LivePaths.follow,
        method: 'POST',
        body: { matchId, sport },
      });
      if (env.code !== Code.OK) return { ok: false, code: env.code, msg: env.msg, data: { followed: isOn } };
      const on = env.data?.followed ?? (env.data?.follow !== undefined ? env.data.follow === 1 : !isOn);
      followed$.next({
        ...cur,
        [sport]: on ? [...new Set([...cur[sport], matchId])] : cur[sport].filter((x) => x !== matchId),
      });
      return { ok: true, code: Code.OK, msg: env.msg, data: { followed: on } };
    }
    const next = { ...cur, [sport]: isOn ? cur[sport].filter((x) => x !== matchId) : [...cur[sport], matchId] };
    followed$.next(next);
    await kernel.store.set(FOLLOWED_KEY, next);
    return { ok: true, code: Code.OK, msg: isOn ? '已取消关注' : '关注成功', data: { followed: !isOn } };
  }

  return {
    followed$,
    streams: { followed: () => followed$ },
    handlers: { follow },
    isFollowed: (m) => followed$.value[m.sport].includes(m.id),
    booted,
  };
}
