/**
 * SMS verification codes: 6 digits, stored hashed, valid 5 minutes, 5 attempts each. One code
 * per phone per minute and at most SMS_DAILY_CAP in 24 hours (counted in the database, so the
 * limits hold across restarts and processes).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Code, type SmsScene } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import type { SmsSender } from './sms';
import { AccountText } from './text';

export type { SmsScene };

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_DAILY_CAP = 10;
export const SMS_MAX_ATTEMPTS = 5;

const codeHash = (phone: string, scene: SmsScene, code: string) =>
  crypto.createHash('sha256').update(`${phone}|${scene}|${code}`).digest('hex');

export async function sendSmsCode(
  db: Db,
  sms: SmsSender,
  phone: string,
  scene: SmsScene,
  nowMs: number,
): Promise<void> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction().execute(async (trx) => {
    // Serializes concurrent sends for one phone so two requests cannot both pass the limits.
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
    const last = await trx
      .selectFrom('sms_codes')
      .select('created_at')
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && nowMs - last.created_at.getTime() < SMS_RESEND_MS) {
      const wait = Math.ceil((SMS_RESEND_MS - (nowMs - last.created_at.getTime())) / 1000);
      throw new BizError(Code.RATE_LIMITED, AccountText.smsTooSoon(wait));
    }
    const { n } = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('phone', '=', phone)
      .where('created_at', '>', new Date(nowMs - 24 * 3600_000))
      .executeTakeFirstOrThrow();
    if (Number(n) >= SMS_DAILY_CAP) throw new BizError(Code.RATE_LIMITED, AccountText.smsDailyCap);
    await trx
      .deleteFrom('sms_codes')
      .where('created_at', '<', new Date(nowMs - 2 * 24 * 3600_000))
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        phone,
        scene,
        code_hash: codeHash(phone, scene, code),
        created_at: new Date(nowMs),
        expires_at: new Date(nowMs + SMS_CODE_TTL_MS),
        used_at: null,
      })
      .execute();
  });
  await sms.send(phone, AccountText.smsText(code), code);
}

/**
 * Checks the latest unused code of this phone and scene. A wrong guess costs an attempt; the
 * right one marks the code used, so it serves once.
 */
export async function consumeSmsCode(
  db: Db,
  phone: string,
  scene: SmsScene,
  code: string,
  nowMs: number,
): Promise<void> {
  const row = await db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('phone', '=', phone)
    .where('scene', '=', scene)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new BizError(Code.REFUSED, AccountText.codeMissing);
  if (row.expires_at.getTime() <= nowMs) throw new BizError(Code.REFUSED, AccountText.codeExpired);
  if (row.attempts >= SMS_MAX_ATTEMPTS) throw new BizError(Code.REFUSED, AccountText.codeTooManyAttempts);
  const given = Buffer.from(codeHash(phone, scene, code));
  if (!crypto.timingSafeEqual(given, Buffer.from(row.code_hash))) {
    await db
      .updateTable('sms_codes')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    throw new BizError(
      Code.REFUSED,
      row.attempts + 1 >= SMS_MAX_ATTEMPTS ? AccountText.codeTooManyAttempts : AccountText.codeWrong,
    );
  }
  const used = await db
    .updateTable('sms_codes')
    .set({ used_at: new Date(nowMs) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  // Two requests racing with the same code: only one wins.
  if (Number(used.numUpdatedRows) !== 1) throw new BizError(Code.REFUSED, AccountText.codeMissing);
}
