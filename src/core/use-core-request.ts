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
    // Set once the network has answered 200: a stored answer arriving later must not replace it.
    let fresh = false;
    // An `offline` request paints its last stored answer at once (second visit, slow or no
    // network), and keeps it when the network then fails.
    if (request.offline)
      void getCore()
        .cachedRequest<T>(request)
        .then(
          (env) => {
            if (live && !fresh && env?.code === 200)
              setState({ id, data: env.data, code: 200, msg: env.msg, loading: false });
          },
          () => undefined,
        );
    getCore()
      .request<T>(request)
      .then(
        (env) => {
          if (env.code === 200) fresh = true;
          if (!live) return;
          if (env.code !== 200 && request.offline)
            setState((s) =>
              s.id === id && s.data !== null ? s : { id, data: null, code: env.code, msg: env.msg, loading: false },
            );
          else setState({ id, data: env.code === 200 ? env.data : null, code: env.code, msg: env.msg, loading: false });
        },
        (e: unknown) => {
          if (!live) return;
          const msg = e instanceof Error ? e.message : String(e);
          setState((s) =>
            request.offline && s.id === id && s.data !== null ? s : { id, data: null, code: 5000, msg, loading: false },
          );
        },
      );
    return () => {
      live = false;
    };
  }, [id, refreshKey]);
  return state;
}
