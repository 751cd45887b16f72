/** The basketball player lines' columns: a provider's box score adds its figures, the simulator's lines keep four. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { PlayerLines } from '../../../../src/components/live/PlayerLines';
import { lqPlayerColumns, type LqPlayer } from '../../../../src/pages/live/lq-player-columns';

const base = { number: 9, position: '', minutes: 18, points: 14, rebounds: 8, assists: 1 };
const zhou: LqPlayer = {
  ...base,
  playerId: 1,
  name: '周琦',
  starter: true,
  steals: 1,
  blocks: 3,
  turnovers: 2,
  fouls: 2,
  fg: [5, 9],
  tp: [0, 1],
  ft: [4, 6],
};
/** API-Basketball gives shots but no steals, blocks, turnovers or fouls; a line may lack a figure. */
const reaves: LqPlayer = { ...base, playerId: 2, name: 'Austin Reaves', starter: false, fg: [1, 3] };

const table = (players: Record<'home' | 'away', LqPlayer[]>) => {
  const { container } = render(
    <PlayerLines team="广东" side="home" columns={lqPlayerColumns(players)} players={players.home} />,
  );
  const t = container.querySelector('[data-players="home"]')!;
  return {
    heads: [...t.querySelectorAll('th')].map((th) => th.textContent),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent)),
  };
};

describe('lqPlayerColumns', () => {
  it('a box score with every figure: 投篮 三分 罚球 抢断 盖帽 失误 犯规 after the four', () => {
    const t = table({ home: [zhou, reaves], away: [] });
    expect(t.heads).toEqual([
      '球员',
      '时间',
      '得分',
      '篮板',
      '助攻',
      '投篮',
      '三分',
      '罚球',
      '抢断',
      '盖帽',
      '失误',
      '犯规',
    ]);
    expect(t.rows).toEqual([
      ['★9 周琦', '18', '14', '8', '1', '5-9', '0-1', '4-6', '1', '3', '2', '2'],
      ['9 Austin Reaves', '18', '14', '8', '1', '1-3', '-', '-', '-', '-', '-', '-'],
    ]);
  });

  it('the simulator’s lines (no box figures): the four columns only', () => {
    const sim: LqPlayer = { ...base, playerId: 3, name: '易建联', starter: true };
    expect(table({ home: [sim], away: [] }).heads).toEqual(['球员', '时间', '得分', '篮板', '助攻']);
  });
});
