/** Loads one envelope for a page: data on code 200, the server's message otherwise. */
import { useCallback, useEffect, useState } from 'react';
import type { Envelope } from '../../../workers/protocol/index';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  set: (data: T) => void;
}

export function useLoad<T>(load: (() => Promise<Envelope<T>>) | null, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({
    data: null,
    loading: Boolean(load),
    error: null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) {
      setState({ data: null, loading: false, error: null });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (env) =>
        live &&
        setState(
          env.code === 200
            ? { data: env.data, loading: false, error: null }
            : { data: null, loading: false, error: env.msg || '加载失败' },
        ),
      (err: unknown) =>
        live && setState({ data: null, loading: false, error: err instanceof Error ? err.message : '加载失败' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((data: T) => setState({ data, loading: false, error: null }), []);
  return { ...state, reload, set };
}

/** Back to where the user came from, or to the 我的 tab when the page was opened directly. */
export function goBack(navigate: (to: string) => void, fallback: string): void {
  if (window.history.length > 1) window.history.back();
  else navigate(fallback);
}
