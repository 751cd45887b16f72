/** Who is calling (header `accessToken`, via the accounts area) and what they hold here. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { accessTokenOf, requireUser as requireSession, verifyAccessToken } from '../accounts/tokens';

/** The logged-in user's id, or null for visitors (a dead token reads as a visitor). */
export async function optionalUser(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const token = accessTokenOf(req);
  return token ? verifyAccessToken(ctx.db, token, ctx.now()) : null;
}

/** The logged-in user's id; the no-token code otherwise (the client logs out, spec §8). */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<number> {
  return (await requireSession(ctx.db, req, ctx.now())).userId;
}

/** Active nobility level at `now` (0 when none or expired). */
export async function activeNobleLevel(db: Db, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('vlive_user_nobility')
    .select(['level', 'expires_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && Number(row.expires_at) > now ? row.level : 0;
}
