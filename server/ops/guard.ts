/**
 * The operator guard shared by every operator API: on only when OPS_TOKEN is set (no token, no
 * operator routes at all: 404), and every call must carry that token in `x-ops-token`: none →
 * 401 (code NO_TOKEN), a wrong one → 403 (code REFUSED). The other statuses of operator answers
 * (400, 404, 409) are set in one place for every operator route: server/http/reply.ts httpStatusOf.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Code, OPS_TOKEN_HEADER } from '../../workers/protocol/index';
import type { Config } from '../config';
import { BizError } from '../http/reply';

export const opsEnabled = (config: Pick<Config, 'opsToken'>): boolean => Boolean(config.opsToken);

export function requireOps(config: Pick<Config, 'opsToken'>, req: FastifyRequest): void {
  const expected = config.opsToken;
  const v = req.headers[OPS_TOKEN_HEADER];
  const given = Array.isArray(v) ? v[0] : v;
  if (!given) throw new BizError(Code.NO_TOKEN, '缺少运营令牌（请求头 x-ops-token）', null, 401);
  const a = Buffer.from(given);
  const b = Buffer.from(expected ?? '');
  if (!expected || a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
    throw new BizError(Code.REFUSED, '运营令牌不正确', null, 403);
  }
}
