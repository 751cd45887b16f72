/**
 * The server side of the match-day benchmark (tests/bench/match-day.ts starts it as a child
 * process, so the server has its own event loop, as in production). A real buildServer (feed off)
 * on PGlite or PostgreSQL, and the ingest path the provider adapters use (server/live/ingest.ts
 * through the repository's dbSink), fed 400 live matches and the match-day mix (./shared/match-day-mix.ts).
 *
 * IPC in: { run: { rate, seconds } } drives one phase; { stop: true } ends. IPC out: { port, ids }
 * once started, a PhaseReport after each phase.
 */
import { performance } from 'node:perf_hooks';
import { buildServer } from '../../server/app';
import { createOutboxSms } from '../../server/accounts/sms';
import { createIngest, type IngestUpdate } from '../../server/live/ingest';
import { dbSink } from '../../server/live/repository';
import { resolveName, seedNames } from '../../server/live/names';
import { NAMI_STATUS } from '../../server/live/nami/status';
import { APISPORTS_STATUS } from '../../server/live/apisports/status';
import type { LiveSink } from '../../server/live/source';
import { createTestStorage, type Engine } from '../helpers/test-db';
import { wallNow } from './shared/bench-event';
import { createMix, type PhaseReport } from './shared/match-day-mix';

type Msg = { run: { rate: number; seconds: number; goalsAlone: number } } | { stop: true };

const engine = (process.env.MATCH_DAY_ENGINE ?? 'pglite') as Engine;

/** Counts what reaches the database: rows and transactions. */
function countingSink(inner: LiveSink) {
  const c = { rows: 0, transactions: 0 };
  const sink: LiveSink = {
    async insertMatches(matches, at) {
      await inner.insertMatches(matches, at);
      c.rows += matches.length;
      c.transactions++;
    },
    async saveOutput(matches, out, at) {
      await inner.saveOutput(matches, out, at);
      c.rows += matches.length + out.incidents.length + out.texts.length + out.odds.length;
      c.transactions++;
    },
    saveDetail: (id, kind, body, at) => inner.saveDetail(id, kind, body, at),
  };
  return { sink, c };
}

async function main() {
  const ts = await createTestStorage(engine, { feed: false, devControl: false });
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
  const { sink, c: writes } = countingSink(dbSink(db));
  const ingest = createIngest({
    db,
    hub: built.ctx.hub,
    metrics: built.ctx.metrics,
    sink,
    now: () => Date.now(),
    seed: ts.config.feedSeed,
    staleAfterMs: 3_600_000,
    statusTables: { nami: NAMI_STATUS, apisports: APISPORTS_STATUS },
    names: (provider, sport, kind, id, name) => resolveName(db, provider, sport, kind, id, name, Date.now()),
  });
  const log = (s: string) => process.env.MATCH_DAY_VERBOSE && console.error(`[match-day] ${s}`);
  log('server up');
  const mix = createMix(Math.floor(Date.now() / 1000));
  await ingest.apply(mix.fixtures());
  // Every company once, so the run measures odds moves, not first sightings of bookmakers.
  await ingest.apply(mix.openingOdds());
  log('fixtures in');

  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);

  async function phase(rate: number, seconds: number, goalsAlone: number): Promise<PhaseReport> {
    const total = Math.round(rate * seconds);
    const lags: number[] = [];
    let failed = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const writes0 = { ...writes };
    const before = ingest.stats();
    peakRss = 0;
    const done: Array<Promise<unknown>> = [];
    const cpu0 = process.cpuUsage();
    const start = wallNow();
    let i = 0;
    while (i < total) {
      // Steady schedule: event i is due at start + i/rate; every due event goes in now.
      const nowT = wallNow();
      while (i < total && start + (i * 1000) / rate <= nowT) {
        const updates: IngestUpdate[] = mix.next(wallNow);
        const t = wallNow();
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        done.push(
          ingest.apply(updates).then(
            () => {
              inFlight--;
              lags.push(wallNow() - t);
            },
            () => {
              inFlight--;
              failed++;
            },
          ),
        );
        i++;
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(done);
    // The hub writes a tick's frames in a setImmediate: count that CPU too.
    await new Promise((r) => setImmediate(r));
    const cpu = process.cpuUsage(cpu0);
    const elapsed = (wallNow() - start) / 1000;
    const after = ingest.stats();

    // A goal alone, with everything that follows from it (score, incident, text, list and detail frames).
    const goalCpu: number[] = [];
    for (let g = 0; g < goalsAlone; g++) {
      await new Promise((r) => setTimeout(r, 20));
      const updates = mix.goal(wallNow);
      const c0 = process.cpuUsage();
      await ingest.apply(updates);
      await new Promise((r) => setImmediate(r));
      const d = process.cpuUsage(c0);
      goalCpu.push((d.user + d.system) / 1000);
    }
    lags.sort((a, b) => a - b);
    const pct = (p: number) =>
      lags.length ? lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] : NaN;
    return {
      rate,
      events: total,
      elapsed,
      cpuMsPerEvent: (cpu.user + cpu.system) / 1000 / total,
      cpuPercent: ((cpu.user + cpu.system) / 1000 / (elapsed * 1000)) * 100,
      goalCpuMs: goalCpu.reduce((a, b) => a + b, 0) / Math.max(1, goalCpu.length),
      lagP50: pct(50),
      lagP99: pct(99),
      maxInFlight,
      failed,
      unknown: after.unknown - before.unknown,
      dbRowsPerS: (writes.rows - writes0.rows) / elapsed,
      dbTxPerS: (writes.transactions - writes0.transactions) / elapsed,
      peakRssMb: Math.max(peakRss, process.memoryUsage().rss) / 2 ** 20,
      goals: mix.goalsSent(),
    };
  }

  process.on('message', async (msg: Msg) => {
    if ('stop' in msg) {
      clearInterval(sampler);
      await built.close();
      await ts.cleanup();
      process.exit(0);
    }
    const r = await phase(msg.run.rate, msg.run.seconds, msg.run.goalsAlone);
    process.send?.(r);
  });
  process.send?.({ port: addr.port, ids: mix.localIds(), startedAt: performance.timeOrigin });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
