/** A team's player lines on the match detail pages: the sport's columns, one row per player. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { PlayerLines, type PlayerColumn } from '../../../../src/components/live/PlayerLines';

interface Line {
  playerId: number;
  name: string;
  goals: number;
}
const columns: PlayerColumn<Line>[] = [
  { head: '球员', cell: (p) => p.name },
  { head: '进球', cell: (p) => <b>{p.goals}</b> },
];

describe('PlayerLines', () => {
  it('heads the table with the columns and writes one row per player, the player first and left-aligned', () => {
    const { container } = render(
      <PlayerLines
        team="阿森纳"
        side="away"
        columns={columns}
        players={[
          { playerId: 7, name: '萨卡', goals: 2 },
          { playerId: 9, name: '热苏斯', goals: 0 },
        ]}
      />,
    );
    expect(container.querySelector('h4')?.textContent).toBe('阿森纳 · 球员数据');
    const table = container.querySelector('[data-players="away"]')!;
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['球员', '进球']);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
    expect(rows).toEqual([
      ['萨卡', '2'],
      ['热苏斯', '0'],
    ]);
    expect((table.querySelector('tbody td') as HTMLElement).style.textAlign).toBe('left');
    expect(table.querySelector('tbody td + td b')?.textContent).toBe('2');
  });
});
