/**
 * Dev controls (DEV_CONTROL=1 only), through the one insert path (`ensurePrivateConversation` +
 * `appendMessages`), so a browser test or a bench gets a big inbox without sending each message:
 * - `POST /_dev/im/seed` fills a private conversation with `count` messages, in runs of 1,000 per
 *   transaction (a 10,000-message chat);
 * - `POST /_dev/im/seed-inbox` gives `to` `count` private conversations, each with one to three
 *   unread messages from its own demo peer (a 1,000-conversation list).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Code, ok } from '../../workers/protocol/index';
import type { AreaPlugin } from '../context';
import { DEMO_PASSWORD } from '../accounts/seed';
import { hashPassword } from '../accounts/passwords';
import type { Db } from '../db/index';
import { BizError, parseInput } from '../http/reply';
import { appendMessages, ensurePrivateConversation } from './insert';
import { userIdField } from './text';

export const IM_SEED_MAX = 20_000;
export const IM_SEED_INBOX_MAX = 2_000;
const RUN = 1_000;
/** Conversations written per transaction by the inbox seed. */
const INBOX_RUN = 250;

const seedBody = z.object({
  from: userIdField,
  to: userIdField,
  count: z.coerce.number().int().min(1, '条数不正确').max(IM_SEED_MAX, '条数不正确'),
});

const seedInboxBody = z.object({
  to: userIdField,
  count: z.coerce.number().int().min(1, '会话数不正确').max(IM_SEED_INBOX_MAX, '会话数不正确'),
});

/**
 * The demo peers of the inbox seed: the `i`-th (from 0) has the phone 170 0000 0001 + i (a block
 * kept for them on dev servers; the demo accounts are 138 0000 000x) and the nickname 演示球友0001
 * + i. Shared by every seeded inbox, so seeding twice, or for another user, reuses them.
 */
export const demoPeerPhone = (i: number) => `1700${String(i + 1).padStart(7, '0')}`;
export const demoPeerNick = (i: number) => `演示球友${String(i + 1).padStart(4, '0')}`;
/**
 * Demo peers log in with the demo password (a bench logs some in to send as them): one hash,
 * computed once per process, not one scrypt per peer.
 */
let peerPasswordHash: Promise<string> | undefined;

/** The ids of the first `count` demo peers, made when missing, in order. */
async function demoPeers(db: Db, count: number): Promise<number[]> {
  peerPasswordHash ??= hashPassword(DEMO_PASSWORD);
  const password_hash = await peerPasswordHash;
  const ids: number[] = [];
  for (let from = 0; from < count; from += INBOX_RUN) {
    const run = Array.from({ length: Math.min(INBOX_RUN, count - from) }, (_, k) => from + k);
    const phones = run.map(demoPeerPhone);
    await db
      .insertInto('users')
      .values(
        run.map((i) => ({
          phone: demoPeerPhone(i),
          nick_name: demoPeerNick(i),
          password_hash,
          portrait: '',
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    const rows = await db.selectFrom('users').select(['id', 'phone']).where('phone', 'in', phones).execute();
    const byPhone = new Map(rows.map((r) => [r.phone, r.id]));
    for (const phone of phones) {
      const id = byPhone.get(phone);
      // Only when someone else already holds one of the demo nicknames.
      if (id === undefined) throw new BizError(Code.BAD_INPUT, `演示用户 ${phone} 无法创建：昵称已被占用`);
      ids.push(id);
    }
  }
  return ids;
}

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

  app.post('/_dev/im/seed-inbox', async (req) => {
    const b = parseInput(seedInboxBody, req.body);
    const to = await ctx.db.selectFrom('users').select('id').where('id', '=', b.to).executeTakeFirst();
    if (!to) throw new BizError(Code.NOT_FOUND, '用户不存在');
    const t0 = performance.now();
    const peers = await demoPeers(ctx.db, b.count);
    // Peer 0001 wrote last, each next one a second earlier: the list's order is the peers' order.
    // All of it at least a minute old, out of the senders' rate window (see above).
    const base = ctx.now() - 60_000;
    // A fresh stamp per call: client ids are unique per sender, and a second call reuses the peers.
    const stamp = randomUUID().slice(0, 8);
    let messages = 0;
    for (let from = 0; from < peers.length; from += INBOX_RUN) {
      const run = peers.slice(from, from + INBOX_RUN);
      messages += await ctx.db.transaction().execute(async (trx) => {
        let n = 0;
        for (const [k, peer] of run.entries()) {
          const i = from + k;
          const now = base - i * 1_000;
          const id = await ensurePrivateConversation(trx, peer, b.to, now);
          const items = Array.from({ length: 1 + (i % 3) }, (_, j) => ({
            clientId: `seed-inbox-${stamp}-${b.to}-${j}`,
            text: j === 0 ? `今晚一起看球吗？` : `第 ${j + 1} 条：比赛快开始了`,
          }));
          await appendMessages(trx, { conversationId: id, from: peer, to: b.to, now }, items);
          n += items.length;
        }
        return n;
      });
    }
    return ok({ to: b.to, conversations: peers.length, messages, ms: Math.round(performance.now() - t0) });
  });
};
