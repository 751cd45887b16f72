/**
 * 北单 SP (docs/providers/nami.md, "北单 SP"): Nami's 获取北单指数 gives the official prices of the
 * 北京单场 matches, `{ code, data: [{ id, issue, issue_num, match_time, sell_status, odds: { spf:
 * { goal, sf3, sf1, sf0 }, jq, bqc, sxp, bf } }] }`, prices as strings. 北单's 胜平负 always carries
 * its 让球 (`goal`), so its SP reach the 欧指 board as the company 北单 (no handicap) or 北单让球(h),
 * one per handicap, like 竞彩's 让球胜平负 (./jc-odds.ts). An entry is tied to our match by its 序号
 * and kick-off, as the 北单让球胜平负 list (彩种 404, ./lottery.ts) gives them.
 */
import type { OddsUpdate } from '../ingest';
import { jcKey, type JcKeys } from './jc-odds';

/** One entry of 获取北单指数 (only the fields read here). */
export interface NamiBdOdds {
  id: number;
  issue?: number;
  issue_num: number | string;
  match_time: number;
  /** Per play, comma-separated, in the order 胜平负, 总进球, 半全场, 上下单双盘, 比分: 0 未开售, 1 销售中, 2 未知, 3 已停售, 4 已开奖. */
  sell_status?: string;
  odds?: { spf?: { goal?: string | number; sf3?: string; sf1?: string; sf0?: string } };
}

/** 获取北单指数 (the page gives no path: see docs/providers/nami.md). */
export const BD_ODDS_PATH = '/api/v4/lottery/bd/odds';
/** Company ids of the 北单 SP: 北单 with no handicap, 北单让球(h) at 92000 + h. */
export const BD_COMPANY = 92_000;

const sp = (s: unknown): number | null => {
  const n = typeof s === 'string' && s.trim() !== '' ? Number(s) : typeof s === 'number' ? s : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The 欧指 lines of every 北单 match we have, as of `rev`. */
export function bdOddsUpdates(answer: readonly NamiBdOdds[] | null, keys: JcKeys, rev: number): OddsUpdate[] {
  const out: OddsUpdate[] = [];
  for (const o of Array.isArray(answer) ? answer : []) {
    const match = keys.get(jcKey(o?.issue_num, o?.match_time));
    if (match === undefined) continue;
    const status = String(o.sell_status ?? '')
      .split(',')[0]
      ?.trim();
    if (status === '0' || status === '3') continue;
    const spf = o.odds?.spf;
    const goal = Number(spf?.goal ?? 0);
    const [h, d, a] = [sp(spf?.sf3), sp(spf?.sf1), sp(spf?.sf0)];
    if (!Number.isInteger(goal) || !h || !d || !a) continue;
    const company =
      goal === 0
        ? { id: BD_COMPANY, name: '北单' }
        : { id: BD_COMPANY + goal, name: `北单让球(${goal > 0 ? `+${goal}` : goal})` };
    out.push({
      kind: 'odds',
      provider: 'nami',
      sport: 'zq',
      match,
      rev,
      company,
      type: 2,
      left: h,
      middle: d,
      right: a,
    });
  }
  return out;
}

/**
 * The 北单 SP lines, read with `call` (the source's authenticated HTTP call). A plan without the
 * 体彩 package answers an error: no lines then, the fixtures refresh goes on.
 */
export async function readBdOdds(
  call: <T>(path: string, params: Record<string, string | number>) => Promise<T>,
  keys: JcKeys,
  rev: number,
): Promise<OddsUpdate[]> {
  if (keys.size === 0) return [];
  try {
    return bdOddsUpdates(await call<NamiBdOdds[]>(BD_ODDS_PATH, {}), keys, rev);
  } catch (err) {
    console.error('nami 北单 odds failed', (err as Error).message);
    return [];
  }
}
