/**
 * Cluster fan-out benchmark (issue 18): one feed and 1, 2, 3 gateway processes on the machine's
 * NATS JetStream and PostgreSQL. N sockets in client child processes each make the socket-address
 * call (on the gateways' REST in turn, as behind a load balancer) and connect where it says, then
 * follow `football`; the bench publishes RATE events/s on it through the cluster's stream. Per
 * configuration: sockets held and where, events lost and duplicated (0), p50/p99 publish→receive,
 * CPU per gateway (/proc), NATS server CPU (/proc, shared with the machine's other users) and
 * PostgreSQL transactions/s of the bench's database.
 *
 *   npx tsx tests/bench/cluster-fanout.ts [--gateways 1,2,3] [--sockets 5000,10000] [--rate 20]
 *     [--seconds 10] [--clients 2]
 */
import { LatencyHistogram, arg, loadAverage } from './shared/bench-event';
import {
  cpuMsOf,
  forkClient,
  metric,
  natsServerPid,
  openClients,
  reportClients,
  rssMbOf,
  startBenchCluster,
} from './cluster/env';

const GATEWAYS = arg('gateways', '1,2,3').split(',').map(Number);
const SOCKETS = arg('sockets', '5000,10000').split(',').map(Number);
const RATE = Number(arg('rate', '20'));
const SECONDS = Number(arg('seconds', '10'));
const CLIENT_PROCS = Number(arg('clients', '2'));

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');

async function main() {
  console.log(`cluster fan-out: topic football, ${RATE} events/s for ${SECONDS} s per run`);
  const cluster = await startBenchCluster(GATEWAYS[0]);
  const nats = natsServerPid();
  const rows: string[] = [];
  let first = 0;
  try {
    for (const g of GATEWAYS) {
      while (cluster.gateways.length < g) await cluster.addGateway();
      for (const n of SOCKETS) {
        // Let the registry's counts (2 s heartbeats) forget the previous run's sockets.
        await new Promise((r) => setTimeout(r, 3_000));
        const gws = cluster.gateways.slice(0, g);
        const clients = await Promise.all(Array.from({ length: CLIENT_PROCS }, forkClient));
        const t0 = Date.now();
        const opened = await openClients(clients, { restUrls: gws.map((p) => p.url), resume: false }, n);
        const connectS = (Date.now() - t0) / 1000;
        if (Object.keys(opened.failures).length)
          console.log(`${g} gateway(s), ${n} sockets: failed attempts`, opened.failures);
        const cpu0 = gws.map((p) => cpuMsOf(p.pid));
        const nats0 = nats ? cpuMsOf(nats) : NaN;
        const pg0 = await cluster.pgXacts();
        const frames0 = await Promise.all(gws.map((p) => metric(p, 'bus_frames_received_total')));
        const pub = await cluster.publish(first, RATE, SECONDS);
        const cpu = gws.map((p, k) => cpuMsOf(p.pid) - cpu0[k]);
        const natsCpu = nats ? cpuMsOf(nats) - nats0 : NaN;
        const pgX = (await cluster.pgXacts()) - pg0;
        const frames = (await Promise.all(gws.map((p) => metric(p, 'bus_frames_received_total')))).map(
          (x, k) => x - frames0[k],
        );
        // Let the last events arrive (at most 5 s).
        let rep = await reportClients(clients, first, pub.published);
        for (const end = Date.now() + 5_000; rep.eventsLost > 0 && Date.now() < end;) {
          await new Promise((r) => setTimeout(r, 500));
          rep = await reportClients(clients, first, pub.published);
        }
        const lagMax = await Promise.all(gws.map((p) => metric(p, 'bus_lag_max_ms')));
        const rss = gws.map((p) => rssMbOf(p.pid));
        await Promise.all(clients.map((c) => c.stop()));
        const hist = new LatencyHistogram();
        hist.merge(rep.histogram);
        const spread = gws.map((p) => rep.byPort[p.port] ?? 0).join(' / ');
        const row = `| ${g} | ${n} | ${rep.held} (${spread}) | ${f(connectS)} | ${f(pub.published / pub.elapsed)} | ${rep.eventsLost} | ${rep.eventsDuplicated} | ${rep.snapshots} | ${f(hist.percentile(50))} | ${f(hist.percentile(99))} | ${cpu.map((c) => f((c / (pub.elapsed * 1000)) * 100, 0)).join(' / ')} | ${cpu.map((c) => f(c / pub.published, 2)).join(' / ')} | ${rss.map((r) => f(r, 0)).join(' / ')} | ${frames.map((x) => f(x, 0)).join(' / ')} | ${lagMax.map((x) => f(x, 0)).join(' / ')} | ${f((natsCpu / (pub.elapsed * 1000)) * 100, 0)} | ${f(pgX / pub.elapsed, 1)} | ${loadAverage().split(' on ')[0]} |`;
        console.log(row);
        rows.push(row);
        first += pub.published;
      }
    }
  } finally {
    await cluster.close();
  }
  console.log('');
  console.log(
    '| gateways | sockets | held (per gateway) | connect s | events/s | events lost | duplicated | SNAPSHOT_REQUIRED | p50 ms | p99 ms | gateway CPU % | gateway CPU ms/event | gateway RSS MB | bus frames in per gateway | bus lag max ms | NATS server CPU % (shared) | PG xact/s | load avg 1/5/15 |',
  );
  console.log(
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of rows) console.log(r);
  console.log(`\nload average at the end: ${loadAverage()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
