/**
 * Basketball: quarters (12 min NBA, 10 min FIBA) and breaks, a possession per side every 30
 * seconds of game clock. One step is one minute of real (× FEED_SPEED) time and 30 s of game
 * clock, so a quarter runs about twice its length, as in a real game. Quarter scores always add
 * up to the score.
 */
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../../seed/leagues';
import { rngFor } from '../../seed/rng';
import { BasketballStatus as S, type Pair, type Side } from '../../../workers/protocol/index';
import type { Fixture } from './fixtures';
import { callOffBeforeStart, emitIncident, emitText, moveOdds, playerOf, sideIndex, teamName } from './emit';
import type { BasketballState, SimContext, SimMatch } from './sim-types';

const STEP_S = 60;
const GAME_S_PER_STEP = 30;
/** Range of real seconds per step: 30 s of running clock plus 18–48 s of stoppages. */
const STEP_MIN_S = 48;
const STEP_MAX_S = 78;
const SHORT_BREAK_S = 2 * 60;
const HALF_BREAK_S = 15 * 60;
const INTERRUPT_S = 30 * 60;
const OT_MIN = 5;

const pair = (): Pair => [0, 0];

export function newBasketballState(seed: number, f: Fixture): BasketballState {
  const r = rngFor(seed, 'plan', f.id);
  const quarterMin = LEAGUE_BY_ID.get(f.leagueId)?.quarterMin ?? 10;
  return {
    kind: 'lq',
    fate: f.fate,
    phaseStart: 0,
    steps: 0,
    seq: 0,
    odds: {},
    quarterMin,
    period: 0,
    quarters: [],
    box: {
      fgm: pair(),
      fga: pair(),
      tpm: pair(),
      tpa: pair(),
      ftm: pair(),
      fta: pair(),
      reb: pair(),
      ast: pair(),
      stl: pair(),
      blk: pair(),
      tov: pair(),
      pf: pair(),
    },
    players: {},
    fateStep: r.int(4, quarterMin * 2 - 2),
  };
}

const periodMinutes = (st: BasketballState): number => (st.period <= 4 ? st.quarterMin : OT_MIN);
const playingStatus = (period: number): number => (period <= 4 ? [0, S.Q1, S.Q2, S.Q3, S.Q4][period]! : S.OVERTIME);
export const periodName = (period: number): string =>
  period <= 4 ? `第${'一二三四'[period - 1]}节` : `加时${period - 4 > 1 ? period - 4 : ''}`;

/** Real seconds per step of this period (see BasketballState.stepS). */
const stepSeconds = (st: BasketballState): number => st.stepS ?? STEP_S;

/** Seconds left on the game clock, null between periods. */
export function basketballRemain(m: SimMatch, nowMs: number, speed: number): number | null {
  const st = m.st as BasketballState;
  if (m.status !== playingStatus(st.period) || st.period === 0) return null;
  const elapsed = Math.max(0, ((nowMs - st.phaseStart) * speed) / 1000);
  const stepS = stepSeconds(st);
  const full = Math.floor(elapsed / stepS);
  // Within a step the clock runs for its 30 game seconds first, then stops until the next one.
  const run = full * GAME_S_PER_STEP + Math.min(GAME_S_PER_STEP, elapsed - full * stepS);
  return Math.max(0, periodMinutes(st) * 60 - Math.floor(run));
}

function setStatus(ctx: SimContext, m: SimMatch, status: number, at: number, text: string): void {
  m.status = status;
  ctx.out.changed.add(m.id);
  emitIncident(ctx, m, {
    type: 'state',
    side: null,
    minute: (m.st as BasketballState).period,
    text,
    state: status,
    at,
  });
}

/** Adds points for a side to the current period (simulated or dev). */
export function basketballPoints(ctx: SimContext, m: SimMatch, side: Side, points: number): void {
  const st = m.st as BasketballState;
  const i = sideIndex(side);
  const q = st.quarters[st.period - 1]!;
  q[i] += points;
  m.score[i] += points;
  ctx.out.changed.add(m.id);
  ctx.out.statsChanged.add(m.id);
}

function playStep(ctx: SimContext, m: SimMatch, at: number): void {
  const st = m.st as BasketballState;
  const r = rngFor(ctx.seed, m.id, 'poss', st.period, st.steps);
  const str: Pair = [TEAM_BY_ID.get(m.homeId)!.strength + 3, TEAM_BY_ID.get(m.awayId)!.strength];
  const b = st.box;
  const lines: string[] = [];
  for (const i of [0, 1] as const) {
    const side: Side = i === 0 ? 'home' : 'away';
    const edge = (str[i] - str[1 - i]!) / 400;
    const shooter = playerOf(ctx.seed, m, side, r, 'attack');
    const ps = (st.players[shooter.id] ??= [0, 0, 0]);
    const x = r.next();
    let pts = 0;
    let what = '';
    if (x < 0.07) {
      b.tov[i]++;
      b.stl[1 - i]!++;
      if (r.chance(0.3)) what = `${shooter.name} 失误，球权交换`;
    } else if (x < 0.15) {
      b.fta[i] += 2;
      const made = (r.chance(0.78) ? 1 : 0) + (r.chance(0.78) ? 1 : 0);
      b.ftm[i] += made;
      b.pf[1 - i]!++;
      pts = made;
      if (made > 0) what = `${shooter.name} 罚球 2 罚 ${made} 中`;
    } else if (x < 0.47) {
      b.fga[i]++;
      if (r.chance(0.52 + edge)) {
        b.fgm[i]++;
        pts = 2;
        what = r.pick([
          `${shooter.name} 突破上篮得手`,
          `${shooter.name} 中距离跳投命中`,
          `${shooter.name} 篮下强攻得分`,
          `${shooter.name} 空中接力扣篮`,
        ]);
      } else {
        b.reb[1 - i]!++;
        if (r.chance(0.12)) b.blk[1 - i]!++;
      }
    } else {
      b.fga[i]++;
      b.tpa[i]++;
      if (r.chance(0.36 + edge)) {
        b.fgm[i]++;
        b.tpm[i]++;
        pts = 3;
        what = `${shooter.name} 三分命中`;
      } else {
        b.reb[r.chance(0.75) ? 1 - i : i]!++;
      }
    }
    if (pts >= 2 && r.chance(0.6)) {
      b.ast[i]++;
      const passer = playerOf(ctx.seed, m, side, r, 'any');
      if (passer.id !== shooter.id) (st.players[passer.id] ??= [0, 0, 0])[2]++;
    }
    if (r.chance(0.35)) {
      const rebounder = playerOf(ctx.seed, m, side, r, 'any');
      (st.players[rebounder.id] ??= [0, 0, 0])[1]++;
    }
    ps[0] += pts;
    if (pts > 0) basketballPoints(ctx, m, side, pts);
    // The score is read at the play: a later play of the same step must not show in it.
    if (what && r.chance(0.45)) lines.push(`${teamName(m, side)} ${what}，比分 ${m.score[0]}-${m.score[1]}`);
  }
  ctx.out.statsChanged.add(m.id);
  ctx.out.changed.add(m.id);
  const clock = periodMinutes(st) * 60 - (st.steps + 1) * GAME_S_PER_STEP;
  const mmss = `${String(Math.floor(clock / 60)).padStart(2, '0')}:${String(clock % 60).padStart(2, '0')}`;
  for (const line of lines) emitText(ctx, m, st.period, `${periodName(st.period)} ${mmss} ${line}`, 'text', at);
  if (r.chance(0.3))
    moveOdds(ctx, m, r.pick([1, 2, 3] as const), r.int(1, 8), remaining(st), `p${st.period}-${st.steps}`, at);
}

function remaining(st: BasketballState): number {
  const total = st.quarterMin * 4 * 60;
  const played = Math.min(total, (Math.min(st.period, 4) - 1) * st.quarterMin * 60 + (st.steps + 1) * GAME_S_PER_STEP);
  return Math.max(0.02, (total - played) / total);
}

function startPeriod(ctx: SimContext, m: SimMatch, at: number): void {
  const st = m.st as BasketballState;
  st.period++;
  st.quarters.push([0, 0]);
  st.phaseStart = at;
  st.steps = 0;
  st.stepS = rngFor(ctx.seed, m.id, 'pace', st.period).int(STEP_MIN_S, STEP_MAX_S);
  setStatus(
    ctx,
    m,
    playingStatus(st.period),
    at,
    st.period === 1
      ? `比赛开始，${teamName(m, 'home')} 主场迎战 ${teamName(m, 'away')}`
      : `${periodName(st.period)}开始`,
  );
}

export function advanceBasketball(ctx: SimContext, m: SimMatch, nowMs: number): void {
  const st = m.st as BasketballState;
  const msPer = (s: number): number => (s * 1000) / ctx.speed;
  for (let guard = 0; guard < 30; guard++) {
    const s = m.status;
    const elapsed = ((nowMs - st.phaseStart) * ctx.speed) / 1000;
    if (s === S.NOT_STARTED || s === S.TBD) {
      const otMs = m.ot * 1000;
      const calledOff = callOffBeforeStart(st.fate, otMs, nowMs, (postponed, at) =>
        setStatus(ctx, m, postponed ? S.POSTPONED : S.CANCELLED, at, postponed ? '比赛推迟' : '比赛取消'),
      );
      if (calledOff) return;
      if (nowMs < otMs) return;
      startPeriod(ctx, m, otMs);
      continue;
    }
    if (s === playingStatus(st.period) && st.period > 0) {
      const steps = periodMinutes(st) * 2;
      const stepS = stepSeconds(st);
      while (st.steps < steps && (st.steps + 1) * stepS <= elapsed) {
        const at = st.phaseStart + msPer((st.steps + 1) * stepS);
        if (st.period === 3 && st.fate === 'interrupted' && st.steps >= st.fateStep) {
          st.phaseStart = at;
          setStatus(ctx, m, S.INTERRUPTED, at, '比赛因故中断');
          break;
        }
        playStep(ctx, m, at);
        st.steps++;
      }
      if (m.status !== s) continue;
      if (st.steps < steps) return;
      const at = st.phaseStart + msPer(steps * stepS);
      st.phaseStart = at;
      st.steps = 0;
      const q = st.quarters[st.period - 1]!;
      const summary = `${periodName(st.period)}结束，本节 ${q[0]}-${q[1]}，总比分 ${m.score[0]}-${m.score[1]}`;
      if (st.period === 1) setStatus(ctx, m, S.Q1_END, at, summary);
      else if (st.period === 2) setStatus(ctx, m, S.HALF_TIME, at, summary);
      else if (st.period === 3) setStatus(ctx, m, S.Q3_END, at, summary);
      else if (m.score[0] === m.score[1]) {
        emitText(ctx, m, st.period, `${summary}，双方战平进入加时`, 'text', at);
        startPeriod(ctx, m, at);
      } else {
        setStatus(ctx, m, S.FINISHED, at, `全场比赛结束，最终比分 ${m.score[0]}-${m.score[1]}`);
        return;
      }
      continue;
    }
    if (s === S.Q1_END || s === S.HALF_TIME || s === S.Q3_END) {
      const pause = s === S.HALF_TIME ? HALF_BREAK_S : SHORT_BREAK_S;
      if (elapsed < pause) return;
      startPeriod(ctx, m, st.phaseStart + msPer(pause));
      continue;
    }
    if (s === S.INTERRUPTED) {
      if (elapsed < INTERRUPT_S) return;
      setStatus(ctx, m, S.ABANDONED, st.phaseStart + msPer(INTERRUPT_S), '比赛无法继续，宣布取消剩余赛程');
      return;
    }
    return;
  }
}

/** Dev control: moves the status now (the caller checked it is a legal move). */
export function forceBasketballStatus(ctx: SimContext, m: SimMatch, to: number, nowMs: number): void {
  const st = m.st as BasketballState;
  const targetPeriod =
    to === S.Q1
      ? 1
      : to === S.Q2
        ? 2
        : to === S.Q3
          ? 3
          : to === S.Q4
            ? 4
            : to === S.OVERTIME
              ? Math.max(5, st.period + 1)
              : 0;
  if (targetPeriod > 0) {
    while (st.period < targetPeriod - 1) {
      st.period++;
      st.quarters.push([0, 0]);
    }
    startPeriod(ctx, m, nowMs);
    return;
  }
  st.phaseStart = nowMs;
  st.steps = 0;
  const text: Record<number, string> = {
    3: '第一节结束',
    5: '上半场结束',
    7: '第三节结束',
    10: `全场比赛结束，最终比分 ${m.score[0]}-${m.score[1]}`,
    11: '比赛因故中断',
    12: '比赛取消',
    13: '比赛推迟',
    14: '比赛无法继续，宣布取消剩余赛程',
    15: '比赛时间待定',
  };
  // A break status closes the period it follows: make sure that period exists.
  const breakAfter = to === S.Q1_END ? 1 : to === S.HALF_TIME ? 2 : to === S.Q3_END ? 3 : 0;
  while (st.period < breakAfter) {
    st.period++;
    st.quarters.push([0, 0]);
  }
  setStatus(ctx, m, to, nowMs, text[to] ?? '比赛状态更新');
}
