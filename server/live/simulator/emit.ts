/** Shared by both sports' engines: recording incidents, text lines and odds moves. */
import { TEAM_BY_ID } from '../../seed/leagues';
import type { PlayerSeed } from '../../seed/players';
import { ATTACKING, squadSets } from './squads';
import { startersOf } from './lineup';
import type { Rng } from '../../seed/rng';
import type { OddsType, Side } from '../../../workers/protocol/index';
import { quote } from './odds';
import type { Fate } from './fixtures';
import type { FootballState, IncidentRow, SimContext, SimMatch, TextRow } from './sim-types';

/** A match fated to be called off is postponed or cancelled this long before its start. */
const CALL_OFF_LEAD_MS = 30 * 60_000;

/**
 * Both engines' pre-match step for a match fated to be postponed or cancelled: true while it is
 * so fated (the engine goes no further), calling `callOff` once its time has come.
 */
export function callOffBeforeStart(
  fate: Fate,
  otMs: number,
  nowMs: number,
  callOff: (postponed: boolean, at: number) => void,
): boolean {
  if (fate !== 'postponed' && fate !== 'cancelled') return false;
  const at = otMs - CALL_OFF_LEAD_MS;
  if (nowMs >= at) callOff(fate === 'postponed', at);
  return true;
}

export const sideIndex = (side: Side): 0 | 1 => (side === 'home' ? 0 : 1);
export const teamName = (m: SimMatch, side: Side): string =>
  TEAM_BY_ID.get(side === 'home' ? m.homeId : m.awayId)?.name ?? '';

/** A player of the side; attackers weigh more for goals. */
export function playerOf(seed: number, m: SimMatch, side: Side, r: Rng, role: 'attack' | 'any'): PlayerSeed {
  if (m.sport === 'zq') {
    // Football: only players on the pitch score or get booked; a sent-off player has left it.
    const sentOff = new Set((m.st as FootballState).players.filter(([, , , kind]) => kind === 'red').map(([id]) => id));
    const onPitch = startersOf(seed, m)[sideIndex(side)].filter((p) => p.position !== '门将' && !sentOff.has(p.id));
    const attackers = onPitch.filter((p) => ATTACKING.has(p.position));
    return role === 'attack' && attackers.length > 0 && r.chance(0.8) ? r.pick(attackers) : r.pick(onPitch);
  }
  const s = squadSets(seed, side === 'home' ? m.homeId : m.awayId);
  if (role === 'attack' && r.chance(0.8)) return r.pick(s.attackers);
  return r.pick(s.outfield);
}

function snapshot(m: SimMatch): SimMatch {
  return structuredClone(m);
}

/** Football periods' regular length: a minute past it is stoppage time of that period. */
const PERIOD_END: Partial<Record<number, number>> = { 2: 45, 4: 90, 5: 120 };

/**
 * The minute as stamped on incidents and text lines: a minute past the end of the period being
 * played keeps its stoppage time (45+1 is minute 45, stoppage 1), so it is never read as the
 * 46th minute of the second half.
 */
export function stampMinute(minute: number, status: number): { minute: number; stoppage: number } {
  const end = PERIOD_END[status];
  return end !== undefined && minute > end ? { minute: end, stoppage: minute - end } : { minute, stoppage: 0 };
}

export function emitIncident(
  ctx: SimContext,
  m: SimMatch,
  inc: Omit<IncidentRow, 'id' | 'matchId' | 'sport' | 'score' | 'stoppage'>,
): IncidentRow {
  m.st.seq++;
  const stamp = m.sport === 'zq' ? stampMinute(inc.minute, m.status) : { minute: inc.minute, stoppage: 0 };
  const row: IncidentRow = {
    id: `${m.id}-${m.st.seq}`,
    matchId: m.id,
    sport: m.sport,
    score: [m.score[0], m.score[1]],
    ...inc,
    ...stamp,
  };
  ctx.out.incidents.push(row);
  ctx.out.changed.add(m.id);
  if (ctx.snapshot) ctx.out.snapshots.set(row.id, snapshot(m));
  emitText(ctx, m, inc.minute, inc.text, inc.type, inc.at);
  return row;
}

export function emitText(
  ctx: SimContext,
  m: SimMatch,
  minute: number,
  text: string,
  type: TextRow['type'],
  at: number,
): void {
  m.st.seq++;
  if (!ctx.history) return;
  const stamp = m.sport === 'zq' ? stampMinute(minute, m.status) : { minute, stoppage: 0 };
  ctx.out.texts.push({ id: `${m.id}-t${m.st.seq}`, matchId: m.id, ...stamp, text, type, at });
}

/** Re-quotes one company's line of one type; records a move only when it changed. */
export function moveOdds(
  ctx: SimContext,
  m: SimMatch,
  type: OddsType,
  companyId: number,
  remaining: number,
  key: string,
  at: number,
): void {
  const home = TEAM_BY_ID.get(m.homeId)!;
  const away = TEAM_BY_ID.get(m.awayId)!;
  const line = quote(
    {
      seed: ctx.seed,
      matchId: m.id,
      sport: m.sport,
      homeStrength: home.strength,
      awayStrength: away.strength,
      score: m.score,
      remaining,
      key,
    },
    companyId,
    type,
  );
  const k = `${type}:${companyId}`;
  const prev = m.st.odds[k];
  if (prev && prev[0] === line.left && prev[1] === line.middle && prev[2] === line.right) return;
  m.st.odds[k] = [line.left, line.middle, line.right];
  if (ctx.history) ctx.out.odds.push({ matchId: m.id, type, companyId, ...line, at });
}
