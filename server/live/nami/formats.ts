/**
 * 纳米数据 API 2.0 formats → ingest updates (docs/providers/nami.md says what each shape is and
 * where it is documented). Nami sends arrays used as tuples; the helpers below read them by
 * position and refuse anything that is not the documented shape (a bad entry is skipped and
 * counted, never half-applied).
 */
import { StatType, type IncidentType, type Pair, type Side, type Sport } from '../../../workers/protocol/index';
import type { FixtureUpdate, IncidentUpdate, IngestUpdate, ScoreUpdate, StatsUpdate } from '../ingest';
import { namiBox } from './box';

/** The envelope of every Nami HTTP answer: code 0 is success. */
export interface NamiAnswer<T> {
  code: number;
  results: T;
  /** The 体彩 odds answer here instead of `results`. */
  data?: T;
  query?: Record<string, unknown>;
  err?: string;
}

/** A match of the match list / diary (football: home_scores and away_scores are 7-tuples). */
export interface NamiMatch {
  id: number;
  competition_id: number;
  /** The season it belongs to (its table: season/table/detail?id=). */
  season_id?: number;
  home_team_id: number;
  away_team_id: number;
  status_id: number;
  /** Kick-off, unix seconds. */
  match_time: number;
  home_scores?: number[];
  away_scores?: number[];
  updated_at?: number;
}

/** A competition or team of the basic-data lists. */
export interface NamiNamed {
  id: number;
  name: string;
  short_name?: string;
}

/** One match of the real-time data (HTTP detail_live, or a push message's array element). */
export interface NamiLive {
  id: number;
  score?: unknown[];
  stats?: Array<{ type: number; home: number; away: number }>;
  incidents?: Array<{
    type: number;
    position: number;
    time: number;
    player_name?: string;
    home_score?: number;
    away_score?: number;
  }>;
  /** Text live (文字直播): ./details.ts textLines. */
  tlive?: unknown[];
  /** Basketball box score, [home, away] player tuples: ./box.ts. */
  players?: unknown;
}

/** Nami football incident type → ours (types it has no row for are text-live only or ignored). */
const FOOTBALL_INCIDENTS: Readonly<Record<number, IncidentType>> = {
  1: 'goal', // 进球
  2: 'corner', // 角球
  3: 'yellow', // 黄牌
  4: 'red', // 红牌
  8: 'goal', // 点球 (scored)
  9: 'sub', // 换人
  15: 'red', // 两黄变红
  17: 'goal', // 乌龙球
};

/** Nami football stat types are the spec's own codes (§3): these are the ones the views show. */
const FOOTBALL_STATS = new Set<number>([
  StatType.CORNER,
  StatType.YELLOW,
  StatType.RED,
  StatType.SHOTS_ON_TARGET,
  StatType.SHOTS_OFF_TARGET,
  StatType.ATTACKS,
  StatType.DANGEROUS_ATTACKS,
  StatType.POSSESSION,
]);

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : null);
const ints = (v: unknown, n: number): number[] | null => {
  if (!Array.isArray(v) || v.length < n) return null;
  const out = v.slice(0, n).map(int);
  return out.every((x) => x !== null) ? (out as number[]) : null;
};
const side = (position: number): Side | null => (position === 1 ? 'home' : position === 2 ? 'away' : null);

/** Names of competitions and teams, by Nami id (filled from the basic-data lists). */
export interface NamiNames {
  competition: Map<number, NamiNamed>;
  team: Map<number, NamiNamed>;
}

/** A fixture from the match list; null when its competition or teams are not known yet. */
export function fixtureOf(
  sport: Sport,
  m: NamiMatch,
  names: NamiNames,
  rev: number,
  lottery?: { jc: ReadonlyMap<number, string>; bd: ReadonlySet<number> },
): FixtureUpdate | null {
  const league = names.competition.get(m.competition_id);
  const home = names.team.get(m.home_team_id);
  const away = names.team.get(m.away_team_id);
  if (!league || !home || !away || int(m.match_time) === null) return null;
  const n = (x: NamiNamed) => ({ id: x.id, name: x.short_name || x.name });
  return {
    kind: 'fixture',
    provider: 'nami',
    sport,
    match: m.id,
    rev,
    league: n(league),
    home: n(home),
    away: n(away),
    ot: m.match_time,
    status: m.status_id,
    ...(lottery?.jc.has(m.id) ? { jc: lottery.jc.get(m.id) } : {}),
    ...(lottery?.bd.has(m.id) ? { bd: true } : {}),
  };
}

/**
 * Football score tuple: [match id, status_id, home[7], away[7], kick-off of the current half
 * (unix s), note]; each side: [regular-time score, half-time score, red, yellow, corners (-1: no
 * data), extra-time score (incl. regular), penalty-shootout score].
 */
function footballScore(live: NamiLive, rev: number): ScoreUpdate | null {
  const t = live.score;
  if (!Array.isArray(t) || t.length < 5) return null;
  const status = int(t[1]);
  const h = ints(t[2], 7);
  const a = ints(t[3], 7);
  const periodStart = int(t[4]);
  if (status === null || !h || !a) return null;
  // Status 5–8 with extra time played: the 120-minute score is the score.
  const extra = h[5] > 0 || a[5] > 0;
  const score: Pair = extra ? [h[5], a[5]] : [h[0], a[0]];
  return {
    kind: 'score',
    provider: 'nami',
    sport: 'zq',
    match: live.id,
    rev,
    status,
    score,
    half: status >= 3 ? [h[1], a[1]] : null,
    red: [h[2], a[2]],
    yellow: [h[3], a[3]],
    ...(h[4] >= 0 && a[4] >= 0 ? { corner: [h[4], a[4]] as Pair } : {}),
    pen: h[6] > 0 || a[6] > 0 ? [h[6], a[6]] : null,
    ...(periodStart && periodStart > 0 ? { periodStart } : {}),
  };
}

/**
 * Basketball score tuple: [match id, status_id, seconds left in the period, home[5], away[5]];
 * each side: points in Q1, Q2, Q3, Q4, overtime.
 */
function basketballScore(live: NamiLive, rev: number): ScoreUpdate | null {
  const t = live.score;
  if (!Array.isArray(t) || t.length < 5) return null;
  const status = int(t[1]);
  const remain = int(t[2]);
  const h = ints(t[3], 5);
  const a = ints(t[4], 5);
  if (status === null || !h || !a) return null;
  // Periods reached so far: the quarter the status names, and overtime once it has points.
  const reached = [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 4][status] ?? 4;
  const periods = Math.max(reached, h[4] > 0 || a[4] > 0 ? 5 : 0);
  const quarters: Pair[] = [];
  for (let q = 0; q < periods; q++) quarters.push([h[q], a[q]]);
  const sum = (s: number[]) => s.reduce((x, y) => x + y, 0);
  return {
    kind: 'score',
    provider: 'nami',
    sport: 'lq',
    match: live.id,
    rev,
    status,
    score: [sum(h), sum(a)],
    quarters,
    remain: remain !== null && remain >= 0 ? remain : null,
  };
}

/** Everything one real-time entry says: score and status, stats, incidents, a basketball box score. */
export function liveUpdates(sport: Sport, live: NamiLive, rev: number): IngestUpdate[] {
  if (int(live?.id) === null) return [];
  const out: IngestUpdate[] = [];
  const score = sport === 'zq' ? footballScore(live, rev) : basketballScore(live, rev);
  if (score) out.push(score);
  const box = sport === 'lq' && live.players !== undefined ? namiBox(live.id, live.players, rev) : null;
  if (box) out.push(box);
  if (sport === 'zq' && Array.isArray(live.stats)) {
    const stats = live.stats
      .filter((s) => FOOTBALL_STATS.has(s.type) && int(s.home) !== null && int(s.away) !== null)
      .map((s) => ({ type: s.type, home: s.home, away: s.away }));
    if (stats.length > 0)
      out.push({ kind: 'stats', provider: 'nami', sport, match: live.id, rev, stats } as StatsUpdate);
  }
  if (sport === 'zq' && Array.isArray(live.incidents)) {
    for (const i of live.incidents) {
      const type = FOOTBALL_INCIDENTS[i.type];
      if (!type || int(i.time) === null) continue;
      // Nami incidents carry no id: type, side, minute and the score after it name one.
      const key = `${i.type}:${i.position}:${i.time}:${i.home_score ?? ''}:${i.away_score ?? ''}:${i.player_name ?? ''}`;
      out.push({
        kind: 'incident',
        provider: 'nami',
        sport,
        match: live.id,
        rev,
        id: key,
        type,
        side: side(i.position),
        minute: i.time,
        ...(i.player_name ? { player: i.player_name } : {}),
      } as IncidentUpdate);
    }
  }
  return out;
}

/** A push message: a JSON array of real-time entries (one topic per sport). */
export function parsePush(payload: string): NamiLive[] {
  const v: unknown = JSON.parse(payload);
  return Array.isArray(v) ? (v.filter((e) => e && typeof e === 'object') as NamiLive[]) : [];
}

export const PUSH_TOPIC: Readonly<Record<Sport, string>> = {
  zq: 'sports/football/match.v1',
  lq: 'sports/basketball/match.v1',
};

export const NamiPaths = {
  competitions: (sport: Sport) => `/api/v4/${sport === 'zq' ? 'football' : 'basketball'}/competition/list`,
  teams: (sport: Sport) => `/api/v4/${sport === 'zq' ? 'football' : 'basketball'}/team/list`,
  matches: (sport: Sport) => `/api/v4/${sport === 'zq' ? 'football' : 'basketball'}/match/list`,
  diary: (sport: Sport) => `/api/v4/${sport === 'zq' ? 'football' : 'basketball'}/match/diary`,
  live: (sport: Sport) => `/api/v4/${sport === 'zq' ? 'football' : 'basketball'}/match/detail_live`,
} as const;
