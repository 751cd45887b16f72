/**
 * 竞彩 SP (docs/providers/nami.md, "竞彩 SP"): Nami's 获取竞彩比赛指数 gives the official prices of
 * the 竞彩足球 and 竞彩篮球 matches on sale, `{ code, data: { jczq: [...], jclq: [...] } }`, each
 * price list a comma-separated string. They reach the 指数 boards as the company 竞彩, where
 * every bookmaker's prices are (the tips quote them there too): jczq 胜平负 on 欧指; its 让球胜平负
 * on 欧指 as the company 竞彩让球(h), one per handicap (a three-way price has no place on 亚指);
 * jclq 胜负 on 胜负, 让分胜负 on 让分 and 大小分 on 大小分 as water (decimal − 1), the way
 * api-sports' decimal prices are shown. An entry is tied to our match by its 序号 and kick-off,
 * as the 体彩 lists (./lottery.ts) give them.
 */
import type { OddsType, Sport } from '../../../workers/protocol/index';
import type { OddsUpdate } from '../ingest';

/** One match of the 竞彩 odds: prices as strings, `spf` '胜,平,负', `rq` '让球,胜,平,负', … */
export interface NamiJcOdds {
  id: number;
  issue_num: string | number;
  match_time: number;
  /** Per play, comma-separated: 0 未开售, 1 仅过关, 2 单关和过关, 3 无/停售. */
  sell_status?: string;
  spf?: string;
  rq?: string;
  sf?: string;
  rf?: string;
  dxf?: string;
}

export interface NamiJcAnswer {
  jczq?: NamiJcOdds[];
  jclq?: NamiJcOdds[];
}

/** Our match of a 竞彩 entry, by `${issue_num}:${match_time}` (the 体彩 lists 101 and 201). */
export type JcKeys = ReadonlyMap<string, number>;
export const jcKey = (issueNum: unknown, matchTime: unknown): string => `${String(issueNum)}:${String(matchTime)}`;

/** 获取竞彩比赛指数 (the path is not on a reachable page: see docs/providers/nami.md). */
export const JC_ODDS_PATH = '/api/v4/lottery/jc/odds';

/** Company ids of the official prices (Nami's bookmakers are numbered far below). */
export const JC_COMPANY = 90_000;
const JC_HANDICAP_COMPANY = 91_000;

const prices = (s: unknown, n: number): number[] | null => {
  if (typeof s !== 'string' || s.trim() === '') return null;
  const v = s.split(',').map((x) => Number(x.trim()));
  return v.length >= n && v.slice(0, n).every((x) => Number.isFinite(x)) ? v.slice(0, n) : null;
};
/** Sale status of the play at `index` (the order of its sport's list): 0 not on sale yet, 3 none / stopped. */
const onSale = (o: NamiJcOdds, index: number): boolean => {
  const plays = String(o.sell_status ?? '').split(',');
  const s = plays[index]?.trim();
  return s === undefined || s === '' || (s !== '0' && s !== '3');
};
const water = (decimal: number): number => Math.round((decimal - 1) * 100) / 100;

/** The boards' lines of every 竞彩 match we have, as of `rev`. */
export function jcOddsUpdates(answer: NamiJcAnswer | null, keys: Readonly<Record<Sport, JcKeys>>, rev: number) {
  const out: OddsUpdate[] = [];
  const line = (
    sport: Sport,
    match: number,
    company: { id: number; name: string },
    type: OddsType,
    [left, middle, right]: number[],
  ) => out.push({ kind: 'odds', provider: 'nami', sport, match, rev, company, type, left, middle, right });
  const jc = { id: JC_COMPANY, name: '竞彩' };
  for (const o of Array.isArray(answer?.jczq) ? answer.jczq : []) {
    const match = keys.zq.get(jcKey(o?.issue_num, o?.match_time));
    if (match === undefined) continue;
    const spf = onSale(o, 0) ? prices(o.spf, 3) : null;
    if (spf) line('zq', match, jc, 2, spf);
    const rq = onSale(o, 1) ? prices(o.rq, 4) : null;
    if (rq && Number.isInteger(rq[0])) {
      const h = rq[0]!;
      const name = `竞彩让球(${h > 0 ? `+${h}` : h})`;
      line('zq', match, { id: JC_HANDICAP_COMPANY + h, name }, 2, rq.slice(1));
    }
  }
  for (const o of Array.isArray(answer?.jclq) ? answer.jclq : []) {
    const match = keys.lq.get(jcKey(o?.issue_num, o?.match_time));
    if (match === undefined) continue;
    const sf = onSale(o, 0) ? prices(o.sf, 2) : null;
    if (sf) line('lq', match, jc, 2, [sf[0]!, 0, sf[1]!]);
    // 让分: the home side's −h is h points given (the boards' middle).
    const rf = onSale(o, 1) ? prices(o.rf, 3) : null;
    if (rf) line('lq', match, jc, 1, [water(rf[1]!), -rf[0]!, water(rf[2]!)]);
    const dxf = onSale(o, 2) ? prices(o.dxf, 3) : null;
    if (dxf) line('lq', match, jc, 3, [water(dxf[1]!), dxf[0]!, water(dxf[2]!)]);
  }
  return out;
}

/**
 * The 竞彩 SP lines, read with `call` (the source's authenticated HTTP call). A plan without the
 * 体彩 package answers an error: no lines then, the fixtures refresh goes on.
 */
export async function readJcOdds(
  call: <T>(path: string, params: Record<string, string | number>) => Promise<T>,
  keys: Readonly<Record<Sport, JcKeys>>,
  rev: number,
): Promise<OddsUpdate[]> {
  if (keys.zq.size + keys.lq.size === 0) return [];
  try {
    return jcOddsUpdates(await call<NamiJcAnswer>(JC_ODDS_PATH, {}), keys, rev);
  } catch (err) {
    console.error('nami 竞彩 odds failed', (err as Error).message);
    return [];
  }
}
