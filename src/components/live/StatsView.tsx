/**
 * Match statistics (spec §3): corners, cards, attacks and dangerous attacks as opposed bars; the
 * pie types (70, 21, 25) as SVG donuts of the home/away share.
 */
import type { StatEntry } from '../../../workers/protocol/index';
import { LIVE_TEXT } from './strings';

export const BAR_TYPES = [2, 3, 4, 22, 23, 24] as const;
export const PIE_TYPES = [70, 21, 25] as const;

function statName(type: number): string {
  return LIVE_TEXT.statNames[type] ?? `#${type}`;
}

export function StatBar({ entry }: { entry: StatEntry }) {
  const total = entry.home + entry.away;
  const homePct = total === 0 ? 0 : (entry.home / total) * 100;
  const awayPct = total === 0 ? 0 : (entry.away / total) * 100;
  return (
    <div className="lv-statbar" data-stat-type={entry.type}>
      <div className="lv-statbar-head">
        <b data-home>{entry.home}</b>
        <span>{statName(entry.type)}</span>
        <b data-away>{entry.away}</b>
      </div>
      <div className="lv-statbar-track">
        <div className="lv-statbar-half lv-statbar-home">
          <i style={{ width: `${homePct}%` }} />
        </div>
        <div className="lv-statbar-half lv-statbar-away">
          <i style={{ width: `${awayPct}%` }} />
        </div>
      </div>
    </div>
  );
}

const R = 26;
const C = 2 * Math.PI * R;

export function StatPie({ entry }: { entry: StatEntry }) {
  const total = entry.home + entry.away;
  const homeShare = total === 0 ? 0.5 : entry.home / total;
  return (
    <figure className="lv-statpie" data-stat-type={entry.type}>
      <svg
        viewBox="0 0 64 64"
        width="64"
        height="64"
        role="img"
        aria-label={`${statName(entry.type)} ${entry.home}:${entry.away}`}
      >
        <circle cx="32" cy="32" r={R} fill="none" stroke="var(--lv-away, #3b82f6)" strokeWidth="8" />
        <circle
          cx="32"
          cy="32"
          r={R}
          fill="none"
          stroke="var(--lv-home, #ef4444)"
          strokeWidth="8"
          strokeDasharray={`${C * homeShare} ${C}`}
          transform="rotate(-90 32 32)"
        />
        <text x="32" y="36" textAnchor="middle" fontSize="11">
          {entry.home}:{entry.away}
        </text>
      </svg>
      <figcaption>{statName(entry.type)}</figcaption>
    </figure>
  );
}

export function StatsView({ stats }: { stats: StatEntry[] }) {
  const byType = new Map(stats.map((s) => [s.type, s]));
  const pies = PIE_TYPES.map((t) => byType.get(t)).filter((s): s is StatEntry => !!s);
  const bars = BAR_TYPES.map((t) => byType.get(t)).filter((s): s is StatEntry => !!s);
  const rest = stats.filter(
    (s) => !(PIE_TYPES as readonly number[]).includes(s.type) && !(BAR_TYPES as readonly number[]).includes(s.type),
  );
  if (stats.length === 0) return <p className="lv-empty">{LIVE_TEXT.statsEmpty}</p>;
  return (
    <div className="lv-stats">
      {pies.length > 0 && (
        <div className="lv-statpies">
          {pies.map((s) => (
            <StatPie key={s.type} entry={s} />
          ))}
        </div>
      )}
      {[...bars, ...rest].map((s) => (
        <StatBar key={s.type} entry={s} />
      ))}
    </div>
  );
}
