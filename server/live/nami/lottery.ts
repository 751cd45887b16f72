/**
 * 纳米数据's 体彩 lists and squads (docs/providers/nami.md, "竞彩 / 北单" and "Squads"): which
 * fixtures are on 竞彩足球 (and under which number) or on a 北单 list, and a team's players.
 * Anything not in the documented shape is skipped, never half-applied.
 */
import type { Sport } from '../../../workers/protocol/index';
import type { ProviderSquadPlayer } from '../ingest-details';
import { jcKey } from './jc-odds';
import type { NamiMatch } from './formats';

/** 彩种 (`lottery_type`): 101 竞彩足球, 201 竞彩篮球; 301 北单胜负过关 and 404 北单让球胜平负. */
export const JC_LOTTERY = 101;
export const JCLQ_LOTTERY = 201;
export const BD_LOTTERIES: readonly number[] = [301, 404];
/** 北单让球胜平负: the game the 北单 SP (./bd-odds.ts) price. */
const BD_SPF_LOTTERY = 404;

/** A match of the lottery list: a match-list entry plus its `lottery.issue_num` ('3001'). */
export interface NamiLotteryMatch extends NamiMatch {
  lottery?: { issue_num?: string | number };
}

const WEEKDAYS = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/**
 * A 竞彩 number as printed on the betting slip: issue_num's first digit is the weekday of the
 * sales day (1 Monday … 7 Sunday), the rest the match's number that day ('3001' → '周三001').
 */
export function jcNumber(issueNum: unknown): string | null {
  const m = /^([1-7])(\d{3})$/.exec(String(issueNum ?? ''));
  return m ? `${WEEKDAYS[Number(m[1])]}${m[2]}` : null;
}

/**
 * What the 体彩 lists say per Nami match id: its 竞彩 number and whether a 北单 list has it, and
 * per sport the match of each 竞彩 序号 and kick-off (how the 竞彩 SP entries name theirs).
 */
export interface LotteryMarks {
  jc: Map<number, string>;
  bd: Set<number>;
  keys: Record<Sport, Map<string, number>>;
  /** The match of each 北单 序号 and kick-off of the 让球胜平负 list (404), how the 北单 SP name theirs. */
  bdKeys: Map<string, number>;
}

export function lotteryMarks(
  jc: readonly NamiLotteryMatch[],
  bd: ReadonlyArray<readonly NamiLotteryMatch[]>,
  jclq: readonly NamiLotteryMatch[] = [],
): LotteryMarks {
  const marks: LotteryMarks = {
    jc: new Map(),
    bd: new Set(),
    keys: { zq: new Map(), lq: new Map() },
    bdKeys: new Map(),
  };
  for (const m of Array.isArray(jc) ? jc : []) {
    const n = Number.isInteger(m?.id) ? jcNumber(m.lottery?.issue_num) : null;
    if (n) marks.jc.set(m.id, n);
    if (n) marks.keys.zq.set(jcKey(m.lottery?.issue_num, m.match_time), m.id);
  }
  for (const m of Array.isArray(jclq) ? jclq : [])
    if (Number.isInteger(m?.id) && m.lottery?.issue_num !== undefined)
      marks.keys.lq.set(jcKey(m.lottery.issue_num, m.match_time), m.id);
  bd.forEach((list, i) => {
    for (const m of Array.isArray(list) ? list : []) {
      if (!Number.isInteger(m?.id)) continue;
      marks.bd.add(m.id);
      // The 北单 SP are the 让球胜平负 game's: its list's 序号 (胜负过关, 301, numbers its own games).
      if (BD_LOTTERIES[i] === BD_SPF_LOTTERY && m.lottery?.issue_num !== undefined)
        marks.bdKeys.set(jcKey(m.lottery.issue_num, m.match_time), m.id);
    }
  });
  return marks;
}

/**
 * Which fixtures are on 竞彩足球 and 北单 (the 体彩 lists, football only), read with `call` (the
 * source's authenticated HTTP call). A plan without the 体彩 package answers an error: the
 * fixtures then carry no mark rather than failing their refresh.
 */
export async function readLottery(
  call: <T>(path: string, params: Record<string, string | number>) => Promise<T>,
): Promise<LotteryMarks | undefined> {
  try {
    const jc = await call<NamiLotteryMatch[]>(NamiExtraPaths.lottery, { lottery_type: JC_LOTTERY });
    const bd: NamiLotteryMatch[][] = [];
    for (const type of BD_LOTTERIES)
      bd.push(await call<NamiLotteryMatch[]>(NamiExtraPaths.lottery, { lottery_type: type }));
    const jclq = await call<NamiLotteryMatch[]>(NamiExtraPaths.lottery, { lottery_type: JCLQ_LOTTERY });
    return lotteryMarks(jc, bd, jclq);
  } catch (err) {
    console.error('nami lottery lists failed', (err as Error).message);
    return undefined;
  }
}

/** One team of the squad list: `{ id: team id, squad: [{ player: { id, name, age }, position, shirt_number }] }`. */
export interface NamiSquad {
  id: number;
  squad?: Array<{
    player?: { id?: number; name?: string; short_name?: string; age?: number };
    position?: string;
    shirt_number?: number;
  }>;
}

/** Football G/D/M/F; basketball the five places, or the line (G guard, F forward, C centre). */
const POSITION: Readonly<Record<Sport, Readonly<Record<string, ProviderSquadPlayer['position']>>>> = {
  zq: { G: 'GK', D: 'DF', M: 'MF', F: 'FW' },
  lq: { PG: 'PG', SG: 'SG', SF: 'SF', PF: 'PF', C: 'C', G: 'G', F: 'F' },
};

/** The players of one team's squad entry (the entry whose id is the team's; null when absent). */
export function squadOf(
  results: readonly NamiSquad[] | null,
  teamId: number,
  sport: Sport = 'zq',
): ProviderSquadPlayer[] | null {
  const entry: NamiSquad | undefined = Array.isArray(results)
    ? results.find((t: NamiSquad) => t?.id === teamId)
    : undefined;
  if (!entry || !Array.isArray(entry.squad)) return null;
  return entry.squad.flatMap((s) => {
    const p = s?.player;
    const name = p?.short_name || p?.name;
    if (!p || !Number.isInteger(p.id) || typeof name !== 'string' || name === '') return [];
    return [
      {
        id: p.id!,
        name,
        number: Number.isInteger(s.shirt_number) ? s.shirt_number! : 0,
        position: POSITION[sport][s.position ?? ''] ?? (sport === 'zq' ? 'MF' : 'F'),
        age: Number.isInteger(p.age) ? p.age! : 0,
      },
    ];
  });
}

export const NamiExtraPaths = {
  lottery: '/api/v4/match/lottery',
  squads: (sport: Sport) => `/api/v4/${sport === 'zq' ? 'football' : 'basketball'}/team/squad/list`,
} as const;
