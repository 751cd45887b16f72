/**
 * Turns stored simulator state into the wire shapes of workers/protocol/live.ts (lists, socket
 * events, detail). Shared by the feed (publishing) and the REST routes (reading).
 */
import { leagueView, teamNameOf } from './catalogue';
import { crestPath } from '../seed/crest';
import type {
  BasketballMatch,
  FootballMatch,
  FootballStatus,
  BasketballStatus,
  Match,
  Pair,
  StatEntry,
  TeamRef,
} from '../../workers/protocol/index';
import { BasketballStatType, StatType, isPlaying } from '../../workers/protocol/index';
import { basketballRemain } from './simulator/basketball';
import type { BasketballState, FootballState, SimMatch } from './simulator/sim-types';

/**
 * A team's rank in a match of a league, as its table shows it (server/facts/table-ranks.ts reads
 * them before the views are made: a view is built synchronously, in the publish path too).
 */
export type RankOf = (leagueId: number, teamId: number) => number | null;

export function teamRef(teamId: number, rank: number | null): TeamRef {
  return { id: teamId, name: teamNameOf(teamId), logo: crestPath(teamId), rank };
}

const copy = (p: Pair): Pair => [p[0], p[1]];

export interface ViewClock {
  seed: number;
  speed: number;
  now: number;
}

export function toMatch(m: SimMatch, clock: ViewClock, ranks: RankOf): Match {
  const league = leagueView(m.leagueId);
  const base = {
    id: m.id,
    li: m.leagueId,
    leagueName: league.name,
    leagueColor: league.color,
    leagueLetter: league.letter,
    ot: m.ot,
    home: teamRef(m.homeId, ranks(m.leagueId, m.homeId)),
    away: teamRef(m.awayId, ranks(m.leagueId, m.awayId)),
    score: copy(m.score),
    jc: m.jc,
    bd: m.bd,
    jx: m.jx,
    hot: m.hot,
    isShow: true,
    hasVideo: m.hasVideo,
  };
  if (m.st.kind === 'zq') {
    const st = m.st;
    const inHalf = isPlaying('zq', m.status);
    // Shifted so that (now - halfStart) is the match time played, also when FEED_SPEED ≠ 1.
    const halfStart = inHalf ? Math.floor((clock.now - (clock.now - st.phaseStart) * clock.speed) / 1000) : 0;
    const fm: FootballMatch = {
      ...base,
      sport: 'zq',
      s: m.status as FootballStatus,
      halfStart,
      half: st.half ? copy(st.half) : null,
      red: copy(st.red),
      yellow: copy(st.yellow),
      corner: copy(st.corner),
      pen: st.pen ? copy(st.pen) : null,
    };
    return fm;
  }
  const st = m.st as BasketballState;
  const bm: BasketballMatch = {
    ...base,
    sport: 'lq',
    s: m.status as BasketballStatus,
    type: m.type === 8 || m.type === 9 ? 0 : m.type,
    quarters: st.quarters.map(copy),
    remain: st.clock
      ? isPlaying('lq', m.status)
        ? Math.max(0, st.clock.remain - Math.floor((clock.now - st.clock.at) / 1000))
        : st.clock.remain
      : basketballRemain(m, clock.now, clock.speed),
  };
  return bm;
}

/** Football statistics of spec §3 (bars 2, 3, 4, 23, 24; pies 25 possession %, 21 on target, 70 shots). */
export function footballStats(st: FootballState): StatEntry[] {
  const possTotal = st.poss[0] + st.poss[1];
  const possHome = possTotal > 0 ? Math.round((st.poss[0] / possTotal) * 100) : 50;
  return [
    { type: StatType.CORNER, home: st.corner[0], away: st.corner[1] },
    { type: StatType.YELLOW, home: st.yellow[0], away: st.yellow[1] },
    { type: StatType.RED, home: st.red[0], away: st.red[1] },
    { type: StatType.ATTACKS, home: st.attacks[0], away: st.attacks[1] },
    { type: StatType.DANGEROUS_ATTACKS, home: st.danger[0], away: st.danger[1] },
    { type: StatType.POSSESSION, home: possHome, away: possTotal > 0 ? 100 - possHome : 50 },
    { type: StatType.SHOTS_ON_TARGET, home: st.onTarget[0], away: st.onTarget[1] },
    { type: StatType.SHOTS_OFF_TARGET, home: st.shots[0] - st.onTarget[0], away: st.shots[1] - st.onTarget[1] },
    { type: StatType.SHOTS, home: st.shots[0], away: st.shots[1] },
  ];
}

/** Basketball team statistics as StatEntry rows (BasketballStatType). */
export function basketballStats(st: BasketballState): StatEntry[] {
  const b = st.box;
  const T = BasketballStatType;
  const rows: Array<[number, Pair]> = [
    [T.FIELD_GOALS_MADE, b.fgm],
    [T.FIELD_GOALS_ATTEMPTED, b.fga],
    [T.THREES_MADE, b.tpm],
    [T.THREES_ATTEMPTED, b.tpa],
    [T.FREE_THROWS_MADE, b.ftm],
    [T.FREE_THROWS_ATTEMPTED, b.fta],
    [T.REBOUNDS, b.reb],
    [T.ASSISTS, b.ast],
    [T.STEALS, b.stl],
    [T.BLOCKS, b.blk],
    [T.TURNOVERS, b.tov],
    [T.FOULS, b.pf],
  ];
  return rows.map(([type, p]) => ({ type, home: p[0], away: p[1] }));
}
