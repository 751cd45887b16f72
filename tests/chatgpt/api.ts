/**
 * The evaluation's REST client: the same endpoints the app's pages read (main API under /main,
 * live API at the root), each call answering the envelope's data or throwing.
 */
import { embeddedUrl, fillPath } from '../../workers/protocol/index';

export interface EvalApi {
  base: string;
  get<T>(path: string, params?: Record<string, string | number>, query?: Record<string, string | number>): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

export function evalApi(base: string): EvalApi {
  const url = (
    path: string,
    params: Record<string, string | number> = {},
    query: Record<string, string | number> = {},
  ) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return `${base}${embeddedUrl(fillPath(path, params))}${qs ? `?${qs}` : ''}`;
  };
  const read = async <T>(res: Response, what: string): Promise<T> => {
    const env = (await res.json()) as { code: number; msg: string; data: T };
    if (env.code !== 200) throw new Error(`${what}: ${env.code} ${env.msg}`);
    return env.data;
  };
  return {
    base,
    async get(path, params, query) {
      const u = url(path, params, query);
      return read(await fetch(u), u);
    },
    async post(path, body) {
      const u = url(path);
      return read(
        await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        u,
      );
    },
  };
}
