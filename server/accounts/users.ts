/** User rows: creation with an automatic nickname, the spec §3 UserInfo view, nickname rules. */
import crypto from 'node:crypto';
import type { UserInfo } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { AccountText } from './text';
import { hasReservedWord } from './reserved-nickname';

export { NICKNAME_RE, PHONE_RE } from '../../workers/protocol/field-rules';

export const maskPhone = (phone: string): string => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

export async function userInfo(db: Db, userId: number): Promise<UserInfo | null> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'nick_name', 'portrait', 'portrait_audit', 'portrait_new', 'phone', 'balance'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) return null;
  return {
    id: u.id,
    nickName: u.nick_name,
    portrait: u.portrait,
    portraitAudit: u.portrait_audit,
    portraitNew: u.portrait_new,
    phone: maskPhone(u.phone),
    balance: u.balance,
  };
}

/**
 * True when the nickname could pass for the platform or an anchor: a reserved word anywhere in it
 * (in any variant: ./reserved-nickname.ts), or an anchor's name (any case).
 */
export async function impostorNickname(db: Db, nickName: string): Promise<boolean> {
  if (hasReservedWord(nickName)) return true;
  const anchor = await db
    .selectFrom('vlive_anchors')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', nickName.toLowerCase()))
    .executeTakeFirst();
  return Boolean(anchor);
}

export async function nicknameTaken(db: Db, nickName: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('nick_name', '=', nickName).executeTakeFirst();
  return Boolean(row);
}

/** '球迷' + 4 random digits, widening to 6 and 8 digits when the short ones are taken. */
export async function freeAutoNickname(db: Db): Promise<string> {
  for (const digits of [4, 4, 4, 6, 6, 8, 8]) {
    const name = AccountText.nickPrefix + String(crypto.randomInt(0, 10 ** digits)).padStart(digits, '0');
    if (!(await nicknameTaken(db, name))) return name;
  }
  return AccountText.nickPrefix + crypto.randomBytes(5).toString('hex');
}

/** True for a PostgreSQL unique violation (both engines report SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
