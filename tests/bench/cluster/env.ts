/**
 * The parent side of the cluster benchmarks: a fresh PostgreSQL database and cluster name on the
 * machine's NATS, one feed and N gateways as real processes (server/cluster/main.ts, what
 * `npm run feed` / `npm run gateway` run), client child processes (./clients.ts),
 * a publisher on the cluster's stream, and the load figures read from /proc, /metrics and
 * pg_stat_database.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createJetStreamBus } from '../../../server/cluster/jetstream-bus';
import type { ClusterBus } from '../../../server/cluster/bus';
import { secretsBucketOf } from '../../../server/cluster/token-secret';
import { Topics } from '../../../workers/protocol/index';
import { NATS_URL, connectNats, createTestDatabase, deleteStreams, uniqueName } from '../../helpers/cluster';
import { startClusterProc, type ClusterProc } from '../../helpers/cluster-procs';
import { ensureBuilt } from '../../helpers/e2e';
import { eventFor, wallNow } from '../shared/bench-event';
import type { ClientReport, OpenMsg } from './clients';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLK_TCK = 100;

/** CPU time (ms) a process has used so far in user space and in the kernel, from /proc/<pid>/stat. */
export function cpuSplitOf(pid: number): { user: number; sys: number } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: (Number(f[11]) * 1000) / CLK_TCK, sys: (Number(f[12]) * 1000) / CLK_TCK };
  } catch {
    return { user: NaN, sys: NaN };
  }
}

/** CPU time (ms) a process has used so far (utime + stime). */
export function cpuMsOf(pid: number): number {
  const { user, sys } = cpuSplitOf(pid);
  return user + sys;
}

export function rssMbOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The nats-server process on this machine (shared by every session: its CPU is not ours alone). */
export function natsServerPid(): number | null {
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'nats-server') return Number(d);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** A Prometheus counter or gauge from a process's /metrics. */
export async function metric(p: ClusterProc, name: string): Promise<number> {
  const text = await (await fetch(`${p.url}/metrics`)).text();
  const m = new RegExp(`^${name} ([0-9.eE+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

export interface ClientProc {
  child: ChildProcess;
  request<T>(msg: object, answer: string): Promise<T>;
  stop(): Promise<void>;
}

export async function forkClient(): Promise<ClientProc> {
  const child = fork(path.join(here, 'clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
  });
  return {
    child,
    request<T>(msg: object, answer: string) {
      return new Promise<T>((resolve) => {
        const on = (m: Record<string, unknown>) => {
          if (!(answer in m)) return;
          child.off('message', on);
          resolve(m[answer] as T);
        };
        child.on('message', on);
        child.send(msg);
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ stop: true });
      await exited;
    },
  };
}

/** Opens sockets spread over `procs` client processes; the merged report once all are subscribed. */
export async function openClients(
  procs: ClientProc[],
  base: Omit<OpenMsg, 'followers' | 'chatters' | 'proc'>,
  followers: number,
  chatters: OpenMsg['chatters'] = [],
): Promise<ClientReport> {
  return mergeReports(
    await Promise.all(
      procs.map((c, k) => {
        const share = Math.floor(followers / procs.length) + (k < followers % procs.length ? 1 : 0);
        return c.request<ClientReport>(
          { open: { ...base, followers: share, chatters: k === 0 ? chatters : [], proc: k } },
          'opened',
        );
      }),
    ),
  );
}

export async function reportClients(procs: ClientProc[], firstEvent: number, events: number): Promise<ClientReport> {
  return mergeReports(
    await Promise.all(procs.map((c) => c.request<ClientReport>({ report: { firstEvent, events } }, 'report'))),
  );
}

function mergeReports(rs: ClientReport[]): ClientReport {
  const out = {
    ...rs[0],
    byPort: { ...rs[0].byPort },
    histogram: [...rs[0].histogram],
    failures: { ...rs[0].failures },
    dropCodes: { ...rs[0].dropCodes },
  };
  for (const r of rs.slice(1)) {
    for (const k of Object.keys(r) as Array<keyof ClientReport>) {
      if (typeof r[k] === 'number' && k !== 'lastBackAt') (out[k] as number) += r[k];
    }
    out.lastBackAt = Math.max(out.lastBackAt, r.lastBackAt);
    for (const [p, n] of Object.entries(r.byPort)) out.byPort[Number(p)] = (out.byPort[Number(p)] ?? 0) + n;
    for (const pair of r.histogram) out.histogram.push(pair);
    for (const [why, n] of Object.entries(r.failures)) out.failures[why] = (out.failures[why] ?? 0) + n;
    for (const [code, n] of Object.entries(r.dropCodes))
      out.dropCodes[Number(code)] = (out.dropCodes[Number(code)] ?? 0) + n;
  }
  return out;
}

export interface BenchCluster {
  name: string;
  dbUrl: string;
  feed: ClusterProc;
  gateways: ClusterProc[];
  nc: NatsConnection;
  addGateway(): Promise<ClusterProc>;
  /** Publishes bench events i = first … first + rate·seconds − 1 on `football` at a steady rate. */
  publish(first: number, rate: number, seconds: number): Promise<{ published: number; elapsed: number }>;
  pgXacts(): Promise<number>;
  streamMessages(): Promise<number>;
  close(): Promise<void>;
}

export async function startBenchCluster(gatewayCount: number): Promise<BenchCluster> {
  const nc = await connectNats();
  const db = await createTestDatabase();
  ensureBuilt();
  // The processes an operator runs (`npm run gateway|feed`: dist-server, --optimize-for-size).
  process.env.CLUSTER_COMPILED = '1';
  const name = uniqueName('qs_bench');
  const env = { DATABASE_URL: db.url, NATS_URL, CLUSTER_NAME: name, LOG_LEVEL: 'warn' };
  // The feed migrates and seeds; gateways start once it is up.
  const feed = await startClusterProc('feed', env);
  const gateways = await Promise.all(Array.from({ length: gatewayCount }, () => startClusterProc('gateway', env)));
  // The bench publishes as the feed's hub does: through a bus on the cluster's stream.
  const bus: ClusterBus = await createJetStreamBus({ nc, name: `${name}_events` });
  const dbName = new URL(db.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  return {
    name,
    dbUrl: db.url,
    feed,
    gateways,
    nc,
    async addGateway() {
      const g = await startClusterProc('gateway', env);
      gateways.push(g);
      return g;
    },
    async publish(first, rate, seconds) {
      const total = Math.round(rate * seconds);
      const start = wallNow();
      for (let i = 0; i < total; i++) {
        const wait = start + (i * 1000) / rate - wallNow();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        bus.publish(Topics.football, Topics.football, eventFor(first + i, wallNow()));
      }
      await bus.flush();
      return { published: total, elapsed: (wallNow() - start) / 1000 };
    },
    async pgXacts() {
      const r = await admin.query<{ x: string }>(
        'SELECT xact_commit + xact_rollback AS x FROM pg_stat_database WHERE datname = $1',
        [dbName],
      );
      return Number(r.rows[0]?.x ?? NaN);
    },
    async streamMessages() {
      const jsm = await jetstreamManager(nc);
      return (await jsm.streams.info(`${name}_events`)).state.messages;
    },
    async close() {
      // A profiled gateway (GW_PROF) writes its profile only when it stops on SIGTERM.
      await Promise.all(
        [feed, ...gateways].map((p) => (process.env.GW_PROF && p.role === 'gateway' ? p.stop() : p.kill())),
      );
      await bus.close();
      await admin.end();
      await deleteStreams(nc, [`${name}_events`, `KV_${name}_gateways`, `KV_${secretsBucketOf(name)}`]);
      await nc.close();
      await db.drop();
    },
  };
}
