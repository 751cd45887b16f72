/**
 * REST reads of the anchor live area through the core's one REST client. Success only on code
 * 200 (the core reports other codes on its exceptions stream, which the shell toasts).
 */
import { useEffect, useState } from 'react';
import { getCore, type RestRequest } from '../../core/index';

export interface RequestState<T> {
  data: T | null;
  code: number | null;
  msg: string;
  loading: boolean;
}

/** Loads `req` when its identity changes; a new `refreshKey` reloads and keeps the old data meanwhile. */
export function useVliveRequest<T>(req: RestRequest | null, refreshKey: unknown = 0): RequestState<T> {
  const id = req ? JSON.stringify(req) : '';
  const [state, setState] = useState<RequestState<T> & { id: string }>({
    id: '',
    data: null,
    code: null,
    msg: '',
    loading: Boolean(req),
  });
  const [prev, setPrev] = useState({ id, refreshKey });
  if (prev.id !== id || prev.refreshKey !== refreshKey) {
    setPrev({ id, refreshKey });
    if (prev.id !== id) setState({ id, data: null, code: null, msg: '', loading: Boolean(req) });
  }
  useEffect(() => {
    if (!id) return;
    let live = true;
    // Set once the network has answered 200: a stored answer arriving later must not replace it.
    let fresh = false;
    const req = JSON.parse(id) as RestRequest;
    // An `offline` request paints its last stored answer at once (second visit, slow or no
    // network), and keeps it when the network then fails.
    if (req.offline)
      void getCore()
        .cachedRequest<T>(req)
        .then(
          (env) => {
            if (live && !fresh && env?.code === 200)
              setState({ id, data: env.data, code: 200, msg: env.msg, loading: false });
          },
          () => undefined,
        );
    getCore()
      .request<T>(req)
      .then(
        (env) => {
          if (env.code === 200) fresh = true;
          if (!live) return;
          if (env.code !== 200 && req.offline)
            setState((s) =>
              s.id === id && s.data !== null ? s : { id, data: null, code: env.code, msg: env.msg, loading: false },
            );
          else setState({ id, data: env.code === 200 ? env.data : null, code: env.code, msg: env.msg, loading: false });
        },
        (e: unknown) => {
          if (!live) return;
          const msg = e instanceof Error ? e.message : String(e);
          setState((s) =>
            req.offline && s.id === id && s.data !== null ? s : { id, data: null, code: 5000, msg, loading: false },
          );
        },
      );
    return () => {
      live = false;
    };
  }, [id, refreshKey]);
  return state;
}

/** A fresh idempotency key (≥ 128 random bits) for one intended send or purchase. */
export function newIdemKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
