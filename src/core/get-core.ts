/**
 * `getCore()`: the tab's single door to the core, created on first use. Its client of the core
 * (./core-start, with Comlink and the hosts) is loaded on the first call, after hydration on a
 * server-rendered page (./core-front, issue 29).
 */
import type { SessionValue } from '../../workers/core/api';
import { CoreFront } from './core-front';
import { readLoggedInCookie } from './auth-cookie';
import { serverRender } from './ssr';

let front: CoreFront | null = null;

/** The token itself comes from the core's store; the cookie only says whether there is one. */
const cookieSession = (): SessionValue => ({ loggedIn: readLoggedInCookie(), user: null, token: null, ready: false });

export function getCore(): CoreFront {
  if (front) return front;
  // While the server renders a page (issue 29) the render's stand-in answers the reading calls.
  const server = serverRender();
  if (server) return server.core as CoreFront;
  front = new CoreFront(() => import('./core-start').then((m) => m.startCoreClient(cookieSession)), cookieSession);
  return front;
}
