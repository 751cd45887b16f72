/**
 * Lineups on a pitch: home in the top half attacking down, away in the bottom half attacking up,
 * each formation line spread across the width. Bench and injuries listed below. Props only.
 */
import type { InjuryEntry, Lineup, LineupPlayer, TeamLineup } from '../../../workers/protocol/index';
import { LIVE_TEXT } from './strings';

/** Splits starters into lines: goalkeeper, then the formation's lines (e.g. 4-3-3 → 1,4,3,3). */
export function formationLines(team: TeamLineup): LineupPlayer[][] {
  const sizes = [
    1,
    ...team.formation
      .split('-')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  ];
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total !== team.starters.length) return [team.starters.slice(0, 1), team.starters.slice(1)];
  const out: LineupPlayer[][] = [];
  let i = 0;
  for (const n of sizes) {
    out.push(team.starters.slice(i, i + n));
    i += n;
  }
  return out;
}

const W = 300;
export const PITCH_H = 420;
const H = PITCH_H;
/** Circle (r 10) plus the name 21 below its centre, with a few pixels to spare. */
const GOAL_MARGIN = 30;
/** Room kept free on each side of the halfway line for the formation labels. */
const HALFWAY_GAP = 52;
/** Where a player's name sits under its circle. */
export const NAME_DY = 21;

function Half({ team, side }: { team: TeamLineup; side: 'home' | 'away' }) {
  const lines = formationLines(team);
  const color = side === 'home' ? '#ef4444' : '#3b82f6';
  return (
    <g data-lineup={side}>
      {lines.map((line, li) => {
        // Home: goalkeeper near the top goal; away: near the bottom goal. The goal-line margin
        // leaves room for the name under the away goalkeeper inside the pitch; the forwards stop
        // short of the halfway line, where the team and formation labels sit.
        const depth = GOAL_MARGIN + (li * (H / 2 - GOAL_MARGIN - HALFWAY_GAP)) / Math.max(1, lines.length - 1);
        const y = side === 'home' ? depth : H - depth;
        return line.map((p, k) => {
          const x = ((k + 1) * W) / (line.length + 1);
          return (
            <g key={p.id} transform={`translate(${x},${y})`}>
              <circle r="10" fill={color} stroke="#fff" strokeWidth="1.5" />
              <text y="3.5" textAnchor="middle" fontSize="9" fill="#fff">
                {p.number}
              </text>
              <text y={NAME_DY} textAnchor="middle" fontSize="9" fill="#fff">
                {p.name.length > 5 ? p.name.slice(0, 5) : p.name}
              </text>
            </g>
          );
        });
      })}
    </g>
  );
}

export function LineupPitch({ lineup }: { lineup: Lineup }) {
  return (
    <div className="lv-lineup-pitch">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${lineup.home.formation} 对 ${lineup.away.formation}`}>
        <rect width={W} height={H} fill="#2f8a3c" />
        <g fill="none" stroke="rgba(255,255,255,.6)" strokeWidth="1.5">
          <rect x="6" y="6" width={W - 12} height={H - 12} />
          <line x1="6" y1={H / 2} x2={W - 6} y2={H / 2} />
          <circle cx={W / 2} cy={H / 2} r="34" />
          <rect x={W / 2 - 60} y="6" width="120" height="50" />
          <rect x={W / 2 - 60} y={H - 56} width="120" height="50" />
        </g>
        <text x="12" y={H / 2 - 8} fontSize="11" fill="#fff">
          {lineup.home.teamName} {lineup.home.formation}
        </text>
        <text x="12" y={H / 2 + 16} fontSize="11" fill="#fff">
          {lineup.away.teamName} {lineup.away.formation}
        </text>
        <Half team={lineup.home} side="home" />
        <Half team={lineup.away} side="away" />
      </svg>
    </div>
  );
}

export function BenchAndInjuries({
  lineup,
  injuries,
}: {
  lineup: Lineup;
  injuries: { home: InjuryEntry[]; away: InjuryEntry[] } | null;
}) {
  return (
    <>
      <section className="lv-section">
        <h4>{LIVE_TEXT.bench}</h4>
        <div className="lv-lineup-cols">
          {(['home', 'away'] as const).map((s) => (
            <ul key={s} data-bench={s}>
              {lineup[s].coach && (
                <li>
                  {LIVE_TEXT.coach}：{lineup[s].coach}
                </li>
              )}
              {lineup[s].bench.map((p) => (
                <li key={p.id}>
                  {p.number} {p.name} <small>{p.position}</small>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </section>
      {injuries && (injuries.home.length > 0 || injuries.away.length > 0) && (
        <section className="lv-section">
          <h4>{LIVE_TEXT.injuries}</h4>
          <div className="lv-lineup-cols">
            {(['home', 'away'] as const).map((s) => (
              <ul key={s} data-injuries={s}>
                {injuries[s].map((p) => (
                  <li key={p.playerId}>
                    {p.name}{' '}
                    <small>
                      {p.reason} · {p.status}
                    </small>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </section>
      )}
    </>
  );
}
