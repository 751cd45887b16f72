/**
 * The server side of the fan-out benchmark (tests/bench/fanout.ts starts it as a child process,
 * so the server has its own event loop and core, like in production). Real buildServer on a
 * temp PGlite, feed off; on IPC { publish: { rate, seconds } } it publishes football list
 * events at a steady rate, each carrying its send time in `incident.at`.
 */
import { buildServer } from '../../server/app';
import { createOutboxSms } from '../../server/accounts/sms';
import { createTestStorage } from '../helpers/test-db';
import { Topics } from '../../workers/protocol/index';
import { eventFor, wallNow } from './shared/bench-event';

type Msg = { publish: { rate: number; seconds: number } } | { stop: true };

async function main() {
  const ts = await createTestStorage('pglite', { feed: false, devControl: false });
  const built = await buildServer(ts.config, {
    storage: ts.storage,
    client: false,
    logger: false,
    sms: createOutboxSms(() => {}),
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = built.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');

  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 250);

  process.on('message', async (msg: Msg) => {
    if ('stop' in msg) {
      clearInterval(sampler);
      await built.close();
      await ts.cleanup();
      process.exit(0);
    }
    const { rate, seconds } = msg.publish;
    const total = Math.round(rate * seconds);
    let publishMs = 0;
    const start = wallNow();
    let cpuStart = process.cpuUsage();
    for (let i = 0; i < total; i++) {
      // Steady schedule: event i goes out at start + i/rate, whatever the previous one cost.
      const due = start + (i * 1000) / rate;
      const wait = due - wallNow();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const t = wallNow();
      built.ctx.hub.publish(Topics.football, eventFor(i, t));
      // The hub writes a tick's events in one setImmediate; ours runs after it.
      await new Promise((r) => setImmediate(r));
      publishMs += wallNow() - t;
    }
    const cpu = process.cpuUsage(cpuStart);
    cpuStart = process.cpuUsage();
    const elapsed = (wallNow() - start) / 1000;
    const m = process.memoryUsage();
    process.send?.({
      published: total,
      elapsed,
      connections: built.ctx.hub.connectionCount(),
      rss: m.rss,
      heap: m.heapUsed,
      peakRss: Math.max(peakRss, m.rss),
      peakHeap: Math.max(peakHeap, m.heapUsed),
      publishMs: publishMs / total,
      cpuMsPerEvent: (cpu.user + cpu.system) / 1000 / total,
      cpuPercent: ((cpu.user + cpu.system) / 1000 / (elapsed * 1000)) * 100,
    });
  });
  process.send?.({ port: addr.port });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
