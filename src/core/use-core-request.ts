/**
 * One-off REST reads for pages (lineups, analysis, AI, anchor rooms, wallet…) through the core's
 * one REST client. Success only on code 200 (the core reports other codes on its exceptions
 * stream, which the shell toasts). The one copy for every area.
 */
import { useEffect, useState } from 'react';
import { getCore } from './get-core';
import type { RestRequest } from '../../workers/core/api';

export interface RequestState<T> {
  data: T | null;
  code: number | null;
  msg: string;
  loading: boolean;
}

/** Loads `req` when its identity (JSON) changes; a new `refreshKey` reloads and keeps the old data meanwhile. */
export function useCoreRequest<T>(req: RestRequest | null, refreshKey: unknown = 0): RequestState<T> {
  const id = req ? JSON.stringify(req) : '';
  const [state, setState] = useState<RequestState<T> & { id: string }>({
    id: '',
    data: null,
    code: null,
    msg: '',
    loading: Boolean(req),
  });
  const [prevKey, setPrevKey] = useState({ id, refreshKey });
  if (prevKey.id !== id || prevKey.refreshKey !== refreshKey) {
    setPrevKey({ id, refreshKey });
    if (prevKey.id !== id) setState({ id, data: null, code: null, msg: '', loading: Boolean(req) });
  }
  useEffect(() => {
    if (!id) return;
    let live = true;
    const request = JSON.parse(id) as RestRequest;
    getCore()
      .request<T>(request)
      .then(
        (env) => {
          if (!live) return;
          setState({ id, data: env.code === 200 ? env.data : null, code: env.code, msg: env.msg, loading: false });
        },
        (e: unknown) => {
          if (live)
            setState({ id, data: null, code: 5000, msg: e instanceof Error ? e.message : String(e), loading: false });
        },
      );
    return () => {
      live = false;
    };
  }, [id, refreshKey]);
  return state;
}
