/**
 * Server rendering of the first screen (issue 29): what the hooks read while the server renders
 * a page, and what the browser reads back while it hydrates that HTML.
 *
 * On the server (src/entry-server.tsx) each render has a `ServerRender`: REST answers come from
 * the server's own routes (the same services the REST API uses), asked once per request identity
 * and recorded. The answers go into the page as a seed (JSON, `<` escaped); in the browser the
 * hooks start from the seed, so the first client render is the server's HTML, then the core
 * takes over. The seed is for the page the server rendered only: it is dropped on the first
 * navigation away.
 */
import type { Envelope } from '../../workers/protocol/envelope';
import type { RestRequest, StreamKey } from '../../workers/core/api';
import { streamKeyId } from '../../workers/core/api';

export const SSR_SEED_ELEMENT_ID = 'qs-ssr-seed';

export interface SsrSeed {
  /** Path and query the server rendered. */
  path: string;
  /** The `loggedIn` flag cookie the server read (the client reads the same cookie). */
  loggedIn: boolean;
  /** The page's port (the tab bar's entries depend on it). */
  port: string;
  /**
   * The server left the download banner out: the native shell's user agent, or the banner closed
   * today (its cookie). The browser hydrates with the same, then applies its own rules.
   */
  bannerHidden: boolean;
  /** REST answers by request identity (`requestId`). */
  requests: Record<string, Envelope<unknown>>;
  /** `useLoad` answers by the hook's position in the tree (React's `useId`). */
  loads: Record<string, Envelope<unknown>>;
  /** Stream values by stream key id. */
  streams: Record<string, unknown>;
}

/** What a render on the server offers the hooks (src/entry-server.tsx builds it). */
export interface ServerRender {
  readonly seed: SsrSeed;
  /** The request's Cookie header (the filter cookies the list pages read on first paint). */
  readonly cookie: string;
  /** The same promise for the same request identity during one render (React's `use` needs it). */
  request(req: RestRequest): Promise<Envelope<unknown>>;
  /** A `useLoad` answer, memoised by the hook's id. */
  load(id: string, run: () => Promise<Envelope<unknown>>): Promise<Envelope<unknown>>;
  /** A stream's value as the core would first show it (undefined: the page shows its loading state). */
  stream(key: StreamKey): Promise<unknown>;
  /** Stands in for `getCore()` during a server render (only reading calls are made there). */
  readonly core: unknown;
}

export const IS_SERVER = typeof window === 'undefined';

let serverSource: () => ServerRender | undefined = () => undefined;

/** The server entry tells this module where the current render's context is (AsyncLocalStorage). */
export function setServerRenderSource(source: () => ServerRender | undefined): void {
  serverSource = source;
}

/** The current server render, or null in the browser. */
export function serverRender(): ServerRender | null {
  return IS_SERVER ? (serverSource() ?? null) : null;
}

export function requestId(req: RestRequest): string {
  return JSON.stringify(req);
}

let seed: SsrSeed | null | undefined;

const here = () => window.location.pathname + window.location.search;

function clientSeed(): SsrSeed | null {
  if (seed !== undefined) {
    // Once the app has left the rendered page the seed is gone for good.
    if (seed && seed.path !== here()) seed = null;
    return seed;
  }
  seed = null;
  if (IS_SERVER) return seed;
  const el = document.getElementById(SSR_SEED_ELEMENT_ID);
  if (!el?.textContent) return seed;
  try {
    const parsed = JSON.parse(el.textContent) as SsrSeed;
    if (parsed.path === here()) seed = parsed;
  } catch {
    seed = null;
  }
  return seed;
}

/** True when this document came with server-rendered HTML for its URL (main.tsx hydrates it). */
export function hasSeed(): boolean {
  return clientSeed() !== null;
}

/** The page was left: the seed no longer describes what is on screen. */
export function dropSeed(): void {
  if (!IS_SERVER) seed = null;
}

export function seededRequest<T>(req: RestRequest): Envelope<T> | undefined {
  return clientSeed()?.requests[requestId(req)] as Envelope<T> | undefined;
}

/** The server's download-banner decision for the page it rendered, or undefined (no seed). */
export function seededBannerHidden(): boolean | undefined {
  return clientSeed()?.bannerHidden;
}

export function seededLoad<T>(id: string): Envelope<T> | undefined {
  return clientSeed()?.loads[id] as Envelope<T> | undefined;
}

export function seededStream(key: StreamKey): unknown {
  return clientSeed()?.streams[streamKeyId(key)];
}

/** The page's port: the server's Host header while rendering, the location in the browser. */
export function pagePort(): string {
  const server = serverRender();
  if (server) return server.seed.port;
  if (IS_SERVER) return '';
  return window.location.port;
}

/** The page's cookies: the request's while the server renders, `document.cookie` in the browser. */
export function pageCookie(): string {
  const server = serverRender();
  if (server) return server.cookie;
  return IS_SERVER ? '' : document.cookie;
}

/** The seed as it goes into the page: `<` escaped, so no value can close the script element. */
export function serialiseSeed(s: SsrSeed): string {
  return JSON.stringify(s)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
