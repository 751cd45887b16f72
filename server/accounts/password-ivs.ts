/**
 * One-time password ivs (spec §7). The server keeps each iv until it is used once or expires;
 * the password fields of one request are sealed with it (workers/protocol/password-transit.ts).
 */
import crypto from 'node:crypto';
import { Code } from '../../workers/protocol/index';
import { PASSWORD_IV_TTL_MS, decodeTransitPassword } from '../../workers/protocol/password-transit';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { AccountText } from './text';

export async function issuePasswordIv(db: Db, nowMs: number): Promise<string> {
  const iv = crypto.randomBytes(16).toString('base64url');
  await db
    .deleteFrom('password_ivs')
    .where('expires_at', '<', new Date(nowMs - 3600_000))
    .execute();
  await db
    .insertInto('password_ivs')
    .values({ iv, created_at: new Date(nowMs), expires_at: new Date(nowMs + PASSWORD_IV_TTL_MS), used_at: null })
    .execute();
  return iv;
}

/** Marks the iv used (exactly once) and opens each sealed field with it. */
export async function openWithIv(db: Db, iv: string, sealed: string[], nowMs: number): Promise<string[]> {
  const claimed = await db
    .updateTable('password_ivs')
    .set({ used_at: new Date(nowMs) })
    .where('iv', '=', iv)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(nowMs))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    const row = await db.selectFrom('password_ivs').select(['used_at']).where('iv', '=', iv).executeTakeFirst();
    throw new BizError(
      Code.REFUSED,
      !row ? AccountText.ivInvalid : row.used_at ? AccountText.ivUsed : AccountText.ivExpired,
    );
  }
  const out: string[] = [];
  for (const s of sealed) {
    const plain = await decodeTransitPassword(s, iv);
    if (plain === null) throw new BizError(Code.BAD_INPUT, AccountText.passwordDecrypt);
    out.push(plain);
  }
  return out;
}
