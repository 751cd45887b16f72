/**
 * Loads one envelope for a page: data on code 200, the server's message otherwise; `reload`
 * fetches again, `set` edits the data in place after an action. A `null` load (nothing to ask
 * yet: signed out, a bad id) empties the state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Envelope } from '../../workers/protocol/envelope';
import { useFirstAnswer } from './use-first-answer';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  set: (update: (prev: T | null) => T | null) => void;
}

export interface LoadOptions {
  /** A failed reload keeps what was shown before (an article stays readable when a refresh fails). */
  keepOnError?: boolean;
}

const FAILED = '加载失败';

export function useLoad<T>(
  load: (() => Promise<Envelope<T>>) | null,
  deps: readonly unknown[],
  { keepOnError = false }: LoadOptions = {},
): Loaded<T> {
  // Server rendering (issue 29): the server waits for the answer and renders with it; the
  // browser starts from the same answer (the seed, found by the hook's place in the tree).
  const first = useFirstAnswer(load);
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>(() =>
    first
      ? first.code === 200
        ? { data: first.data, loading: false, error: null }
        : { data: null, loading: false, error: first.msg || FAILED }
      : { data: null, loading: Boolean(load), error: null },
  );
  // A seeded first load refreshes without showing 加载中 over what the server rendered.
  const quiet = useRef(first !== undefined);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) {
      setState({ data: null, loading: false, error: null });
      return;
    }
    let live = true;
    const fail = (error: string) =>
      live && setState((s) => ({ data: keepOnError ? s.data : null, loading: false, error }));
    if (quiet.current) quiet.current = false;
    else setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (env) =>
        env.code === 200 ? live && setState({ data: env.data, loading: false, error: null }) : fail(env.msg || FAILED),
      (err: unknown) => fail(err instanceof Error ? err.message : FAILED),
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
