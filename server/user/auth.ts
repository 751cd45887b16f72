/** The signed-in user of a request (header `accessToken`, spec §6), or the no-token code. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../accounts/tokens';

export async function requireUserId(ctx: AppContext, req: FastifyRequest): Promise<number> {
  return (await requireUser(ctx.db, req, ctx.now())).userId;
}
