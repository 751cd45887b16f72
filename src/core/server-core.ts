/**
 * The stand-in for the core while the server renders a page (issue 29, src/entry-server.tsx):
 * REST answers through the core's own REST client, over the server's routes in process, asked
 * once per request identity; match lists and rows computed as the core computes them, from the
 * same answers. Everything it answers is recorded in the seed the browser hydrates from.
 */
import type { Envelope } from '../../workers/protocol/envelope';
import type { Match } from '../../workers/protocol/live';
import { EMBEDDED_API_BASES } from '../../workers/protocol/api/paths';
import type { RestRequest, SessionValue, StreamKey } from '../../workers/core/api';
import { streamKeyId } from '../../workers/core/api';
import { newsHandler } from '../../workers/core/modules/news';
import { computeListValue, listRequest } from '../../workers/core/modules/list-compute';
import { listOf } from '../../workers/core/modules/list-of';
import { deriveMatch } from '../../workers/core/derive';
import { createRestClient, type FetchLike } from '../../workers/core/rest';
import { requestId, type ServerRender, type SsrSeed } from './ssr';

export interface ServerRenderInput {
  /** Path and query. */
  url: string;
  loggedIn: boolean;
  port: string;
  /** The request's Cookie header. */
  cookie: string;
  /** Answers the core's REST client from the server's own routes (in process). */
  fetch: FetchLike;
}

const FAILED: Envelope<null> = { code: 5000, msg: '加载失败', data: null };
/** A row as first loaded: no recent goal, not followed (the core fills in the user's follows). */
const NO_EXTRAS = { scoreChangedAt: 0, lastScorer: null, followed: false };

export function serverRenderFor(input: ServerRenderInput): ServerRender {
  const seed: SsrSeed = {
    path: input.url,
    loggedIn: input.loggedIn,
    port: input.port,
    requests: {},
    loads: {},
    streams: {},
  };
  // The core's own REST client (same URLs, default params, envelope rule), as a visitor.
  const rest = createRestClient({
    fetch: input.fetch,
    baseUrl: (family) => EMBEDDED_API_BASES[family],
    accessToken: () => null,
  });
  const requests = new Map<string, Promise<Envelope<unknown>>>();
  const loads = new Map<string, Promise<Envelope<unknown>>>();
  const settle = (p: Promise<Envelope<unknown>>, record: (env: Envelope<unknown>) => void) =>
    p.then(
      (env) => (record(env), env),
      () => (record(FAILED), FAILED as Envelope<unknown>),
    );
  const request = (req: RestRequest): Promise<Envelope<unknown>> => {
    const id = requestId(req);
    let p = requests.get(id);
    if (!p) {
      p = settle(rest.request(req), (env) => (seed.requests[id] = env));
      requests.set(id, p);
    }
    return p;
  };
  const session: SessionValue = { loggedIn: input.loggedIn, user: null, token: null, ready: false };
  const streams = new Map<string, Promise<unknown>>();
  const settled = (id: string, value: unknown): Promise<unknown> => {
    if (value !== undefined) seed.streams[id] = value;
    // Marked as React marks a settled thenable, so `use` reads it without suspending.
    const p = Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
    streams.set(id, p);
    return p;
  };
  const stream = (key: StreamKey): Promise<unknown> => {
    const id = streamKeyId(key);
    const known = streams.get(id);
    if (known) return known;
    if (key.kind !== 'matchList') return settled(id, undefined);
    // A list as the core computes it, from the same answer; its rows' values come with it.
    const nowMs = Date.now();
    const p = request(listRequest(key, nowMs)).then((env) => {
      if (env.code !== 200) return settled(id, undefined);
      const matches = listOf<Match>(env.data);
      for (const m of matches)
        settled(streamKeyId({ kind: 'match', id: m.id, sport: m.sport }), deriveMatch(m, NO_EXTRAS, nowMs));
      return settled(id, computeListValue(key, matches, [], { loading: false, stale: false }));
    });
    streams.set(id, p);
    return p;
  };
  const news = newsHandler(<T>(req: RestRequest) => request(req) as Promise<Envelope<T>>);
  const reading = {
    request,
    cachedRequest: () => Promise.resolve(null),
    news,
    initialSession: () => session,
    cache: { peek: () => undefined, watch: () => () => undefined },
  };
  // Anything else (actions) is never called while rendering; say so clearly if it is.
  const core = new Proxy(reading, {
    get(target, name) {
      if (name in target) return target[name as keyof typeof target];
      if (name === 'then') return undefined;
      return () => {
        throw new Error(`getCore().${String(name)} is not available while the server renders`);
      };
    },
  });
  return {
    seed,
    cookie: input.cookie,
    request,
    load(id, run) {
      let p = loads.get(id);
      if (!p) {
        p = settle(run(), (env) => (seed.loads[id] = env));
        loads.set(id, p);
      }
      return p;
    },
    stream,
    core,
  };
}
