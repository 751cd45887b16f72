/**
 * How the ingest path (./ingest.ts) applies a provider's basketball box score: each player's line
 * (得分, 篮板, 助攻, 抢断, 盖帽, 失误, 犯规, 上场时间, 投篮 / 三分 / 罚球, 首发) stored on the game's
 * state, where the 统计 tab's player lines read it (./details.ts basketballPlayerLines). Applied
 * once per revision; a row that is not a player line is skipped (the rest of the box still
 * applies), and a player or a side the message leaves out keeps what it had.
 */
import type { BasketballPlayerLine, Pair } from '../../workers/protocol/index';
import type { FeedOutput, LiveMatch } from './model';
import { localId } from './providers';
import { fresh } from './ingest-apply';
import type { BoxPlayer, BoxUpdate, NameResolver } from './ingest-types';

const count = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const madeOf = (p: Pair | undefined): Pair | undefined =>
  Array.isArray(p) && count(p[0]) && count(p[1]) && p[0] <= p[1] ? [p[0], p[1]] : undefined;

/** The row as a line's figures, or null when it is not a player line (no id, no name, bad counts). */
function figures(p: BoxPlayer): Omit<BasketballPlayerLine, 'playerId' | 'name'> | null {
  if (!p || (typeof p.id !== 'number' && typeof p.id !== 'string') || p.id === '') return null;
  if (typeof p.name !== 'string' || p.name.trim() === '') return null;
  if (!count(p.points) || !count(p.rebounds) || !count(p.assists)) return null;
  const line: Omit<BasketballPlayerLine, 'playerId' | 'name'> = {
    number: count(p.number) ? p.number : 0,
    position: '',
    starter: p.starter === true,
    minutes: count(p.seconds) ? Math.round(p.seconds / 60) : 0,
    points: p.points,
    rebounds: p.rebounds,
    assists: p.assists,
  };
  for (const k of ['steals', 'blocks', 'turnovers', 'fouls'] as const) if (count(p[k])) line[k] = p[k];
  for (const k of ['fg', 'tp', 'ft'] as const) {
    const v = madeOf(p[k]);
    if (v) line[k] = v;
  }
  return line;
}

/** Starters first, each group in the provider's order (a stable sort: rows do not jump as points move). */
const byRole = (a: BasketballPlayerLine, b: BasketballPlayerLine) => Number(b.starter) - Number(a.starter);

/** Applies a box score to a basketball game; answers whether it was newer than the last one. */
export async function applyBox(out: FeedOutput, m: LiveMatch, u: BoxUpdate, names: NameResolver): Promise<boolean> {
  if (m.st.kind !== 'lq' || !fresh(m.st.src!, 'box', u.rev)) return false;
  const st = m.st;
  const before = st.lines ?? { home: [], away: [] };
  const side = async (rows: readonly BoxPlayer[], had: BasketballPlayerLine[]): Promise<BasketballPlayerLine[]> => {
    const known = new Map(had.map((l) => [l.playerId, l]));
    const lines = new Map<number, BasketballPlayerLine>();
    for (const p of Array.isArray(rows) ? rows : []) {
      const f = figures(p);
      if (!f) continue;
      const playerId = localId(u.provider, 'lq', p.id);
      // A player already shown keeps his name (one names-table read per player and game).
      let name = known.get(playerId)?.name;
      if (name === undefined) {
        const n = await names(u.provider, 'lq', 'player', String(p.id), p.name);
        name = n.short ?? n.name;
      }
      lines.set(playerId, { playerId, name, ...f });
    }
    // A provider that drops a row for a moment (or a whole side) does not wipe what was shown.
    for (const l of had) if (!lines.has(l.playerId)) lines.set(l.playerId, l);
    return [...lines.values()].sort(byRole);
  };
  st.lines = { home: await side(u.home, before.home), away: await side(u.away, before.away) };
  out.statsChanged.add(m.id);
  return true;
}
