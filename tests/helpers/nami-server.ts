/** A server whose live source is the 纳米数据 adapter against a fake Nami (./fake-nami.ts), on PGlite. */
import { buildServer, type BuiltServer } from '../../server/app';
import { createTestStorage, type TestStorage } from './test-db';
import { FAKE_NAMI_SECRET, FAKE_NAMI_USER, type FakeNami } from './fake-nami';

export interface NamiServerOptions {
  now: () => number;
  /** How long a silent push waits before the adapter polls instead (ms). */
  pushStallMs: number;
  pollMs: number;
}

/** Builds the server and starts its feed; the caller closes `server` and cleans up `ts`. */
export async function startNamiServer(
  nami: FakeNami,
  opts: NamiServerOptions,
): Promise<{ ts: TestStorage; server: BuiltServer }> {
  const ts = await createTestStorage('pglite', {
    feed: false,
    liveSource: {
      kind: 'nami',
      staleAfterMs: 120_000,
      nami: {
        user: FAKE_NAMI_USER,
        secret: FAKE_NAMI_SECRET,
        baseUrl: nami.baseUrl,
        mqttUrl: nami.mqttUrl,
        pushStallMs: opts.pushStallMs,
        pollMs: opts.pollMs,
      },
      apisports: null,
    },
  });
  const server = await buildServer(ts.config, { storage: ts.storage, client: false, now: opts.now });
  await server.ctx.feed.start();
  return { ts, server };
}
