/**
 * SMS verification codes: 6 digits, stored hashed, valid 5 minutes, 5 attempts each. One code
 * per phone per minute, at most SMS_DAILY_CAP per phone in 24 hours, a per-address and an
 * overall hourly budget (all counted in the database, so the limits hold across restarts and
 * processes). A code that is not delivered (unknown phone for login, known phone for register)
 * still counts, so the answer and the limits are the same either way.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Code, type SmsScene } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import type { AccountLimits } from '../config';
import type { SmsSender } from './sms';
import { AccountText } from './text';

export type { SmsScene };

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_DAILY_CAP = 10;
export const SMS_MAX_ATTEMPTS = 5;

const codeHash = (phone: string, scene: SmsScene, code: string) =>
  crypto.createHash('sha256').update(`${phone}|${scene}|${code}`).digest('hex');

export interface SmsSendRequest {
  phone: string;
  scene: SmsScene;
  /** Client address the request came from. */
  address: string;
  /** False: count and store the code as if sent, but send nothing (the scene does not apply). */
  deliver: boolean;
}

export async function sendSmsCode(
  db: Db,
  sms: SmsSender,
  limits: Pick<AccountLimits, 'smsPerAddressPerHour' | 'smsPerHour'>,
  req: SmsSendRequest,
  nowMs: number,
): Promise<void> {
  const { phone, scene, address } = req;
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const hourAgo = new Date(nowMs - 3600_000);
  const rowId = await db.transaction().execute(async (trx) => {
    // Serializes concurrent sends (per phone, then overall) so no two requests pass a limit together.
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext('sms:all'))`.execute(trx);
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
    const count = async (where: 'phone' | 'client_addr' | null, value: string, since: Date) => {
      let q = trx
        .selectFrom('sms_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('created_at', '>', since);
      if (where) q = q.where(where, '=', value);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    if ((await count('phone', phone, new Date(nowMs - 24 * 3600_000))) >= SMS_DAILY_CAP)
      throw new BizError(Code.RATE_LIMITED, AccountText.smsDailyCap);
    if ((await count('client_addr', address, hourAgo)) >= limits.smsPerAddressPerHour)
      throw new BizError(Code.RATE_LIMITED, AccountText.smsAddressCap);
    if ((await count(null, '', hourAgo)) >= limits.smsPerHour)
      throw new BizError(Code.RATE_LIMITED, AccountText.smsBusy);
    await trx
      .deleteFrom('sms_codes')
      .where('created_at', '<', new Date(nowMs - 2 * 24 * 3600_000))
      .execute();
    const row = await trx
      .insertInto('sms_codes')
      .values({
        phone,
        scene,
        code_hash: codeHash(phone, scene, code),
        created_at: new Date(nowMs),
        expires_at: new Date(nowMs + SMS_CODE_TTL_MS),
        used_at: null,
        client_addr: address,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  if (!req.deliver) return;
  try {
    await sms.send(phone, AccountText.smsText(code), code);
  } catch (err) {
    // Not sent: the code must not stay usable, and the user is told plainly.
    await db.deleteFrom('sms_codes').where('id', '=', rowId).execute();
    if (err instanceof BizError) throw err;
    throw new BizError(Code.SERVER_ERROR, AccountText.smsFailed);
  }
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
  // The attempt is taken before the guess is compared, in one statement: parallel guesses cannot
  // all read the same count and each get a try.
  const taken = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', SMS_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (!taken) throw new BizError(Code.REFUSED, AccountText.codeTooManyAttempts);
  const given = Buffer.from(codeHash(phone, scene, code));
  if (!crypto.timingSafeEqual(given, Buffer.from(row.code_hash))) {
    throw new BizError(
      Code.REFUSED,
      taken.attempts >= SMS_MAX_ATTEMPTS ? AccountText.codeTooManyAttempts : AccountText.codeWrong,
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
