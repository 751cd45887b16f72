/**
 * Rate limits that hold across processes. Embedded (one process): the in-memory token bucket of
 * ./rate-limit.ts, exactly as before. Cluster mode: the same token bucket, kept in PostgreSQL
 * (`rate_buckets`), taken with one statement, so a client that spreads its calls over every
 * gateway still gets one allowance.
 *
 * Why PostgreSQL (not Redis or NATS KV): cluster mode needs it anyway, the login lockouts and
 * 滑动验证 counters already live there (server/accounts/login-limits.ts), one upsert is atomic
 * without a script or a compare-and-swap retry loop, and these limits guard calls that write to
 * the database anyway (ivs, puzzles, questions), so the counter adds one small write to a call
 * that already makes one.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { createRateLimiter } from './rate-limit';

export interface AsyncRateLimiter {
  /** Takes a token; false when the bucket is empty (nothing is taken then). `refillMs`: this key's own rate. */
  take(key: string | number, now: number, refillMs?: number): Promise<boolean>;
}

export function createSharedRateLimiter(db: Db, name: string, capacity: number, refillMs: number): AsyncRateLimiter {
  return {
    async take(key, now, refill = refillMs) {
      const k = `${name}:${key}`;
      // The refilled level is computed in the statement; a bucket below one token is left as it was.
      const r = await sql<{ tokens: number }>`
        insert into rate_buckets (key, tokens, at) values (${k}, ${capacity - 1}, ${now})
        on conflict (key) do update
          set tokens = least(${capacity}::float8, rate_buckets.tokens + greatest(0, ${now}::float8 - rate_buckets.at) / ${refill}::float8) - 1,
              at = ${now}
          where least(${capacity}::float8, rate_buckets.tokens + greatest(0, ${now}::float8 - rate_buckets.at) / ${refill}::float8) >= 1
        returning tokens`.execute(db);
      return r.rows.length === 1;
    },
  };
}

/** The limiter for this process: shared through PostgreSQL in cluster mode, in memory otherwise. */
export function rateLimiterFor(
  ctx: { db: Db; clustered?: boolean },
  name: string,
  capacity: number,
  refillMs: number,
): AsyncRateLimiter {
  if (ctx.clustered) return createSharedRateLimiter(ctx.db, name, capacity, refillMs);
  const local = createRateLimiter(capacity, refillMs);
  return { take: async (key, now, refill) => local.take(key, now, refill) };
}
