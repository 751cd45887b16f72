/**
 * Footprint benchmark (issue 27 point 3): the production server's memory and start-up time.
 *
 *   npx tsx tests/bench/footprint.ts [--idle 30] [--engine pglite|postgres] [--runtime compiled|tsx]
 *
 * Starts the server as `npm start` runs it (`node dist-server/main.js`, after building what is
 * missing) on a fresh DATA_DIR, once on embedded PGlite and once on PostgreSQL (`TEST_DATABASE_URL`,
 * default the machine's 127.0.0.1:5432, in a database of its own that it drops afterwards), with the
 * live simulator running. Every 100 ms it sums the RSS of the whole process tree (the server and
 * anything it spawned) and prints: time to the first 200 from /healthz, the start-up peak (first
 * healthz + 5 s), and the idle RSS (median over the last half of `--idle` seconds after that) with
 * its own peak. `--runtime tsx` runs the sources through `tsx` instead (the command `npm start`
 * used before the server was compiled), for a before/after.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, npmStartArgs } from '../helpers/e2e';

const ROOT = path.resolve(import.meta.dirname, '../..');

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : def;
}
const IDLE_S = Number(arg('idle', '30'));
const ENGINES = arg('engine', 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const RUNTIME = arg('runtime', 'compiled') as 'compiled' | 'tsx';
/** Extra node flags to try (e.g. `--node "--max-semi-space-size=2"`), before those of `npm start`. */
const NODE_FLAGS = arg('node', '').split(' ').filter(Boolean);
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const PAGE = 4096;

/** RSS (bytes) of `pid` and every process below it, from /proc. */
export function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      // gone in between
    }
  }
  let total = 0;
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop()!;
    try {
      total += Number(fs.readFileSync(`/proc/${p}/statm`, 'utf8').split(' ')[1]) * PAGE;
    } catch {
      continue;
    }
    todo.push(...(children.get(p) ?? []));
  }
  return total;
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function withDatabase<T>(engine: 'pglite' | 'postgres', fn: (url: string | null) => Promise<T>): Promise<T> {
  if (engine === 'pglite') return fn(null);
  const name = `qs_footprint_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function run(engine: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(engine, async (databaseUrl) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-footprint-'));
    const port = await freePort();
    const cmd = [
      ...NODE_FLAGS,
      ...(RUNTIME === 'compiled' ? npmStartArgs() : ['node_modules/tsx/dist/cli.mjs', 'server/main.ts']),
    ];
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' };
    delete env.DATABASE_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const t0 = performance.now();
    const child = spawn(process.execPath, cmd, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (b: Buffer) => (errors += b.toString()));
    const samples: Array<{ t: number; rss: number }> = [];
    const timer = setInterval(() => samples.push({ t: performance.now() - t0, rss: treeRss(child.pid!) }), 100);
    let healthyAt = 0;
    try {
      while (!healthyAt) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${errors}`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) healthyAt = performance.now() - t0;
        } catch {
          // not listening yet
        }
        if (!healthyAt) await new Promise((r) => setTimeout(r, 100));
      }
      const page = await fetch(`http://127.0.0.1:${port}/`);
      if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
      await new Promise((r) => setTimeout(r, 5000 + IDLE_S * 1000));
    } finally {
      clearInterval(timer);
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const startup = samples.filter((s) => s.t <= healthyAt + 5000);
    const idle = samples.filter((s) => s.t > healthyAt + 5000 + (IDLE_S * 1000) / 2);
    const peak = Math.max(...startup.map((s) => s.rss));
    console.log(
      `${engine.padEnd(8)} ${[RUNTIME, ...NODE_FLAGS].join(' ')} · healthz ${(healthyAt / 1000).toFixed(1)} s · start-up peak ${mb(peak)} · ` +
        `idle ${mb(median(idle.map((s) => s.rss)))} (max ${mb(Math.max(...idle.map((s) => s.rss)))}) · ` +
        `load ${os.loadavg()[0]!.toFixed(2)}`,
    );
  });
}

if (RUNTIME === 'compiled')
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
console.log(`footprint: ${IDLE_S} s idle after start-up, RSS of the process tree every 100 ms`);
for (const engine of ENGINES) await run(engine);
