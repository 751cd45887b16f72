/**
 * Fan-out benchmark (issue 3): N real WebSockets on loopback subscribed to `football`, the server
 * (a child process: real buildServer, PGlite, feed off) publishing list events at a steady rate.
 * Prints connections held, events/s, p50/p99 delivery latency and server memory.
 *
 *   npx tsx tests/bench/fanout.ts [--sockets 2000,5000] [--rate 20] [--seconds 10]
 *
 * Latency = client receive time − server publish time (both wall clock with sub-ms precision on
 * one host). All clients share this one process, so their own parsing queues count against the
 * figure: it is an upper bound of what one client would see. Each socket holds a file descriptor
 * on both sides; 5,000 sockets need `ulimit -n` ≥ ~5,500 per process (this machine: 20,000).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { arg, loadAverage, wallNow } from './shared/bench-event';
import { Frame, SystemPaths, embeddedUrl, type Envelope, type SocketAddress } from '../../workers/protocol/index';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOCKETS = arg('sockets', '2000,5000').split(',').map(Number);
const RATE = Number(arg('rate', '20'));
const SECONDS = Number(arg('seconds', '10'));

interface ServerReport {
  published: number;
  elapsed: number;
  connections: number;
  rss: number;
  heap: number;
  peakRss: number;
  peakHeap: number;
  cpuPercent: number;
  /** Mean time one publish call (serialize once + write to every subscriber) blocked the server. */
  publishMs: number;
  /** Server CPU time per published event (all sockets): independent of how busy the machine is. */
  cpuMsPerEvent: number;
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(here, 'fanout.child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function socketUrl(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}${embeddedUrl(SystemPaths.socketAddress)}`, { method: 'POST' });
  const body = (await res.json()) as Envelope<SocketAddress>;
  const a = body.data.lotteryAddress[0];
  return `${a.protocol}://${a.host}:${a.port}${SystemPaths.socket}?token=${encodeURIComponent(body.data.token)}`;
}

const EVENT_PREFIX = `{"code":${Frame.EVENT},`;
const SUBSCRIBED_PREFIX = `{"code":${Frame.SUBSCRIBED},`;

interface Client {
  ws: WebSocket;
  received: number;
}

async function run(n: number) {
  const { child, port } = await startServer();
  // One address call serves every socket here: the token is not single-use, only short-lived.
  const url = await socketUrl(port);
  const expected = Math.round(RATE * SECONDS);
  const latencies = new Float64Array(n * expected + 1);
  let samples = 0;
  const clients: Client[] = [];

  // Heartbeats from the first socket on: connecting thousands takes longer than the idle timeout.
  const heartbeat = setInterval(() => {
    for (const c of clients) if (c.ws.readyState === WebSocket.OPEN) c.ws.send('0');
  }, 10_000);
  const t0 = Date.now();
  const open = (): Promise<Client> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const c: Client = { ws, received: 0 };
      ws.on('message', (data: Buffer) => {
        const at = wallNow();
        const text = data.toString();
        if (text.startsWith(EVENT_PREFIX)) {
          // The send time is the last `"at":` of an EVENT frame (incident.at); no full parse needed.
          const i = text.lastIndexOf('"at":');
          latencies[samples++] = at - parseFloat(text.slice(i + 5));
          c.received++;
        } else if (text.startsWith(SUBSCRIBED_PREFIX)) {
          resolve(c);
        } else if (text.startsWith(`{"code":${Frame.HELLO},`)) {
          ws.send(JSON.stringify({ code: Frame.SUBSCRIBE, data: { topics: [{ topic: 'football' }] } }));
        }
      });
      ws.once('error', reject);
    });
  for (let i = 0; i < n; i += 250) {
    const batch = await Promise.all(Array.from({ length: Math.min(250, n - i) }, open));
    clients.push(...batch);
  }
  const connectMs = Date.now() - t0;
  child.send({ publish: { rate: RATE, seconds: SECONDS } });
  const [report] = (await once(child, 'message')) as [ServerReport];
  // Let the last events arrive.
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && clients.some((c) => c.received < expected && c.ws.readyState === WebSocket.OPEN)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  clearInterval(heartbeat);

  const held = clients.filter((c) => c.ws.readyState === WebSocket.OPEN).length;
  const complete = clients.filter((c) => c.received === expected).length;
  const sorted = latencies.subarray(0, samples).sort();
  const pct = (p: number) => (samples ? sorted[Math.min(samples - 1, Math.floor((p / 100) * samples))] : NaN);

  for (const c of clients) c.ws.terminate();
  child.send({ stop: true });
  await once(child, 'exit');

  return {
    sockets: n,
    held,
    complete,
    connectS: connectMs / 1000,
    eventsPerS: report.published / report.elapsed,
    deliveredPerS: samples / report.elapsed,
    p50: pct(50),
    p99: pct(99),
    max: samples ? sorted[samples - 1] : NaN,
    serverCpu: report.cpuPercent,
    publishMs: report.publishMs,
    cpuMsPerEvent: report.cpuMsPerEvent,
    rssMb: report.peakRss / 2 ** 20,
    heapMb: report.peakHeap / 2 ** 20,
  };
}

async function main() {
  console.log(
    `fan-out: topic football, ${RATE} events/s for ${SECONDS} s per run; server in a child process; clients in this one`,
  );
  const rows = [];
  for (const n of SOCKETS) rows.push(await run(n));
  const f = (x: number, d = 1) => x.toFixed(d);
  console.log('');
  console.log(
    '| sockets | held | got every event | connect s | events/s | frames delivered/s | p50 ms | p99 ms | max ms | publish ms/event | server CPU ms/event | server CPU % | server RSS MB (peak) | server heap MB (peak) |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.sockets} | ${r.held} | ${r.complete} | ${f(r.connectS)} | ${f(r.eventsPerS)} | ${f(r.deliveredPerS, 0)} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${f(r.publishMs, 2)} | ${f(r.cpuMsPerEvent, 2)} | ${f(r.serverCpu, 0)} | ${f(r.rssMb, 0)} | ${f(r.heapMb, 0)} |`,
    );
  }
  // Shared machines: the figures only mean something next to how busy the cores were.
  console.log(`\nload average at the end: ${loadAverage()}`);
  const last = rows[rows.length - 1];
  const aim = last.sockets >= 5000 && last.held === last.sockets && last.p99 <= 200;
  console.log(`\naim (5,000 sockets held, p99 ≤ 200 ms): ${aim ? 'met' : 'NOT met'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
