/**
 * The long fuzz run (issue 11): the CI suite's generators (tests/helpers/fuzz.ts) with more cases
 * and a fresh seed each run, against a real server (buildServer, PGlite in a temp dir, fixtures
 * loaded). Prints routes and frames covered, cases run, time, and every 5xx, hang or refused
 * request that changed stored rows; exits 1 if there was any.
 *
 *   npx tsx tests/bench/fuzz.ts [--cases-per-route 100] [--frames 3000] [--seed <n>]
 */
import fc from 'fast-check';
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
import { createTestUser, socketUrl, startTestServer } from '../helpers/ws-client';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
}

const casesPerRoute = arg('cases-per-route', 100);
const frameCount = arg('frames', 3000);
const seed = arg('seed', Date.now() % 2 ** 31);

const srv = await startTestServer();
await srv.built.ctx.feed.start();
const token = (await createTestUser(srv.base)).auth.token;
const failures: string[] = [];
try {
  const routes = declaredRoutes(srv.built);
  let fingerprint = await storedFingerprint(srv.ts.storage.db);
  let cases = 0;
  const t0 = Date.now();
  for (const [i, route] of routes.entries()) {
    for (const c of fc.sample(httpCase([route]), { numRuns: casesPerRoute, seed: seed + i })) {
      cases++;
      try {
        const out = await sendHttpCase(srv.base, c, token);
        if (out.status >= 500) failures.push(`${out.url} → HTTP ${out.status}`);
        const after = await storedFingerprint(srv.ts.storage.db);
        const refused = out.status >= 400 || (out.code !== null && out.code !== Code.OK);
        if (refused && after !== fingerprint) failures.push(`${out.url} was refused but changed stored rows`);
        fingerprint = after;
      } catch (err) {
        failures.push(`${route.method} ${route.pattern}: no answer (${(err as Error).name})`);
      }
    }
  }
  console.log(
    `http: ${routes.length} routes, ${cases} cases, ${((Date.now() - t0) / 1000).toFixed(1)} s (seed ${seed})`,
  );
  const t1 = Date.now();
  const frames = fc.sample(frameCase, { numRuns: frameCount, seed });
  const ends = await fuzzFrames(() => socketUrl(srv.base), frames, 40);
  for (const code of ends) if (code !== null && !ALLOWED_CLOSE_CODES.has(code)) failures.push(`socket closed ${code}`);
  console.log(`frames: ${frames.length} frames (4 kinds + non-frames), ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  const health = await fetch(srv.base + SystemPaths.healthz);
  if (health.status !== 200) failures.push(`healthz ${health.status} after the run`);
} finally {
  await srv.close();
}
console.log(`5xx, hangs, changed rows, bad closes: ${failures.length}`);
for (const f of failures.slice(0, 50)) console.log(`  ${f}`);
process.exit(failures.length ? 1 : 0);
