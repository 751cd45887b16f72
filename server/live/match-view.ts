/**
 * Turns stored simulator state into the wire shapes of workers/protocol/live.ts (lists, socket
 * events, detail). Shared by the feed (publishing) and the REST routes (reading).
 */
import { leagueView, teamNameOf } from './catalogue';
import { crestPath } from '../seed/crest';
import type {
  BasketballMatch,
  BasketballPlayerLine,
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
import type { BasketballState, FootballState, LiveMatch } from './model';

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

export function toMatch(m: LiveMatch, clock: ViewClock, ranks: RankOf): Match {
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

type Line = BasketballPlayerLine;
/** Each team figure as a player line gives it (undefined: that line does not give it). */
const LINE_FIGURES: Array<[number, (l: Line) => number | undefined]> = [
  [BasketballStatType.FIELD_GOALS_MADE, (l) => l.fg?.[0]],
  [BasketballStatType.FIELD_GOALS_ATTEMPTED, (l) => l.fg?.[1]],
  [BasketballStatType.THREES_MADE, (l) => l.tp?.[0]],
  [BasketballStatType.THREES_ATTEMPTED, (l) => l.tp?.[1]],
  [BasketballStatType.FREE_THROWS_MADE, (l) => l.ft?.[0]],
  [BasketballStatType.FREE_THROWS_ATTEMPTED, (l) => l.ft?.[1]],
  [BasketballStatType.REBOUNDS, (l) => l.rebounds],
  [BasketballStatType.ASSISTS, (l) => l.assists],
  [BasketballStatType.STEALS, (l) => l.steals],
  [BasketballStatType.BLOCKS, (l) => l.blocks],
  [BasketballStatType.TURNOVERS, (l) => l.turnovers],
  [BasketballStatType.FOULS, (l) => l.fouls],
];

/**
 * A provider game's team figures summed from its box score: only the figures its lines give
 * (API-Basketball has no per-player steals, blocks, turnovers or fouls: those rows are left out
 * rather than shown as 0).
 */
function teamStatsFromLines(lines: { home: Line[]; away: Line[] }): StatEntry[] {
  const sum = (side: Line[], get: (l: Line) => number | undefined) => {
    const given = side.map(get).filter((v): v is number => v !== undefined);
    return given.length ? given.reduce((a, b) => a + b, 0) : null;
  };
  const rows: StatEntry[] = [];
  for (const [type, get] of LINE_FIGURES) {
    const home = sum(lines.home, get);
    const away = sum(lines.away, get);
    if (home !== null || away !== null) rows.push({ type, home: home ?? 0, away: away ?? 0 });
  }
  return rows;
}

/**
 * Basketball team statistics as StatEntry rows (BasketballStatType). A provider's game shows the
 * team figures the provider sent; failing those, the sums of its box score; failing both,
 * nothing (the tab says so) rather than a row of zeros the provider never sent.
 */
export function basketballStats(st: BasketballState): StatEntry[] {
  if (st.src && st.src.rev.stats === undefined) {
    const lines = st.lines;
    return lines && lines.home.length + lines.away.length > 0 ? teamStatsFromLines(lines) : [];
  }
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
