/**
 * League tables as a pure function of results. Nothing here is stored: the server recomputes a
 * table from the league's finished matches, and a live table by counting matches in play at their
 * current score, whenever it is asked.
 *
 * Order, football: points, goal difference, goals scored, then among the teams still level the
 * head-to-head mini-table (points, goal difference, goals), then team id (a stable last resort
 * standing in for the real leagues' play-off or drawing of lots).
 * Order, basketball: win percentage, wins, head-to-head wins among the teams level, point
 * difference, team id.
 */
import type { FormMark, Sport, StandingsScope, StandingsZone } from '../../workers/protocol/index';

export interface ResultInput {
  id: number;
  homeId: number;
  awayId: number;
  /** Kick-off, unix seconds: orders the form. */
  ot: number;
  score: [number, number];
  /** In play: counted in the live table only. */
  live: boolean;
}

export interface TableRow {
  teamId: number;
  rank: number;
  played: number;
  win: number;
  draw: number;
  loss: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  form: FormMark[];
  playing: boolean;
}

interface Acc extends TableRow {
  games: Array<{ ot: number; mark: FormMark }>;
}

const FORM_LENGTH = 5;

export function pointsFor(sport: Sport, mark: FormMark): number {
  if (sport === 'lq') return mark === 'W' ? 1 : 0;
  return mark === 'W' ? 3 : mark === 'D' ? 1 : 0;
}

function accumulate(
  sport: Sport,
  teamIds: readonly number[],
  results: readonly ResultInput[],
  scope: StandingsScope,
): Map<number, Acc> {
  const acc = new Map<number, Acc>();
  for (const id of teamIds)
    acc.set(id, {
      teamId: id,
      rank: 0,
      played: 0,
      win: 0,
      draw: 0,
      loss: 0,
      goalsFor: 0,
      goalsAgainst: 0,
      points: 0,
      form: [],
      playing: false,
      games: [],
    });
  for (const r of results) {
    const sides: Array<[number, number, number]> = [];
    if (scope !== 'away') sides.push([r.homeId, r.score[0], r.score[1]]);
    if (scope !== 'home') sides.push([r.awayId, r.score[1], r.score[0]]);
    for (const [teamId, own, other] of sides) {
      const row = acc.get(teamId);
      if (!row) continue;
      const mark: FormMark = own > other ? 'W' : own < other ? 'L' : 'D';
      row.played++;
      if (mark === 'W') row.win++;
      else if (mark === 'L') row.loss++;
      else row.draw++;
      row.goalsFor += own;
      row.goalsAgainst += other;
      row.points += pointsFor(sport, mark);
      if (r.live) row.playing = true;
      row.games.push({ ot: r.ot, mark });
    }
  }
  for (const row of acc.values()) {
    row.form = row.games
      .sort((a, b) => a.ot - b.ot)
      .slice(-FORM_LENGTH)
      .map((g) => g.mark);
  }
  return acc;
}

const winPct = (r: TableRow): number => (r.played === 0 ? 0 : r.win / r.played);

/** Primary comparison (negative: a ranks above b). 0 means level before head-to-head. */
export function primary(sport: Sport, a: TableRow, b: TableRow): number {
  if (sport === 'lq') return winPct(b) - winPct(a) || b.win - a.win;
  return b.points - a.points || b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) || b.goalsFor - a.goalsFor;
}

/** After head-to-head: basketball's overall point difference, then id. */
export function last(sport: Sport, a: TableRow, b: TableRow): number {
  const diff = sport === 'lq' ? b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) : 0;
  return diff || a.teamId - b.teamId;
}

function orderGroup(
  sport: Sport,
  group: TableRow[],
  results: readonly ResultInput[],
  scope: StandingsScope,
): TableRow[] {
  if (group.length < 2) return group;
  const ids = new Set(group.map((r) => r.teamId));
  const mutual = results.filter((r) => ids.has(r.homeId) && ids.has(r.awayId));
  const mini = accumulate(sport, [...ids], mutual, scope);
  const h2h = (a: TableRow, b: TableRow): number => {
    const x = mini.get(a.teamId)!,
      y = mini.get(b.teamId)!;
    if (sport === 'lq') return y.win - x.win;
    return (
      y.points - x.points || y.goalsFor - y.goalsAgainst - (x.goalsFor - x.goalsAgainst) || y.goalsFor - x.goalsFor
    );
  };
  return [...group].sort((a, b) => h2h(a, b) || last(sport, a, b));
}

/** The table of `teamIds` from `results` (live ones included as they stand), ranked. */
export function computeTable(
  sport: Sport,
  teamIds: readonly number[],
  results: readonly ResultInput[],
  scope: StandingsScope = 'total',
): TableRow[] {
  const rows = [...accumulate(sport, teamIds, results, scope).values()].map(
    ({ games: _games, ...row }): TableRow => row,
  );
  return rankRows(sport, rows, results, scope);
}

/** Ranks accumulated rows: primary order, then head-to-head among the teams level (from `results`). */
export function rankRows(
  sport: Sport,
  rows: TableRow[],
  results: readonly ResultInput[],
  scope: StandingsScope,
): TableRow[] {
  rows.sort((a, b) => primary(sport, a, b));
  const out: TableRow[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i + 1;
    while (j < rows.length && primary(sport, rows[i]!, rows[j]!) === 0) j++;
    out.push(...orderGroup(sport, rows.slice(i, j), results, scope));
    i = j;
  }
  return out.map((r, i) => ({ ...r, rank: i + 1 }));
}

/**
 * Zones by place: football leagues of 16+ teams send 4 to the top continental competition, 2 to
 * the next and 3 down (smaller leagues 2 / 1 / 2); basketball sends the top 8 (top half of
 * smaller leagues) to the play-offs.
 */
export function zoneOf(sport: Sport, rank: number, teamCount: number, cup: boolean): StandingsZone {
  if (cup || rank < 1 || rank > teamCount) return null;
  if (sport === 'lq') return rank <= Math.min(8, Math.floor(teamCount / 2)) ? 'playoff' : null;
  const big = teamCount >= 16;
  const top = big ? 4 : 2;
  const next = big ? 2 : 1;
  const down = big ? 3 : 2;
  if (rank <= top) return 'champions';
  if (rank <= top + next) return 'europe';
  if (rank > teamCount - down) return 'relegation';
  return null;
}

/**
 * The live table and each team's move against the table of finished matches only (positive:
 * places gained while its match, or another, is in play).
 */
export function liveTable(
  sport: Sport,
  teamIds: readonly number[],
  results: readonly ResultInput[],
  scope: StandingsScope = 'total',
): { rows: Array<TableRow & { move: number }>; live: boolean } {
  const live = results.some((r) => r.live);
  const current = computeTable(sport, teamIds, results, scope);
  if (!live) return { rows: current.map((r) => ({ ...r, move: 0 })), live };
  const before = new Map(
    computeTable(
      sport,
      teamIds,
      results.filter((r) => !r.live),
      scope,
    ).map((r) => [r.teamId, r.rank]),
  );
  return { rows: current.map((r) => ({ ...r, move: (before.get(r.teamId) ?? r.rank) - r.rank })), live };
}
