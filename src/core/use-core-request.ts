/**
 * One-off REST reads for pages (lineups, analysis, AI, anchor rooms, wallet…) through the core's
 * one REST client. Success only on code 200 (the core reports other codes on its exceptions
 * stream, which the shell toasts). The one copy for every area.
 */
import { use, useEffect, useState } from 'react';
import { getCore } from './get-core';
import { requestId, seededRequest, serverRender } from './ssr';
import type { RestRequest } from '../../workers/core/api';
import type { Envelope } from '../../workers/protocol/envelope';

export interface RequestState<T> {
  data: T | null;
  code: number | null;
  msg: string;
  loading: boolean;
}

/** Loads `req` when its identity (JSON) changes; a new `refreshKey` reloads and keeps the old data meanwhile. */
export function useCoreRequest<T>(req: RestRequest | null, refreshKey: unknown = 0): RequestState<T> {
  const id = req ? requestId(req) : '';
  // Server rendering (issue 29): the server renders with the answer; the browser starts from it.
  const server = serverRender();
  const first = req ? (server ? (use(server.request(req)) as Envelope<T>) : seededRequest<T>(req)) : undefined;
  const [state, setState] = useState<RequestState<T> & { id: string }>(() =>
    first
      ? { id, data: first.code === 200 ? first.data : null, code: first.code, msg: first.msg, loading: false }
      : { id: '', data: null, code: null, msg: '', loading: Boolean(req) },
  );
  // A seeded answer is newer than the offline store's: the stored one must not replace it.
  const [seeded] = useState(first !== undefined);
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
    if (request.offline && !seeded)
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
  }, [id, refreshKey, seeded]);
  return state;
}
