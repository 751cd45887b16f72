/**
 * The league tables kept in memory (server/database/league-tables.ts), as served: a random season
 * written through the store (server/live/store.ts saveOutput, as the ingest and the simulator
 * write) — goals, goals taken back by VAR, half time, full time, results corrected after it,
 * matches voided and restored, cards and odds moves that change no result — and at random
 * moments the 数据库 standings (every scope, NBA by conference), the facts module and the
 * match-detail table equal tables computed from scratch from what is stored. After the first
 * read, the league's results are never read again: every write moved the tables in memory.
 *
 * The season's seed is random and printed on failure; `STANDINGS_SEED=<n>` replays one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { seedCatalogue } from '../../../server/seed/seed';
import { LEAGUE_BY_ID, leagueTeams, type LeagueSeed } from '../../../server/seed/leagues';
import { insertMatches, saveOutput } from '../../../server/live/store';
import { newOutput, type LiveMatch } from '../../../server/live/model';
import { leagueResults, standingsOf } from '../../../server/database/service';
import { leagueReads } from '../../../server/database/league-tables';
import { leagueFacts, leagueFactsFrom, leagueShape } from '../../../server/facts/team-facts';
import { leagueTable } from '../../../server/live/details';
import { liveTable } from '../../../server/database/standings';
import {
  DatabasePaths,
  STATUS_TABLE,
  embeddedUrl,
  fillPath,
  type Sport,
  type Standings,
} from '../../../workers/protocol/index';

const SEED = Number(process.env.STANDINGS_SEED) || Math.floor(Math.random() * 2 ** 31);
const NOW = Date.parse('2026-11-22T12:30:00Z');

let ts: TestStorage;
let server: BuiltServer;

beforeAll(async () => {
  ts = await createTestStorage('pglite');
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => NOW });
  await seedCatalogue(ts.storage.db, 1, NOW);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
});

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Football: first half, half time, second half; basketball: the quarters and their breaks. */
const LIVE_PATH: Record<Sport, readonly number[]> = {
  zq: [2, 3, 4],
  lq: STATUS_TABLE.lq.live.slice(0, 7),
};

async function season(league: LeagueSeed, seed: number, fixtures: number, idBase: number): Promise<number> {
  const db = ts.storage.db;
  const rand = rng(seed);
  const sport = league.sport;
  const S = STATUS_TABLE[sport];
  const teams = leagueTeams(league).map((t) => t.id);
  const pairs: Array<[number, number]> = [];
  for (const h of teams) for (const a of teams) if (h !== a) pairs.push([h, a]);
  pairs.sort(() => rand() - 0.5);
  const start = Math.floor(NOW / 1000) - 200 * 86400;
  const matches: LiveMatch[] = pairs.slice(0, fixtures).map(([homeId, awayId], i) => ({
    id: idBase + i,
    sport,
    leagueId: league.id,
    homeId,
    awayId,
    day: new Date((start + i * 3600) * 1000).toISOString().slice(0, 10),
    ot: start + i * 3600,
    status: S.notStarted,
    score: [0, 0],
    jc: null,
    bd: false,
    jx: false,
    hot: false,
    hasVideo: false,
    type: 0,
    // The tables read scores and statuses only.
    st: { kind: sport, players: [] } as unknown as LiveMatch['st'],
    updatedAt: 0,
  }));
  // Half the fixtures first; the rest arrive mid-season (an insert: the tables read once more).
  const half = Math.floor(matches.length / 2);
  await insertMatches(db, matches.slice(0, half));
  const point = () => (sport === 'zq' ? 1 : 2 + Math.floor(rand() * 2));
  let next = 0;
  let inserted = half;
  const inPlay: LiveMatch[] = [];
  const over: LiveMatch[] = [];
  let checks = 0;
  let readsAfterLoad = -1;

  const check = async (why: string) => {
    checks++;
    const results = await leagueResults(db, league.id, sport);
    const msg = `seed ${seed} (STANDINGS_SEED=${seed}), ${league.name}, ${why}`;
    for (const scope of ['total', 'home', 'away'] as const) {
      const res = await server.app.inject({
        method: 'GET',
        url: `${embeddedUrl(fillPath(DatabasePaths.standings, { id: league.id }))}?scope=${scope}`,
      });
      const served = (res.json() as { data: Standings }).data;
      expect(served, `${msg}, scope ${scope}`).toEqual(standingsOf(league, results, scope, NOW));
    }
    const shape = (await leagueShape(db, league.id))!;
    expect(await leagueFacts(db, league.id), msg).toEqual(leagueFactsFrom(shape, results));
    const any = matches[0]!;
    const detail = await leagueTable(db, any);
    const ids = detail.rows.map((r) => r.teamId).sort((a, b) => a - b);
    expect(
      detail.rows.map((r) => [r.teamId, r.rank, r.points, r.played]),
      msg,
    ).toEqual(liveTable(sport, ids, results).rows.map((r) => [r.teamId, r.rank, r.points, r.played]));
  };

  const write = async (changed: LiveMatch[], counted: LiveMatch[], all: boolean) => {
    const out = newOutput();
    for (const m of changed) out.changed.add(m.id);
    // As the ingest marks them; the simulator's steps leave `results` out (every match counts).
    if (!all) out.results = new Set(counted.map((m) => m.id));
    await saveOutput(db, changed, out);
  };

  await check('before the season');
  readsAfterLoad = leagueReads(db);
  for (let tick = 0; next < matches.length || inPlay.length > 0; tick++) {
    if (next >= inserted) {
      await insertMatches(db, matches.slice(inserted));
      inserted = matches.length;
      await check('new fixtures inserted');
      readsAfterLoad = leagueReads(db);
    }
    const changed = new Set<LiveMatch>();
    const counted = new Set<LiveMatch>();
    const touch = (m: LiveMatch, result: boolean) => {
      changed.add(m);
      if (result) counted.add(m);
    };
    // Kick-offs.
    while (next < inserted && inPlay.length < 6 && rand() < 0.6) {
      const m = matches[next++]!;
      m.status = S.live[0]!;
      inPlay.push(m);
      touch(m, true);
    }
    for (const m of [...inPlay]) {
      const r = rand();
      if (r < 0.3) {
        m.score[rand() < 0.5 ? 0 : 1] += point();
        touch(m, true);
      } else if (r < 0.36 && m.score[0] + m.score[1] > 0) {
        // A goal taken back (VAR): the score goes down.
        const side = m.score[0] > 0 && (m.score[1] === 0 || rand() < 0.5) ? 0 : 1;
        m.score[side] = Math.max(0, m.score[side] - 1);
        touch(m, true);
      } else if (r < 0.46) {
        const path = LIVE_PATH[sport];
        const at = path.indexOf(m.status);
        if (at < path.length - 1) m.status = path[at + 1]!;
        else {
          m.status = S.finished;
          inPlay.splice(inPlay.indexOf(m), 1);
          over.push(m);
        }
        touch(m, true);
      } else if (r < 0.56)
        touch(m, true); // a card: restated, the result unchanged
      else if (r < 0.7) touch(m, false); // odds or stats only
    }
    // After full time: a result corrected, a match voided (abandoned, postponed) or restored.
    if (over.length > 0 && rand() < 0.15) {
      const m = over[Math.floor(rand() * over.length)]!;
      const x = rand();
      if (m.status !== S.finished) m.status = S.finished;
      else if (x < 0.4) m.score = [m.score[1], m.score[0] + point()];
      else m.status = S.void[Math.floor(rand() * S.void.length)]!;
      touch(m, true);
    }
    if (changed.size > 0) await write([...changed], [...counted], rand() < 0.2);
    if (rand() < 0.12) await check(`tick ${tick}`);
  }
  await check('end of the season');
  // Every check after the first read answered from memory: no league read since.
  expect(leagueReads(db), `seed ${seed}: the league was read again`).toBe(readsAfterLoad);
  return checks;
}

describe('league tables in memory equal tables from scratch, as served', () => {
  it(`a random football season with corrections (seed ${SEED})`, async () => {
    expect(await season(LEAGUE_BY_ID.get(1)!, SEED, 120, 800_000)).toBeGreaterThan(5);
  }, 120_000);

  it(`a random NBA season by conference with corrections (seed ${SEED + 1})`, async () => {
    expect(await season(LEAGUE_BY_ID.get(101)!, SEED + 1, 80, 850_000)).toBeGreaterThan(5);
  }, 120_000);
});
