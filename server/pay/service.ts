/**
 * Orders and the ledger. An order moves created → paid → credited (→ refunded), or created →
 * expired; each move is one guarded UPDATE (`where state = …`) in the same transaction as its
 * ledger row, so a repeated or concurrent notification finds the order moved already and
 * credits nothing. A payment that arrives for an expired order is still credited: the money
 * was taken, the coins are owed.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  Code,
  type LedgerAudit,
  type PayOrder,
  type PayPackage,
  type PayProviderId,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { BizError } from '../http/reply';
import { creditWithin, debit } from '../vlive/wallet';
import type { OrderForProvider, PaymentProvider } from './provider';
import { chinaWallClock } from '../../workers/protocol/china-time';

/**
 * The price table (the client shows what this says). 1 元 = 10 球币, and larger packages add a
 * bonus that never buys less per 元 than a smaller one: a fan who buys more never pays more per
 * coin (the 20000 pack at ¥1988 with 120 bonus was dearer per coin than the 5000 pack).
 */
export const PAY_PACKAGES: readonly PayPackage[] = [
  { id: 1, coins: 60, priceFen: 600, bonus: 0 },
  { id: 2, coins: 300, priceFen: 3000, bonus: 0 },
  { id: 3, coins: 1000, priceFen: 9800, bonus: 20 },
  { id: 4, coins: 5000, priceFen: 48800, bonus: 120 },
  { id: 5, coins: 20000, priceFen: 188800, bonus: 1120 },
];

/** An unpaid order expires after this long (the provider is told the same timeout). */
export const ORDER_TTL_MS = 15 * 60_000;

type OrderRow = Database['pay_orders'];

export function toPayOrder(r: OrderRow, payUrl: string | null = null, balance: number | null = null): PayOrder {
  return {
    id: r.id,
    packageId: r.package_id,
    coins: r.coins,
    priceFen: r.price_fen,
    provider: r.provider,
    state: r.state,
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    payUrl: r.state === 'created' ? payUrl : null,
    balance,
  };
}

export function forProvider(r: OrderRow): OrderForProvider {
  return {
    id: r.id,
    priceFen: r.price_fen,
    coins: r.coins,
    subject: `球币 ${r.coins}`,
    tradeNo: r.trade_no,
    expiresAt: Number(r.expires_at),
  };
}

/** 'Q' + China date-time + 10 random hex: unique, sortable by day, fits Alipay's out_trade_no. */
function newOrderId(now: number): string {
  const t = chinaWallClock(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `Q${t}${crypto.randomBytes(5).toString('hex')}`;
}

/** pay_notifications.outcome of a paid order notified under another trade number (`trade-conflict:<trade no>`). */
export const TRADE_CONFLICT = 'trade-conflict';

export type SettleOutcome =
  | { kind: 'credited'; userId: number; balance: number; order: OrderRow }
  | { kind: 'duplicate'; order: OrderRow }
  /**
   * A paid order notified again under another trade number: a second payment at the provider
   * for one order (the customer paid twice). Nothing is credited; it is flagged for an operator.
   */
  | { kind: 'conflict'; order: OrderRow; tradeNo: string }
  | { kind: 'refused'; reason: 'no-order' | 'other-provider' | 'amount' | 'not-paid' };

export interface PayService {
  createOrder(
    userId: number,
    input: { packageId: number; provider: PaymentProvider; idemKey: string },
    now: number,
  ): Promise<PayOrder>;
  order(userId: number, id: string, now: number): Promise<PayOrder>;
  orders(userId: number, now: number): Promise<PayOrder[]>;
  /** Applies a provider's verified word that an order was paid (or not). */
  settle(
    provider: PayProviderId,
    n: { orderId: string; tradeNo: string; totalFen: number; paid: boolean },
    now: number,
  ): Promise<SettleOutcome>;
  refund(orderId: string, providers: ReadonlyMap<string, PaymentProvider>, now: number): Promise<PayOrder>;
  expire(now: number): Promise<number>;
  audit(): Promise<LedgerAudit>;
}

export function createPayService(db: Db): PayService {
  const expire = async (now: number) => {
    const rows = await db
      .updateTable('pay_orders')
      .set({ state: 'expired' })
      .where('state', '=', 'created')
      .where('expires_at', '<', now)
      .returning('id')
      .execute();
    return rows.length;
  };

  const settle: PayService['settle'] = async (provider, n, now) => {
    return db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('pay_orders').selectAll().where('id', '=', n.orderId).executeTakeFirst();
      if (!order) return { kind: 'refused', reason: 'no-order' } as const;
      if (order.provider !== provider) return { kind: 'refused', reason: 'other-provider' } as const;
      if (order.price_fen !== n.totalFen) return { kind: 'refused', reason: 'amount' } as const;
      if (order.state === 'paid' || order.state === 'credited' || order.state === 'refunded') {
        if (n.paid && n.tradeNo && order.trade_no && n.tradeNo !== order.trade_no) {
          return { kind: 'conflict', order, tradeNo: n.tradeNo } as const;
        }
        return { kind: 'duplicate', order } as const;
      }
      if (!n.paid) return { kind: 'refused', reason: 'not-paid' } as const;
      const paid = await trx
        .updateTable('pay_orders')
        .set({ state: 'paid', trade_no: n.tradeNo, paid_at: now })
        .where('id', '=', order.id)
        .where('state', 'in', ['created', 'expired'])
        .returning('id')
        .executeTakeFirst();
      // Someone else moved it between our read and this write: theirs is the credit.
      if (!paid) return { kind: 'duplicate', order } as const;
      const balance = await creditWithin(trx, order.user_id, order.coins, 'recharge', order.id, now);
      const credited = await trx
        .updateTable('pay_orders')
        .set({ state: 'credited', credited_at: now })
        .where('id', '=', order.id)
        .where('state', '=', 'paid')
        .returningAll()
        .executeTakeFirstOrThrow();
      return { kind: 'credited', userId: order.user_id, balance, order: credited } as const;
    });
  };

  return {
    expire,
    settle,

    async createOrder(userId, input, now) {
      const pkg = PAY_PACKAGES.find((p) => p.id === input.packageId);
      if (!pkg) throw new BizError(Code.NOT_FOUND, '充值套餐不存在');
      await expire(now);
      const inserted = await db
        .insertInto('pay_orders')
        .values({
          id: newOrderId(now),
          user_id: userId,
          package_id: pkg.id,
          coins: pkg.coins,
          price_fen: pkg.priceFen,
          provider: input.provider.id,
          state: 'created',
          idem_key: input.idemKey,
          trade_no: null,
          created_at: now,
          expires_at: now + ORDER_TTL_MS,
          paid_at: null,
          credited_at: null,
          refunded_at: null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      const row =
        inserted ??
        (await db
          .selectFrom('pay_orders')
          .selectAll()
          .where('user_id', '=', userId)
          .where('idem_key', '=', input.idemKey)
          .executeTakeFirstOrThrow());
      if (row.package_id !== pkg.id || row.provider !== input.provider.id) {
        throw new BizError(Code.REFUSED, '请求编号重复，请刷新后重试');
      }
      if (row.state !== 'created') return toPayOrder(row);
      const started = await input.provider.start(forProvider(row), now);
      if (started.settledTradeNo) {
        const out = await settle(
          input.provider.id,
          { orderId: row.id, tradeNo: started.settledTradeNo, totalFen: row.price_fen, paid: true },
          now,
        );
        if (out.kind === 'credited') return toPayOrder(out.order, null, out.balance);
        if (out.kind === 'duplicate' || out.kind === 'conflict') return toPayOrder(out.order);
        throw new BizError(Code.SERVER_ERROR, '充值失败，请稍后再试');
      }
      return toPayOrder(row, started.payUrl);
    },

    async order(userId, id, now) {
      await expire(now);
      const row = await db
        .selectFrom('pay_orders')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw new BizError(Code.NOT_FOUND, '订单不存在');
      return toPayOrder(row);
    },

    async orders(userId, now) {
      await expire(now);
      const rows = await db
        .selectFrom('pay_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute();
      return rows.map((r) => toPayOrder(r));
    },

    async refund(orderId, providers, now) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('pay_orders')
          .set({ state: 'refunded', refunded_at: now })
          .where('id', '=', orderId)
          .where('state', '=', 'credited')
          .returningAll()
          .executeTakeFirst();
        if (!row) {
          const exists = await trx
            .selectFrom('pay_orders')
            .select('state')
            .where('id', '=', orderId)
            .executeTakeFirst();
          if (!exists) throw new BizError(Code.NOT_FOUND, '订单不存在');
          throw new BizError(Code.REFUSED, `只有已到账的订单可以退款（当前状态：${exists.state}）`);
        }
        const provider = providers.get(row.provider);
        if (!provider) throw new BizError(Code.REFUSED, '该订单的支付渠道未开通，无法退款');
        let balance: number;
        try {
          balance = await debit(trx, row.user_id, row.coins, 'refund', row.id, now);
        } catch (err) {
          if (err instanceof BizError && err.code === Code.REFUSED) {
            throw new BizError(Code.REFUSED, '该用户的球币已消费，余额不足以退回本单，无法退款');
          }
          throw err;
        }
        // Inside the transaction: if the provider refuses, the coins and the state roll back.
        await provider.refund(forProvider(row), now);
        return toPayOrder(row, null, balance);
      });
    },

    async audit() {
      const mismatches = await sql<{
        user_id: number;
        balance: number;
        ledger_sum: string | number;
        last_balance: number | null;
      }>`select u.id as user_id, u.balance, coalesce(s.total, 0) as ledger_sum, s.last_balance
         from users u left join (
           select user_id, sum(delta) as total, (array_agg(balance order by id desc))[1] as last_balance
           from vlive_balance_log group by user_id) s on s.user_id = u.id
         where u.balance <> coalesce(s.total, 0) or (s.last_balance is not null and s.last_balance <> u.balance)
         order by u.id limit 1000`.execute(db);
      const counts = await sql<{ accounts: string | number; rows: string | number; negative: string | number }>`
        select (select count(*) from users) as accounts, (select count(*) from vlive_balance_log) as rows,
               (select count(*) from vlive_balance_log where balance < 0) as negative`.execute(db);
      const c = counts.rows[0]!;
      // Anchors' earnings (issue 31): each total is the sum of its rows, and every coin gift has
      // exactly one row, of the gift's coins, with the anchor's share worked out right.
      const earnings = await sql<{ anchor_id: number; earnings: number; rows_sum: string | number }>`
        select a.id as anchor_id, a.earnings, coalesce(s.total, 0) as rows_sum
        from vlive_anchors a left join (
          select anchor_id, sum(coins) as total from vlive_anchor_earnings group by anchor_id) s on s.anchor_id = a.id
        where a.earnings <> coalesce(s.total, 0) order by a.id limit 1000`.execute(db);
      const gifts = await sql<{ id: number }>`
        select g.id from vlive_gift_sends g
        left join (select gift_send_id, count(*) as n, min(gift_coins) as gift_coins, min(coins) as coins,
                          min(share_pct) as share_pct
                   from vlive_anchor_earnings group by gift_send_id) e on e.gift_send_id = g.id
        where not g.from_bag and g.total > 0 and (e.n is null or e.n <> 1 or e.gift_coins <> g.total
              or e.coins <> floor(e.gift_coins * e.share_pct / 100))
        order by g.id limit 1000`.execute(db);
      const anchorCounts = await sql<{ anchors: string | number; rows: string | number }>`
        select (select count(*) from vlive_anchors) as anchors, (select count(*) from vlive_anchor_earnings) as rows`.execute(
        db,
      );
      const ac = anchorCounts.rows[0]!;
      const conflicts = await db
        .selectFrom('pay_notifications')
        .select(['order_id', 'outcome', 'at'])
        .where('outcome', 'like', `${TRADE_CONFLICT}:%`)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return {
        tradeConflicts: conflicts.map((r) => ({
          orderId: r.order_id,
          tradeNo: r.outcome.slice(TRADE_CONFLICT.length + 1),
          at: Number(r.at),
        })),
        anchors: Number(ac.anchors),
        earningsRows: Number(ac.rows),
        earningsMismatches: earnings.rows.map((r) => ({
          anchorId: r.anchor_id,
          earnings: Number(r.earnings),
          rowsSum: Number(r.rows_sum),
        })),
        giftsWithoutShare: gifts.rows.map((r) => r.id),
        accounts: Number(c.accounts),
        rows: Number(c.rows),
        negative: Number(c.negative),
        mismatches: mismatches.rows.map((r) => ({
          userId: r.user_id,
          balance: Number(r.balance),
          ledgerSum: Number(r.ledger_sum),
          lastRunningBalance: r.last_balance === null ? null : Number(r.last_balance),
        })),
      };
    },
  };
}
