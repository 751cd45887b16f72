/**
 * The expert-tips area (issue 14): records and rankings over HTTP (./routes.ts), and tips on
 * matches that are over settled from the stored result every few seconds (./tips.ts settles each
 * tip once, with its audit row, so several processes ticking at once settle nothing twice). Outside
 * tests the first ticks also add the demo world's experts (./demo.ts).
 */
import type { AreaPlugin } from '../context';
import { settleDueTips } from './tips';
import { registerProposalRoutes } from './routes';
import { seedDemoExperts } from './demo';

const SETTLE_TICK_MS = 5_000;

export const proposalArea: AreaPlugin = (app, ctx) => {
  registerProposalRoutes(app, ctx);
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  // The demo experts are added once the feed has stored matches (a fresh database has none yet).
  let demoSeeded = false;
  const safeTick = () => {
    if (running) return;
    running = (demoSeeded ? Promise.resolve(true) : seedDemoExperts(ctx))
      .then((seeded) => {
        demoSeeded = seeded;
        return settleDueTips(ctx.db, ctx.now());
      })
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'tip settlement failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    // Tests settle by calling settleDueTips with their own clock.
    if (ctx.config.mode === 'test') return;
    timer = setInterval(safeTick, SETTLE_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};
