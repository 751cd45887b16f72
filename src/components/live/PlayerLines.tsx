import type { ReactNode } from 'react';

export interface PlayerColumn<P> {
  head: string;
  cell: (p: P) => ReactNode;
}

/**
 * One team's player lines on a match detail page (football and basketball differ only in their
 * columns); the first column is the player, left-aligned.
 */
export function PlayerLines<P extends { playerId: number }>({
  team,
  side,
  columns,
  players,
}: {
  team: string;
  side: 'home' | 'away';
  columns: readonly PlayerColumn<P>[];
  players: readonly P[];
}) {
  return (
    <section className="lv-section">
      <h4>{team} · 球员数据</h4>
      <table className="lv-simple-table" data-players={side}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.head}>{c.head}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.playerId}>
              {columns.map((c, i) => (
                <td key={c.head} style={i === 0 ? { textAlign: 'left' } : undefined}>
                  {c.cell(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Both teams' player lines, home first. */
export function TeamsPlayerLines<P extends { playerId: number }>({
  match,
  columns,
  players,
}: {
  match: Record<'home' | 'away', { name: string }>;
  columns: readonly PlayerColumn<P>[];
  players: Record<'home' | 'away', readonly P[]> | null;
}) {
  if (!players) return null;
  return (
    <>
      {(['home', 'away'] as const).map((side) => (
        <PlayerLines key={side} team={match[side].name} side={side} columns={columns} players={players[side]} />
      ))}
    </>
  );
}
