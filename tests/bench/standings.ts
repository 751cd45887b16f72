/**
 * Standings benchmark (issues 14 and 27).
 *
 *   npx tsx tests/bench/standings.ts [--requests 300] [--leagues 50]
 *
 * 1. API: a real server on a fresh PGlite database (feed off) holding one league of 20 teams with
 *    a full double round robin (380 matches, seeded scores, one in play); GET /database/standings
 *    through Fastify's inject, p50/p95/max over `--requests` answers (after 20 warm-ups): as served
 *    (the answer kept until the table moves), each right after a goal written through the store
 *    (the table in memory moved by it: server/database/league-tables.ts), and each after the
 *    league is forgotten (its results read from storage again, the cost of a first read).
 * 2. Per goal: 50 leagues of 20 teams with 370 finished and 10 live matches each; a goal in every
 *    league (one live score moves) and each league's live table with moves, recomputed from all
 *    results (liveTable) and moved incrementally (the two tables of IncrementalTable the league
 *    tables keep); prints µs per goal (one league's table) and ms for a goal in all 50 at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openStorage } from '../../server/db/index';
import { insertMatches, saveOutput } from '../../server/live/store';
import { newOutput } from '../../server/live/model';
import { seedCatalogue } from '../../server/seed/seed';
import type { LiveMatch } from '../../server/live/model';
import { LEAGUE_BY_ID, leagueTeams } from '../../server/seed/leagues';
import { rngFor } from '../../server/seed/rng';
import { liveTable, type ResultInput } from '../../server/database/standings';
import { leaguesForgotten } from '../../server/database/league-tables';
import { IncrementalTable } from '../../server/database/standings-incremental';
import { DatabasePaths, embeddedUrl, fillPath } from '../../workers/protocol/index';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : def;
}
const REQUESTS = arg('requests', 300);
const LEAGUES = arg('leagues', 50);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** A double round robin of `teams`: every pair twice, home and away. */
function roundRobin(teams: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const h of teams) for (const a of teams) if (h !== a) out.push([h, a]);
  return out;
}

async function apiBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-bench-standings-'));
  const config = loadConfig({ DATA_DIR: dataDir }, { feed: false });
  const storage = await openStorage(config);
  const server = await buildServer(config, { storage, client: false, logger: false });
  try {
    await seedCatalogue(server.ctx.db, 1, Date.now());
    const league = LEAGUE_BY_ID.get(1)!;
    const teams = leagueTeams(league).map((t) => t.id);
    const r = rngFor(1, 'bench-standings');
    const start = Date.parse('2026-08-15T12:00:00Z') / 1000;
    const matches = roundRobin(teams).map(([homeId, awayId], i): LiveMatch => ({
      id: 900_000 + i,
      sport: 'zq',
      leagueId: league.id,
      homeId,
      awayId,
      day: new Date((start + Math.floor(i / 10) * 7 * 86400) * 1000).toISOString().slice(0, 10),
      ot: start + Math.floor(i / 10) * 7 * 86400,
      // The last match in play: each goal in it moves the table.
      status: i === 379 ? 4 : 8,
      score: [r.int(0, 4), r.int(0, 3)],
      jc: null,
      bd: false,
      jx: false,
      hot: false,
      hasVideo: false,
      type: 0,
      // The table reads scores and statuses only; the simulator's per-match state is not needed.
      st: { kind: 'zq', players: [] } as unknown as LiveMatch['st'],
      updatedAt: 0,
    }));
    await insertMatches(server.ctx.db, matches);
    const url = embeddedUrl(fillPath(DatabasePaths.standings, { id: league.id }));
    const one = async () => {
      const t0 = performance.now();
      const res = await server.app.inject({ method: 'GET', url });
      const ms = performance.now() - t0;
      const body = res.json() as { code: number; data: { rows: Array<{ played: number }> } };
      if (body.code !== 200 || body.data.rows.length !== 20 || body.data.rows.some((x) => x.played !== 38))
        throw new Error('unexpected standings answer');
      return ms;
    };
    for (let i = 0; i < 20; i++) await one();
    const live = matches[379]!;
    const goal = async () => {
      live.score = [live.score[0] + 1, live.score[1]];
      const out = newOutput();
      out.changed.add(live.id);
      out.results = new Set([live.id]);
      await saveOutput(server.ctx.db, [live], out);
    };
    const cases = [
      ['as served', null],
      ['after a goal (the table in memory moved)', goal],
      ['after the league is forgotten (read from storage)', async () => leaguesForgotten(server.ctx.db, [league.id])],
    ] as const;
    for (const [name, before] of cases) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        await before?.();
        times.push(await one());
      }
      times.sort((a, b) => a - b);
      console.log(
        `standings API ${name}, 20 teams / ${matches.length} matches, ${REQUESTS} requests: p50 ${pct(times, 0.5).toFixed(2)} ms, p95 ${pct(times, 0.95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
      );
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function recomputeBench(): void {
  const leagues = Array.from({ length: LEAGUES }, (_, l) => {
    const teams = Array.from({ length: 20 }, (_, i) => l * 100 + i + 1);
    const r = rngFor(2, 'bench-live', l);
    const results: ResultInput[] = roundRobin(teams).map(([homeId, awayId], i) => ({
      id: l * 1000 + i,
      homeId,
      awayId,
      ot: i,
      score: [r.int(0, 4), r.int(0, 3)],
      live: i >= 370,
    }));
    return { teams, results };
  });
  let checksum = 0;
  const goalAll = () => {
    for (const lg of leagues) {
      const live = lg.results[370]!;
      live.score = [live.score[0] + 1, live.score[1]];
      checksum += liveTable('zq', lg.teams, lg.results).rows[0]!.teamId;
    }
  };
  // The league tables' pair per league (server/database/league-tables.ts): all results, finished only.
  const pairs = leagues.map((lg) => {
    const all = new IncrementalTable('zq', lg.teams);
    const done = new IncrementalTable('zq', lg.teams);
    for (const r of lg.results) {
      all.set(r);
      if (!r.live) done.set(r);
    }
    return { all, done, live: lg.results[370]! };
  });
  const goalAllIncremental = () => {
    for (const p of pairs) {
      const live = { ...p.live, score: [p.live.score[0] + 1, p.live.score[1]] as [number, number] };
      p.live = live;
      p.all.set(live);
      const before = new Map(p.done.table().map((r) => [r.teamId, r.rank]));
      checksum += p.all.table().find((r) => before.has(r.teamId))!.teamId;
    }
  };
  const rounds = 50;
  for (const [name, run] of [
    ['recomputed from all results', goalAll],
    ['moved incrementally', goalAllIncremental],
  ] as const) {
    for (let i = 0; i < 20; i++) run();
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) run();
    const ms = (performance.now() - t0) / rounds;
    console.log(
      `live table ${name}: ${LEAGUES} leagues × 20 teams × 380 matches (10 live): ${((ms * 1000) / LEAGUES).toFixed(0)} µs per goal (one league's table and moves), ${ms.toFixed(2)} ms for a goal in every league (checksum ${checksum})`,
    );
  }
}

await apiBench();
recomputeBench();
