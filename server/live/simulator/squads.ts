/** Squads per team, generated once per seed and cached (the engine draws players every minute). */
import { TEAM_BY_ID } from '../../seed/leagues';
import { squadOf, type PlayerSeed } from '../../seed/players';

export interface Squad {
  all: PlayerSeed[];
  outfield: PlayerSeed[];
  attackers: PlayerSeed[];
}
const squads = new Map<string, Squad>();
export const ATTACKING = new Set(['前锋', '中场', '小前锋', '得分后卫']);

export function squadSets(seed: number, teamId: number): Squad {
  const key = `${seed}:${teamId}`;
  let s = squads.get(key);
  if (!s) {
    const all = squadOf(TEAM_BY_ID.get(teamId)!, seed);
    const outfield = all.filter((p) => p.position !== '门将');
    s = { all, outfield, attackers: outfield.filter((p) => ATTACKING.has(p.position)) };
    squads.set(key, s);
  }
  return s;
}

export const squad = (seed: number, teamId: number): PlayerSeed[] => squadSets(seed, teamId).all;
