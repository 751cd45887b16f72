/**
 * The server of tests/server/live/ingest-crash.test.ts: a real buildServer on storage the test can
 * reopen (PGlite data dir or a PostgreSQL database), the ingest path the adapters use, and the
 * match-day mix (tests/bench/shared/match-day-mix.ts) handed in without pause until the test
 * kills this process with SIGKILL. Nothing here cleans up: the test does, after the kill.
 */
import { buildServer } from '../../../server/app';
import { createOutboxSms } from '../../../server/accounts/sms';
import { createIngest } from '../../../server/live/ingest';
import { dbSink } from '../../../server/live/repository';
import { resolveName, seedNames } from '../../../server/live/names';
import { NAMI_STATUS } from '../../../server/live/nami/status';
import { APISPORTS_STATUS } from '../../../server/live/apisports/status';
import { createTestStorage, type Engine } from '../../helpers/test-db';
import { createMix } from '../../bench/shared/match-day-mix';

async function main() {
  const ts = await createTestStorage((process.env.CRASH_ENGINE ?? 'pglite') as Engine, {
    feed: false,
    devControl: false,
  });
  const built = await buildServer(ts.config, {
    storage: ts.storage,
    client: false,
    logger: false,
    sms: createOutboxSms(() => {}),
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = built.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  const db = built.ctx.db;
  await seedNames(db);
  const ingest = createIngest({
    db,
    hub: built.ctx.hub,
    metrics: built.ctx.metrics,
    sink: dbSink(db),
    now: () => Date.now(),
    seed: ts.config.feedSeed,
    staleAfterMs: 3_600_000,
    // Rows of odds-only matches are written behind: a kill must not lose what was published anyway.
    flushMs: 60_000,
    statusTables: { nami: NAMI_STATUS, apisports: APISPORTS_STATUS },
    names: (provider, sport, kind, id, name) => resolveName(db, provider, sport, kind, id, name, Date.now()),
  });
  const mix = createMix(Math.floor(Date.now() / 1000), 4);
  await ingest.apply(mix.fixtures());
  process.on('message', () => {
    // ~1,000 events/s in bursts, never awaited, as a provider push hands them in.
    setInterval(() => {
      for (let i = 0; i < 10; i++) void ingest.apply(mix.next(() => Date.now())).catch(() => undefined);
    }, 10);
  });
  process.send?.({
    port: addr.port,
    dataDir: ts.dataDir,
    databaseUrl: ts.config.databaseUrl,
    ids: mix.localIds(),
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
