/**
 * How the ingest path (./ingest.ts) applies one provider message to a match in memory: a status,
 * a score (and the cards, corners, periods that come with it), an incident (once per provider id,
 * with VAR take-backs), a stats message. Each answers whether it changed anything and adds what it
 * produced (incidents, text lines, stats moves) to the tick's output; storing and publishing are
 * the ingest's.
 */
import {
  BasketballStatType,
  StatType,
  isPlaying,
  type IncidentType,
  type Pair,
  type Side,
  type Sport,
} from '../../workers/protocol/index';
import { teamNameOf } from './catalogue';
import type { BasketballState, FeedOutput, IncidentRow, IngestMark, LiveMatch } from './model';
import { mapStatus, type ProviderName, type StatusTable } from './providers';
import { IngestText } from './text';
import type { IncidentUpdate, IngestStats, ScoreUpdate, StatsUpdate } from './ingest-types';
import { basketballPeriod, samePair, sideIdx, sideOf } from './ingest-state';

/** What the appliers share with the ingest: its counters and the providers' status tables. */
export interface ApplyContext {
  counters: IngestStats;
  statusTable(provider: ProviderName, sport: Sport): StatusTable;
}

/** One batch's work on one match. */
export interface Touch {
  m: LiveMatch;
  /** The provider lowered the score this batch (a goal may have to be taken back). */
  lowered: boolean;
  /** A lower score was held this batch: it may be a message come late (see applyScore). */
  held?: boolean;
}

/** What a message can change about a match, to tell a repeat from news (bookkeeping excluded). */
export const signature = (m: LiveMatch): string =>
  JSON.stringify([
    m.status,
    m.score,
    m.ot,
    m.jc,
    m.bd,
    { ...m.st, src: undefined, seq: 0, clock: undefined, odds: undefined },
  ]);

/** What a list row shows (server/live/match-view.ts toMatch), to tell a stats move the lists must see. */
export const rowSignature = (m: LiveMatch): string =>
  m.st.kind === 'zq'
    ? `${m.status}|${m.score}|${m.ot}|${m.st.half}|${m.st.red}|${m.st.yellow}|${m.st.corner}|${m.st.pen}`
    : `${m.status}|${m.score}|${m.ot}|${m.st.quarters.join(';')}`;

/** Newer than what was applied for this aspect? Records it when it is. */
export function fresh(mark: IngestMark, aspect: string, rev: number): boolean {
  const last = mark.rev[aspect];
  if (last !== undefined && rev <= last) return false;
  mark.rev[aspect] = rev;
  return true;
}

/**
 * A message's `progress` against the last applied: 1 ahead on some counter (newer, even if another
 * went down: a correction), -1 behind on some and ahead on none (older), 0 level or not comparable.
 */
export function progressOrder(mark: IngestMark, progress: readonly number[] | undefined): -1 | 0 | 1 {
  const last = mark.prog;
  if (!progress || !last) return 0;
  let behind = false;
  for (let i = 0; i < Math.min(progress.length, last.length); i++) {
    if (progress[i] < 0 || last[i] < 0) continue;
    if (progress[i] > last[i]) return 1;
    if (progress[i] < last[i]) behind = true;
  }
  return behind ? -1 : 0;
}

/** Records an applied message's counters; one it does not give (-1) keeps the last known. */
function recordProgress(mark: IngestMark, progress: readonly number[] | undefined): void {
  if (!progress) return;
  const last = mark.prog ?? [];
  mark.prog = progress.map((v, i) => (v >= 0 ? v : (last[i] ?? -1)));
}

function incidentRow(
  m: LiveMatch,
  id: string,
  type: IncidentType,
  side: Side | null,
  minute: number,
  text: string,
  state: number | null,
  at: number,
): IncidentRow {
  return { id, matchId: m.id, sport: m.sport, type, side, minute, text, score: [m.score[0], m.score[1]], state, at };
}

export function addText(
  out: FeedOutput,
  m: LiveMatch,
  minute: number,
  text: string,
  type: IncidentType | 'text',
  at: number,
): void {
  m.st.seq++;
  out.texts.push({ id: `${m.id}-t${m.st.seq}`, matchId: m.id, minute, text, type, at });
}

export function setStatus(out: FeedOutput, m: LiveMatch, status: number, at: number, periodStart?: number): void {
  if (status === m.status) return;
  m.status = status;
  if (m.st.kind === 'lq') m.st.period = basketballPeriod(status, m.st.period);
  if (isPlaying(m.sport, status)) m.st.phaseStart = periodStart ? periodStart * 1000 : at;
  m.st.seq++;
  const text = IngestText.state(m.sport, status);
  out.incidents.push(incidentRow(m, `${m.id}-s${m.st.seq}`, 'state', null, 0, text, status, at));
  addText(out, m, 0, text, 'state', at);
}

/** A side's counted goals, in the order they were scored. */
export function goalsOf(mark: IngestMark, side: 0 | 1): Array<[string, IngestMark['inc'][string]]> {
  return Object.entries(mark.inc)
    .filter(([, v]) => v[3] === 'goal' && v[1] === 0 && v[2] === side)
    .sort((a, b) => a[1][4] - b[1][4] || a[1][0].localeCompare(b[1][0]));
}

/** Marks a counted goal as taken back: same incident id, text 进球无效, the score after it. */
export function voidGoal(
  ctx: ApplyContext,
  out: FeedOutput,
  m: LiveMatch,
  key: string,
  at: number,
  lowerScore: boolean,
): void {
  const mark = m.st.src!;
  const entry = mark.inc[key];
  const side = entry[2];
  if (lowerScore && side !== -1) m.score[side] = Math.max(0, m.score[side] - 1);
  entry[1] = 1;
  const team = side === -1 ? '' : teamNameOf(side === 0 ? m.homeId : m.awayId);
  const text = `${IngestText.minute(m.sport, entry[4])} ${team} ${IngestText.voided}，比分 ${m.score[0]}-${m.score[1]}`;
  out.incidents.push(incidentRow(m, entry[0], 'goal', sideOf(side), entry[4], text, null, at));
  addText(out, m, entry[4], text, 'goal', at);
  ctx.counters.corrections++;
}

export function applyScore(ctx: ApplyContext, out: FeedOutput, t: Touch, u: ScoreUpdate, at: number): boolean {
  const m = t.m;
  const mark = m.st.src!;
  // Older than what was applied, however late it came (a reconnect, a redelivery): never a take-back.
  const order = progressOrder(mark, u.progress);
  if (order < 0) return false;
  // Level with what was applied and lower: a VAR take-back with nothing else moving, or the message
  // from just before the goal come late; the two read the same. Only the provider's current state
  // (a poll answer) or a message ahead on some counter lowers it; the caller is told to ask.
  const lower = !!u.score && (u.score[0] < m.score[0] || u.score[1] < m.score[1]);
  if (lower && order === 0 && u.progress && mark.prog && !u.current) {
    t.held = true;
    return false;
  }
  if (!fresh(mark, 'score', u.rev)) return false;
  recordProgress(mark, u.progress);
  if (u.status !== undefined)
    setStatus(out, m, mapStatus(ctx.statusTable(u.provider, u.sport), u.status, m.status), at, u.periodStart);
  if (u.periodStart && isPlaying(m.sport, m.status)) m.st.phaseStart = u.periodStart * 1000;
  if (u.score && !samePair(u.score, m.score)) {
    if (u.score[0] < m.score[0] || u.score[1] < m.score[1]) t.lowered = true;
    m.score = [u.score[0], u.score[1]];
  }
  const st = m.st;
  if (st.kind === 'zq') {
    if (u.half !== undefined) st.half = u.half ? [u.half[0], u.half[1]] : null;
    if (u.red) st.red = [u.red[0], u.red[1]];
    if (u.yellow) st.yellow = [u.yellow[0], u.yellow[1]];
    if (u.corner) st.corner = [u.corner[0], u.corner[1]];
    if (u.pen !== undefined) st.pen = u.pen ? [u.pen[0], u.pen[1]] : null;
  } else {
    if (u.quarters) st.quarters = u.quarters.map((q) => [q[0], q[1]] as Pair);
    if (u.remain !== undefined) st.clock = u.remain === null ? undefined : { remain: u.remain, at };
  }
  return true;
}

export function applyIncident(ctx: ApplyContext, out: FeedOutput, t: Touch, u: IncidentUpdate, at: number): boolean {
  const m = t.m;
  const mark = m.st.src!;
  const key = String(u.id);
  const known = mark.inc[key];
  if (known) {
    // Seen already: only a goal now taken back changes anything.
    if (!u.voided || known[1] === 1 || known[3] !== 'goal') return false;
    const side = known[2];
    // The score still counts it unless the provider's own score (this batch) already dropped it.
    const counted = side !== -1 && goalsOf(mark, side).length <= m.score[side];
    voidGoal(ctx, out, m, key, at, counted);
    return true;
  }
  // A take-back naming a goal we know under another key (providers report the review as its own
  // event, often minutes later): it is that side's latest goal, counted or already taken back.
  if (u.voided && u.type === 'goal' && u.side) {
    const s = sideIdx(u.side) as 0 | 1;
    const counted = goalsOf(mark, s);
    const taken = Object.entries(mark.inc)
      .filter(([, v]) => v[3] === 'goal' && v[1] === 1 && v[2] === s)
      .sort((a, b) => a[1][4] - b[1][4]);
    const target = counted.at(-1) ?? taken.at(-1);
    if (target) {
      mark.inc[key] = target[1];
      if (target[1][1] === 1) return false;
      voidGoal(ctx, out, m, target[0], at, counted.length <= m.score[s]);
      return true;
    }
  }
  m.st.seq++;
  const id = `${m.id}-p${m.st.seq}`;
  const team = u.side ? teamNameOf(u.side === 'home' ? m.homeId : m.awayId) : '';
  const when = IngestText.minute(m.sport, u.minute);
  const what = u.voided ? IngestText.voided : (IngestText.event[u.type] ?? '');
  const text = IngestText.incident(when, team, what, u.player, m.score);
  mark.inc[key] = [id, u.voided ? 1 : 0, sideIdx(u.side), u.type, u.minute];
  out.incidents.push(incidentRow(m, id, u.type, u.side, u.minute, text, null, at));
  addText(out, m, u.minute, text, u.type, at);
  return true;
}

/** A basketball stat code's place in the box score. */
const BOX: Record<number, keyof BasketballState['box']> = {
  [BasketballStatType.FIELD_GOALS_MADE]: 'fgm',
  [BasketballStatType.FIELD_GOALS_ATTEMPTED]: 'fga',
  [BasketballStatType.THREES_MADE]: 'tpm',
  [BasketballStatType.THREES_ATTEMPTED]: 'tpa',
  [BasketballStatType.FREE_THROWS_MADE]: 'ftm',
  [BasketballStatType.FREE_THROWS_ATTEMPTED]: 'fta',
  [BasketballStatType.REBOUNDS]: 'reb',
  [BasketballStatType.ASSISTS]: 'ast',
  [BasketballStatType.STEALS]: 'stl',
  [BasketballStatType.BLOCKS]: 'blk',
  [BasketballStatType.TURNOVERS]: 'tov',
  [BasketballStatType.FOULS]: 'pf',
};

export function applyStats(out: FeedOutput, m: LiveMatch, u: StatsUpdate): boolean {
  if (progressOrder(m.st.src!, u.progress) < 0) return false;
  if (!fresh(m.st.src!, 'stats', u.rev)) return false;
  recordProgress(m.st.src!, u.progress);
  const st = m.st;
  for (const s of u.stats) {
    const p: Pair = [s.home, s.away];
    if (st.kind === 'zq') {
      if (s.type === StatType.CORNER) st.corner = p;
      else if (s.type === StatType.YELLOW) st.yellow = p;
      else if (s.type === StatType.RED) st.red = p;
      else if (s.type === StatType.ATTACKS) st.attacks = p;
      else if (s.type === StatType.DANGEROUS_ATTACKS) st.danger = p;
      else if (s.type === StatType.POSSESSION) st.poss = p;
      else if (s.type === StatType.SHOTS_ON_TARGET) st.onTarget = p;
      else if (s.type === StatType.SHOTS) st.shots = p;
    } else {
      const k = BOX[s.type];
      if (k) st.box[k] = p;
    }
  }
  // Shots off target are a stat of their own at most providers: shots = on + off.
  if (st.kind === 'zq') {
    const off = u.stats.find((s) => s.type === StatType.SHOTS_OFF_TARGET);
    if (off && !u.stats.some((s) => s.type === StatType.SHOTS))
      st.shots = [st.onTarget[0] + off.home, st.onTarget[1] + off.away];
  }
  out.statsChanged.add(m.id);
  return true;
}
