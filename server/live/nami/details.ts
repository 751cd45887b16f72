/**
 * 纳米数据 formats beyond the score tuple (docs/providers/nami.md, "Odds, lineups, text live,
 * standings"): real-time odds by company and market, the text live (`tlive`) of a real-time
 * entry, a match's lineup and a season's table. Anything not in the documented shape is skipped,
 * never half-applied.
 */
import type { IncidentType, OddsType, Sport } from '../../../workers/protocol/index';
import type { OddsUpdate } from '../ingest';
import type { ProviderTableRow, ProviderTeamLineup, ProviderTextLine } from '../ingest-details';
import type { NamiNamed } from './formats';

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Nami's market keys → ours: asia 亚指 (1), eu 欧指 (2), bs 大小球 (3). */
const MARKETS: ReadonlyArray<[string, OddsType]> = [
  ['asia', 1],
  ['eu', 2],
  ['bs', 3],
];

/**
 * Bookmakers Nami names by id in its 公司 table (the odds tuples carry only the id). An id not
 * here shows as 公司<id> until an operator names it (`npm run ops -- names nami`).
 */
export const NAMI_COMPANIES: Readonly<Record<number, string>> = {
  1: '澳门',
  2: 'Bet365',
  3: '皇冠',
  4: '10BET',
  5: '立博',
  6: '明陞',
  8: '金宝博',
  9: '易胜博',
  10: '伟德',
};
const companyName = (id: number) => NAMI_COMPANIES[id] ?? `公司${id}`;

/**
 * Real-time odds: `results: { "<match id>": { asia|eu|bs: [[company id, change time (unix s),
 * match minute, left, middle, right, closed 0|1, score], …] } }`. Left/middle/right: 亚指 home
 * water / handicap / away water; 欧指 home / draw / away; 大小球 over water / line / under water.
 * A line's revision is its change time, so an older line never replaces a newer one.
 */
export function oddsUpdates(sport: Sport, results: unknown): OddsUpdate[] {
  if (!results || typeof results !== 'object' || Array.isArray(results)) return [];
  const out: OddsUpdate[] = [];
  for (const [match, markets] of Object.entries(results as Record<string, unknown>)) {
    if (!Number.isInteger(Number(match)) || !markets || typeof markets !== 'object') continue;
    for (const [key, type] of MARKETS) {
      const lines = (markets as Record<string, unknown>)[key];
      if (!Array.isArray(lines)) continue;
      for (const t of lines) {
        if (!Array.isArray(t) || t.length < 6) continue;
        const company = num(t[0]);
        const changed = num(t[1]);
        const [left, middle, right] = [num(t[3]), num(t[4]), num(t[5])];
        if (company === null || changed === null || left === null || middle === null || right === null) continue;
        if (num(t[6]) === 1) continue; // closed (封盘): no price to show
        out.push({
          kind: 'odds',
          provider: 'nami',
          sport,
          match,
          rev: changed * 1000,
          company: { id: company, name: companyName(company) },
          type,
          left,
          middle,
          right,
        });
      }
    }
  }
  return out;
}

/** Nami's text-live entry: `{ time: "45+2'", data: text, position: 0 neutral|1 home|2 away, type, main }`. */
export interface NamiTextLine {
  time?: string;
  data?: string;
  position?: number;
  type?: number;
  main?: number;
}

const TEXT_TYPES: Readonly<Record<number, IncidentType>> = {
  1: 'goal',
  2: 'corner',
  3: 'yellow',
  4: 'red',
  8: 'goal',
  9: 'sub',
  15: 'red',
  17: 'goal',
};

/** A real-time entry's `tlive` as text lines (keyed by time and text: Nami repeats the whole list). */
export function textLines(tlive: unknown): ProviderTextLine[] {
  if (!Array.isArray(tlive)) return [];
  const out: ProviderTextLine[] = [];
  for (const raw of tlive as NamiTextLine[]) {
    if (!raw || typeof raw.data !== 'string' || raw.data.trim() === '') continue;
    const time = typeof raw.time === 'string' ? raw.time : '';
    const m = /^(\d+)(?:\+(\d+))?/.exec(time);
    out.push({
      key: `${time}|${raw.data}`,
      minute: m ? Number(m[1]) : 0,
      ...(m?.[2] ? { stoppage: Number(m[2]) } : {}),
      text: raw.data.trim(),
      type: TEXT_TYPES[raw.type ?? -1] ?? 'text',
    });
  }
  return out;
}

/** A lineup player: `{ id, name, shirt_number, position: G|D|M|F, first: 1 starter|0 bench }`. */
export interface NamiLineupPlayer {
  id: number;
  name: string;
  shirt_number?: number;
  position?: string;
  first?: number;
}

/** The lineup answer: `{ confirmed, home_formation, away_formation, home: [...], away: [...] }`. */
export interface NamiLineup {
  confirmed?: number;
  home_formation?: string;
  away_formation?: string;
  home?: NamiLineupPlayer[];
  away?: NamiLineupPlayer[];
}

const POSITION: Readonly<Record<string, string>> = { G: 'GK', D: 'DF', M: 'MF', F: 'FW' };

/** Both sides' lineups, or null while Nami has no confirmed one (a predicted lineup is not shown). */
export function lineupOf(l: NamiLineup | null): { home: ProviderTeamLineup; away: ProviderTeamLineup } | null {
  if (!l || l.confirmed !== 1 || !Array.isArray(l.home) || !Array.isArray(l.away)) return null;
  const side = (players: NamiLineupPlayer[], formation: string | undefined): ProviderTeamLineup => {
    const valid = players.filter((p) => Number.isInteger(p?.id) && typeof p.name === 'string');
    const player = (p: NamiLineupPlayer) => ({
      id: p.id,
      name: p.name,
      number: num(p.shirt_number) ?? 0,
      position: POSITION[p.position ?? ''] ?? 'MF',
    });
    return {
      formation: formation ?? '',
      coach: null,
      starters: valid.filter((p) => p.first === 1).map(player),
      bench: valid.filter((p) => p.first !== 1).map(player),
    };
  };
  return { home: side(l.home, l.home_formation), away: side(l.away, l.away_formation) };
}

/** A season table row: `{ team_id, position, points, total, won, draw, loss, goals, goals_against }`. */
export interface NamiTableRow {
  team_id: number;
  points?: number;
  total?: number;
  won?: number;
  draw?: number;
  loss?: number;
  lost?: number;
  goals?: number;
  goals_against?: number;
}

/** The season table answer (`results.tables[].rows`): the first table (a league has one). */
export function tableRows(
  results: { tables?: Array<{ rows?: NamiTableRow[] }> } | null,
  teams: ReadonlyMap<number, NamiNamed>,
): ProviderTableRow[] {
  const rows = results?.tables?.[0]?.rows;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((r) => {
    const team = teams.get(r.team_id);
    if (!team) return [];
    const win = num(r.won) ?? 0;
    const draw = num(r.draw) ?? 0;
    const loss = num(r.loss) ?? num(r.lost) ?? 0;
    return [
      {
        team: { id: team.id, name: team.short_name || team.name },
        played: num(r.total) ?? win + draw + loss,
        win,
        draw,
        loss,
        goalsFor: num(r.goals) ?? 0,
        goalsAgainst: num(r.goals_against) ?? 0,
        points: num(r.points) ?? 0,
      },
    ];
  });
}

/**
 * A basketball season table row: `{ team_id, position, won, lost, win_rate, points_avg,
 * points_against_avg }` (the averages are per game).
 */
export interface NamiBasketballTableRow {
  team_id: number;
  position?: number;
  won?: number;
  lost?: number;
  points_avg?: number;
  points_against_avg?: number;
}

/**
 * The basketball season table: one `tables` entry per group (a league split in conferences or
 * groups has several), every team once, from its first group, in the table's order. Wins are the
 * table's points (basketball tables rank by win share, then wins); points scored and conceded are
 * the averages times the games played.
 */
export function basketballTableRows(
  results: { tables?: Array<{ rows?: NamiBasketballTableRow[] }> } | null,
  teams: ReadonlyMap<number, NamiNamed>,
): ProviderTableRow[] {
  const seen = new Set<number>();
  const out: ProviderTableRow[] = [];
  for (const group of Array.isArray(results?.tables) ? results.tables : [])
    for (const r of Array.isArray(group?.rows) ? group.rows : []) {
      const team = teams.get(r?.team_id);
      if (!team || seen.has(team.id)) continue;
      seen.add(team.id);
      const win = num(r.won) ?? 0;
      const loss = num(r.lost) ?? 0;
      const played = win + loss;
      out.push({
        team: { id: team.id, name: team.short_name || team.name },
        played,
        win,
        draw: 0,
        loss,
        goalsFor: Math.round((num(r.points_avg) ?? 0) * played),
        goalsAgainst: Math.round((num(r.points_against_avg) ?? 0) * played),
        points: win,
        ...(Number.isInteger(r.position) ? { position: r.position } : {}),
      });
    }
  return out;
}

/** A season table answer of either sport. */
export const seasonTableRows = (
  sport: Sport,
  results: { tables?: Array<{ rows?: never[] }> } | null,
  teams: ReadonlyMap<number, NamiNamed>,
): ProviderTableRow[] => (sport === 'lq' ? basketballTableRows : tableRows)(results, teams);

export const NamiDetailPaths = {
  odds: (sport: Sport) => `/api/v4/${sport === 'zq' ? 'football' : 'basketball'}/odds/live`,
  lineup: '/api/v4/football/match/lineup/detail',
  table: (sport: Sport) => `/api/v4/${sport === 'zq' ? 'football' : 'basketball'}/season/table/detail`,
} as const;
