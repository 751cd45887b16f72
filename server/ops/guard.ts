/**
 * The operator guard shared by every operator API: on only when OPS_TOKEN is set (no token, no
 * operator routes at all), and every call must carry that token in `x-ops-token`.
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
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected ?? '');
  if (!expected || a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
    throw new BizError(Code.REFUSED, '运营令牌不正确');
  }
}
