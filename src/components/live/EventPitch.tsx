/**
 * The animated pitch shown when a match has no video (code 20001): the latest events drawn on a
 * pitch, the newest one pulsing near the goal it threatened.
 */
import type { Incident } from '../../../workers/protocol/index';
import { incidentMinuteText } from '../../core/format';
import { INCIDENT_ICON, LIVE_TEXT } from './strings';

export function EventPitch({ incidents, home, away }: { incidents: Incident[]; home: string; away: string }) {
  const recent = incidents.slice(-4);
  const last = recent[recent.length - 1];
  // Home attacks to the right, away to the left.
  const x = (i: Incident, k: number) => (i.side === 'home' ? 240 - k * 18 : i.side === 'away' ? 60 + k * 18 : 150);
  return (
    <div className="lv-pitch-anim" data-event-pitch>
      <svg viewBox="0 0 300 160" role="img" aria-label={last ? last.text : LIVE_TEXT.noVideo}>
        <rect width="300" height="160" fill="#2f8a3c" />
        {[0, 1, 2, 3, 4, 5].map((k) => (
          <rect key={k} x={k * 50} width="25" height="160" fill="#348f41" />
        ))}
        <g fill="none" stroke="rgba(255,255,255,.75)" strokeWidth="1.5">
          <rect x="6" y="6" width="288" height="148" />
          <line x1="150" y1="6" x2="150" y2="154" />
          <circle cx="150" cy="80" r="22" />
          <rect x="6" y="40" width="36" height="80" />
          <rect x="258" y="40" width="36" height="80" />
        </g>
        <text x="12" y="20" fill="#fff" fontSize="10">
          {home}
        </text>
        <text x="288" y="20" fill="#fff" fontSize="10" textAnchor="end">
          {away}
        </text>
        {recent.map((i, k) => (
          <g key={i.id} opacity={i === last ? 1 : 0.45}>
            <circle
              cx={x(i, recent.length - 1 - k)}
              cy={60 + ((k * 23) % 50)}
              r={i === last ? 9 : 6}
              fill="rgba(255,255,255,.25)"
            >
              {i === last && <animate attributeName="r" values="7;14;7" dur="1.4s" repeatCount="indefinite" />}
            </circle>
            <text x={x(i, recent.length - 1 - k)} y={64 + ((k * 23) % 50)} fontSize="10" textAnchor="middle">
              {INCIDENT_ICON[i.type] ?? '•'}
            </text>
          </g>
        ))}
        {last && (
          <text x="150" y="146" fill="#fff" fontSize="11" textAnchor="middle">
            {incidentMinuteText(last)} {last.text.length > 24 ? `${last.text.slice(0, 24)}…` : last.text}
          </text>
        )}
      </svg>
      <div className="lv-pitch-note">{LIVE_TEXT.noVideo}</div>
    </div>
  );
}
