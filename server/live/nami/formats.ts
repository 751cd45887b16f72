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
 * A finished match's result as the diary (or the match list) gives it: `home_scores` /
 * `away_scores` are the score tuple's sides (football [regular, half-time, red, yellow, corners,
 * extra time, penalties], basketball the four quarters and overtime). A match that ended before
 * the push could bring it (a result of last week, or of last night before the server started)
 * gets its score from here. Its revision is the record's `updated_at`, so a later push or poll
 * wins and the same result read again changes nothing; a record without one is not ordered and
 * not used.
 */
export function resultOf(sport: Sport, m: NamiMatch): ScoreUpdate | null {
  const finished = m.status_id === (sport === 'zq' ? 8 : 10);
  const at = int(m.updated_at);
  if (!finished || at === null || at <= 0) return null;
  const score =
    sport === 'zq'
      ? [m.id, m.status_id, m.home_scores, m.away_scores, 0, '']
      : [m.id, m.status_id, 0, m.home_scores, m.away_scores];
  const live = { id: m.id, score } as unknown as NamiLive;
  return sport === 'zq' ? footballScore(live, at * 1000) : basketballScore(live, at * 1000);
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

/** Football status → its phase in play order (1 未开赛 … 8 完场); -1: not a step of the game. */
const FOOTBALL_PHASE: Readonly<Record<number, number>> = { 1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 6 };
/** Stat types that only go up in a match: shots on and off target, attacks, dangerous attacks. */
const RISING_STATS = [21, 22, 23, 24] as const;

/**
 * Where a football match stood when Nami sent this entry (the ingest's `progress`): phase, then
 * corners, yellow and red cards (home, away) from the score tuple, then the rising stats; -1
 * where the entry does not say. Nami's entries carry no timestamp (the tuple's only time is the
 * kick-off of the current half), so these counters are what tells a message come late from a new
 * one: the phase moves on, and attacks move every minute or two of play.
 */
function footballProgress(live: NamiLive): number[] {
  const t = Array.isArray(live.score) ? live.score : [];
  const status = int(t[1]);
  const h = ints(t[2], 7);
  const a = ints(t[3], 7);
  const stat = (type: number, s: 'home' | 'away') => {
    const v = live.stats?.find((x) => x.type === type)?.[s];
    return int(v) ?? -1;
  };
  const tuple = (i: number, type: number) =>
    h && a && h[i] >= 0 && a[i] >= 0 ? [h[i], a[i]] : [stat(type, 'home'), stat(type, 'away')];
  return [
    status === null ? -1 : (FOOTBALL_PHASE[status] ?? -1),
    ...tuple(4, 2),
    ...tuple(3, 3),
    ...tuple(2, 4),
    ...RISING_STATS.flatMap((type) => [stat(type, 'home'), stat(type, 'away')]),
  ];
}

/**
 * Where a basketball game stood: the status (1 未开赛 … 10 完场 run in order), then the game clock
 * within it (the period's seconds left counting down); -1 where the entry does not say.
 */
function basketballProgress(live: NamiLive): number[] {
  const t = Array.isArray(live.score) ? live.score : [];
  const status = int(t[1]);
  const remain = int(t[2]);
  const phase = status !== null && status >= 1 && status <= 10 ? status : -1;
  return [phase, phase >= 0 && remain !== null && remain >= 0 ? phase * 100_000 + (10_000 - remain) : -1];
}

/**
 * Everything one real-time entry says: score and status, stats, incidents, a basketball box score.
 * `current`: the entry is the provider's state as of now (a detail_live answer), not a push
 * message that may arrive late.
 */
export function liveUpdates(sport: Sport, live: NamiLive, rev: number, current = false): IngestUpdate[] {
  if (int(live?.id) === null) return [];
  const out: IngestUpdate[] = [];
  const progress = sport === 'zq' ? footballProgress(live) : basketballProgress(live);
  const score = sport === 'zq' ? footballScore(live, rev) : basketballScore(live, rev);
  if (score) out.push({ ...score, progress, ...(current ? { current } : {}) });
  const box = sport === 'lq' && live.players !== undefined ? namiBox(live.id, live.players, rev) : null;
  if (box) out.push(box);
  if (sport === 'zq' && Array.isArray(live.stats)) {
    const stats = live.stats
      .filter((s) => FOOTBALL_STATS.has(s.type) && int(s.home) !== null && int(s.away) !== null)
      .map((s) => ({ type: s.type, home: s.home, away: s.away }));
    if (stats.length > 0)
      out.push({ kind: 'stats', provider: 'nami', sport, match: live.id, rev, progress, stats } as StatsUpdate);
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
