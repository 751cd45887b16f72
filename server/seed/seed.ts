/**
 * Writes the live-score catalogue (leagues, teams, squads, standings, bookmakers) once.
 * Idempotent: a marker row in live_feed_meta records the seed it was written with, and every
 * insert ignores rows that already exist. Bulk inserts keep a fresh PGlite start fast.
 */
import type { Db } from '../db/index';
import type { LiveTables } from '../db/tables/live';
import { ALL_LEAGUES, BOOKMAKERS, TEAMS, leagueTeams, seasonOf } from './leagues';
import { squadOf } from './players';
import { rngFor } from './rng';
import { last, primary, type TableRow } from '../database/standings';

const CATALOGUE_KEY = 'catalogue';
/** 2: standings ranked by points (version 1 ranked football by points per game). */
const CATALOGUE_VERSION = 2;

async function insertChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** A row of the stored table (live_standings) as the seed writes it. */
export type StandingSeed = LiveTables['live_standings'];

/** Standings before the simulated fortnight, from team strength plus luck. */
export function standingsOf(seed: number): StandingSeed[] {
  const out: StandingSeed[] = [];
  for (const league of ALL_LEAGUES) {
    if (league.cup) continue;
    const teams = leagueTeams(league);
    const rows = teams.map((t) => {
      const r = rngFor(seed, 'standing', t.id);
      const played = league.sport === 'zq' ? r.int(11, 13) : r.int(14, 18);
      const p = (t.strength - 35) / 65;
      const row = (win: number, draw: number, loss: number, gf: number, ga: number, points: number): StandingSeed => ({
        league_id: league.id,
        team_id: t.id,
        rank: 0,
        played,
        win,
        draw,
        loss,
        goals_for: gf,
        goals_against: ga,
        points,
      });
      if (league.sport === 'zq') {
        let win = 0,
          draw = 0,
          loss = 0,
          gf = 0,
          ga = 0;
        for (let g = 0; g < played; g++) {
          const x = r.next();
          if (x < p * 0.7) {
            win++;
            gf += r.int(1, 4);
            ga += r.int(0, 1);
          } else if (x < p * 0.7 + 0.27) {
            draw++;
            const s = r.int(0, 2);
            gf += s;
            ga += s;
          } else {
            loss++;
            gf += r.int(0, 1);
            ga += r.int(1, 3);
          }
        }
        return row(win, draw, loss, gf, ga, win * 3 + draw);
      }
      let win = 0,
        gf = 0,
        ga = 0;
      for (let g = 0; g < played; g++) {
        const won = r.next() < 0.2 + p * 0.6;
        const base = league.quarterMin === 12 ? 110 : 85;
        const a = base + r.int(-12, 14),
          b = base + r.int(-14, 12);
        if (won) {
          win++;
          gf += Math.max(a, b + 1);
          ga += Math.min(a, b);
        } else {
          gf += Math.min(a, b);
          ga += Math.max(a, b) + 1;
        }
      }
      return row(win, 0, played - win, gf, ga, win);
    });
    // The same order the computed tables use (server/database/standings.ts): football by points,
    // goal difference, goals scored; basketball by win percentage, wins, point difference; then id
    // (the stored table has no results to break ties head-to-head).
    const asRow = (s: StandingSeed): TableRow => ({
      teamId: s.team_id,
      rank: 0,
      played: s.played,
      win: s.win,
      draw: s.draw,
      loss: s.loss,
      goalsFor: s.goals_for,
      goalsAgainst: s.goals_against,
      points: s.points,
      form: [],
      playing: false,
    });
    rows.sort((a, b) => {
      const x = asRow(a),
        y = asRow(b);
      return primary(league.sport, x, y) || last(league.sport, x, y);
    });
    rows.forEach((row, i) => out.push({ ...row, rank: i + 1 }));
  }
  return out;
}

/** Seeds the catalogue if it is not there yet. Returns true when it wrote anything. */
export async function seedCatalogue(db: Db, seed: number, nowMs: number): Promise<boolean> {
  const marker = await db
    .selectFrom('live_feed_meta')
    .select('value')
    .where('key', '=', CATALOGUE_KEY)
    .executeTakeFirst();
  if (marker && (marker.value as { version?: number }).version === CATALOGUE_VERSION) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('live_leagues')
      .values(
        ALL_LEAGUES.map((l) => ({
          id: l.id,
          sport: l.sport,
          name: l.name,
          letter: l.letter,
          color: l.color,
          season: seasonOf(l, nowMs),
          cup: l.cup,
          major: l.major,
          quarter_min: l.quarterMin ?? null,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await insertChunks([...TEAMS], 500, (chunk) =>
      trx
        .insertInto('live_teams')
        .values(
          chunk.map((t) => ({
            id: t.id,
            league_id: t.leagueId,
            sport: t.sport,
            name: t.name,
            strength: t.strength,
            color: t.color,
            color2: t.color2,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    const players = TEAMS.flatMap((t) => squadOf(t, seed));
    await insertChunks(players, 2000, (chunk) =>
      trx
        .insertInto('live_players')
        .values(
          chunk.map((p) => ({
            id: p.id,
            team_id: p.teamId,
            name: p.name,
            position: p.position,
            number: p.number,
            age: p.age,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    await insertChunks(standingsOf(seed), 1000, (chunk) =>
      trx
        .insertInto('live_standings')
        .values(chunk)
        // A store written by an older catalogue version gets the corrected table.
        .onConflict((oc) =>
          oc.columns(['league_id', 'team_id']).doUpdateSet((eb) => ({
            rank: eb.ref('excluded.rank'),
            played: eb.ref('excluded.played'),
            win: eb.ref('excluded.win'),
            draw: eb.ref('excluded.draw'),
            loss: eb.ref('excluded.loss'),
            goals_for: eb.ref('excluded.goals_for'),
            goals_against: eb.ref('excluded.goals_against'),
            points: eb.ref('excluded.points'),
          })),
        )
        .execute(),
    );
    await trx
      .insertInto('live_bookmakers')
      .values(BOOKMAKERS.map((b, i) => ({ id: b.id, name_zh: b.nameZh, sort: i })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('live_feed_meta')
      .values({ key: CATALOGUE_KEY, value: JSON.stringify({ version: CATALOGUE_VERSION, seed }) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ version: CATALOGUE_VERSION, seed }) }))
      .execute();
  });
  return true;
}
