/**
 * A per-user quota counted from the rows the user already stored (posts, comments, reports):
 * at most `count` rows in `windowMs`. Unlike the token bucket of ./rate-limit.ts it survives a
 * restart and holds across the cluster, because the rows are the count.
 */
import type { Transaction } from 'kysely';
import { Code } from '../../workers/protocol/index';
import type { Database } from '../db/schema';
import { BizError } from '../http/reply';

/** The tables a quota counts: each row has the user's id and its creation time (unix ms). */
export type QuotaTable = 'news_comments' | 'news_reports' | 'user_posts';

/**
 * Inside the caller's transaction: locks the user's row, so that this count and the caller's
 * insert are one step under concurrent requests, then refuses with RATE_LIMITED and `refusal`
 * when the user already stored `rate.count` rows in the last `rate.windowMs`.
 */
export async function claimStoredQuota(
  trx: Transaction<Database>,
  table: QuotaTable,
  userId: number,
  rate: { count: number; windowMs: number },
  now: number,
  refusal: string,
): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const recent = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', now - rate.windowMs)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= rate.count) throw new BizError(Code.RATE_LIMITED, refusal);
}
