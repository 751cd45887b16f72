/**
 * The expert-tips area (issue 14): records and rankings over HTTP (./routes.ts), and tips on
 * matches that are over settled from the stored result every few seconds (./tips.ts settles each
 * tip once, with its audit row, so several processes ticking at once settle nothing twice). Outside
 * tests the first ticks also add the demo world's experts (./demo.ts).
 */
import type { AreaPlugin } from '../context';
import { scheduleJob } from '../jobs';
import { settleDueTips } from './tips';
import { registerProposalRoutes } from './routes';
import { seedDemoExperts } from './demo';
import { withSeedLock } from '../db/seed-lock';

const SETTLE_TICK_MS = 5_000;

export const proposalArea: AreaPlugin = (app, ctx) => {
  registerProposalRoutes(app, ctx);
  // The demo experts are added once the feed has stored matches (a fresh database has none yet).
  // Tests settle by calling settleDueTips with their own clock.
  let demoSeeded = false;
  scheduleJob(app, ctx, {
    name: 'tip-settlement',
    everyMs: SETTLE_TICK_MS,
    async run() {
      demoSeeded ||= await withSeedLock(ctx.storage, () => seedDemoExperts(ctx));
      await settleDueTips(ctx.db, ctx.now());
    },
  });
};
