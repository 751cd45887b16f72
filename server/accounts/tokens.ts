/**
 * Access tokens: 32 random bytes (base64url), sent as header `accessToken`; only their SHA-256
 * is stored, so a database leak does not leak live sessions. 30-day expiry.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { AccountText } from './text';

export const SESSION_TTL_MS = 30 * 24 * 3600_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: number,
  nowMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = nowMs + SESSION_TTL_MS;
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: new Date(nowMs),
      expires_at: new Date(expiresAt),
    })
    .execute();
  return { token, expiresAt };
}

/** The user id a live token belongs to, or null (unknown, malformed or expired). */
export async function verifyAccessToken(db: Db, token: string, nowMs: number): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', new Date(nowMs))
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The `accessToken` header, if any (HTTP headers arrive lower-cased). */
export function accessTokenOf(req: FastifyRequest): string | null {
  const v = req.headers.accesstoken;
  const token = Array.isArray(v) ? v[0] : v;
  return token ? token : null;
}

/** The caller's user id; Code.NO_TOKEN ('请先登录') when the token is missing or dead. */
export async function requireUser(
  db: Db,
  req: FastifyRequest,
  nowMs: number,
): Promise<{ userId: number; token: string }> {
  const token = accessTokenOf(req);
  const userId = token ? await verifyAccessToken(db, token, nowMs) : null;
  if (!token || userId === null) throw new BizError(Code.NO_TOKEN, AccountText.loginRequired);
  return { userId, token };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}
