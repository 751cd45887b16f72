/**
 * The news and community calls for views: `newsApi.list(type, cursor)` goes to the core's news
 * module (views never fetch), and `useNewsLoad` loads one envelope for a page.
 */
import { useCallback, useEffect, useState } from 'react';
import type { NewsApi, NewsMethod } from '../../workers/core/modules/news';
import type { Envelope } from '../../workers/protocol/index';
import { getCore } from './get-core';

export const newsApi = new Proxy({} as NewsApi, {
  get:
    (_t, method: string) =>
    (...args: unknown[]) =>
      (getCore().news as (m: NewsMethod, ...a: unknown[]) => Promise<unknown>)(method as NewsMethod, ...args),
});

export interface NewsLoaded<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  set: (update: (prev: T | null) => T | null) => void;
}

/** One envelope for a page: data on code 200, the server's message otherwise; `reload` refetches. */
export function useNewsLoad<T>(load: (() => Promise<Envelope<T>>) | null, deps: readonly unknown[]): NewsLoaded<T> {
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({
    data: null,
    loading: Boolean(load),
    error: null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (env) =>
        live &&
        setState((s) =>
          env.code === 200
            ? { data: env.data, loading: false, error: null }
            : { data: s.data, loading: false, error: env.msg || '加载失败' },
        ),
      (err: unknown) =>
        live &&
        setState((s) => ({ data: s.data, loading: false, error: err instanceof Error ? err.message : '加载失败' })),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback(
    (update: (prev: T | null) => T | null) => setState((s) => ({ ...s, data: update(s.data) })),
    [],
  );
  return { ...state, reload, set };
}
