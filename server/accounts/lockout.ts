/** Lockout: LOCK_AFTER failed password logins within LOCK_WINDOW_MS lock the phone for LOCK_MS. */
import { Code } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { AccountText } from './text';

export const LOCK_AFTER = 5;
export const LOCK_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export async function assertNotLocked(db: Db, phone: string, nowMs: number): Promise<void> {
  const lock = await db
    .selectFrom('login_locks')
    .select('locked_until')
    .where('phone', '=', phone)
    .where('locked_until', '>', new Date(nowMs))
    .executeTakeFirst();
  if (lock)
    throw new BizError(Code.REFUSED, AccountText.lockedOut(Math.ceil((lock.locked_until.getTime() - nowMs) / 60_000)));
}

/** Records a failure; returns true when this failure locked the phone. */
export async function recordLoginFailure(db: Db, phone: string, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_failures')
      .values({ phone, at: new Date(nowMs) })
      .execute();
    const { n } = await trx
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('phone', '=', phone)
      .where('at', '>', new Date(nowMs - LOCK_WINDOW_MS))
      .executeTakeFirstOrThrow();
    if (Number(n) < LOCK_AFTER) return false;
    const until = new Date(nowMs + LOCK_MS);
    await trx
      .insertInto('login_locks')
      .values({ phone, locked_until: until })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ locked_until: until }))
      .execute();
    await trx.deleteFrom('login_failures').where('phone', '=', phone).execute();
    return true;
  });
}

export async function clearLoginFailures(db: Db, phone: string): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
  await db.deleteFrom('login_locks').where('phone', '=', phone).execute();
}
