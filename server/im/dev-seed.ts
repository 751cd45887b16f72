/**
 * Dev control (DEV_CONTROL=1 only): `POST /_dev/im/seed` fills a private conversation with `count`
 * messages through the one insert path (`appendMessages`), in runs of 1,000 per transaction, so a
 * browser test or a bench can open a 10,000-message chat without sending 10,000 times.
 */
import { z } from 'zod';
import { ok } from '../../workers/protocol/index';
import type { AreaPlugin } from '../context';
import { parseInput } from '../http/reply';
import { appendMessages, ensurePrivateConversation } from './insert';
import { userIdField } from './text';

export const IM_SEED_MAX = 20_000;
const RUN = 1_000;

const seedBody = z.object({
  from: userIdField,
  to: userIdField,
  count: z.coerce.number().int().min(1, '条数不正确').max(IM_SEED_MAX, '条数不正确'),
});

export const imDevArea: AreaPlugin = (app, ctx) => {
  if (!ctx.config.devControl) return;
  app.post('/_dev/im/seed', async (req) => {
    const b = parseInput(seedBody, req.body);
    // Seeded history is a minute old: it must not count against the sender's 20 messages / 10 s
    // (a browser test sends right after seeding).
    const now = ctx.now() - 60_000;
    let conversationId = '';
    for (let done = 0; done < b.count; done += RUN) {
      const n = Math.min(RUN, b.count - done);
      conversationId = await ctx.db.transaction().execute(async (trx) => {
        const id = await ensurePrivateConversation(trx, b.from, b.to, now);
        const items = Array.from({ length: n }, (_, i) => ({
          clientId: `seed-${now.toString(36)}-${done + i}`,
          text: `第 ${done + i + 1} 条消息`,
        }));
        await appendMessages(trx, { conversationId: id, from: b.from, to: b.to, now }, items);
        return id;
      });
    }
    return ok({ conversationId, count: b.count });
  });
};
