/** Text live (newest first) and the incidents timeline of a match. Props only. */
import type { Incident, TextLiveLine } from '../../../workers/protocol/index';
import { incidentMinuteText } from '../../core/format';
import { INCIDENT_ICON, LIVE_TEXT } from './strings';

export function TextLiveList({ lines, periodLabel }: { lines: TextLiveLine[]; periodLabel?: (n: number) => string }) {
  if (lines.length === 0) return <p className="lv-empty">{LIVE_TEXT.textLiveEmpty}</p>;
  return (
    <ol className="lv-textlive" aria-label="文字直播">
      {lines.map((l) => (
        <li key={l.id} data-line-id={l.id} className={`lv-tl-${l.type}`}>
          <span className="lv-tl-min">{periodLabel ? periodLabel(l.minute) : incidentMinuteText(l)}</span>
          <span className="lv-tl-icon" aria-hidden>
            {INCIDENT_ICON[l.type] ?? INCIDENT_ICON.text}
          </span>
          <span className="lv-tl-text">{l.text}</span>
        </li>
      ))}
    </ol>
  );
}

const TIMELINE_TYPES = new Set(['goal', 'red', 'yellow', 'penalty', 'sub']);

/** Home incidents on the left, away on the right, oldest at the bottom. */
export function IncidentTimeline({ incidents }: { incidents: Incident[] }) {
  const shown = incidents
    .filter((i) => TIMELINE_TYPES.has(i.type))
    .slice()
    .reverse();
  if (shown.length === 0) return null;
  return (
    <section className="lv-timeline" aria-label={LIVE_TEXT.incidentsTitle}>
      <h4>{LIVE_TEXT.incidentsTitle}</h4>
      <ol>
        {shown.map((i) => (
          <li key={i.id} className={`lv-ev lv-ev-${i.side ?? 'none'}`} data-incident={i.type}>
            <span className="lv-ev-home">{i.side === 'home' ? i.text : ''}</span>
            <span className="lv-ev-min">
              {INCIDENT_ICON[i.type]} {incidentMinuteText(i)}
            </span>
            <span className="lv-ev-away">{i.side === 'away' ? i.text : ''}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
