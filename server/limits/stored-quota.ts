/**
 * A per-user quota counted from the rows the user already stored (posts, comments, reports,
 * uploads): at most `count` rows in `windowMs`. Unlike the token bucket of ./rate-limit.ts it
 * survives a restart and holds across the cluster, because the rows are the count.
 *
 * The count and the caller's insert must be one step, or requests sent together all see the same
 * count and all pass (issue 33: 150 of 150 post images against a limit of 60). `claimStoredQuota`
 * runs inside the caller's transaction after locking the user's row, the way login attempts are
 * counted under a lock (server/accounts/login-limits.ts). `refuseOverQuota` is the same check
 * without the lock, for refusing early (before a body is decoded); it never replaces the claim.
 */
import type { Kysely, Transaction } from 'kysely';
import { Code } from '../../workers/protocol/index';
import type { Database } from '../db/schema';
import { BizError } from '../http/reply';

/** The tables a quota counts: each row has the user's id and its creation time (unix ms). */
export type QuotaTable = 'news_comments' | 'news_reports' | 'user_posts' | 'user_uploads';

/** What one quota counts: a table, and for uploads the purpose the quota is for. */
export type QuotaRows =
  Exclude<QuotaTable, 'user_uploads'> | { table: 'user_uploads'; purpose: Database['user_uploads']['purpose'] };

export interface QuotaRate {
  count: number;
  windowMs: number;
}

async function countRecent(
  db: Kysely<Database>,
  rows: QuotaRows,
  userId: number,
  windowMs: number,
  now: number,
): Promise<number> {
  const base = db.selectFrom(typeof rows === 'string' ? rows : rows.table);
  const scoped = typeof rows === 'string' ? base : base.where('purpose', '=', rows.purpose);
  const recent = await scoped
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', now - windowMs)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

/**
 * Inside the caller's transaction: locks the user's row, so that this count and the caller's
 * insert are one step under concurrent requests, then refuses with RATE_LIMITED and `refusal`
 * when the user already stored `rate.count` rows in the last `rate.windowMs`.
 */
export async function claimStoredQuota(
  trx: Transaction<Database>,
  rows: QuotaRows,
  userId: number,
  rate: QuotaRate,
  now: number,
  refusal: string,
): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  if ((await countRecent(trx, rows, userId, rate.windowMs, now)) >= rate.count)
    throw new BizError(Code.RATE_LIMITED, refusal);
}

/**
 * The same count without a lock: refuses a user already over the quota before the request's body
 * is read and decoded. Requests in flight together can all pass it; `claimStoredQuota` decides.
 */
export async function refuseOverQuota(
  db: Kysely<Database>,
  rows: QuotaRows,
  userId: number,
  rate: QuotaRate,
  now: number,
  refusal: string,
): Promise<void> {
  if ((await countRecent(db, rows, userId, rate.windowMs, now)) >= rate.count)
    throw new BizError(Code.RATE_LIMITED, refusal);
}
