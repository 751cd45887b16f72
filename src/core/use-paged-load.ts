/**
 * A list that pages to its end: page 1 on mount (and on `reload`), then each `loadMore` appends
 * the next page, until the server says there is no next. Pages stay in order whatever order
 * the answers arrive in, and a reload drops answers of the list it replaced.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Envelope } from '../../workers/protocol/envelope';

export interface PageOf<T> {
  list: T[];
  next: boolean;
}

type ItemOf<P extends PageOf<unknown>> = P['list'][number];

export interface PagedLoad<P extends PageOf<unknown>, T = ItemOf<P>> {
  items: T[];
  /** The first page's answer (totals, unread counts ride on it). */
  first: P | null;
  loading: boolean;
  loadingMore: boolean;
  /** The first page failed (the list is empty). */
  error: string | null;
  /** The last 加载更多 failed (the pages so far stay). */
  moreError: string | null;
  hasMore: boolean;
  loadMore(): void;
  reload(): void;
  /** Local edits after an action (mark read, remove) without a reload. */
  update(edit: (items: T[]) => T[]): void;
}

/** What the hook returns, less its actions, and how many pages it has. */
type State<T, P> = Omit<PagedLoad<PageOf<unknown>, T>, 'first' | 'loadMore' | 'reload' | 'update'> & {
  first: P | null;
  /** Pages loaded so far (the next loadMore asks for pageCount + 1). */
  pageCount: number;
};

const FAILED = '加载失败';

function empty<T, P>(): State<T, P> {
  return {
    items: [],
    pageCount: 0,
    first: null,
    loading: false,
    loadingMore: false,
    error: null,
    moreError: null,
    hasMore: false,
  };
}

function failed<T, P>(s: State<T, P>, page: number, msg: string): State<T, P> {
  return page === 1
    ? { ...s, loading: false, loadingMore: false, error: msg }
    : { ...s, loading: false, loadingMore: false, moreError: msg };
}

export function usePagedLoad<P extends PageOf<unknown>, T = ItemOf<P>>(
  load: ((page: number) => Promise<Envelope<P>>) | null,
  deps: readonly unknown[],
): PagedLoad<P, T> {
  const [state, setState] = useState<State<T, P>>(() => ({ ...empty<T, P>(), loading: Boolean(load) }));
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // Bumped by every reload: answers of an older round are dropped.
  const roundRef = useRef(0);
  const busy = useRef(false);

  const fetchPage = useCallback((page: number, myRound: number) => {
    const fn = loadRef.current;
    if (!fn) return;
    busy.current = true;
    fn(page).then(
      (env) => {
        if (roundRef.current !== myRound) return;
        busy.current = false;
        setState((s) => {
          if (env.code !== 200) return failed(s, page, env.msg || FAILED);
          return {
            items: page === 1 ? (env.data.list as T[]) : [...s.items, ...(env.data.list as T[])],
            pageCount: page,
            first: page === 1 ? env.data : s.first,
            loading: false,
            loadingMore: false,
            error: null,
            moreError: null,
            hasMore: env.data.next,
          };
        });
      },
      (err: unknown) => {
        if (roundRef.current !== myRound) return;
        busy.current = false;
        setState((s) => failed(s, page, err instanceof Error ? err.message : FAILED));
      },
    );
  }, []);

  useEffect(() => {
    const myRound = ++roundRef.current;
    busy.current = false;
    if (!loadRef.current) {
      setState(empty<T, P>());
      return;
    }
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchPage(1, myRound);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round, fetchPage]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (busy.current || !s.hasMore || s.loading || s.loadingMore) return;
    setState({ ...s, loadingMore: true, moreError: null });
    fetchPage(s.pageCount + 1, roundRef.current);
  }, [fetchPage]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const update = useCallback((edit: (items: T[]) => T[]) => setState((s) => ({ ...s, items: edit(s.items) })), []);
  return {
    items: state.items,
    first: state.first,
    loading: state.loading,
    loadingMore: state.loadingMore,
    error: state.error,
    moreError: state.moreError,
    hasMore: state.hasMore,
    loadMore,
    reload,
    update,
  };
}
