/**
 * The app under test reading a fake api-sports host (fake.ts): started once per test file, and
 * closed with the fake.
 */
import type http from 'node:http';
import { listen } from './fake';
import { createTestStorage, type TestStorage } from '../../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../../server/app';

/**
 * Puts the fake (fake.ts `fakeHost`) on a free loopback port, then the app under test with
 * LIVE_SOURCE=apisports reading it (football under `/fb`, basketball under `/bb`): PGlite, no
 * simulator, a 60 s poll, its feed started.
 */
export async function startOnFake(
  fake: http.Server,
  o: { key: string; perMinute: number; perDay: number },
  now: () => number,
): Promise<{ ts: TestStorage; server: BuiltServer }> {
  const base = await listen(fake);
  const ts = await createTestStorage('pglite', {
    feed: false,
    liveSource: {
      kind: 'apisports',
      staleAfterMs: 600_000,
      nami: null,
      apisports: {
        key: o.key,
        footballUrl: `${base}/fb`,
        basketballUrl: `${base}/bb`,
        perMinute: o.perMinute,
        perDay: o.perDay,
        pollMs: 60_000,
      },
    },
  });
  const server = await buildServer(ts.config, { storage: ts.storage, client: false, now });
  await server.ctx.feed.start();
  return { ts, server };
}

/** Closes what startOnFake started (if it got that far), then the fake. */
export async function stopOnFake(
  app: { ts?: TestStorage; server?: BuiltServer },
  fake: http.Server | undefined,
): Promise<void> {
  await app.server?.close();
  await app.ts?.cleanup();
  await new Promise((r) => fake?.close(r));
}
