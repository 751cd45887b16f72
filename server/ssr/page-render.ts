/**
 * Server rendering of the first screen (issue 29). The main routes' HTML holds the page itself,
 * rendered by the client's own components (Vite's SSR build of src/entry-server.tsx, in
 * dist-ssr/) with the answers of this server's own REST routes, plus the seed the browser
 * hydrates from, and the CSS the first screen needs inline. Any other route, or a render that
 * fails or takes too long, is answered with the plain app as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDelivered, isKnownPath, matchRoute, type RouteDef } from '../../workers/protocol/index';
import type { Envelope } from '../../workers/protocol/envelope';

/** What the SSR bundle (src/entry-server.tsx) exports; typed here without the client's types. */
interface SsrBundle {
  setRenderScope(scope: AsyncLocalStorage<unknown>): void;
  warm(paths: readonly string[]): Promise<void>;
  render(input: {
    url: string;
    loggedIn: boolean;
    port: string;
    cookie: string;
    userAgent: string;
    fetch: (
      url: string,
      init: { method: string; headers: Record<string, string>; body?: unknown },
    ) => Promise<{
      status: number;
      json(): Promise<unknown>;
    }>;
    timeoutMs?: number;
  }): Promise<{ html: string; seed: string }>;
}

export const SSR_SEED_ELEMENT_ID = 'qs-ssr-seed';

/** The main routes whose first screen comes from the server (issue 29, point 1). */
export const SSR_ROUTES: ReadonlySet<string> = new Set([
  'live/hot',
  'live/zq/type',
  'live/lq/type',
  'live/zq/detail',
  'live/lq/detail',
  'vlive/type',
  'news/type',
  'news/detail',
  'database',
  'proposal/rank',
  'user',
  'community/list',
]);
/**
 * Routes rendered for visitors only: their first screen depends on the signed-in user in a way the
 * server, rendering as a visitor, cannot know, and the page does not fetch it again after
 * hydration. The community list hides the posts of authors the user shielded: a signed-in user
 * gets the plain app there (found when the service worker began letting the server's HTML through
 * on repeat visits: tests/e2e/news.e2e.ts).
 */
export const VISITOR_ONLY_ROUTES: ReadonlySet<string> = new Set(['community/list']);
const RENDER_TIMEOUT_MS = 3000;
/** One page of each area that is server-rendered. */
const WARM_PATHS = ['/live/hot', '/vlive/0', '/news/1002', '/database', '/proposal/rank', '/user', '/community/list'];

/** The route a URL renders on the server, or null (not a server-rendered page). */
export function ssrRouteOf(url: string): RouteDef | null {
  const clean = url.split(/[?#]/)[0] || '/';
  if (!isKnownPath(clean)) return null;
  const route = matchRoute(clean);
  if (!route || !isDelivered(route) || route.guard || !SSR_ROUTES.has(route.name)) return null;
  return route;
}

/** Whether the route's first screen is rendered here for this visitor (or signed-in user). */
export function rendersFor(route: RouteDef, loggedIn: boolean): boolean {
  return !(loggedIn && VISITOR_ONLY_ROUTES.has(route.name));
}

/** The `loggedIn` flag cookie (src/core/auth-cookie.ts): a flag, never the token. */
export function loggedInCookie(header: string | undefined): boolean {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === 'loggedIn') return value === '1';
  }
  return false;
}

function portOf(req: FastifyRequest): string {
  const host = req.headers.host ?? '';
  const m = /:(\d+)$/.exec(host);
  return m ? m[1]! : '';
}

export interface PageRenderer {
  /** The page's markup and seed, or null: serve the plain app. */
  render(req: FastifyRequest): Promise<{ html: string; seed: string } | null>;
}

/** Loads dist-ssr/entry-server.js; null when the build has none (the plain app is served). */
export async function createPageRenderer(app: FastifyInstance, ssrDir: string): Promise<PageRenderer | null> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  const bundle = (await import(pathToFileURL(entry).href)) as SsrBundle;
  bundle.setRenderScope(new AsyncLocalStorage());
  // The rendered pages' code is loaded now, not by the first visitor's request.
  await bundle.warm(WARM_PATHS);
  return {
    async render(req) {
      const url = req.url;
      const route = ssrRouteOf(url);
      const loggedIn = loggedInCookie(req.headers.cookie);
      if (!route || !rendersFor(route, loggedIn)) return null;
      try {
        return await bundle.render({
          url,
          loggedIn,
          port: portOf(req),
          cookie: req.headers.cookie ?? '',
          userAgent: req.headers['user-agent'] ?? '',
          // The page's data from the same routes (and services) the REST API answers with, as a
          // visitor: what belongs to the signed-in user alone fills in after hydration.
          fetch: async (u, init) => {
            const res = await app.inject({
              method: init.method as 'GET' | 'POST',
              url: u,
              headers: init.headers,
              payload: typeof init.body === 'string' ? init.body : undefined,
            });
            return { status: res.statusCode, json: async () => res.json<Envelope<unknown>>() };
          },
          timeoutMs: RENDER_TIMEOUT_MS,
        });
      } catch (err) {
        req.log.warn({ err, url }, 'server render failed: the plain app is served');
        return null;
      }
    },
  };
}
