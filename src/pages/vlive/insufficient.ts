/** A 余额不足 answer's details (need, balance, recharge page), or null for any other answer. */
import { Code } from '../../../workers/protocol/codes';
import type { Envelope, InsufficientBalance } from '../../../workers/protocol/index';

export function insufficientOf(env: Envelope<unknown>): InsufficientBalance | null {
  if (env.code !== Code.REFUSED || !env.data || typeof env.data !== 'object') return null;
  const d = env.data as Partial<InsufficientBalance>;
  return typeof d.recharge === 'string' && typeof d.need === 'number' && typeof d.balance === 'number'
    ? { need: d.need, balance: d.balance, recharge: d.recharge }
    : null;
}
