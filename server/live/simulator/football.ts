/**
 * Football: walks a match through its statuses minute by minute. Every draw is keyed by
 * (seed, match, phase, minute), so the same clock gives the same match however often it ticks.
 * Goals, cards and corners only happen while the ball is in play (status 2, 4, 5).
 */
import { TEAM_BY_ID } from '../../seed/leagues';
import { rngFor, type Rng } from '../../seed/rng';
import { FootballStatus as S, type Pair, type Side } from '../../../workers/protocol/index';
import type { Fixture } from './fixtures';
import {
  callOffBeforeStart,
  emitIncident,
  emitText,
  moveOdds,
  playerOf,
  sideIndex,
  stampMinute,
  teamName,
} from './emit';
import type { FootballState, SimContext, SimMatch } from './sim-types';

const STEP_S = 60;
const HALF_TIME_S = 15 * 60;
const PENALTIES_S = 10 * 60;
/** An interrupted match is abandoned this long after it stopped. */
const INTERRUPT_S = 30 * 60;

export function newFootballState(seed: number, f: Fixture): FootballState {
  const r = rngFor(seed, 'plan', f.id);
  return {
    kind: 'zq',
    fate: f.fate,
    phaseStart: 0,
    steps: 0,
    seq: 0,
    odds: {},
    // A knockout tie's deciding match (the calendar says which); a league-phase match ends at 90'.
    cup: f.carried !== undefined,
    ...(f.carried && (f.carried[0] > 0 || f.carried[1] > 0) ? { carried: [f.carried[0], f.carried[1]] } : {}),
    stoppage: [r.int(1, 4), r.int(2, 6), r.int(1, 3)],
    fateMinute: r.int(55, 85),
    half: null,
    red: [0, 0],
    yellow: [0, 0],
    corner: [0, 0],
    attacks: [0, 0],
    danger: [0, 0],
    shots: [0, 0],
    onTarget: [0, 0],
    poss: [0, 0],
    pen: null,
    players: [],
  };
}

/** Base minute and length (minutes of play) of the phase a playing status stands for. */
function phaseOf(st: FootballState, s: number): { base: number; minutes: number } {
  if (s === S.FIRST_HALF) return { base: 0, minutes: 45 + st.stoppage[0] };
  if (s === S.SECOND_HALF) return { base: 45, minutes: 45 + st.stoppage[1] };
  return { base: 90, minutes: 30 + st.stoppage[2] };
}

/**
 * Match minute right now (for dev events and the live minute). Whole minutes since the half
 * started, at least 1: the same rule as the minute the app shows in the header (spec §4), so an
 * event reads 第5分钟 when the header says 5'.
 */
export function footballMinute(m: SimMatch, nowMs: number, speed: number): number {
  const st = m.st as FootballState;
  if (m.status === S.HALF_TIME) return 45;
  if (m.status === S.PENALTIES) return 120;
  if (m.status !== S.FIRST_HALF && m.status !== S.SECOND_HALF && m.status !== S.EXTRA_TIME)
    return m.status === S.FINISHED ? 90 : 0;
  const elapsed = Math.max(0, ((nowMs - st.phaseStart) * speed) / 1000);
  const { base, minutes } = phaseOf(st, m.status);
  return base + Math.min(minutes, Math.max(1, Math.floor(elapsed / 60)));
}

export const minuteLabel = (minute: number, status: number): string => {
  const stamp = stampMinute(minute, status);
  return stamp.stoppage > 0 ? `${stamp.minute}+${stamp.stoppage}` : String(minute);
};

const remainingShare = (minute: number): number => Math.max(0.02, (90 - Math.min(minute, 89)) / 90);

/** The minute a status change is reported at. */
function stateMinute(prev: number, next: number, minute: number): number {
  if (next === S.FIRST_HALF) return 0;
  if (next === S.HALF_TIME || next === S.SECOND_HALF) return 45;
  if (next === S.EXTRA_TIME) return 90;
  if (next === S.PENALTIES) return 120;
  if (next === S.FINISHED) return prev === S.EXTRA_TIME || prev === S.PENALTIES ? 120 : 90;
  return minute;
}

function setStatus(ctx: SimContext, m: SimMatch, status: number, at: number, text: string, minute = 0): void {
  const prev = m.status;
  m.status = status;
  ctx.out.changed.add(m.id);
  emitIncident(ctx, m, {
    type: 'state',
    side: null,
    minute: stateMinute(prev, status, minute),
    text,
    state: status,
    at,
  });
}

/** Applies one in-play event (simulated or dev) for a side at a minute. */
export function footballEvent(
  ctx: SimContext,
  m: SimMatch,
  kind: 'goal' | 'yellow' | 'red' | 'corner',
  side: Side,
  minute: number,
  at: number,
  r: Rng,
  label: string,
): void {
  const st = m.st as FootballState;
  const i = sideIndex(side);
  const team = teamName(m, side);
  ctx.out.changed.add(m.id);
  ctx.out.statsChanged.add(m.id);
  if (kind === 'corner') {
    st.corner[i]++;
    // Caught-up history keeps corners as counts only (they are most of the incidents); the
    // seq still advances so ids stay those of a full run.
    if (!ctx.history) {
      st.seq += 2;
      return;
    }
    emitIncident(ctx, m, { type: 'corner', side, minute, text: `第${label}分钟 ${team} 获得角球`, state: null, at });
    return;
  }
  const player = playerOf(ctx.seed, m, side, r, kind === 'goal' ? 'attack' : 'any');
  if (kind === 'goal') {
    m.score[i]++;
    st.onTarget[i]++;
    st.shots[i] = Math.max(st.shots[i] + 1, st.onTarget[i]);
    st.players.push([player.id, i as 0 | 1, minute, 'goal']);
    emitIncident(ctx, m, {
      type: 'goal',
      side,
      minute,
      text: `第${label}分钟 ${team} ${player.name} 进球！比分 ${m.score[0]}-${m.score[1]}`,
      state: null,
      at,
    });
    for (const type of [1, 2, 3] as const)
      for (const companyId of [1, 2, 3, 4, 5, 6, 7, 8])
        moveOdds(ctx, m, type, companyId, remainingShare(minute), `g${st.seq}`, at);
    return;
  }
  // A second yellow is a sending-off: the player leaves the pitch like a straight red.
  const secondYellow = kind === 'yellow' && st.players.some(([id, , , k]) => id === player.id && k === 'yellow');
  const card = kind === 'yellow' && !secondYellow ? 'yellow' : 'red';
  st[card][i]++;
  st.players.push([player.id, i as 0 | 1, minute, card]);
  const what = card === 'yellow' ? '领到黄牌' : secondYellow ? '两黄变一红被罚下' : '被红牌罚下';
  emitIncident(ctx, m, {
    type: card,
    side,
    minute,
    text: `第${label}分钟 ${team} ${player.name} ${what}`,
    state: null,
    at,
  });
  if (card === 'red')
    for (const companyId of [1, 2, 3, 4, 5, 6, 7, 8])
      moveOdds(ctx, m, 2, companyId, remainingShare(minute), `r${st.seq}`, at);
}

const FLAVOUR = [
  (t: string) => `${t}在中场耐心倒脚，控制比赛节奏`,
  (t: string) => `${t}右路传中，被对方后卫头球解围`,
  (t: string, p: string) => `${t} ${p} 禁区外远射，皮球稍稍偏出`,
  (t: string) => `${t}连续压上，形成一波危险进攻`,
  (t: string, p: string) => `${p}突破时被放倒，${t}获得前场任意球`,
  (t: string) => `${t}由守转攻，快速反击被对方犯规阻止`,
  (t: string, p: string) => `${t} ${p} 的直塞球稍稍偏大，门将出击没收`,
  (t: string) => `${t}在后场组织进攻，对手高位逼抢`,
];

/** One minute of play: stats move, and maybe a goal, card, corner or a text line. */
function playMinute(
  ctx: SimContext,
  m: SimMatch,
  phaseKey: number,
  step: number,
  minute: number,
  label: string,
  at: number,
): void {
  const st = m.st as FootballState;
  const r = rngFor(ctx.seed, m.id, 'min', phaseKey, step);
  const home = TEAM_BY_ID.get(m.homeId)!;
  const away = TEAM_BY_ID.get(m.awayId)!;
  const redAdj: Pair = [1 - st.red[0] * 0.15, 1 - st.red[1] * 0.15];
  const wH = (home.strength + 6) * redAdj[0];
  const wA = away.strength * redAdj[1];
  const share: Pair = [wH / (wH + wA), wA / (wH + wA)];
  for (const i of [0, 1] as const) {
    const side: Side = i === 0 ? 'home' : 'away';
    st.poss[i] += Math.round(share[i] * 100 + (r.next() - 0.5) * 30);
    st.attacks[i] += r.poisson(1.05 * 2 * share[i]);
    st.danger[i] += r.poisson(0.5 * 2 * share[i]);
    if (r.chance(0.12 * 2 * share[i])) {
      st.shots[i]++;
      if (r.chance(0.38)) st.onTarget[i]++;
    }
    if (r.chance(0.0155 * 2 * share[i])) footballEvent(ctx, m, 'goal', side, minute, at, r, label);
    if (r.chance(0.055 * 2 * share[i])) footballEvent(ctx, m, 'corner', side, minute, at, r, label);
    if (r.chance(0.021)) footballEvent(ctx, m, 'yellow', side, minute, at, r, label);
    if (r.chance(0.0011)) footballEvent(ctx, m, 'red', side, minute, at, r, label);
  }
  ctx.out.statsChanged.add(m.id);
  if (r.chance(0.22)) {
    const side: Side = r.chance(share[0]) ? 'home' : 'away';
    const line = r.pick(FLAVOUR)(teamName(m, side), playerOf(ctx.seed, m, side, r, 'any').name);
    emitText(ctx, m, minute, `第${label}分钟 ${line}`, 'text', at);
  }
  if (r.chance(0.3)) {
    const type = r.pick([1, 2, 3] as const);
    moveOdds(ctx, m, type, r.int(1, 8), remainingShare(minute), `m${phaseKey}-${step}`, at);
  }
}

function shootout(seed: number, id: number): Pair {
  const r = rngFor(seed, id, 'pens');
  const pen: Pair = [0, 0];
  for (let k = 0; k < 5; k++) for (const i of [0, 1] as const) if (r.chance(0.76)) pen[i]++;
  while (pen[0] === pen[1]) {
    const a = r.chance(0.72) ? 1 : 0;
    const b = r.chance(0.72) ? 1 : 0;
    pen[0] += a;
    pen[1] += b;
  }
  return pen;
}

/** Level on the day, or on aggregate in a second leg. */
const level = (st: FootballState, score: Pair): boolean =>
  score[0] + (st.carried?.[0] ?? 0) === score[1] + (st.carried?.[1] ?? 0);

/** '常规时间战平 1-1', or in a second leg '常规时间结束，两回合总比分 3-3'. */
function aggregateText(st: FootballState, score: Pair, period: '常规时间' | '加时赛'): string {
  if (st.carried) return `${period}结束，两回合总比分 ${score[0] + st.carried[0]}-${score[1] + st.carried[1]}`;
  return `${period === '常规时间' ? '常规时间战平' : '加时赛结束仍为'} ${score[0]}-${score[1]}`;
}

/** Advances a football match to `nowMs`. */
export function advanceFootball(ctx: SimContext, m: SimMatch, nowMs: number): void {
  const st = m.st as FootballState;
  const msPer = (s: number): number => (s * 1000) / ctx.speed;
  const home = teamName(m, 'home');
  const away = teamName(m, 'away');
  for (let guard = 0; guard < 20; guard++) {
    const s = m.status;
    const elapsed = ((nowMs - st.phaseStart) * ctx.speed) / 1000;
    if (s === S.NOT_STARTED || s === S.TBD) {
      const otMs = m.ot * 1000;
      const calledOff = callOffBeforeStart(st.fate, otMs, nowMs, (postponed, at) =>
        setStatus(
          ctx,
          m,
          postponed ? S.POSTPONED : S.CANCELLED,
          at,
          `${home} vs ${away} 比赛${postponed ? '推迟' : '取消'}`,
        ),
      );
      if (calledOff) return;
      if (nowMs < otMs) return;
      st.phaseStart = otMs;
      st.steps = 0;
      setStatus(ctx, m, S.FIRST_HALF, otMs, `比赛开始，${home} 主场迎战 ${away}`);
      continue;
    }
    if (s === S.FIRST_HALF || s === S.SECOND_HALF || s === S.EXTRA_TIME) {
      const { base, minutes } = phaseOf(st, s);
      while (st.steps < minutes && (st.steps + 1) * STEP_S <= elapsed) {
        const minute = base + st.steps + 1;
        const at = st.phaseStart + msPer((st.steps + 1) * STEP_S);
        if (s === S.SECOND_HALF && st.fate === 'interrupted' && minute >= st.fateMinute) {
          st.phaseStart = at;
          st.steps = 0;
          setStatus(ctx, m, S.INTERRUPTED, at, `第${minute}分钟 比赛因故中断`, minute);
          break;
        }
        playMinute(ctx, m, s, st.steps, minute, minuteLabel(minute, s), at);
        st.steps++;
      }
      if (m.status !== s) continue;
      if (st.steps < minutes) return;
      const at = st.phaseStart + msPer(minutes * STEP_S);
      st.phaseStart = at;
      st.steps = 0;
      if (s === S.FIRST_HALF) {
        st.half = [m.score[0], m.score[1]];
        setStatus(ctx, m, S.HALF_TIME, at, `上半场结束，比分 ${m.score[0]}-${m.score[1]}`);
      } else if (s === S.SECOND_HALF && st.cup && level(st, m.score)) {
        setStatus(ctx, m, S.EXTRA_TIME, at, `${aggregateText(st, m.score, '常规时间')}，进入加时赛`);
      } else if (s === S.EXTRA_TIME && level(st, m.score)) {
        setStatus(ctx, m, S.PENALTIES, at, `${aggregateText(st, m.score, '加时赛')}，进入点球大战`);
      } else {
        setStatus(ctx, m, S.FINISHED, at, `全场比赛结束，最终比分 ${m.score[0]}-${m.score[1]}`);
        return;
      }
      continue;
    }
    if (s === S.HALF_TIME) {
      if (elapsed < HALF_TIME_S) return;
      st.phaseStart += msPer(HALF_TIME_S);
      st.steps = 0;
      setStatus(ctx, m, S.SECOND_HALF, st.phaseStart, '下半场比赛开始');
      continue;
    }
    if (s === S.PENALTIES) {
      if (elapsed < PENALTIES_S) return;
      const at = st.phaseStart + msPer(PENALTIES_S);
      st.pen = st.pen ?? shootout(ctx.seed, m.id);
      const winner = st.pen[0] > st.pen[1] ? home : away;
      st.phaseStart = at;
      setStatus(ctx, m, S.FINISHED, at, `点球大战 ${st.pen[0]}-${st.pen[1]}，${winner} 晋级`);
      return;
    }
    if (s === S.INTERRUPTED) {
      if (elapsed < INTERRUPT_S) return;
      const at = st.phaseStart + msPer(INTERRUPT_S);
      setStatus(ctx, m, S.ABANDONED, at, '比赛无法继续，宣布腰斩');
      return;
    }
    return;
  }
}

/** Dev control: moves the status now (the caller checked it is a legal move). */
export function forceFootballStatus(ctx: SimContext, m: SimMatch, to: number, nowMs: number): void {
  const st = m.st as FootballState;
  const minute = footballMinute(m, nowMs, ctx.speed);
  const home = teamName(m, 'home');
  const away = teamName(m, 'away');
  if (to >= S.HALF_TIME && to <= S.FINISHED && st.half === null) st.half = [m.score[0], m.score[1]];
  if (to === S.FINISHED && m.status === S.PENALTIES) st.pen = st.pen ?? shootout(ctx.seed, m.id);
  st.phaseStart = nowMs;
  st.steps = 0;
  const text: Record<number, string> = {
    [S.FIRST_HALF]: `比赛开始，${home} 主场迎战 ${away}`,
    [S.HALF_TIME]: `上半场结束，比分 ${m.score[0]}-${m.score[1]}`,
    [S.SECOND_HALF]: '下半场比赛开始',
    [S.EXTRA_TIME]: '进入加时赛',
    [S.PENALTIES]: '进入点球大战',
    [S.FINISHED]: `全场比赛结束，最终比分 ${m.score[0]}-${m.score[1]}`,
    [S.POSTPONED]: `${home} vs ${away} 比赛推迟`,
    [S.INTERRUPTED]: '比赛因故中断',
    [S.ABANDONED]: '比赛无法继续，宣布腰斩',
    [S.CANCELLED]: `${home} vs ${away} 比赛取消`,
    [S.TBD]: '比赛时间待定',
  };
  setStatus(ctx, m, to, nowMs, text[to] ?? '比赛状态更新', minute);
}
