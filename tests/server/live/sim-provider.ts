/**
 * A simulator match day written out in a provider's documented formats, so the same day can be
 * replayed through a provider adapter and its screens compared with the simulator's. The day is
 * the simulator's own: a server on FEED_SEED records what it stores (FEED_RECORD); each recorded
 * step of the chosen matches becomes what 纳米数据 would push for it (docs/providers/nami.md):
 * the score tuple, stats by type code, the incidents so far and the text live so far. Before
 * kick-off the fixtures, the league table, the odds, the lineups and the 体彩 marks come from the
 * simulator's own screens, in Nami's shapes.
 */
import fs from 'node:fs';
import type { FootballState, IncidentRow, LiveMatch, TextRow } from '../../../server/live/model';
import { parseEvents, type RecordedEvent } from '../../../server/live/replay/recording';
import { squad } from '../../../server/live/simulator/squads';
import { TEAM_BY_ID } from '../../../server/seed/leagues';
import type { LeagueTable, Lineup, OddsBoard } from '../../../workers/protocol/index';

/** Reads the events a recording file gained since the last read. */
export function recordingReader(file: string): () => RecordedEvent[] {
  let offset = 0;
  let last = 0;
  return () => {
    const text = fs.readFileSync(file, 'utf8');
    const fresh = text.slice(offset);
    offset = text.length;
    // The first line is the recording's header.
    const lines = fresh.split('\n').filter((l) => l.trim() !== '' && !l.includes('"kind":"recording"'));
    const events = parseEvents(lines.join('\n'), last);
    if (events.length > 0) last = events.at(-1)!.at;
    return events;
  };
}

const NAMI_INCIDENT: Readonly<Record<string, number>> = { goal: 1, corner: 2, yellow: 3, red: 4, sub: 9 };
const NAMI_POSITION: Readonly<Record<string, string>> = { GK: 'G', DF: 'D', MF: 'M', FW: 'F' };

/** What the simulator has said so far about each match: its incidents (latest version by id) and text lines. */
export class NamiDay {
  private incidents = new Map<number, Map<string, IncidentRow>>();
  private texts = new Map<number, TextRow[]>();

  constructor(
    private readonly seed: number,
    readonly ids: ReadonlySet<number>,
  ) {}

  /** The push messages of one recorded step: one real-time entry per chosen match it changed. */
  step(e: Extract<RecordedEvent, { kind: 'output' }>): unknown[] {
    for (const i of e.incidents) {
      if (!this.ids.has(i.matchId)) continue;
      if (!this.incidents.has(i.matchId)) this.incidents.set(i.matchId, new Map());
      this.incidents.get(i.matchId)!.set(i.id, i);
    }
    for (const t of e.texts) {
      if (!this.ids.has(t.matchId)) continue;
      if (!this.texts.has(t.matchId)) this.texts.set(t.matchId, []);
      this.texts.get(t.matchId)!.push(t);
    }
    return e.matches.filter((m) => this.ids.has(m.id) && m.sport === 'zq').map((m) => this.entry(m));
  }

  /** A match's real-time entry: `{ id, score, stats, incidents, tlive }`. */
  entry(m: LiveMatch): unknown {
    const st = m.st as FootballState;
    const side = (i: 0 | 1) => [
      m.score[i],
      st.half?.[i] ?? 0,
      st.red[i],
      st.yellow[i],
      st.corner[i],
      0,
      st.pen?.[i] ?? 0,
    ];
    const playing = [2, 4, 5].includes(m.status);
    const poss = st.poss[0] + st.poss[1] > 0 ? Math.round((100 * st.poss[0]) / (st.poss[0] + st.poss[1])) : 50;
    return {
      id: m.id,
      score: [m.id, m.status, side(0), side(1), playing ? Math.floor(st.phaseStart / 1000) : 0, ''],
      stats: [
        { type: 2, home: st.corner[0], away: st.corner[1] },
        { type: 3, home: st.yellow[0], away: st.yellow[1] },
        { type: 4, home: st.red[0], away: st.red[1] },
        { type: 21, home: st.onTarget[0], away: st.onTarget[1] },
        { type: 22, home: st.shots[0] - st.onTarget[0], away: st.shots[1] - st.onTarget[1] },
        { type: 23, home: st.attacks[0], away: st.attacks[1] },
        { type: 24, home: st.danger[0], away: st.danger[1] },
        { type: 25, home: poss, away: 100 - poss },
      ],
      incidents: this.namiIncidents(m),
      tlive: (this.texts.get(m.id) ?? []).map((t) => ({
        time: `${t.minute}${t.stoppage ? `+${t.stoppage}` : ''}'`,
        data: t.text,
        position: 0,
        type: NAMI_INCIDENT[t.type] ?? 0,
        main: t.type === 'goal' ? 1 : 0,
      })),
    };
  }

  /** Goals, cards, corners and substitutions so far, each naming its player as the simulator drew him. */
  private namiIncidents(m: LiveMatch): unknown[] {
    const st = m.st as FootballState;
    const used = new Set<number>();
    const out: unknown[] = [];
    const rows = [...(this.incidents.get(m.id)?.values() ?? [])].sort((a, b) => a.at - b.at || a.minute - b.minute);
    for (const i of rows) {
      const type = NAMI_INCIDENT[i.type];
      if (type === undefined || !i.side) continue;
      const s = i.side === 'home' ? 0 : 1;
      // The simulator's player events: [player id, side, minute, kind], in the order they happened.
      const k = st.players.findIndex((p, n) => !used.has(n) && p[1] === s && p[2] === i.minute && p[3] === i.type);
      let player: string | undefined;
      if (k >= 0) {
        used.add(k);
        const teamId = s === 0 ? m.homeId : m.awayId;
        player = squad(this.seed, teamId).find((p) => p.id === st.players[k]![0])?.name;
      }
      out.push({
        type,
        position: s + 1,
        time: i.minute,
        ...(player ? { player_name: player } : {}),
        home_score: i.score[0],
        away_score: i.score[1],
      });
    }
    return out;
  }
}

/** A diary entry of a simulator fixture (its ids are Nami's in the fake). */
export function namiDiary(m: LiveMatch): Record<string, unknown> {
  return {
    id: m.id,
    season_id: m.leagueId,
    competition_id: m.leagueId,
    home_team_id: m.homeId,
    away_team_id: m.awayId,
    status_id: m.status,
    match_time: m.ot,
    neutral: 0,
    note: '',
    home_scores: [0, 0, 0, 0, -1, 0, 0],
    away_scores: [0, 0, 0, 0, -1, 0, 0],
    updated_at: m.ot,
  };
}

/** '周日001' → issue_num '7001' (the weekday digit, then the number). */
export function issueNum(jc: string): string {
  const day = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].indexOf(jc.slice(0, 2)) + 1;
  return `${day}${jc.slice(2)}`;
}

/** The simulator's table as Nami's season table (`tables[0].rows`). */
export function namiTable(t: LeagueTable): unknown {
  return {
    promotions: [],
    tables: [
      {
        id: 1,
        rows: t.rows.map((r) => ({
          team_id: r.teamId,
          position: r.rank,
          points: r.points,
          total: r.played,
          won: r.win,
          draw: r.draw,
          loss: r.loss,
          goals: r.goalsFor,
          goals_against: r.goalsAgainst,
        })),
      },
    ],
  };
}

/** The simulator's boards as odds/live tuples of one match: [company, change time, minute, left, middle, right, closed, score]. */
export function namiOdds(boards: Record<'asia' | 'eu' | 'bs', OddsBoard>, at: number): unknown {
  const tuples = (b: OddsBoard) =>
    b.companies.map((c) => [c.companyId, at, '', c.live.left, c.live.middle, c.live.right, 0, '']);
  return { asia: tuples(boards.asia), eu: tuples(boards.eu), bs: tuples(boards.bs) };
}

/** The simulator's lineup in Nami's lineup shape (confirmed). */
export function namiLineup(l: Lineup): unknown {
  const side = (t: Lineup['home']) => [
    ...t.starters.map((p) => ({
      id: p.id,
      name: p.name,
      shirt_number: p.number,
      position: NAMI_POSITION[p.position] ?? 'M',
      first: 1,
    })),
    ...t.bench.map((p) => ({
      id: p.id,
      name: p.name,
      shirt_number: p.number,
      position: NAMI_POSITION[p.position] ?? 'M',
      first: 0,
    })),
  ];
  return {
    confirmed: 1,
    home_formation: l.home.formation,
    away_formation: l.away.formation,
    home: side(l.home),
    away: side(l.away),
  };
}

/** The seeded team as a basic-data list entry. */
export const namiTeam = (id: number) => {
  const t = TEAM_BY_ID.get(id)!;
  return { id, competition_id: t.leagueId, name: t.name, short_name: t.name };
};
