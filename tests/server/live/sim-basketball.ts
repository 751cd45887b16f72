/**
 * A simulator basketball evening in each provider's documented formats (docs/providers/nami.md,
 * docs/providers/api-sports.md), for the basketball day replay (./sim-day-lq.test.ts). The state
 * each message carries is the simulator's list row of the game (status, quarters, clock), so the
 * providers say what the simulator's own screen says at that moment.
 */
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../../../server/seed/leagues';
import type { NamiSquad } from '../../../server/live/nami/lottery';
import type { BasketballMatch, LeagueTable, OddsBoard, Pair, SquadMember } from '../../../workers/protocol/index';
import { LEAGUE_OFFSET, TEAM_OFFSET } from './sim-apisports';

/** Q1–Q4 then every overtime summed: the one overtime slot both providers give. */
export const foldedQuarters = (q: readonly Pair[]): Pair[] =>
  q.length <= 4
    ? q.map((p) => [p[0], p[1]])
    : [...q.slice(0, 4), q.slice(4).reduce((s, p) => [s[0] + p[0], s[1] + p[1]], [0, 0])];

/** Points of each side per period in Nami's five slots (Q1–Q4, overtime). */
const fiveSlots = (q: readonly Pair[], side: 0 | 1): number[] => {
  const f = foldedQuarters(q);
  return [0, 1, 2, 3, 4].map((i) => f[i]?.[side] ?? 0);
};

/** Nami's basketball real-time entry: `{ id, score: [id, status_id, seconds left, home[5], away[5]] }`. */
export function namiBasketballEntry(m: BasketballMatch): unknown {
  return { id: m.id, score: [m.id, m.s, m.remain ?? 0, fiveSlots(m.quarters, 0), fiveSlots(m.quarters, 1)] };
}

/** A basketball diary entry (home_scores / away_scores are the five-slot point lists). */
export function namiBasketballDiary(m: BasketballMatch): Record<string, unknown> {
  return {
    id: m.id,
    season_id: m.li,
    competition_id: m.li,
    home_team_id: m.home.id,
    away_team_id: m.away.id,
    status_id: m.s,
    match_time: m.ot,
    neutral: 0,
    note: '',
    home_scores: fiveSlots(m.quarters, 0),
    away_scores: fiveSlots(m.quarters, 1),
    updated_at: m.ot,
  };
}

/** The table's rows in two groups, as a league split in conferences gives them (every team once). */
const groups = (t: LeagueTable) => [t.rows.filter((_, i) => i % 2 === 0), t.rows.filter((_, i) => i % 2 === 1)];

/** The simulator's basketball table as Nami's season table: one `tables` entry per group. */
export function namiBasketballTable(t: LeagueTable): unknown {
  return {
    promotions: [],
    tables: groups(t).map((rows, g) => ({
      id: g + 1,
      name: g === 0 ? '东部' : '西部',
      rows: rows.map((r, i) => ({
        team_id: r.teamId,
        position: i + 1,
        won: r.win,
        lost: r.loss,
        win_rate: r.played > 0 ? Math.round((1000 * r.win) / r.played) / 10 : 0,
        points_avg: r.played > 0 ? Math.round((10 * r.goalsFor) / r.played) / 10 : 0,
        points_against_avg: r.played > 0 ? Math.round((10 * r.goalsAgainst) / r.played) / 10 : 0,
      })),
    })),
  };
}

const API_SHORT: Readonly<Record<number, string>> = {
  1: 'NS',
  2: 'Q1',
  3: 'BT',
  4: 'Q2',
  5: 'HT',
  6: 'Q3',
  7: 'BT',
  8: 'Q4',
  9: 'OT',
  11: 'SUSP',
  12: 'CANC',
  13: 'POST',
  14: 'ABD',
};
const apiTeam = (id: number) => ({ id: id + TEAM_OFFSET, name: TEAM_BY_ID.get(id)!.name, logo: '' });

/** An API-Basketball `/games` row of the simulator game's current state. */
export function apiGame(m: BasketballMatch, season: string): unknown {
  const f = foldedQuarters(m.quarters);
  const side = (s: 0 | 1) => ({
    quarter_1: f[0]?.[s] ?? null,
    quarter_2: f[1]?.[s] ?? null,
    quarter_3: f[2]?.[s] ?? null,
    quarter_4: f[3]?.[s] ?? null,
    over_time: f[4]?.[s] ?? null,
    total: m.s >= 2 ? m.score[s] : null,
  });
  const short = m.s === 10 ? (m.quarters.length > 4 ? 'AOT' : 'FT') : (API_SHORT[m.s] ?? 'NS');
  return {
    id: m.id,
    date: new Date(m.ot * 1000).toISOString(),
    time: '',
    timestamp: m.ot,
    timezone: 'Asia/Shanghai',
    stage: null,
    week: null,
    status: { long: '', short, timer: m.remain === null ? null : String(Math.ceil(m.remain / 60)) },
    league: { id: m.li + LEAGUE_OFFSET, name: LEAGUE_BY_ID.get(m.li)!.name, type: 'League', season, logo: '' },
    country: { id: 1, name: '', code: '', flag: '' },
    teams: { home: apiTeam(m.home.id), away: apiTeam(m.away.id) },
    scores: { home: side(0), away: side(1) },
  };
}

/** The simulator's basketball table as API-Basketball `/standings`: one array per group. */
export function apiBasketballStandings(leagueId: number, season: string, t: LeagueTable): unknown[] {
  return groups(t).map((rows, g) =>
    rows.map((r, i) => ({
      position: i + 1,
      stage: 'Regular Season',
      group: { name: g === 0 ? 'Eastern Conference' : 'Western Conference', points: null },
      team: apiTeam(r.teamId),
      league: {
        id: leagueId + LEAGUE_OFFSET,
        name: LEAGUE_BY_ID.get(leagueId)!.name,
        type: 'League',
        season,
        logo: '',
      },
      country: { id: 1, name: '', code: '', flag: '' },
      games: {
        played: r.played,
        win: { total: r.win, percentage: r.played > 0 ? (r.win / r.played).toFixed(3) : '0.000' },
        lose: { total: r.loss, percentage: r.played > 0 ? (r.loss / r.played).toFixed(3) : '0.000' },
      },
      points: { for: r.goalsFor, against: r.goalsAgainst },
      form: '',
      description: null,
    })),
  );
}

/** The simulator's basketball boards as one bookmaker's API-Basketball `/odds` bets. */
export function apiBasketballOdds(id: number, boards: Record<1 | 2 | 3, OddsBoard>, update: string): unknown {
  const c = (b: OddsBoard) => b.companies[0]!.live;
  const dec = (w: number) => (Math.round((w + 1) * 100) / 100).toFixed(2);
  const sign = (x: number) => (x > 0 ? `+${x}` : `${x}`);
  const h = c(boards[1]);
  return {
    game: { id },
    update,
    bookmakers: [
      {
        id: 8,
        name: boards[2].companies[0]!.nameZh,
        bets: [
          {
            id: 2,
            name: 'Home/Away',
            values: [
              { value: 'Home', odd: c(boards[2]).left.toFixed(2) },
              { value: 'Away', odd: c(boards[2]).right.toFixed(2) },
            ],
          },
          {
            id: 3,
            name: 'Asian Handicap',
            values: [
              { value: `Home ${sign(-h.middle)}`, odd: dec(h.left) },
              { value: `Away ${sign(h.middle)}`, odd: dec(h.right) },
            ],
          },
          {
            id: 4,
            name: 'Over/Under',
            values: [
              { value: `Over ${c(boards[3]).middle}`, odd: dec(c(boards[3]).left) },
              { value: `Under ${c(boards[3]).middle}`, odd: dec(c(boards[3]).right) },
            ],
          },
        ],
      },
    ],
  };
}

const NAMI_PLACE: Readonly<Record<string, string>> = {
  控球后卫: 'PG',
  得分后卫: 'SG',
  小前锋: 'SF',
  大前锋: 'PF',
  中锋: 'C',
};
const API_LINE: Readonly<Record<string, string>> = {
  控球后卫: 'Guard',
  得分后卫: 'Guard',
  小前锋: 'Forward',
  大前锋: 'Forward',
  中锋: 'Center',
};
/** What API-Basketball's line (Guard / Forward / Center) shows as: 后卫 / 前锋 / 中锋. */
export const apiLineZh = (position: string): string =>
  ({ Guard: '后卫', Forward: '前锋', Center: '中锋' })[API_LINE[position] ?? ''] ?? position;

/** The simulator's squad as Nami's basketball squad-list entry of the team. */
export function namiBasketballSquad(teamId: number, squad: readonly SquadMember[]): NamiSquad {
  return {
    id: teamId,
    squad: squad.map((p) => ({
      player: { id: p.playerId, name: p.name, short_name: p.name, age: p.age },
      position: NAMI_PLACE[p.position] ?? 'F',
      shirt_number: p.number,
    })),
  };
}

/** The simulator's squad as API-Basketball `/players?team=&season=` (numbers come as strings). */
export function apiBasketballPlayers(squad: readonly SquadMember[]): unknown[] {
  return squad.map((p) => ({
    id: p.playerId,
    name: p.name,
    number: String(p.number),
    country: '',
    position: API_LINE[p.position] ?? 'Forward',
    age: p.age,
  }));
}

/** 竞彩篮球 SP of a game from the simulator's boards, as 获取竞彩比赛指数 lists it (decimal prices). */
export function namiJclq(m: BasketballMatch, issueNum: string, boards: Record<1 | 2 | 3, OddsBoard>): unknown {
  const c = (b: OddsBoard) => b.companies[0]!.live;
  const dec = (w: number) => (Math.round((w + 1) * 100) / 100).toFixed(2);
  return {
    id: 7_000_000 + m.id,
    comp: m.leagueName,
    home: m.home.name,
    away: m.away.name,
    short_comp: m.leagueName,
    short_home: m.home.name,
    short_away: m.away.name,
    issue_num: Number(issueNum),
    match_time: m.ot,
    sell_status: '2,2,2,1',
    sf: `${c(boards[2]).left.toFixed(2)},${c(boards[2]).right.toFixed(2)}`,
    rf: `${-c(boards[1]).middle},${dec(c(boards[1]).left)},${dec(c(boards[1]).right)}`,
    dxf: `${c(boards[3]).middle},${dec(c(boards[3]).left)},${dec(c(boards[3]).right)}`,
    sfc: '',
  };
}
