/**
 * A cursor-paged list for a page: first page on mount (and when `key` changes), `loadMore` for the
 * next cursor, `refresh` to start over. The pages pass a core call; nothing here fetches itself.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Envelope } from '../../../workers/protocol/index';
import { useFirstAnswer } from '../../core/use-first-answer';

export interface Paged<T> {
  items: T[];
  loading: boolean;
  refreshing: boolean;
  error: string | null;
  done: boolean;
  loadMore: () => void;
  refresh: () => Promise<void>;
  update: (f: (items: T[]) => T[]) => void;
}

export function usePagedList<T>(
  load: (cursor: string | null) => Promise<Envelope<{ list: T[]; next: string | null }>>,
  key: string,
): Paged<T> {
  // A server-rendered page (issue 29) starts with its first page, as the server rendered it.
  const first = useFirstAnswer(() => load(null));
  const page1 = first?.code === 200 ? first.data : null;
  const [items, setItems] = useState<T[]>(page1?.list ?? []);
  const [cursor, setCursor] = useState<string | null>(page1?.next ?? null);
  const [done, setDone] = useState(page1 ? page1.next === null : false);
  const [loading, setLoading] = useState(!page1);
  // That first page is fresh from the server: it is not asked again on mount.
  const seeded = useRef(page1 !== null);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const busy = useRef(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(async (from: string | null, reset: boolean) => {
    const gen = generation.current;
    busy.current = true;
    setLoading(true);
    setError(null);
    const env = await loadRef.current(from).catch((e: unknown) => ({
      code: -1,
      msg: e instanceof Error ? e.message : '加载失败',
      data: null as never,
    }));
    if (gen !== generation.current) return;
    busy.current = false;
    setLoading(false);
    if (env.code !== 200) {
      setError(env.msg || '加载失败');
      return;
    }
    setItems((prev) => (reset ? env.data.list : [...prev, ...env.data.list]));
    setCursor(env.data.next);
    setDone(env.data.next === null);
  }, []);

  useEffect(() => {
    generation.current++;
    if (seeded.current) {
      seeded.current = false;
      return;
    }
    setItems([]);
    setCursor(null);
    setDone(false);
    void fetchPage(null, true);
  }, [key, fetchPage]);

  const loadMore = useCallback(() => {
    if (busy.current || done || error || cursor === null) return;
    void fetchPage(cursor, false);
  }, [cursor, done, error, fetchPage]);

  const refresh = useCallback(async () => {
    generation.current++;
    setRefreshing(true);
    await fetchPage(null, true);
    setRefreshing(false);
  }, [fetchPage]);

  const update = useCallback((f: (items: T[]) => T[]) => setItems(f), []);
  return { items, loading, refreshing, error, done, loadMore, refresh, update };
}
