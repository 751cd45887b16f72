/**
 * A provider league's table. Only a few days of matches are stored, so the season's counts come
 * from the provider's own table (the base, refreshed now and then); the matches the base does not
 * count yet (in play, or finished since) are added at their current score, so the table moves
 * the moment a goal is stored, exactly as the seeded leagues' computed tables do.
 *
 * A stored match counts as already inside the provider's table when it had finished, and had not
 * changed for `SETTLE_MS`, when the table was fetched (providers publish the table a little after
 * the final whistle); or when it finished long before that (kicked off `PLAYED_MS` + `SETTLE_MS`
 * earlier): a result first stored with the table (last week's, read from the diary at a start)
 * is in the provider's table already, however recently it was written here.
 */
import { isFinished, type LeagueTable, type Sport } from '../../workers/protocol/index';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { leagueTables } from '../database/league-tables';
import { MAX_AGE_MS } from '../database/standings-cache';
import { last, primary, type TableRow } from '../database/standings';
import { teamNameOf } from './catalogue';
import type { LiveSink } from './source';
import { loadMeta, saveMeta } from './store';

const SETTLE_MS = 10 * 60_000;
/** Longer than any match with a table lasts, kick-off to final whistle (extra time included). */
const PLAYED_MS = 3 * 3_600_000;

export interface StandingsCounts {
  /** Our team id. */
  teamId: number;
  played: number;
  win: number;
  draw: number;
  loss: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  /** The team's place in the provider's table (within its group): orders teams level on the counts. */
  position?: number;
}

interface StoredBase extends Record<string, unknown> {
  sport: Sport;
  season: string;
  at: number;
  /** Our ids of the stored matches the provider's table already counts. */
  counted: number[];
  rows: StandingsCounts[];
}

const key = (leagueId: number) => `standings:${leagueId}`;

/**
 * Bases read or written by this process, null for a league without one: a goal's table costs no
 * read of the base. Read again after `MAX_AGE_MS`, for a base another process stored.
 */
const bases = new WeakMap<object, Map<number, { base: StoredBase | null; at: number }>>();

async function baseOf(db: Db, leagueId: number): Promise<StoredBase | null> {
  let known = bases.get(db);
  if (!known) {
    known = new Map();
    bases.set(db, known);
  }
  const hit = known.get(leagueId);
  if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.base;
  const base = await loadMeta<StoredBase>(db, key(leagueId));
  known.set(leagueId, { base, at: Date.now() });
  return base;
}

/** Stores a provider's table of a league (our ids) as the base of its live table. */
export async function saveProviderStandings(
  db: Db,
  leagueId: number,
  sport: Sport,
  season: string,
  rows: readonly StandingsCounts[],
  at: number,
): Promise<void> {
  const matches = await db
    .selectFrom('live_matches')
    .select(['id', 'status', 'updated_at', 'ot'])
    .where('league_id', '=', leagueId)
    .execute();
  const settled = (m: { updated_at: number; ot: number }) =>
    Number(m.updated_at) <= at - SETTLE_MS || Number(m.ot) * 1000 + PLAYED_MS + SETTLE_MS <= at;
  const counted = matches.filter((m) => isFinished(sport, m.status) && settled(m)).map((m) => m.id);
  const base: StoredBase = { sport, season, at, counted, rows: rows.map((r) => ({ ...r })) };
  await saveMeta(db, key(leagueId), base);
  bases.get(db)?.set(leagueId, { base, at: Date.now() });
  await writeStoredTable(db, leagueId);
}

/**
 * The rows this process last wrote per league (each row as JSON by team), so that a goal writes
 * only the rows it changed (its two teams and the ranks that moved). Trusted for `MAX_AGE_MS`,
 * then the whole table is written again.
 */
const written = new WeakMap<object, Map<number, { at: number; rows: Map<number, string> }>>();

const STORED_COLUMNS = [
  ['league_id', 'int'],
  ['team_id', 'int'],
  ['rank', 'int'],
  ['played', 'int'],
  ['win', 'int'],
  ['draw', 'int'],
  ['loss', 'int'],
  ['goals_for', 'int'],
  ['goals_against', 'int'],
  ['points', 'int'],
] as const;

/**
 * Writes a provider league's live table into live_standings, the stored table the match
 * reports, the ChatGPT tab and the AI notes read (the seeded leagues' is written by the seed):
 * in one statement, the rows of teams no longer in it out and the rows that changed in.
 */
export async function writeStoredTable(db: Db, leagueId: number): Promise<void> {
  const table = await providerTable(db, leagueId, '');
  if (!table) return;
  const rows = table.rows.map((r) => ({
    league_id: leagueId,
    team_id: r.teamId,
    rank: r.rank,
    played: r.played,
    win: r.win,
    draw: r.draw,
    loss: r.loss,
    goals_for: r.goalsFor,
    goals_against: r.goalsAgainst,
    points: r.points,
  }));
  let known = written.get(db);
  if (!known) {
    known = new Map();
    written.set(db, known);
  }
  const last = known.get(leagueId);
  const before = last && Date.now() - last.at < MAX_AGE_MS ? last.rows : null;
  const now = new Map(rows.map((r) => [r.team_id, JSON.stringify(r)]));
  const changed = before ? rows.filter((r) => before.get(r.team_id) !== now.get(r.team_id)) : rows;
  const gone = before ? [...before.keys()].some((id) => !now.has(id)) : true;
  if (changed.length > 0 || gone) {
    const cols = STORED_COLUMNS.map(([c]) => c).join(', ');
    const defs = STORED_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ');
    const set = STORED_COLUMNS.slice(2)
      .map(([c]) => `${c} = excluded.${c}`)
      .join(', ');
    const upsert = sql`insert into live_standings (${sql.raw(cols)}) select ${sql.raw(cols)} from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as x(${sql.raw(defs)}) on conflict (league_id, team_id) do update set ${sql.raw(set)}`;
    const ids = JSON.stringify(rows.map((r) => r.team_id));
    // Teams no longer in the table (or not known here) out, in the same statement.
    await (
      gone
        ? sql`with gone as (delete from live_standings where league_id = ${leagueId} and team_id not in (select (jsonb_array_elements_text(${ids}::jsonb))::int)) ${upsert}`
        : upsert
    ).execute(db);
  }
  known.set(leagueId, { at: before ? last!.at : Date.now(), rows: now });
}

/**
 * A sink that keeps provider leagues' stored tables current for readers that only read storage
 * (the AI notes' prior, other processes): after a step that moved a match's status (kick-off,
 * half time, full time, a match voided), the tables of those matches' leagues are written again.
 * A goal alone does not write it: every reader of a live table (the match analysis, the facts,
 * the ChatGPT tab) reads `providerTable`, which follows each goal in memory, so the goal's only
 * write is its own (issue 27: ≤ 2 ms per goal).
 */
export function tablesFollow(sink: LiveSink, db: Db): LiveSink {
  return {
    insertMatches: (matches, at) => sink.insertMatches(matches, at),
    saveDetail: (matchId, kind, body, at) => sink.saveDetail(matchId, kind, body, at),
    async saveOutput(matches, out, at) {
      await sink.saveOutput(matches, out, at);
      const moved = new Set(out.incidents.filter((i) => i.type === 'state').map((i) => i.matchId));
      const leagues = new Set(matches.filter((m) => moved.has(m.id)).map((m) => m.leagueId));
      for (const leagueId of leagues) {
        // The stored table is a copy for readers: failing to write it never fails the step.
        if (await baseOf(db, leagueId))
          await writeStoredTable(db, leagueId).catch((err: unknown) =>
            console.error('provider table write failed', err),
          );
      }
    },
  };
}

/** A table row as live_standings holds it. */
export interface StoredStandingRow {
  league_id: number;
  team_id: number;
  rank: number;
  played: number;
  win: number;
  draw: number;
  loss: number;
  goals_for: number;
  goals_against: number;
  points: number;
}

/**
 * A league's table as the ChatGPT tab shows it: a provider league's live table (its base and its
 * matches as they stand, in memory) when it has one, else the stored table (live_standings).
 */
export async function currentTableRows(db: Db, leagueId: number): Promise<StoredStandingRow[]> {
  const live = await providerTable(db, leagueId, '');
  if (live)
    return live.rows.map((r) => ({
      league_id: leagueId,
      team_id: r.teamId,
      rank: r.rank,
      played: r.played,
      win: r.win,
      draw: r.draw,
      loss: r.loss,
      goals_for: r.goalsFor,
      goals_against: r.goalsAgainst,
      points: r.points,
    }));
  return db
    .selectFrom('live_standings')
    .select(['league_id', 'team_id', 'rank', 'played', 'win', 'draw', 'loss', 'goals_for', 'goals_against', 'points'])
    .where('league_id', '=', leagueId)
    .orderBy('rank')
    .execute();
}

/** The live table of a provider league, or null when no table of it is stored. */
export async function providerTable(db: Db, leagueId: number, leagueName: string): Promise<LeagueTable | null> {
  const base = await baseOf(db, leagueId);
  if (!base) return null;
  const { sport } = base;
  const rows = new Map<number, TableRow>(base.rows.map((r) => [r.teamId, { ...r, rank: 0, form: [], playing: false }]));
  const counted = new Set(base.counted);
  // The league's results as kept in memory (server/database/league-tables.ts): no read per goal.
  for (const r of (await leagueTables(db, leagueId, sport)).results()) {
    if (counted.has(r.id)) continue;
    for (const [teamId, own, other] of [
      [r.homeId, r.score[0], r.score[1]],
      [r.awayId, r.score[1], r.score[0]],
    ] as const) {
      const row = rows.get(teamId);
      if (!row) continue;
      row.played++;
      row.goalsFor += own;
      row.goalsAgainst += other;
      if (own > other) row.win++;
      else if (own < other) row.loss++;
      else row.draw++;
      row.points += sport === 'lq' ? (own > other ? 1 : 0) : own > other ? 3 : own === other ? 1 : 0;
      if (r.live) row.playing = true;
    }
  }
  // Level teams keep the provider's order (its table applies head-to-head, which needs the
  // season's results a provider league does not keep), then the next criterion, then id.
  const order = new Map(base.rows.map((r, i) => [r.teamId, [r.position ?? i + 1, i] as const]));
  const provider = (a: TableRow, b: TableRow) => {
    const [x, y] = [order.get(a.teamId)!, order.get(b.teamId)!];
    return x[0] - y[0] || x[1] - y[1];
  };
  const ranked = [...rows.values()].sort((a, b) => primary(sport, a, b) || provider(a, b) || last(sport, a, b));
  return {
    leagueName,
    season: base.season,
    rows: ranked.map((r, i) => ({
      rank: i + 1,
      teamId: r.teamId,
      teamName: teamNameOf(r.teamId),
      played: r.played,
      win: r.win,
      draw: r.draw,
      loss: r.loss,
      goalsFor: r.goalsFor,
      goalsAgainst: r.goalsAgainst,
      points: r.points,
    })),
  };
}
