/**
 * Draws (抽奖): one chance spends into one provably fair draw inside one transaction (stock taken
 * by a guarded UPDATE, never oversold), the user's draw list, and the public verification that
 * recomputes every draw from the revealed seed.
 */
import {
  Code,
  type ActivityDraw,
  type ActivityDrawResult,
  type ActivityVerifyReport,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { ActivityText as T } from './text';
import { consolationOf, drawHmac, prizeForRoll, replayDraws, rollOf, seedHashOf, totalWeight } from './fairness';
import { prizeOf, slotOf, type Trx } from './rows';
import type { ActivityReads } from './reads';

export function createActivityDraws(db: Db, now: () => number, reads: ActivityReads) {
  const { closeDue, entryOf, issueRow, openIssue, prizesOf, settle } = reads;
  return {
    /** One chance → one draw. The same clientId returns the stored draw and spends nothing. */
    async draw(userId: number, issueNo: number, clientId: string): Promise<ActivityDrawResult> {
      const issue = await openIssue(issueNo);
      await settle();
      const prizes = await prizesOf(issueNo);
      const slots = prizes.map(slotOf);
      const byId = new Map(prizes.map((p) => [p.id, p]));
      // The client id is looked up inside the draw's transaction, so requests racing on one id
      // see each other's draw (PGlite runs transactions one at a time; on PostgreSQL the loser of
      // a race hits the unique key, rolls back and is answered below with the winner's draw).
      const replay = async (q: Db | Trx): Promise<ActivityDrawResult | null> => {
        const prior = await q
          .selectFrom('activity_draws')
          .selectAll()
          .where('issue_no', '=', issueNo)
          .where('user_id', '=', userId)
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        if (!prior) return null;
        const e = (await entryOf(issueNo, userId, q))!;
        const p = byId.get(prior.prize_id)!;
        return {
          drawNo: prior.draw_no,
          prizeId: p.id,
          prizeName: p.name,
          prizeKind: p.kind,
          at: Number(prior.at),
          chances: e.chances,
          points: e.points,
          replayed: true,
        };
      };
      try {
        return await db.transaction().execute(async (trx) => {
          const prior = await replay(trx);
          if (prior) return prior;
          if (!(await entryOf(issueNo, userId, trx))) throw new BizError(Code.REFUSED, T.notJoined);
          const spent = await trx
            .updateTable('activity_entries')
            .set((eb) => ({ chances: eb('chances', '-', 1), draws: eb('draws', '+', 1) }))
            .where('issue_no', '=', issueNo)
            .where('user_id', '=', userId)
            .where('chances', '>', 0)
            .returning(['draws'])
            .executeTakeFirst();
          if (!spent) throw new BizError(Code.REFUSED, T.noChance);
          const drawNo = spent.draws;
          const roll = rollOf(drawHmac(issue.seed, issueNo, userId, drawNo), totalWeight(slots));
          let prize = byId.get(prizeForRoll(slots, roll).id)!;
          if (prize.stock !== null) {
            const taken = await trx
              .updateTable('activity_prizes')
              .set((eb) => ({ stock: eb('stock', '-', 1) }))
              .where('id', '=', prize.id)
              .where('stock', '>', 0)
              .returning('id')
              .executeTakeFirst();
            if (!taken) prize = byId.get(consolationOf(slots).id)!;
          }
          const at = now();
          await trx
            .insertInto('activity_draws')
            .values({
              issue_no: issueNo,
              user_id: userId,
              draw_no: drawNo,
              client_id: clientId,
              prize_id: prize.id,
              at,
            })
            .execute();
          const entry = await trx
            .updateTable('activity_entries')
            .set((eb) => ({ points: eb('points', '+', prize.kind === 'points' ? prize.points : 0) }))
            .where('issue_no', '=', issueNo)
            .where('user_id', '=', userId)
            .returning(['points', 'chances'])
            .executeTakeFirstOrThrow();
          return {
            drawNo,
            prizeId: prize.id,
            prizeName: prize.name,
            prizeKind: prize.kind,
            at,
            chances: entry.chances,
            points: entry.points,
            replayed: false,
          };
        });
      } catch (err) {
        // Two requests with one clientId racing on PostgreSQL: the loser either hits the unique
        // key or finds the chance already spent by the winner; it rolls back (nothing spent) and
        // answers with the winner's draw.
        const again = await replay(db);
        if (again) return again;
        throw err;
      }
    },

    async drawList(userId: number, issueNo: number): Promise<ActivityDraw[]> {
      const rows = await db
        .selectFrom('activity_draws as d')
        .innerJoin('activity_prizes as p', 'p.id', 'd.prize_id')
        .select(['d.draw_no', 'd.prize_id', 'p.name', 'p.kind', 'd.at'])
        .where('d.issue_no', '=', issueNo)
        .where('d.user_id', '=', userId)
        .orderBy('d.draw_no', 'desc')
        .execute();
      return rows.map((r) => ({
        drawNo: r.draw_no,
        prizeId: r.prize_id,
        prizeName: r.name,
        prizeKind: r.kind,
        at: Number(r.at),
      }));
    },

    /** Recomputes every draw from the seed. Public callers only once the seed is revealed. */
    async verify(issueNo: number, operator: boolean): Promise<ActivityVerifyReport> {
      await closeDue();
      const issue = await issueRow(issueNo);
      if (!issue.revealed && !operator) throw new BizError(Code.REFUSED, T.notRevealed);
      const prizeRows = await prizesOf(issueNo);
      const prizes = prizeRows.map(slotOf);
      const draws = await db
        .selectFrom('activity_draws')
        .select(['user_id', 'draw_no', 'prize_id'])
        .where('issue_no', '=', issueNo)
        .orderBy('id')
        .execute();
      const rows = replayDraws(
        issue.seed,
        issueNo,
        prizes,
        draws.map((d) => ({ userId: d.user_id, drawNo: d.draw_no, prizeId: d.prize_id })),
      ).map((r) => ({
        userId: r.userId,
        drawNo: r.drawNo,
        hmac: r.hmac,
        roll: r.roll,
        recordedPrizeId: r.prizeId,
        expectedPrizeId: r.expectedPrizeId,
        ok: r.ok,
      }));
      const seedMatchesHash = seedHashOf(issue.seed) === issue.seed_hash;
      return {
        issueNo,
        seedHash: issue.seed_hash,
        seed: issue.seed,
        seedMatchesHash,
        prizes: prizeRows.map(prizeOf),
        draws: rows,
        allMatch: seedMatchesHash && rows.every((r) => r.ok),
      };
    },
  };
}
