/**
 * A simulator match day as API-Football v3 answers it (docs/providers/api-sports.md), for the
 * match-day replay through the api-sports adapter: the current state of the simulator's fixtures
 * as `/fixtures` rows, their incidents as `/fixtures/events`, their stats as
 * `/fixtures/statistics`, and before kick-off their odds, lineups and league table. Provider ids
 * are the simulator's plus an offset (so none is one the names table seeds for a real club); the
 * names given are the seed's Chinese ones, which the names table shows as they come.
 */
import type { FootballState, IncidentRow, LiveMatch } from '../../../server/live/model';
import { squad } from '../../../server/live/simulator/squads';
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../../../server/seed/leagues';
import type { LeagueTable, Lineup, OddsBoard } from '../../../workers/protocol/index';

/** Provider id of a simulator team or league. */
export const TEAM_OFFSET = 5_000_000;
export const LEAGUE_OFFSET = 900_000;

const SHORT: Readonly<Record<number, string>> = {
  1: 'NS',
  2: '1H',
  3: 'HT',
  4: '2H',
  5: 'ET',
  7: 'P',
  8: 'FT',
  9: 'PST',
  10: 'INT',
  11: 'ABD',
  12: 'CANC',
  13: 'TBD',
};
const team = (id: number) => ({ id: id + TEAM_OFFSET, name: TEAM_BY_ID.get(id)!.name, logo: '' });

export class ApiDay {
  /** Unix s each fixture's halves started, as seen so far. */
  private periods = new Map<number, { first: number | null; second: number | null }>();
  private incidents = new Map<number, Map<string, IncidentRow>>();

  constructor(
    private readonly seed: number,
    private readonly season: number,
  ) {}

  /** Takes in a recorded step's incidents (latest version by id). */
  record(rows: readonly IncidentRow[]): void {
    for (const i of rows) {
      if (!this.incidents.has(i.matchId)) this.incidents.set(i.matchId, new Map());
      this.incidents.get(i.matchId)!.set(i.id, i);
    }
  }

  /** A `/fixtures` row of the simulator match's current state. */
  fixture(m: LiveMatch): unknown {
    const st = m.st as FootballState;
    const p = this.periods.get(m.id) ?? { first: null, second: null };
    if (m.status === 2 && p.first === null) p.first = Math.floor(st.phaseStart / 1000);
    if (m.status === 4 && p.second === null) p.second = Math.floor(st.phaseStart / 1000);
    this.periods.set(m.id, p);
    const started = m.status >= 2 && m.status <= 8;
    const league = LEAGUE_BY_ID.get(m.leagueId)!;
    return {
      fixture: {
        id: m.id,
        referee: null,
        timezone: 'Asia/Shanghai',
        date: new Date(m.ot * 1000).toISOString(),
        timestamp: m.ot,
        periods: p,
        venue: { id: null, name: null, city: null },
        status: { long: '', short: SHORT[m.status] ?? 'TBD', elapsed: started ? 45 : null },
      },
      league: {
        id: m.leagueId + LEAGUE_OFFSET,
        name: league.name,
        country: '',
        logo: '',
        flag: '',
        season: this.season,
        round: '',
      },
      teams: { home: { ...team(m.homeId), winner: null }, away: { ...team(m.awayId), winner: null } },
      goals: { home: started ? m.score[0] : null, away: started ? m.score[1] : null },
      score: {
        halftime: { home: st.half?.[0] ?? null, away: st.half?.[1] ?? null },
        fulltime: { home: null, away: null },
        extratime: { home: null, away: null },
        penalty: { home: st.pen?.[0] ?? null, away: st.pen?.[1] ?? null },
      },
    };
  }

  /** `/fixtures/events`: goals, cards and substitutions so far, each naming its player. */
  events(m: LiveMatch): unknown[] {
    const st = m.st as FootballState;
    const used = new Set<number>();
    const rows = [...(this.incidents.get(m.id)?.values() ?? [])].sort((a, b) => a.at - b.at || a.minute - b.minute);
    const out: unknown[] = [];
    for (const i of rows) {
      if (!i.side || !['goal', 'yellow', 'red', 'sub'].includes(i.type)) continue;
      const s = i.side === 'home' ? 0 : 1;
      const teamId = s === 0 ? m.homeId : m.awayId;
      const k = st.players.findIndex((p, n) => !used.has(n) && p[1] === s && p[2] === i.minute && p[3] === i.type);
      let player: { id: number | null; name: string | null } = { id: null, name: null };
      if (k >= 0) {
        used.add(k);
        const found = squad(this.seed, teamId).find((x) => x.id === st.players[k]![0]);
        if (found) player = { id: found.id, name: found.name };
      }
      const [type, detail] =
        i.type === 'goal'
          ? ['Goal', 'Normal Goal']
          : i.type === 'sub'
            ? ['subst', 'Substitution 1']
            : ['Card', i.type === 'yellow' ? 'Yellow Card' : 'Red Card'];
      out.push({
        time: { elapsed: i.minute, extra: i.stoppage ?? null },
        team: { id: teamId + TEAM_OFFSET, name: TEAM_BY_ID.get(teamId)!.name, logo: '' },
        player,
        assist: { id: null, name: null },
        type,
        detail,
        comments: null,
      });
    }
    return out;
  }

  /** `/fixtures/statistics`: one entry per team. */
  statistics(m: LiveMatch): unknown[] {
    const st = m.st as FootballState;
    const poss = st.poss[0] + st.poss[1] > 0 ? Math.round((100 * st.poss[0]) / (st.poss[0] + st.poss[1])) : 50;
    const side = (i: 0 | 1, teamId: number) => ({
      team: { id: teamId + TEAM_OFFSET, name: TEAM_BY_ID.get(teamId)!.name, logo: '' },
      statistics: [
        { type: 'Shots on Goal', value: st.onTarget[i] },
        { type: 'Shots off Goal', value: st.shots[i] - st.onTarget[i] },
        { type: 'Total Shots', value: st.shots[i] },
        { type: 'Corner Kicks', value: st.corner[i] },
        { type: 'Yellow Cards', value: st.yellow[i] },
        { type: 'Red Cards', value: st.red[i] },
        { type: 'Ball Possession', value: `${i === 0 ? poss : 100 - poss}%` },
      ],
    });
    return [side(0, m.homeId), side(1, m.awayId)];
  }
}

/** The simulator's boards as one bookmaker's `/odds` bets (water + 1 is the decimal price). */
export function apiOdds(id: number, boards: Record<1 | 2 | 3, OddsBoard>, update: string): unknown {
  const c = (b: OddsBoard) => b.companies[0]!.live;
  const dec = (w: number) => (Math.round((w + 1) * 100) / 100).toFixed(2);
  const h = c(boards[1]);
  const sign = (x: number) => (x > 0 ? `+${x}` : `${x}`);
  return {
    league: {},
    fixture: { id },
    update,
    bookmakers: [
      {
        id: 8,
        name: boards[2].companies[0]!.nameZh,
        bets: [
          {
            id: 1,
            name: 'Match Winner',
            values: [
              { value: 'Home', odd: c(boards[2]).left.toFixed(2) },
              { value: 'Draw', odd: c(boards[2]).middle.toFixed(2) },
              { value: 'Away', odd: c(boards[2]).right.toFixed(2) },
            ],
          },
          {
            id: 4,
            name: 'Asian Handicap',
            values: [
              { value: `Home ${sign(-h.middle)}`, odd: dec(h.left) },
              { value: `Away ${sign(h.middle)}`, odd: dec(h.right) },
            ],
          },
          {
            id: 5,
            name: 'Goals Over/Under',
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

/** The simulator's lineup as `/fixtures/lineups`. */
export function apiLineups(m: LiveMatch, l: Lineup): unknown[] {
  const pos: Record<string, string> = { GK: 'G', DF: 'D', MF: 'M', FW: 'F' };
  const side = (teamId: number, t: Lineup['home']) => ({
    team: team(teamId),
    coach: { id: null, name: t.coach, photo: '' },
    formation: t.formation,
    startXI: t.starters.map((p) => ({
      player: { id: p.id, name: p.name, number: p.number, pos: pos[p.position] ?? 'M', grid: null },
    })),
    substitutes: t.bench.map((p) => ({
      player: { id: p.id, name: p.name, number: p.number, pos: pos[p.position] ?? 'M', grid: null },
    })),
  });
  return [side(m.homeId, l.home), side(m.awayId, l.away)];
}

/** The simulator's table as `/standings` (one group). */
export function apiStandings(leagueId: number, season: number, t: LeagueTable): unknown[] {
  return [
    {
      league: {
        id: leagueId + LEAGUE_OFFSET,
        name: LEAGUE_BY_ID.get(leagueId)!.name,
        season,
        standings: [
          t.rows.map((r) => ({
            rank: r.rank,
            team: team(r.teamId),
            points: r.points,
            goalsDiff: r.goalsFor - r.goalsAgainst,
            all: {
              played: r.played,
              win: r.win,
              draw: r.draw,
              lose: r.loss,
              goals: { for: r.goalsFor, against: r.goalsAgainst },
            },
          })),
        ],
      },
    },
  ];
}
