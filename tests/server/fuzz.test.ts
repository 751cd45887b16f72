/**
 * The fuzz suite in CI (issue 11): every declared HTTP route and every client frame kind gets
 * schema-driven malformed and boundary input (tests/helpers/fuzz.ts). Fails on any 5xx, on a
 * request that hangs, on a refused request that changed a stored row, and on a server that is
 * not healthy afterwards. Fixed seed, so a failure replays; the longer run is tests/bench/fuzz.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Code, SystemPaths } from '../../workers/protocol/index';
import {
  ALLOWED_CLOSE_CODES,
  declaredRoutes,
  frameCase,
  fuzzFrames,
  httpCase,
  sendHttpCase,
  storedFingerprint,
} from '../helpers/fuzz';
import { createTestUser, socketUrl, startTestServer, type TestServer } from '../helpers/ws-client';

const SEED = 20261124;
const CASES_PER_ROUTE = 10;
const FRAMES = 240;

let srv: TestServer;
let token: string;
beforeAll(async () => {
  srv = await startTestServer();
  // Fixtures in the database (matches, details), so ids lead somewhere; no timer: the fuzz drives nothing.
  await srv.built.ctx.feed.start();
  token = (await createTestUser(srv.base)).auth.token;
}, 180_000);
afterAll(async () => {
  await srv?.close();
}, 180_000);

it('no declared HTTP route answers 5xx, hangs, or stores anything for refused input', async () => {
  const routes = declaredRoutes(srv.built);
  expect(routes.length).toBeGreaterThan(80);
  const failures: string[] = [];
  let fingerprint = await storedFingerprint(srv.ts.storage.db);
  let cases = 0;
  const t0 = Date.now();
  for (const [i, route] of routes.entries()) {
    for (const c of fc.sample(httpCase([route]), { numRuns: CASES_PER_ROUTE, seed: SEED + i })) {
      cases++;
      let outcome;
      try {
        outcome = await sendHttpCase(srv.base, c, token);
      } catch (err) {
        failures.push(`${route.method} ${route.pattern}: no answer (${(err as Error).name})`);
        continue;
      }
      if (outcome.status >= 500) failures.push(`${outcome.url} → HTTP ${outcome.status}`);
      const after = await storedFingerprint(srv.ts.storage.db);
      const refused = outcome.status >= 400 || (outcome.code !== null && outcome.code !== Code.OK);
      if (refused && after !== fingerprint) failures.push(`${outcome.url} was refused but changed stored rows`);
      fingerprint = after;
    }
  }
  console.log(
    `fuzz http: ${routes.length} routes, ${cases} cases in ${((Date.now() - t0) / 1000).toFixed(1)} s, 5xx/hangs/changes: ${failures.length}`,
  );
  expect(failures).toEqual([]);
  const health = await fetch(srv.base + SystemPaths.healthz);
  expect(health.status).toBe(200);
}, 170_000);

it('no frame of any kind crashes the hub or closes a socket with an unexpected code', async () => {
  const frames = fc.sample(frameCase, { numRuns: FRAMES, seed: SEED });
  const t0 = Date.now();
  const ends = await fuzzFrames(() => socketUrl(srv.base), frames, 12);
  console.log(`fuzz frames: ${frames.length} frames over 12 sockets in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  expect(ends.filter((code) => code !== null && !ALLOWED_CLOSE_CODES.has(code))).toEqual([]);
  const health = await fetch(srv.base + SystemPaths.healthz);
  expect(health.status).toBe(200);
}, 120_000);
