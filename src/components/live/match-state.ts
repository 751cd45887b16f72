/**
 * What the state area of a match says: the status word, and beside it the running clock only
 * when it adds something. The core's minute text for football is a number ('23'), a cap
 * ('45+') or a status word ('中场', '点球'); its basketball clock text starts with the period
 * name ('第四节 01:57'). Showing both as they come doubles the words ('中场 中场').
 */
import type { MatchView } from '../../core/index';
import { minuteMark } from '../../core/format';

type StateFields = Pick<MatchView, 'sport' | 'isLive' | 'statusText' | 'minuteText' | 'clockText'>;

/** The clock beside the status word: "23'", '45+', '01:57', or '' when there is none to add. */
export function matchClock(m: StateFields): string {
  if (!m.isLive) return '';
  if (m.sport === 'zq') {
    return /^\d+\+?$/.test(m.minuteText) ? minuteMark(m.minuteText) : '';
  }
  const label = m.statusText;
  if (!m.clockText || m.clockText === label) return '';
  return m.clockText.startsWith(label) ? m.clockText.slice(label.length).trim() : m.clockText;
}

/** One short text for tight places (score pill, widgets): the clock in play, else the status. */
export function matchStateText(m: StateFields): string {
  const clock = matchClock(m);
  if (!clock) return m.statusText;
  return m.sport === 'zq' ? clock : `${m.statusText} ${clock}`;
}

/**
 * Before kick-off there is no score yet: rows show VS (the DOM keeps 'H-A' for programs). A
 * postponed or cancelled match never kicked off either; an abandoned one did.
 */
export function hasScore(m: Pick<MatchView, 'hasKickedOff'>): boolean {
  return m.hasKickedOff;
}
