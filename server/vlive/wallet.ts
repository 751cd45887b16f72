/**
 * Money moves of the area: gifts (from balance or bag) and nobility. Each runs in ONE
 * transaction: the idempotency row, the guarded debit (`balance >= price` in the UPDATE), the
 * ledger and the effect rows. A repeated idemKey gets the stored result and debits nothing; a
 * refused move rolls everything back, idempotency row included, so a later retry may succeed.
 */
import {
  Code,
  GIFT_COMBO_WINDOW_MS,
  RECHARGE_PAGE,
  type InsufficientBalance,
  type VliveGiftResult,
  type VliveNobilityResult,
} from '../../workers/protocol/index';
import { sql, type Transaction } from 'kysely';
import { MAX_DB_INT as MAX_INT } from '../../workers/protocol/field-rules';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { BizError } from '../http/reply';

export type Trx = Transaction<Database>;

/** Claims (userId, key) inside `trx`; returns the stored result when the key was used before. */
async function claimKey<T>(trx: Trx, userId: number, key: string, scope: string, at: number): Promise<T | null> {
  const claimed = await trx
    .insertInto('vlive_idempotency')
    .values({ user_id: userId, key, scope, result: null, at })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return null;
  const prior = await trx
    .selectFrom('vlive_idempotency')
    .select(['scope', 'result'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (prior.scope !== scope || prior.result === null) throw new BizError(Code.REFUSED, '请求编号重复，请刷新后重试');
  return prior.result as T;
}

async function storeResult(trx: Trx, userId: number, key: string, result: unknown): Promise<void> {
  await trx
    .updateTable('vlive_idempotency')
    .set({ result: JSON.stringify(result) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** A move of `amount` inside the caller's transaction; the new balance. */
type BalanceMove = (
  trx: Trx,
  userId: number,
  amount: number,
  reason: string,
  ref: string,
  at: number,
) => Promise<number>;

/**
 * Debits or credits `amount` in one guarded UPDATE (a debit needs `balance >= amount`, a credit
 * `balance <= MAX_INT - amount`) and writes the ledger row; undefined when the guard refused
 * or the user does not exist.
 */
async function moveBalance(
  move: 'debit' | 'credit',
  ...[trx, userId, amount, reason, ref, at]: Parameters<BalanceMove>
): Promise<number | undefined> {
  const debiting = move === 'debit';
  const delta = debiting ? -amount : amount;
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ balance: debiting ? eb('balance', '-', amount) : eb('balance', '+', amount) }))
    .where('id', '=', userId)
    .where('balance', debiting ? '>=' : '<=', debiting ? amount : MAX_INT - amount)
    .returning('balance')
    .executeTakeFirst();
  if (!row) return undefined;
  const balance = Number(row.balance);
  await trx.insertInto('vlive_balance_log').values({ user_id: userId, delta, balance, reason, ref, at }).execute();
  return balance;
}

/**
 * Debits `amount` if the balance covers it; the new balance. Refuses with '余额不足' otherwise,
 * with what was needed, the balance and the recharge page (the client links to it).
 */
export const debit: BalanceMove = async (trx, userId, amount, reason, ref, at) => {
  const balance = await moveBalance('debit', trx, userId, amount, reason, ref, at);
  if (balance !== undefined) return balance;
  const have = await balanceOf(trx, userId);
  const data: InsufficientBalance = { need: amount, balance: have, recharge: RECHARGE_PAGE };
  throw new BizError(Code.REFUSED, `余额不足：需要 ${amount} 球币，当前余额 ${have} 球币，请先充值`, data);
};

export async function balanceOf(db: Db | Trx, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst();
  if (!row) throw new BizError(Code.NO_TOKEN, '请先登录');
  return Number(row.balance);
}

/** Credits a user (dev control and tests) in its own transaction. */
export async function credit(db: Db, userId: number, amount: number, reason: string, at: number): Promise<number> {
  return db.transaction().execute((trx) => creditWithin(trx, userId, amount, reason, '', at));
}

/** Credits inside the caller's transaction (a recharge credits with its order's state change). */
export const creditWithin: BalanceMove = async (trx, userId, amount, reason, ref, at) => {
  // Balances are PostgreSQL int: a credit that would pass MAX_INT is refused, not an overflow error.
  const balance = await moveBalance('credit', trx, userId, amount, reason, ref, at);
  if (balance !== undefined) return balance;
  const exists = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  throw exists ? new BizError(Code.REFUSED, '余额已达上限，无法继续充值') : new BizError(Code.NOT_FOUND, '用户不存在');
};

export interface GiftSendInput {
  roomId: string;
  giftId: number;
  count: number;
  fromBag: boolean;
  idemKey: string;
}

export interface GiftSent {
  result: VliveGiftResult;
  /** Present only for a fresh send (nothing to broadcast for a replayed key). */
  effect: { giftName: string; icon: string; effect: 'small' | 'big'; total: number } | null;
}

/** The share of a coin gift that goes to the anchor when ANCHOR_GIFT_SHARE_PCT is unset. */
export const DEFAULT_ANCHOR_SHARE_PCT = 50;

/** Parses ANCHOR_GIFT_SHARE_PCT (a whole percentage 0–100); throws on anything else (a bad config must not start). */
export function parseAnchorSharePct(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_ANCHOR_SHARE_PCT;
  const n = Number(raw.trim());
  if (!Number.isInteger(n) || n < 0 || n > 100) {
    throw new Error(`ANCHOR_GIFT_SHARE_PCT 配置有误：“${raw}”，应为 0 到 100 的整数`);
  }
  return n;
}

/** The anchor's coins of a gift: whole coins, rounded down (the platform keeps the fraction). */
export const anchorShare = (giftCoins: number, sharePct: number): number => Math.floor((giftCoins * sharePct) / 100);

export async function sendGift(
  db: Db,
  userId: number,
  input: GiftSendInput,
  at: number,
  sharePct: number = DEFAULT_ANCHOR_SHARE_PCT,
): Promise<GiftSent> {
  const gift = await db.selectFrom('vlive_gifts').selectAll().where('id', '=', input.giftId).executeTakeFirst();
  if (!gift) throw new BizError(Code.NOT_FOUND, '礼物不存在');
  const room = await db
    .selectFrom('vlive_rooms')
    .select(['id', 'anchor_id'])
    .where('id', '=', input.roomId)
    .executeTakeFirst();
  if (!room) throw new BizError(Code.NOT_FOUND, '直播间不存在');
  const total = gift.price * input.count;
  return db.transaction().execute(async (trx) => {
    const prior = await claimKey<VliveGiftResult>(trx, userId, input.idemKey, 'gift', at);
    if (prior) return { result: { ...prior, replayed: true }, effect: null };
    let balance: number;
    let bagCount: number | null = null;
    if (input.fromBag) {
      const bag = await trx
        .updateTable('vlive_bags')
        .set((eb) => ({ count: eb('count', '-', input.count) }))
        .where('user_id', '=', userId)
        .where('gift_id', '=', gift.id)
        .where('count', '>=', input.count)
        .returning('count')
        .executeTakeFirst();
      if (!bag) throw new BizError(Code.REFUSED, '背包中该礼物数量不足');
      bagCount = bag.count;
      balance = await balanceOf(trx, userId);
    } else {
      balance = await debit(trx, userId, total, 'gift', `${input.roomId}:${gift.id}x${input.count}`, at);
    }
    const last = await trx
      .selectFrom('vlive_gift_sends')
      .select(['combo', 'at'])
      .where('user_id', '=', userId)
      .where('room_id', '=', input.roomId)
      .where('gift_id', '=', gift.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const combo = last && at - Number(last.at) <= GIFT_COMBO_WINDOW_MS ? last.combo + 1 : 1;
    const sent = await trx
      .insertInto('vlive_gift_sends')
      .values({
        user_id: userId,
        room_id: input.roomId,
        gift_id: gift.id,
        count: input.count,
        total,
        from_bag: input.fromBag,
        combo,
        at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The anchor's share of a coin gift, in this transaction: a gift is paid and earned together or
    // not at all, and a replayed idemKey (returned above) earns nothing twice. Bag gifts were free.
    if (!input.fromBag && total > 0) await earn(trx, room.anchor_id, input.roomId, sent.id, total, sharePct, at);
    await trx
      .updateTable('vlive_rooms')
      // Heat only grows: it stops at the int column's maximum instead of overflowing.
      .set({ heat: sql<number>`least(heat::bigint + ${total}, ${MAX_INT})::int` })
      .where('id', '=', input.roomId)
      .execute();
    const result: VliveGiftResult = { sendId: sent.id, balance, bagCount, combo, replayed: false };
    await storeResult(trx, userId, input.idemKey, result);
    return { result, effect: { giftName: gift.name, icon: gift.icon, effect: gift.effect, total } };
  });
}

/** Writes the anchor's earnings row for one gift and adds it to the anchor's total. */
async function earn(
  trx: Trx,
  anchorId: number,
  roomId: string,
  giftSendId: number,
  giftCoins: number,
  sharePct: number,
  at: number,
): Promise<void> {
  const coins = anchorShare(giftCoins, sharePct);
  const live = await trx
    .selectFrom('vlive_broadcasts')
    .select('id')
    .where('room_id', '=', roomId)
    .where('ended_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  await trx
    .insertInto('vlive_anchor_earnings')
    .values({
      anchor_id: anchorId,
      room_id: roomId,
      broadcast_id: live?.id ?? null,
      gift_send_id: giftSendId,
      gift_coins: giftCoins,
      share_pct: sharePct,
      coins,
      at,
    })
    .execute();
  if (coins > 0) {
    await trx
      .updateTable('vlive_anchors')
      .set((eb) => ({ earnings: eb('earnings', '+', coins) }))
      .where('id', '=', anchorId)
      .execute();
  }
}

/** Gifts every account gets once, on its first look at the bag. */
export const STARTER_BAG: ReadonlyArray<{ giftId: number; count: number }> = [
  { giftId: 1, count: 20 },
  { giftId: 2, count: 5 },
];

export async function ensureStarterBag(db: Db, userId: number, at: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('vlive_idempotency')
      .values({ user_id: userId, key: 'starter-bag', scope: 'starter', result: JSON.stringify(STARTER_BAG), at })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return;
    for (const item of STARTER_BAG) {
      await trx
        .insertInto('vlive_bags')
        .values({ user_id: userId, gift_id: item.giftId, count: item.count })
        .onConflict((oc) =>
          oc.columns(['user_id', 'gift_id']).doUpdateSet((eb) => ({ count: eb('vlive_bags.count', '+', item.count) })),
        )
        .execute();
    }
  });
}

export async function buyNobility(
  db: Db,
  userId: number,
  level: number,
  idemKey: string,
  at: number,
): Promise<VliveNobilityResult> {
  const def = await db.selectFrom('vlive_noble_levels').selectAll().where('level', '=', level).executeTakeFirst();
  if (!def) throw new BizError(Code.NOT_FOUND, '贵族等级不存在');
  return db.transaction().execute(async (trx) => {
    const prior = await claimKey<VliveNobilityResult>(trx, userId, idemKey, 'noble', at);
    if (prior) return { ...prior, replayed: true };
    const current = await trx
      .selectFrom('vlive_user_nobility')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const active = current && Number(current.expires_at) > at ? current : null;
    if (active && active.level > level) throw new BizError(Code.REFUSED, '您已是更高等级的贵族');
    const balance = await debit(trx, userId, def.price, 'noble', `level:${level}`, at);
    const period = def.days * 86_400_000;
    const expiresAt = active && active.level === level ? Number(active.expires_at) + period : at + period;
    await trx
      .insertInto('vlive_user_nobility')
      .values({ user_id: userId, level, expires_at: expiresAt })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ level, expires_at: expiresAt }))
      .execute();
    const result: VliveNobilityResult = { level, expiresAt, balance, replayed: false };
    await storeResult(trx, userId, idemKey, result);
    return result;
  });
}
