/**
 * The season calendar's bookkeeping of who plays when (./season.ts, ./rearrange.ts): each club's
 * kick-offs, kept sorted, and a slot's kick-off in 北京时间 ms.
 */
import { addDays } from '../../../workers/protocol/index';
import { slotMinute, type Slot } from './formats';
import { localToUtcMs } from './local-time';
import type { SeasonMatch } from './season';

export const weekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();
export const mmdd = (day: string): string => day.slice(5);
export const inRange = (md: string, [from, to]: readonly [string, string]): boolean =>
  from <= to ? md >= from && md <= to : md >= from || md <= to;

export interface Movable {
  m: SeasonMatch;
  /** The kick-offs its match day offers (a European match may move between Tuesday and Wednesday). */
  alternatives: readonly number[];
}

export interface Placer {
  /** Kick-offs of each team already placed (any competition of the season), ascending. */
  busy: Map<number, number[]>;
  /** Each team's European matches, which may still move inside their match day. */
  movable: Map<number, Movable[]>;
  /** Some match could only be placed without its clubs' rest. */
  strained: boolean;
}

/** Index of the first kick-off at or after `t` in an ascending list. */
export function lowerBound(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The team's nearest other kick-off to `t`, as a distance (Infinity when it has none). */
export function nearest(placer: Placer, team: number, t: number): number {
  const times = placer.busy.get(team);
  if (!times || times.length === 0) return Infinity;
  const i = lowerBound(times, t);
  return Math.min(i < times.length ? times[i]! - t : Infinity, i > 0 ? t - times[i - 1]! : Infinity);
}

export function occupy(placer: Placer, team: number, t: number): void {
  const times = placer.busy.get(team) ?? [];
  times.splice(lowerBound(times, t), 0, t);
  placer.busy.set(team, times);
}

export function release(placer: Placer, team: number, t: number): void {
  const times = placer.busy.get(team)!;
  times.splice(times.indexOf(t), 1);
}

export function slotTime(tz: string, anchor: string, [offset, time]: Slot): number {
  return localToUtcMs(tz, addDays(anchor, offset), slotMinute(time));
}
