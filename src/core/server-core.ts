/**
 * The stand-in for the core while the server renders a page (issue 29, src/entry-server.tsx):
 * REST answers through the core's own REST client, over the server's routes in process, asked
 * once per request identity; match lists and rows computed as the core computes them, from the
 * same answers. Everything it answers is recorded in the seed the browser hydrates from.
 */
import type { Envelope } from '../../workers/protocol/envelope';
import type { Incident, Match, StatEntry, TextLiveLine } from '../../workers/protocol/live';
import { LivePaths } from '../../workers/protocol/api/live';
import { textLiveNewestFirst } from '../../workers/protocol/text-live-order';
import { headerMatch } from '../../workers/core/modules/matches';
import { EMBEDDED_API_BASES } from '../../workers/protocol/api/paths';
import type { RestRequest, SessionValue, StreamKey } from '../../workers/core/api';
import { streamKeyId } from '../../workers/core/api';
import { newsHandler } from '../../workers/core/modules/news';
import { computeListValue, listRequest } from '../../workers/core/modules/list-compute';
import { listOf } from '../../workers/core/modules/list-of';
import { deriveMatch } from '../../workers/core/derive';
import { createRestClient, type FetchLike } from '../../workers/core/rest';
import { requestId, type ServerRender, type SsrSeed } from './ssr';
import { bannerCookieHidden } from '../app/download-banner-flag';
import { isNativeShell } from '../app/native-shell';

export interface ServerRenderInput {
  /** Path and query. */
  url: string;
  loggedIn: boolean;
  port: string;
  /** The request's Cookie header. */
  cookie: string;
  /** The request's User-Agent header (the native shell names itself there). */
  userAgent: string;
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
    bannerHidden: isNativeShell(input.userAgent) || bannerCookieHidden(input.cookie, Date.now()),
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
  // Each answer once per request identity; only those a component read go into the seed.
  const answers = new Map<string, Promise<Envelope<unknown>>>();
  const answer = (req: RestRequest): Promise<Envelope<unknown>> => {
    const id = requestId(req);
    let p = answers.get(id);
    if (!p) {
      p = rest.request(req).catch(() => FAILED as Envelope<unknown>);
      answers.set(id, p);
    }
    return p;
  };
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
      p = settle(answer(req), (env) => (seed.requests[id] = env));
      requests.set(id, p);
    }
    return p;
  };
  const session: SessionValue = { loggedIn: input.loggedIn, user: null, token: null, ready: false };
  const streams = new Map<string, Promise<unknown>>();
  const settled = (id: string, value: unknown): Promise<unknown> => {
    // Marked as React marks a settled thenable, so `use` reads it without suspending.
    const p = Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
    streams.set(id, p);
    return p;
  };
  // Each value as the core computes it, from the same answers (live-lists.ts, match-detail.ts).
  const computeStream = (key: StreamKey, id: string): Promise<unknown> => {
    const nowMs = Date.now();
    const zq = 'sport' in key && key.sport === 'zq';
    switch (key.kind) {
      case 'matchList':
        // A list, and its rows' values with it.
        return answer(listRequest(key, nowMs)).then((env) => {
          if (env.code !== 200) return settled(id, undefined);
          const matches = listOf<Match>(env.data);
          for (const m of matches)
            settled(streamKeyId({ kind: 'match', id: m.id, sport: m.sport }), deriveMatch(m, NO_EXTRAS, nowMs));
          return settled(id, computeListValue(key, matches, [], { loading: false, stale: false }));
        });
      case 'match':
      case 'matchDetail': {
        const matchId = key.kind === 'match' ? key.id : key.matchId;
        return answer({ path: zq ? LivePaths.zqHeader : LivePaths.lqHeader, params: { id: matchId } }).then((env) => {
          const m = headerMatch(env);
          const view = m ? deriveMatch(m, NO_EXTRAS, nowMs) : null;
          if (key.kind === 'match') return settled(id, view ?? undefined);
          const incidents = env.code === 200 ? listOf<Incident>(env.data, 'incidents') : [];
          return settled(id, view ? { match: view, incidents, loading: false } : undefined);
        });
      }
      case 'textLive':
        return answer({ path: zq ? LivePaths.zqTextLive : LivePaths.lqTextLive, params: { id: key.matchId } }).then(
          (env) =>
            settled(
              id,
              env.code === 200
                ? { lines: textLiveNewestFirst(listOf<TextLiveLine>(env.data, 'lines')), loading: false }
                : undefined,
            ),
        );
      case 'stats':
        return answer({ path: zq ? LivePaths.zqStats : LivePaths.lqStats, params: { id: key.matchId } }).then((env) =>
          settled(id, env.code === 200 ? { stats: listOf<StatEntry>(env.data, 'stats'), loading: false } : undefined),
        );
      default:
        // The user's own streams (session, unread, follows…) and the socket's state: none yet.
        return settled(id, undefined);
    }
  };
  const stream = (key: StreamKey): Promise<unknown> => {
    const id = streamKeyId(key);
    let p = streams.get(id);
    if (!p) {
      p = computeStream(key, id);
      streams.set(id, p);
    }
    // Only values a component read go into the seed (a list's rows off screen do not).
    void p.then((value) => {
      if (value !== undefined) seed.streams[id] = value;
    });
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
