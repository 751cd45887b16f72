/** Background jobs (server/jobs.ts): ticks do something only where `runsJobs()` holds, one run at a time. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { scheduleJob } from '../../server/jobs';
import { createMetrics } from '../../server/metrics';
import type { AppContext } from '../../server/context';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (up to 5 s: the machine is shared) until `cond` holds. */
async function until(cond: () => boolean): Promise<void> {
  for (const end = Date.now() + 5_000; !cond(); await sleep(10)) if (Date.now() > end) throw new Error('timed out');
}

function fakeCtx(mode: 'production' | 'test', runsJobs?: () => boolean): AppContext {
  return { config: { mode }, metrics: createMetrics(), runsJobs } as unknown as AppContext;
}

describe('scheduleJob', () => {
  it('runs only while this process leads, and picks up when it becomes the leader', async () => {
    let leading = false;
    const ctx = fakeCtx('production', () => leading);
    const app = Fastify();
    let runs = 0;
    scheduleJob(app, ctx, { name: 'demo', everyMs: 20, runAtStart: true, run: async () => void runs++ });
    await app.ready();
    await sleep(150);
    expect(runs).toBe(0);
    leading = true;
    await until(() => runs > 1);
    expect((await ctx.metrics.jobRuns.get()).values).toEqual([
      expect.objectContaining({ labels: { job: 'demo' }, value: runs }),
    ]);
    leading = false;
    await sleep(40); // a tick already started may finish
    const stopped = runs;
    await sleep(150);
    expect(runs).toBe(stopped);
    await app.close();
  });

  it('never overlaps a run with itself, logs a failed run and goes on; stops when the app closes', async () => {
    const app = Fastify();
    let active = 0;
    let most = 0;
    let runs = 0;
    scheduleJob(app, fakeCtx('production'), {
      name: 'slow',
      everyMs: 10,
      async run() {
        runs++;
        active++;
        most = Math.max(most, active);
        await sleep(50);
        active--;
        if (runs === 1) throw new Error('first run fails');
      },
    });
    await app.ready();
    await until(() => runs > 2);
    expect(most).toBe(1);
    await app.close();
    const after = runs;
    await sleep(100);
    expect(runs).toBe(after);
  });

  it('does not run under tests unless the job says so', async () => {
    const app = Fastify();
    let plain = 0;
    let inTests = 0;
    const ctx = fakeCtx('test');
    scheduleJob(app, ctx, { name: 'plain', everyMs: 10, run: async () => void plain++ });
    scheduleJob(app, ctx, { name: 'in-tests', everyMs: 10, inTests: true, run: async () => void inTests++ });
    await app.ready();
    await until(() => inTests > 1);
    await app.close();
    expect(plain).toBe(0);
  });
});
