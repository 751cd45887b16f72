/**
 * The areas' background jobs (automatic match reports, tip settlement, anchor schedules and room
 * re-binding): a timer per job, one run at a time, stopped when the app closes.
 *
 * One process runs them all. In cluster mode every process registers them, but a tick does
 * something only where `ctx.runsJobs()` holds, the feed leader: each job runs once cluster-wide,
 * not once per gateway, and a new leader picks them up on its next tick. (The hub's own sweep and
 * ping, and a gateway's registry heartbeat, are per process by nature and are not jobs.)
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';

export interface JobSpec {
  /** Label of `background_job_runs_total` and of the log line when a run fails. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Also run once when the server is ready, not only after the first interval. */
  runAtStart?: boolean;
  /** Tests drive most jobs with their own clock; these run under `mode === 'test'` too. */
  inTests?: boolean;
}

/** Whether this process runs the background jobs (absent: one process, it does). */
export const runsJobs = (ctx: Pick<AppContext, 'runsJobs'>): boolean => ctx.runsJobs?.() ?? true;

export function scheduleJob(app: FastifyInstance, ctx: AppContext, job: JobSpec): void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || !runsJobs(ctx)) return;
    ctx.metrics.jobRuns.inc({ job: job.name });
    running = job
      .run()
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, `${job.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (ctx.config.mode === 'test' && !job.inTests) return;
    if (job.runAtStart) tick();
    timer = setInterval(tick, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
