/**
 * Paid tips: the reasoning of a tip with a price is read after buying it with coins from the
 * same wallet as gifts (users.balance, ledger vlive_balance_log, server/vlive/wallet.ts). One
 * purchase row per user and tip, inserted in the debit's transaction: a repeated or concurrent
 * buy finds the row and debits nothing. A tip whose match ends void refunds every purchase in
 * the settlement's own transaction, so a refund happens once, with the settlement. A tip is on
 * sale only until its match ends: a settled tip (or a finished match) is refused.
 */
import type { Transaction } from 'kysely';
import { Code, isFinished, isVoid, type Sport, type TipPurchase } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { BizError } from '../http/reply';
import { balanceOf, debit } from '../vlive/wallet';

type Trx = Transaction<Database>;

export const PurchaseText = {
  notFound: '方案不存在',
  free: '该方案免费，无需购买',
  own: '不能购买自己的方案',
  void: '比赛已取消或延期，方案不再出售',
  settled: '比赛已结束，方案已结算，不再出售',
} as const;

export async function buyTip(db: Db, userId: number, tipId: number, at: number): Promise<TipPurchase> {
  return db.transaction().execute(async (trx) => {
    const tip = await trx
      .selectFrom('proposal_tips as t')
      .innerJoin('live_matches as m', 'm.id', 't.match_id')
      .select(['t.id', 't.expert_id', 't.price', 't.reason', 't.result', 'm.sport', 'm.status'])
      .where('t.id', '=', tipId)
      .executeTakeFirst();
    if (!tip) throw new BizError(Code.NOT_FOUND, PurchaseText.notFound);
    if (tip.price <= 0) throw new BizError(Code.REFUSED, PurchaseText.free);
    if (tip.expert_id === userId) throw new BizError(Code.REFUSED, PurchaseText.own);
    if (tip.result === 'void' || isVoid(tip.sport as Sport, tip.status))
      throw new BizError(Code.REFUSED, PurchaseText.void);
    // Once the match is over the result is public: reasoning sold then would sell hindsight.
    if (tip.result !== null || isFinished(tip.sport as Sport, tip.status))
      throw new BizError(Code.REFUSED, PurchaseText.settled);
    const row = await trx
      .insertInto('proposal_purchases')
      .values({ user_id: userId, tip_id: tip.id, price: tip.price, at, refunded_at: null })
      .onConflict((oc) => oc.columns(['user_id', 'tip_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return { tipId: tip.id, reason: tip.reason, balance: await balanceOf(trx, userId), charged: false };
    const balance = await debit(trx, userId, tip.price, 'tip', `tip:${tip.id}`, at);
    return { tipId: tip.id, reason: tip.reason, balance, charged: true };
  });
}

export async function hasBought(
  db: Db,
  userId: number,
  tipId: number,
): Promise<{ bought: boolean; refunded: boolean }> {
  const row = await db
    .selectFrom('proposal_purchases')
    .select('refunded_at')
    .where('user_id', '=', userId)
    .where('tip_id', '=', tipId)
    .executeTakeFirst();
  return { bought: Boolean(row), refunded: row?.refunded_at != null };
}

/** Refunds every purchase of a voided tip, inside the settlement's transaction. */
export async function refundPurchases(trx: Trx, tipId: number, at: number): Promise<number> {
  const open = await trx
    .updateTable('proposal_purchases')
    .set({ refunded_at: at })
    .where('tip_id', '=', tipId)
    .where('refunded_at', 'is', null)
    .returning(['user_id', 'price'])
    .execute();
  for (const p of open) {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ balance: eb('balance', '+', p.price) }))
      .where('id', '=', p.user_id)
      .returning('balance')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('vlive_balance_log')
      .values({
        user_id: p.user_id,
        delta: p.price,
        balance: Number(row.balance),
        reason: 'tip-refund',
        ref: `tip:${tipId}`,
        at,
      })
      .execute();
  }
  return open.length;
}
