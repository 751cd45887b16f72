/**
 * Gateway against uWS, side by side in one run (issue 28): one cluster gateway process
 * (`server/cluster/main.ts gateway`: no feed inside, events arriving over NATS) and one
 * µWebSockets.js process (./cluster/uws-server.ts, the native binary) both follow the cluster
 * stream's `football` subject. The same client processes (./cluster/clients.ts: address call,
 * socket, SUBSCRIBE, heartbeats) open N sockets on one of them, the bench publishes RATE events/s
 * through the stream (`bus.publish`, as the feed's hub does), and the clients time each event
 * from its publication. Rounds alternate which side goes first, so a busy spell on this shared
 * machine falls on both; the table gives the median of the rounds.
 *
 * Per side and size: p50/p99 publication → client, server CPU per event per socket (/proc, from
 * the first publication until every client has the last event), RSS, events lost/duplicated.
 *
 *   npx tsx tests/bench/gateway-vs-uws.ts [--sockets 1000,5000] [--rate 20] [--seconds 10]
 *     [--rounds 3] [--clients 2] [--sides gateway,uws]
 *
 * The feed process only migrates and seeds the database the gateway needs; it is stopped before
 * the first round, so nothing but the bench's events reaches either server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LatencyHistogram, arg, loadAverage } from './shared/bench-event';
import { cpuSplitOf, forkClient, openClients, reportClients, rssMbOf, startBenchCluster } from './cluster/env';
import { NATS_URL } from '../helpers/cluster';
import { subjectToken } from '../../server/cluster/bus';
import { Topics } from '../../workers/protocol/index';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOCKETS = arg('sockets', '1000,5000').split(',').map(Number);
const RATE = Number(arg('rate', '20'));
const SECONDS = Number(arg('seconds', '10'));
const ROUNDS = Number(arg('rounds', '3'));
const CLIENT_PROCS = Number(arg('clients', '2'));
/** Which servers to measure (one side alone: a quick look while changing it; the verdicts need both). */
const SIDES = arg('sides', 'gateway,uws').split(',');

type Side = 'gateway' | 'uws';
interface Server {
  side: Side;
  url: string;
  pid: number;
}
interface Run {
  side: Side;
  sockets: number;
  round: number;
  held: number;
  lost: number;
  duplicated: number;
  p50: number;
  p99: number;
  usPerEventSocket: number;
  /** Of it, the kernel's share (stime: the syscalls, loopback delivery). */
  sysUsPerEventSocket: number;
  rssMb: number;
  load1: number;
}

async function startUws(subject: string): Promise<{ server: Server; child: ChildProcess }> {
  const child = fork(path.join(here, 'cluster', 'uws-server.ts'), [NATS_URL, subject], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`uWS server exited with ${code}`)));
  });
  return { server: { side: 'uws', url: `http://127.0.0.1:${port}`, pid: child.pid! }, child };
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');

async function main() {
  console.log(
    `gateway vs uWS: ${SOCKETS.join(', ')} sockets, topic football, ${RATE} events/s for ${SECONDS} s, ${ROUNDS} rounds, ${CLIENT_PROCS} client processes`,
  );
  const cluster = await startBenchCluster(1);
  await cluster.feed.stop();
  const subject = `${cluster.name}_events.ev.${subjectToken(Topics.football)}`;
  const uws = await startUws(subject);
  const gw: Server = { side: 'gateway', url: cluster.gateways[0].url, pid: cluster.gateways[0].pid };
  const runs: Run[] = [];
  let first = 0;

  async function measure(server: Server, n: number, round: number): Promise<Run> {
    const clients = await Promise.all(Array.from({ length: CLIENT_PROCS }, forkClient));
    try {
      const opened = await openClients(clients, { restUrls: [server.url], resume: false }, n);
      if (Object.keys(opened.failures).length) console.log(`${server.side} ${n}: failed attempts`, opened.failures);
      // Let the connect burst's garbage and timers settle before the window opens.
      await new Promise((r) => setTimeout(r, 1_000));
      const cpu0 = cpuSplitOf(server.pid);
      const pub = await cluster.publish(first, RATE, SECONDS);
      let rep = await reportClients(clients, first, pub.published);
      for (const end = Date.now() + 10_000; rep.eventsLost > 0 && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 100));
        rep = await reportClients(clients, first, pub.published);
      }
      const cpu1 = cpuSplitOf(server.pid);
      const sysMs = cpu1.sys - cpu0.sys;
      const cpuMs = cpu1.user - cpu0.user + sysMs;
      const hist = new LatencyHistogram();
      hist.merge(rep.histogram);
      const run: Run = {
        side: server.side,
        sockets: n,
        round,
        held: rep.held,
        lost: rep.eventsLost,
        duplicated: rep.eventsDuplicated,
        p50: hist.percentile(50),
        p99: hist.percentile(99),
        usPerEventSocket: (cpuMs * 1000) / (pub.published * n),
        sysUsPerEventSocket: (sysMs * 1000) / (pub.published * n),
        rssMb: rssMbOf(server.pid),
        load1: os.loadavg()[0],
      };
      first += pub.published;
      console.log(
        `round ${round} ${server.side.padEnd(7)} ${n} sockets: held ${run.held}, lost ${run.lost}, dup ${run.duplicated}, p50 ${f(run.p50)} ms, p99 ${f(run.p99)} ms, ${f(run.usPerEventSocket, 2)} µs CPU/event/socket (kernel ${f(run.sysUsPerEventSocket, 2)}), RSS ${f(run.rssMb, 0)} MB, load ${f(run.load1)}`,
      );
      return run;
    } finally {
      await Promise.all(clients.map((c) => c.stop()));
      // The servers notice the closed sockets before the next side's round.
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }

  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const n of SOCKETS) {
        const order = (round % 2 ? [gw, uws.server] : [uws.server, gw]).filter((s) => SIDES.includes(s.side));
        for (const s of order) runs.push(await measure(s, n, round));
      }
    }
  } finally {
    uws.child.kill('SIGKILL');
    await cluster.close();
  }

  console.log('');
  console.log(
    `| sockets | server | held | events lost / dup | p50 ms | p99 ms | server CPU µs per event per socket | of it kernel | RSS MB | load avg (1 min) over the rounds |`,
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const verdicts: string[] = [];
  for (const n of SOCKETS) {
    const of = (side: Side) => runs.filter((r) => r.side === side && r.sockets === n);
    const row = (side: Side) => {
      const rs = of(side);
      const loads = rs.map((r) => r.load1);
      return {
        held: median(rs.map((r) => r.held)),
        lost: rs.reduce((a, r) => a + r.lost, 0),
        dup: rs.reduce((a, r) => a + r.duplicated, 0),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        cpu: median(rs.map((r) => r.usPerEventSocket)),
        sys: median(rs.map((r) => r.sysUsPerEventSocket)),
        rss: median(rs.map((r) => r.rssMb)),
        load: `${f(Math.min(...loads))}–${f(Math.max(...loads))}`,
      };
    };
    const g = row('gateway');
    const u = row('uws');
    for (const [name, r] of [
      ['gateway', g],
      ['uWS', u],
    ] as const) {
      console.log(
        `| ${n} | ${name} | ${f(r.held, 0)} | ${r.lost} / ${r.dup} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.cpu, 2)} | ${f(r.sys, 2)} | ${f(r.rss, 0)} | ${r.load} |`,
      );
    }
    verdicts.push(
      `${n} sockets: gateway CPU/event/socket ${g.cpu <= u.cpu ? '≤' : '>'} uWS's (${f(g.cpu, 2)} vs ${f(u.cpu, 2)} µs), p99 ${g.p99 <= u.p99 ? '≤' : '>'} uWS's (${f(g.p99)} vs ${f(u.p99)} ms)`,
    );
  }
  console.log(`\n(medians of ${ROUNDS} rounds; lost/dup summed over the rounds)`);
  for (const v of verdicts) console.log(v);
  console.log(`\nload average at the end: ${loadAverage()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
