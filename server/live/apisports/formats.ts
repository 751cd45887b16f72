/**
 * API-Football v3 and API-Basketball answers → ingest updates (docs/providers/api-sports.md).
 * Every answer is `{ get, parameters, errors, results, paging, response }`; `errors` is an empty
 * array, or an object naming the problem (`rateLimit`, `requests`, `token`, …) with HTTP 200.
 */
import { StatType, type Pair, type Sport, type StatEntry } from '../../../workers/protocol/index';
import type { FixtureUpdate, IncidentUpdate, IngestUpdate, ScoreUpdate } from '../ingest';

export interface ApiAnswer<T> {
  get?: string;
  errors: unknown[] | Record<string, string>;
  results?: number;
  response: T[];
}

export interface ApiFixture {
  fixture: {
    id: number;
    timestamp: number;
    periods?: { first: number | null; second: number | null };
    status: { short: string; elapsed: number | null };
  };
  league: { id: number; name: string; season?: number };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
  goals: { home: number | null; away: number | null };
  score?: {
    halftime?: { home: number | null; away: number | null };
    penalty?: { home: number | null; away: number | null };
  };
}

export interface ApiEvent {
  time: { elapsed: number; extra: number | null };
  team: { id: number; name: string };
  player: { id: number | null; name: string | null };
  type: string;
  detail: string;
}

export interface ApiStatistics {
  team: { id: number };
  statistics: Array<{ type: string; value: number | string | null }>;
}

export interface ApiGame {
  id: number;
  timestamp: number;
  status: { short: string; timer: string | null };
  /** `season`: the league's season as API-Basketball names it (2026, or '2026-2027'), for its standings. */
  league: { id: number; name: string; season?: number | string };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
  scores: {
    home: Record<'quarter_1' | 'quarter_2' | 'quarter_3' | 'quarter_4' | 'over_time' | 'total', number | null>;
    away: Record<'quarter_1' | 'quarter_2' | 'quarter_3' | 'quarter_4' | 'over_time' | 'total', number | null>;
  };
}

/**
 * What an answer's `errors` means (null: the call went through): `requests` is the day's quota
 * spent, `rateLimit` the minute's; anything else (`token`, `plan`, a bad parameter, a non-empty
 * array, a string) refuses the call. Absent, it says nothing: the answer is judged by its `response`.
 */
export function errorKind(errors: unknown): 'rate' | 'quota' | 'other' | null {
  if (errors === undefined) return null;
  if (Array.isArray(errors)) return errors.length === 0 ? null : 'other';
  if (typeof errors !== 'object' || errors === null) return 'other';
  if (Object.keys(errors).length === 0) return null;
  if ('requests' in errors) return 'quota';
  if ('rateLimit' in errors) return 'rate';
  return 'other';
}

const n = (v: number | null | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function footballFixture(f: ApiFixture, rev: number): FixtureUpdate {
  return {
    kind: 'fixture',
    provider: 'apisports',
    sport: 'zq',
    match: f.fixture.id,
    rev,
    league: { id: f.league.id, name: f.league.name },
    home: { id: f.teams.home.id, name: f.teams.home.name },
    away: { id: f.teams.away.id, name: f.teams.away.name },
    ot: f.fixture.timestamp,
    status: f.fixture.status.short,
  };
}

export function footballScore(f: ApiFixture, rev: number): ScoreUpdate {
  const s = f.fixture.status.short;
  const half = f.score?.halftime;
  const pen = f.score?.penalty;
  const periodStart = s === '2H' ? f.fixture.periods?.second : s === '1H' ? f.fixture.periods?.first : null;
  return {
    kind: 'score',
    provider: 'apisports',
    sport: 'zq',
    match: f.fixture.id,
    rev,
    status: s,
    score: [n(f.goals.home), n(f.goals.away)],
    half: half && half.home !== null && s !== '1H' ? [n(half.home), n(half.away)] : null,
    pen: pen && pen.home !== null ? [n(pen.home), n(pen.away)] : null,
    ...(periodStart ? { periodStart } : {}),
  };
}

const goalKey = (e: ApiEvent) => `goal:${e.time.elapsed}:${e.team.id}:${e.player.id ?? ''}`;

/** Goals, cards and substitutions; a VAR "Goal cancelled" takes back the goal it names. */
export function footballEvents(f: ApiFixture, events: ApiEvent[], rev: number): IncidentUpdate[] {
  const out: IncidentUpdate[] = [];
  events.forEach((e) => {
    const side = e.team.id === f.teams.home.id ? 'home' : e.team.id === f.teams.away.id ? 'away' : null;
    const base = {
      kind: 'incident' as const,
      provider: 'apisports' as const,
      sport: 'zq' as const,
      match: f.fixture.id,
      rev,
    };
    const minute = e.time.elapsed + (e.time.extra ?? 0);
    const player = e.player.name ?? undefined;
    if (e.type === 'Goal' && e.detail !== 'Missed Penalty') {
      // An own goal is listed under the team that conceded it: it counts for the other side.
      const scorer = e.detail === 'Own Goal' ? (side === 'home' ? 'away' : side === 'away' ? 'home' : null) : side;
      out.push({ ...base, id: goalKey(e), type: 'goal', side: scorer, minute, player });
    } else if (e.type === 'Card') {
      const type = e.detail === 'Yellow Card' ? 'yellow' : 'red';
      out.push({
        ...base,
        id: `card:${e.time.elapsed}:${e.team.id}:${e.player.id ?? ''}:${e.detail}`,
        type,
        side,
        minute,
        player,
      });
    } else if (e.type === 'subst') {
      out.push({
        ...base,
        id: `sub:${e.time.elapsed}:${e.team.id}:${e.player.id ?? ''}`,
        type: 'sub',
        side,
        minute,
        player,
      });
    } else if (e.type === 'Var' && e.detail === 'Goal cancelled') {
      // The review is its own event: it takes back the team's latest goal listed before it.
      const goal = events
        .filter((g) => g.type === 'Goal' && g.team.id === e.team.id && g.time.elapsed <= e.time.elapsed)
        .at(-1);
      out.push({ ...base, id: goalKey(goal ?? e), type: 'goal', side, minute, player, voided: true });
    }
  });
  return out;
}

const STAT_TYPES: Record<string, number> = {
  'Corner Kicks': StatType.CORNER,
  'Yellow Cards': StatType.YELLOW,
  'Red Cards': StatType.RED,
  'Shots on Goal': StatType.SHOTS_ON_TARGET,
  'Shots off Goal': StatType.SHOTS_OFF_TARGET,
  'Total Shots': StatType.SHOTS,
  'Ball Possession': StatType.POSSESSION,
};

export function footballStats(f: ApiFixture, stats: ApiStatistics[], rev: number): IngestUpdate | null {
  const home = stats.find((s) => s.team.id === f.teams.home.id);
  const away = stats.find((s) => s.team.id === f.teams.away.id);
  if (!home || !away) return null;
  const value = (v: number | string | null | undefined) => (typeof v === 'string' ? parseFloat(v) || 0 : n(v));
  const rows: StatEntry[] = [];
  for (const [name, type] of Object.entries(STAT_TYPES)) {
    const h = home.statistics.find((s) => s.type === name);
    const a = away.statistics.find((s) => s.type === name);
    if (h || a) rows.push({ type, home: value(h?.value), away: value(a?.value) });
  }
  return rows.length > 0
    ? { kind: 'stats', provider: 'apisports', sport: 'zq', match: f.fixture.id, rev, stats: rows }
    : null;
}

export function basketballGame(g: ApiGame, rev: number): IngestUpdate[] {
  const q = (k: 'quarter_1' | 'quarter_2' | 'quarter_3' | 'quarter_4' | 'over_time'): Pair | null =>
    g.scores.home[k] === null && g.scores.away[k] === null ? null : [n(g.scores.home[k]), n(g.scores.away[k])];
  const quarters = (['quarter_1', 'quarter_2', 'quarter_3', 'quarter_4', 'over_time'] as const)
    .map(q)
    .filter((p): p is Pair => p !== null);
  const sport: Sport = 'lq';
  return [
    {
      kind: 'fixture',
      provider: 'apisports',
      sport,
      match: g.id,
      rev,
      league: { id: g.league.id, name: g.league.name },
      home: { id: g.teams.home.id, name: g.teams.home.name },
      away: { id: g.teams.away.id, name: g.teams.away.name },
      ot: g.timestamp,
      status: g.status.short,
    },
    {
      kind: 'score',
      provider: 'apisports',
      sport,
      match: g.id,
      rev,
      status: g.status.short,
      score: [n(g.scores.home.total), n(g.scores.away.total)],
      quarters,
    },
  ];
}

export const ApiPaths = {
  fixtures: '/fixtures',
  events: '/fixtures/events',
  statistics: '/fixtures/statistics',
  games: '/games',
} as const;
