/**
 * What one goal costs the server (issue 27: ≤ 2 ms of CPU "with everything that follows from
 * it"), in one process with no sockets, for a CPU profile that shows nothing else: a real
 * buildServer (feed off), 400 live matches of the match-day mix (./shared/match-day-mix.ts) taken
 * in through the ingest path the adapters use, with the sink production gives a provider
 * (`tablesFollow(dbSink)`: a provider league's stored table follows its status changes; its
 * live table, in memory, each goal), every
 * league with a provider table as its base and its 数据库 table, facts and match-detail table
 * read once (in memory from then on). Then `--goals` goals, each handed in alone and awaited:
 * server CPU per goal (mean, p50, p95), and the standings of the scored-in league read after it.
 *
 *   npx tsx tests/bench/goal-cost.ts [--goals 300] [--sink follow|plain] [--pg <url>] [--profile <file>]
 *
 * `--sink plain` stores through dbSink alone (as tests/bench/match-day.child.ts does).
 * `--profile <file>` writes a V8 CPU profile (.cpuprofile) of the measured goals alone;
 * `--queries` prints the SQL statements a goal runs (PGlite), how many and their time.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { buildServer } from '../../server/app';
import { createIngest, type IngestUpdate } from '../../server/live/ingest';
import { dbSink } from '../../server/live/repository';
import { resolveName, seedNames } from '../../server/live/names';
import { NAMI_STATUS } from '../../server/live/nami/status';
import { APISPORTS_STATUS } from '../../server/live/apisports/status';
import { saveProviderStandings, tablesFollow } from '../../server/live/provider-standings';
import { localId } from '../../server/live/providers';
import { leagueFacts } from '../../server/facts/team-facts';
import { createTestStorage } from '../helpers/test-db';
import { arg, loadAverage, wallNow } from './shared/bench-event';
import { createMix } from './shared/match-day-mix';

const GOALS = Number(arg('goals', '300'));
const SINK = arg('sink', 'follow');
const PG = arg('pg', '');
const PROFILE = arg('profile', '');
const QUERIES = process.argv.includes('--queries');

/** Statements run while goals are measured, by their first words: count and CPU time. */
const statements = new Map<string, { n: number; ms: number }>();
let counting = false;
async function countQueries(): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const proto = PGlite.prototype as unknown as Record<'query' | 'exec', (...a: unknown[]) => Promise<unknown>>;
  // Statements with parameters go through `query`, those without through `exec` (server/db/pglite-dialect.ts).
  for (const method of ['query', 'exec'] as const) {
    const run = proto[method];
    proto[method] = async function (this: unknown, ...a: unknown[]) {
      if (!counting) return run.apply(this, a);
      // PGlite runs a statement on this thread: its CPU is the process's while it is awaited.
      const c0 = process.cpuUsage();
      try {
        return await run.apply(this, a);
      } finally {
        const k = `${method}: ${String(a[0]).split('$j$')[0]!.replace(/\s+/g, ' ').slice(0, 60)}`;
        const e = statements.get(k) ?? { n: 0, ms: 0 };
        const d = process.cpuUsage(c0);
        e.n++;
        e.ms += (d.user + d.system) / 1000;
        statements.set(k, e);
      }
    };
  }
}

async function main() {
  if (PG) process.env.TEST_DATABASE_URL = PG;
  if (QUERIES) await countQueries();
  const ts = await createTestStorage(PG ? 'postgres' : 'pglite', { feed: false, devControl: false });
  const built = await buildServer(ts.config, { storage: ts.storage, client: false, logger: false });
  const db = built.ctx.db;
  await seedNames(db);
  const stored = dbSink(db);
  const ingest = createIngest({
    db,
    hub: built.ctx.hub,
    metrics: built.ctx.metrics,
    sink: SINK === 'plain' ? stored : tablesFollow(stored, db),
    now: () => Date.now(),
    seed: ts.config.feedSeed,
    staleAfterMs: 3_600_000,
    statusTables: { nami: NAMI_STATUS, apisports: APISPORTS_STATUS },
    names: (provider, sport, kind, id, name) => resolveName(db, provider, sport, kind, id, name, Date.now()),
  });
  const mix = createMix(Math.floor(Date.now() / 1000));
  const fixtures = mix.fixtures();
  await ingest.apply(fixtures);
  await ingest.apply(mix.openingOdds());
  // Each league's provider table (its teams at 0), as the standings poll stores it.
  const leagues = new Map<number, { sport: 'zq' | 'lq'; teams: Set<number> }>();
  for (const f of fixtures) {
    if (f.kind !== 'fixture') continue;
    const id = localId('nami', f.sport, f.league.id);
    const l = leagues.get(id) ?? { sport: f.sport, teams: new Set<number>() };
    l.teams.add(localId('nami', f.sport, f.home.id)).add(localId('nami', f.sport, f.away.id));
    leagues.set(id, l);
  }
  const zero = { played: 0, win: 0, draw: 0, loss: 0, goalsFor: 0, goalsAgainst: 0, points: 0 };
  for (const [id, l] of leagues) {
    await saveProviderStandings(
      db,
      id,
      l.sport,
      '2026',
      [...l.teams].map((teamId) => ({ ...zero, teamId })),
      Date.now(),
    );
    await leagueFacts(db, id);
  }
  // Warm-up: the code paths compiled, the tables in memory.
  for (let i = 0; i < 30; i++) await ingest.apply(mix.goal(wallNow));
  const cpu: number[] = [];
  const session = PROFILE ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  counting = true;
  for (let g = 0; g < GOALS; g++) {
    await new Promise((r) => setTimeout(r, 25));
    const updates: IngestUpdate[] = mix.goal(wallNow);
    const c0 = process.cpuUsage();
    await ingest.apply(updates);
    // The hub writes a tick's frames in a setImmediate: count that CPU too.
    await new Promise((r) => setImmediate(r));
    const d = process.cpuUsage(c0);
    cpu.push((d.user + d.system) / 1000);
  }
  counting = false;
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(PROFILE, JSON.stringify(profile));
    session.disconnect();
  }
  const sorted = [...cpu].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
  console.log(
    `goal cost (${PG ? 'PostgreSQL' : 'PGlite'}, sink ${SINK}, ${GOALS} goals, 400 live matches, no sockets): CPU per goal mean ${mean.toFixed(2)} ms, p50 ${pct(0.5).toFixed(2)} ms, p95 ${pct(0.95).toFixed(2)} ms; load ${loadAverage()}`,
  );
  for (const [k, e] of [...statements].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${(e.n / GOALS).toFixed(2)} per goal, ${(e.ms / GOALS).toFixed(2)} ms CPU per goal: ${k}`);
  await built.close();
  await ts.cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
