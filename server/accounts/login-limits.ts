/**
 * Login throttling: counters per phone and per client address, taken atomically *before* the
 * password is checked, so parallel guesses cannot all slip past one check. The first few
 * attempts are free; after that each attempt must wait a growing delay (no hard lock anyone could
 * keep an account in). From the `slideAfterPerPhone`-th attempt on, each attempt on the phone
 * also spends a vertoken (a solved 滑动验证, ./slide.ts), claimed in the same transaction, so a
 * script must solve one puzzle per guess. A success clears the phone's counter and gives the
 * address its attempt back. Counters live in the database, so they hold across restarts and
 * processes.
 */
import { sql } from 'kysely';
import { Code } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { claimVertoken } from './slide';
import { AccountText } from './text';

export interface LoginLimits {
  /** Attempts per phone before delays start (default 5). */
  freePerPhone: number;
  /** Attempts per client address before delays start (default 20: shared NATs). */
  freePerAddress: number;
  /** Attempts per phone after which each attempt needs a vertoken (default 3). */
  slideAfterPerPhone: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { freePerPhone: 5, freePerAddress: 20, slideAfterPerPhone: 3 };

/** A counter forgets attempts this long after the last one. */
export const LOGIN_WINDOW_MS = 60 * 60_000;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * 60_000;

/** Wait imposed after the n-th attempt: none while free, then 30 s doubling up to 15 minutes. */
export function loginDelayMs(attempts: number, free: number): number {
  if (attempts < free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(20, attempts - free));
}

const phoneKey = (phone: string) => `phone:${phone}`;
const addressKey = (address: string) => `addr:${address}`;

/**
 * Counts one attempt for the phone and the address, or refuses with the wait left, or (past the
 * slide threshold, without a good vertoken) with Code.SLIDE_REQUIRED. One transaction under
 * per-key advisory locks: check, vertoken claim and count are one step.
 */
export async function takeLoginAttempt(
  db: Db,
  limits: LoginLimits,
  phone: string,
  address: string,
  nowMs: number,
  vertoken?: string,
): Promise<void> {
  const keys: Array<[string, number]> = [
    [phoneKey(phone), limits.freePerPhone],
    [addressKey(address), limits.freePerAddress],
  ];
  return db.transaction().execute(async (trx) => {
    for (const [key] of [...keys].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      await sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`.execute(trx);
    }
    const rows = await trx
      .selectFrom('login_attempts')
      .selectAll()
      .where(
        'key',
        'in',
        keys.map(([k]) => k),
      )
      .execute();
    const byKey = new Map(rows.map((r) => [r.key, r]));
    let waitMs = 0;
    for (const [key] of keys) {
      const row = byKey.get(key);
      if (row && row.last_at.getTime() > nowMs - LOGIN_WINDOW_MS)
        waitMs = Math.max(waitMs, row.next_allowed_at.getTime() - nowMs);
    }
    if (waitMs > 0) throw new BizError(Code.RATE_LIMITED, AccountText.loginWait(Math.ceil(waitMs / 1000)));
    const phoneRow = byKey.get(phoneKey(phone));
    const phoneAttempts = phoneRow && phoneRow.last_at.getTime() > nowMs - LOGIN_WINDOW_MS ? phoneRow.attempts : 0;
    if (phoneAttempts >= limits.slideAfterPerPhone) {
      if (!vertoken) throw new BizError(Code.SLIDE_REQUIRED, AccountText.slideRequired);
      if (!(await claimVertoken(trx, vertoken, nowMs)))
        throw new BizError(Code.SLIDE_REQUIRED, AccountText.slideTokenBad);
    }
    for (const [key, free] of keys) {
      const row = byKey.get(key);
      const attempts = (row && row.last_at.getTime() > nowMs - LOGIN_WINDOW_MS ? row.attempts : 0) + 1;
      // A free attempt leaves no wait at all (epoch), not "wait until now": a request that read its
      // clock a moment earlier but took the lock later would otherwise be told 请1秒后再试 (two
      // people behind one address logging in at once).
      const delay = loginDelayMs(attempts, free);
      const next = new Date(delay > 0 ? nowMs + delay : 0);
      await trx
        .insertInto('login_attempts')
        .values({ key, attempts, last_at: new Date(nowMs), next_allowed_at: next })
        .onConflict((oc) => oc.column('key').doUpdateSet({ attempts, last_at: new Date(nowMs), next_allowed_at: next }))
        .execute();
    }
  });
}

/** The password was right: the phone starts over, and the address gets this attempt back. */
export async function loginSucceeded(db: Db, phone: string, address: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', phoneKey(phone)).execute();
  await db
    .updateTable('login_attempts')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', addressKey(address))
    .where('attempts', '>', 0)
    .execute();
}

/** A new password (reset by SMS) ends the phone's throttling. */
export async function clearLoginAttempts(db: Db, phone: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', phoneKey(phone)).execute();
}
