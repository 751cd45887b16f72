/**
 * The basketball player lines' columns (技术统计 tab): 时间, 得分, 篮板, 助攻 always; a provider's box
 * score adds 投篮 / 三分 / 罚球 (made-attempted), 抢断, 盖帽, 失误 and 犯规 when any line has them (a
 * line without the figure shows '-').
 */
import type { BasketballStats } from '../../../workers/protocol/index';
import type { PlayerColumn } from '../../components/live/PlayerLines';

export type LqPlayer = BasketballStats['players']['home'][number];

const BASE: readonly PlayerColumn<LqPlayer>[] = [
  {
    head: '球员',
    cell: (p) => (
      <>
        {p.starter ? '★' : ''}
        {p.number} {p.name}
      </>
    ),
  },
  { head: '时间', cell: (p) => p.minutes },
  { head: '得分', cell: (p) => <b>{p.points}</b> },
  { head: '篮板', cell: (p) => p.rebounds },
  { head: '助攻', cell: (p) => p.assists },
];

const SHOTS = [
  ['投篮', 'fg'],
  ['三分', 'tp'],
  ['罚球', 'ft'],
] as const;
const COUNTS = [
  ['抢断', 'steals'],
  ['盖帽', 'blocks'],
  ['失误', 'turnovers'],
  ['犯规', 'fouls'],
] as const;

/** The columns for these lines (both teams'): the extra ones only when some line has the figure. */
export function lqPlayerColumns(
  players: Record<'home' | 'away', readonly LqPlayer[]> | null,
): PlayerColumn<LqPlayer>[] {
  const all = players ? [...players.home, ...players.away] : [];
  const has = (k: keyof LqPlayer) => all.some((p) => p[k] !== undefined);
  return [
    ...BASE,
    ...SHOTS.filter(([, k]) => has(k)).map(([head, k]) => ({
      head,
      cell: (p: LqPlayer) => (p[k] ? `${p[k][0]}-${p[k][1]}` : '-'),
    })),
    ...COUNTS.filter(([, k]) => has(k)).map(([head, k]) => ({ head, cell: (p: LqPlayer) => p[k] ?? '-' })),
  ];
}
