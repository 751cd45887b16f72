/**
 * Cluster processes for `npm run test:cluster`: `node --import tsx server/cluster/main.ts
 * gateway|feed` on a fresh PostgreSQL database and a unique cluster name on the machine's NATS.
 * With CLUSTER_COMPILED=1 (the benchmarks) they are the compiled ones `npm run gateway|feed` start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { ensureBuilt, freePort } from './e2e';
import { secretsBucketOf } from '../../server/cluster/token-secret';
import { NATS_URL, connectNats, createTestDatabase, deleteStreams, uniqueName } from './cluster';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ClusterProc {
  role: 'gateway' | 'feed';
  url: string;
  port: number;
  pid: number;
  output(): string;
  exited: Promise<number>;
  /** SIGTERM (drain), then waits for the exit. */
  stop(): Promise<number>;
  /** kill -9. */
  kill(): Promise<number>;
  /** The exit code once it has exited, else null (still running). */
  exitCode(): number | null;
}

export async function startClusterProc(
  role: 'gateway' | 'feed',
  env: Record<string, string>,
  readyTimeoutMs = 180_000,
): Promise<ClusterProc> {
  const { proc, ready } = await spawnClusterProc(role, env, readyTimeoutMs);
  await ready;
  return proc;
}

/**
 * Spawns one process; `ready` resolves once its /healthz answers 200 and rejects (with its
 * output) when it exits first or is not healthy in time. Cold-start runs spawn several at once
 * and count the ones whose `ready` rejected.
 */
export async function spawnClusterProc(
  role: 'gateway' | 'feed',
  env: Record<string, string>,
  readyTimeoutMs = 180_000,
): Promise<{ proc: ClusterProc; ready: Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-cluster-'));
  // Benchmarks measure what an operator runs (`npm run gateway|feed`: the compiled server,
  // --optimize-for-size); the cluster tests run the sources through tsx, with no build needed.
  // GW_PROF=<dir> writes a V8 CPU profile of each gateway there when it stops (SIGTERM).
  const profile =
    process.env.GW_PROF && role === 'gateway' ? ['--cpu-prof', '--cpu-prof-dir', process.env.GW_PROF] : [];
  const args =
    process.env.CLUSTER_COMPILED === '1'
      ? [...profile, '--optimize-for-size', 'dist-server/cluster/main.js', role]
      : [...profile, '--import', 'tsx', 'server/cluster/main.ts', role];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_CONTROL: '1',
      NODE_ENV: 'production',
      // Every test client connects from 127.0.0.1: the per-address socket cap is lifted here.
      WS_MAX_PER_ADDRESS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  let code: number | null = null;
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (c, signal) => {
      code = c ?? (signal === 'SIGKILL' ? 137 : 128);
      if (signal) log += `\n(ended by ${signal})`;
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const proc: ClusterProc = {
    role,
    url,
    port,
    pid: child.pid!,
    output: () => log,
    exited,
    async stop() {
      if (code === null) child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const c = await exited;
      clearTimeout(t);
      return c;
    },
    async kill() {
      if (code === null) child.kill('SIGKILL');
      return exited;
    },
    exitCode: () => code,
  };
  const ready = (async () => {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (code !== null) throw new Error(`${role} exited with ${String(code)} before it was ready:\n${log}`);
      try {
        if ((await fetch(`${url}/healthz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await proc.kill();
        throw new Error(`${role} not healthy after ${readyTimeoutMs} ms:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  ready.catch(() => undefined);
  return { proc, ready };
}

/**
 * One test file's cluster: a fresh database, a unique cluster name on the machine's NATS, the
 * processes it starts, and a teardown that removes all of them.
 */
export interface ClusterRig {
  /** The cluster's name (stream `<name>_events`, bucket `<name>_gateways`). */
  name: string;
  nc: NatsConnection;
  db: { url: string; drop(): Promise<void> };
  start(role: 'gateway' | 'feed'): Promise<ClusterProc>;
  /**
   * Spawns all of them at the same moment (a cold start): every process, and the start-up
   * errors of the ones that died or never became healthy.
   */
  startTogether(roles: ReadonlyArray<'gateway' | 'feed'>): Promise<{ procs: ClusterProc[]; failures: string[] }>;
  teardown(): Promise<void>;
}

export async function openClusterRig(prefix: string, extraEnv: Record<string, string> = {}): Promise<ClusterRig> {
  const nc = await connectNats();
  const db = await createTestDatabase();
  ensureBuilt();
  const name = uniqueName(prefix);
  const env = { DATABASE_URL: db.url, NATS_URL, CLUSTER_NAME: name, FEED_SPEED: '1', ...extraEnv };
  const procs: ClusterProc[] = [];
  return {
    name,
    nc,
    db,
    async start(role) {
      const p = await startClusterProc(role, env);
      procs.push(p);
      return p;
    },
    async startTogether(roles) {
      const spawned = await Promise.all(roles.map((role) => spawnClusterProc(role, env)));
      procs.push(...spawned.map((s) => s.proc));
      const settled = await Promise.allSettled(spawned.map((s) => s.ready));
      return {
        procs: spawned.map((s) => s.proc),
        failures: settled.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error).message)] : [])),
      };
    },
    async teardown() {
      await Promise.all(procs.map((p) => p.kill()));
      await deleteStreams(nc, [`${name}_events`, `KV_${name}_gateways`, `KV_${secretsBucketOf(name)}`]);
      await nc.close();
      await db.drop();
    },
  };
}
