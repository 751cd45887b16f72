/**
 * Injuries and starting line-ups of a football match, deterministic per (FEED_SEED, match). The
 * engine picks scorers and booked players from these, so the player stats agree with the lineup.
 */
import type { Injuries, InjuryEntry, LineupPlayer, Lineup, Side, TeamLineup } from '../../../workers/protocol/index';
import { TEAM_BY_ID } from '../../seed/leagues';
import type { PlayerSeed } from '../../seed/players';
import { rngFor } from '../../seed/rng';
import { squad } from './squads';
import type { SimMatch } from './sim-types';

export const POSITION_CODE: Record<string, string> = {
  门将: 'GK',
  后卫: 'DF',
  中场: 'MF',
  前锋: 'FW',
  控球后卫: 'G',
  得分后卫: 'G',
  小前锋: 'F',
  大前锋: 'F',
  中锋: 'C',
};
const FORMATIONS: ReadonlyArray<readonly [string, number, number, number]> = [
  ['4-4-2', 4, 4, 2],
  ['4-3-3', 4, 3, 3],
  ['4-2-3-1', 4, 5, 1],
  ['3-5-2', 3, 5, 2],
  ['4-5-1', 4, 5, 1],
];
const COACH_SURNAMES = [
  '阿尔特塔',
  '瓜迪奥拉',
  '斯洛特',
  '马雷斯卡',
  '安切洛蒂',
  '弗里克',
  '西蒙尼',
  '孔蒂',
  '因扎吉',
  '阿隆索',
  '恩里克',
  '科瓦奇',
  '波切蒂诺',
  '穆里尼奥',
  '克洛普',
  '德泽尔比',
  '埃梅里',
  '弗兰克',
  '李铁',
  '崔康熙',
];

const sideTeam = (m: SimMatch, side: Side): number => (side === 'home' ? m.homeId : m.awayId);
const toLineupPlayer = (p: PlayerSeed): LineupPlayer => ({
  id: p.id,
  name: p.name,
  number: p.number,
  position: POSITION_CODE[p.position] ?? p.position,
});

const INJURY_REASONS = [
  '膝伤',
  '脚踝扭伤',
  '大腿肌肉拉伤',
  '腹股沟伤',
  '背部不适',
  '伤病恢复中',
  '累积黄牌停赛',
  '感冒发烧',
];

export function injuriesOf(seed: number, m: SimMatch): Injuries {
  const side = (s: Side): InjuryEntry[] => {
    const r = rngFor(seed, 'injury', m.id, s);
    const players = squad(seed, sideTeam(m, s));
    const n = r.int(0, 3);
    const picked = new Set<number>();
    const out: InjuryEntry[] = [];
    for (let i = 0; i < n; i++) {
      const p = r.pick(players);
      if (picked.has(p.id)) continue;
      picked.add(p.id);
      const reason = r.pick(INJURY_REASONS);
      out.push({
        playerId: p.id,
        name: p.name,
        number: p.number,
        position: p.position,
        reason,
        status: reason.includes('停赛') ? '停赛' : r.chance(0.4) ? '出战成疑' : '伤停',
      });
    }
    return out;
  };
  return { home: side('home'), away: side('away') };
}

function footballLineup(seed: number, m: SimMatch, s: Side, out: Set<number>): TeamLineup {
  const teamId = sideTeam(m, s);
  const r = rngFor(seed, 'lineup', m.id, s);
  const [formation, df, mf, fw] = r.pick(FORMATIONS);
  const players = squad(seed, teamId).filter((p) => !out.has(p.id));
  const by = (pos: string) => players.filter((p) => p.position === pos);
  const take = (pos: string, n: number, fallback: string[]): PlayerSeed[] => {
    const picked = by(pos).slice(0, n);
    for (const f of fallback) for (const p of by(f)) if (picked.length < n && !picked.includes(p)) picked.push(p);
    return picked;
  };
  const gk = take('门将', 1, ['后卫']);
  const defs = take('后卫', df, ['中场']);
  const mids = take('中场', mf, ['前锋', '后卫']).filter((p) => !defs.includes(p));
  const fws = take('前锋', fw, ['中场']).filter((p) => !mids.includes(p) && !defs.includes(p));
  const starters = [...gk, ...defs, ...mids, ...fws];
  return {
    teamId,
    teamName: TEAM_BY_ID.get(teamId)?.name ?? '',
    formation,
    coach: r.pick(COACH_SURNAMES),
    starters: starters.map(toLineupPlayer),
    bench: players.filter((p) => !starters.includes(p)).map(toLineupPlayer),
  };
}

export function lineupOf(seed: number, m: SimMatch): Lineup {
  const inj = injuriesOf(seed, m);
  const out = new Set([...inj.home, ...inj.away].map((i) => i.playerId));
  return { home: footballLineup(seed, m, 'home', out), away: footballLineup(seed, m, 'away', out) };
}

/**
 * The starters of each side as squad players, by match: the engine asks every minute of a live
 * match, and each played-out match's events ask once. Only the starters are kept (they are the
 * squad's own objects): keeping each match's whole lineup too held ~2,400 lineups, 67,000 player
 * objects, in an idle process (issue 27's footprint).
 */
const cache = new Map<string, [PlayerSeed[], PlayerSeed[]]>();
const CACHED_MATCHES = 1_000;

/** The starters of each side as squad players (cached; the engine asks every minute). */
export function startersOf(seed: number, m: SimMatch): [PlayerSeed[], PlayerSeed[]] {
  const key = `${seed}:${m.id}`;
  let hit = cache.get(key);
  if (!hit) {
    if (cache.size >= CACHED_MATCHES) cache.clear();
    const lineup = lineupOf(seed, m);
    const pick = (teamId: number, l: TeamLineup) => {
      const ids = new Set(l.starters.map((p) => p.id));
      return squad(seed, teamId).filter((p) => ids.has(p.id));
    };
    hit = [pick(m.homeId, lineup.home), pick(m.awayId, lineup.away)];
    cache.set(key, hit);
  }
  return hit;
}
