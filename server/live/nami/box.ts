/**
 * 纳米数据 basketball box scores: the `players` field of a basketball real-time entry (detail_live
 * and the push, docs/providers/nami.md "Basketball box scores"). As Nami's basketball 实时统计数据
 * page lays it out (not confirmed from a reachable page; the contract test pins it):
 *
 *   players: [home, away], each a list of [player id, 名称, 简称, logo, 球衣号, "统计"]
 *   统计: "上场时间^命中-出手^三分命中-三分出手^罚球命中-罚球出手^进攻篮板^防守篮板^总篮板^助攻^抢断^盖帽^失误^犯规^+/-^得分^是否出场 1/0^是否替补 1 替补, 0 首发^是否在场 0 在场, 1 不在"
 *
 * The statistics string is read as the last '^' string of the tuple, so a field added before it
 * does not shift it. A tuple that is not in this shape is skipped; the rest of the box applies.
 */
import type { BoxPlayer, BoxUpdate } from '../ingest';

const int = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};
const count = (v: unknown): number | null => {
  const n = int(v);
  return n !== null && n >= 0 ? n : null;
};

/** "5-11" → [5, 11]; null when not made-attempted. */
function madeAttempted(s: string | undefined): [number, number] | null {
  const m = /^(\d+)-(\d+)$/.exec((s ?? '').trim());
  return m && Number(m[1]) <= Number(m[2]) ? [Number(m[1]), Number(m[2])] : null;
}

/** One player tuple as a box line, or null when it is not one. */
export function namiBoxPlayer(t: unknown): BoxPlayer | null {
  if (!Array.isArray(t) || t.length < 3) return null;
  const id = count(t[0]);
  const name = [t[2], t[1]].find((x): x is string => typeof x === 'string' && x.trim() !== '');
  const stats = [...t].reverse().find((x): x is string => typeof x === 'string' && x.includes('^'));
  if (id === null || !name || !stats) return null;
  const f = stats.split('^');
  if (f.length < 16) return null;
  const minutes = count(f[0]);
  const fg = madeAttempted(f[1]);
  const tp = madeAttempted(f[2]);
  const ft = madeAttempted(f[3]);
  const [rebounds, assists, steals, blocks, turnovers, fouls] = [6, 7, 8, 9, 10, 11].map((i) => count(f[i]));
  const points = count(f[13]);
  if (points === null || rebounds === null || assists === null) return null;
  return {
    id,
    name,
    number: t.length >= 5 ? count(t[4]) : null,
    starter: f[15] === '0',
    seconds: minutes === null ? null : minutes * 60,
    points,
    rebounds,
    assists,
    ...(steals !== null ? { steals } : {}),
    ...(blocks !== null ? { blocks } : {}),
    ...(turnovers !== null ? { turnovers } : {}),
    ...(fouls !== null ? { fouls } : {}),
    ...(fg ? { fg } : {}),
    ...(tp ? { tp } : {}),
    ...(ft ? { ft } : {}),
  };
}

/** The entry's box score; null when it has no `players` or not one player line in it. */
export function namiBox(match: number, players: unknown, rev: number): BoxUpdate | null {
  if (!Array.isArray(players) || players.length < 2) return null;
  const side = (list: unknown): BoxPlayer[] =>
    Array.isArray(list) ? list.map(namiBoxPlayer).filter((p): p is BoxPlayer => p !== null) : [];
  const home = side(players[0]);
  const away = side(players[1]);
  if (home.length + away.length === 0) return null;
  return { kind: 'box', provider: 'nami', sport: 'lq', match, rev, home, away };
}
