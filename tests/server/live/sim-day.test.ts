/**
 * A simulator match day replayed through each provider adapter gives the simulator's screens. A
 * simulator server (FEED_SEED 77) plays one league's evening, from before kick-off to the last
 * final whistle, recording what it stores. The same evening is written out in each provider's
 * documented formats: the fake Nami (tests/helpers/fake-nami.ts) serves the fixtures, table,
 * odds, lineups and 体彩 marks and receives every recorded step as a push message
 * (./sim-provider.ts); a fake API-Football answers `/fixtures`, events, statistics, odds, lineups
 * and standings from the simulator's current state (./sim-apisports.ts) and the api-sports
 * adapter polls it once a simulated minute. Both provider servers then show the simulator's list
 * rows (score, status, half-time, cards, corners; 竞彩 / 北单 through Nami), its goals, its league
 * table after the first goal and at the end, its full-time reports, and detail screens of its
 * shape (./screens.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { FAKE_NAMI_SECRET, FAKE_NAMI_USER, startFakeNami, until, type FakeNami } from '../../helpers/fake-nami';
import { buildServer, type BuiltServer } from '../../../server/app';
import type { LiveMatch } from '../../../server/live/model';
import { localId, type ProviderName } from '../../../server/live/providers';
import { matchById } from '../../../server/live/repository';
import { renderMatchReport, sweepMatchReports } from '../../../server/news/match-reports';
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../../../server/seed/leagues';
import {
  LivePaths,
  chinaDay,
  type FootballMatch,
  type Incident,
  type LeagueTable,
  type Lineup,
  type MatchHeaderBody,
  type OddsBoard,
} from '../../../workers/protocol/index';
import { footballScreens, getData, shapeGaps } from './screens';
import {
  NamiDay,
  issueNum,
  namiDiary,
  namiLineup,
  namiOdds,
  namiTable,
  namiTeam,
  recordingReader,
} from './sim-provider';
import { ApiDay, apiLineups, apiOdds, apiStandings } from './sim-apisports';
import { listen, send } from './apisports/fake';

const SEED = 77;
const SEASON = 2026;
/** 19:40 Beijing on a Sunday of the season: the evening's league fixtures are still to come. */
let now = Date.parse('2026-11-22T11:40:00Z');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-simday-'));
const file = path.join(dir, 'day.jsonl');
let simTs: TestStorage;
let sim: BuiltServer;
const servers: Partial<Record<ProviderName, { ts: TestStorage; server: BuiltServer }>> = {};
let fakeNami: FakeNami;
let fakeApi: http.Server;
/** The chosen league's fixtures (simulator ids) and the simulator's current state of each. */
let chosen: FootballMatch[] = [];
const current = new Map<number, LiveMatch>();
/** Goals the simulator scored in the chosen fixtures, and the simulated minutes played. */
let goals = 0;
let minutes = 0;
/** The tables right after the first goal of the evening, per server. */
const afterGoal: Partial<Record<ProviderName | 'sim', string[]>> = {};

const PROVIDERS: readonly ProviderName[] = ['nami', 'apisports'];
const ours = (p: ProviderName, id: number) => localId(p, 'zq', id);
const server = (p: ProviderName) => servers[p]!.server;
const tableRows = (t: LeagueTable) =>
  t.rows
    .map((r) => `${r.teamName} ${r.played} ${r.win}-${r.draw}-${r.loss} ${r.goalsFor}:${r.goalsAgainst} ${r.points}`)
    .sort();
/** What a list row shows, without ids, kick-off minute or the flags only the simulator draws (竞彩 / 北单: Nami's lists). */
const row = (m: FootballMatch, p: ProviderName) => ({
  home: m.home.name,
  away: m.away.name,
  leagueName: m.leagueName,
  s: m.s,
  score: m.score,
  half: m.half,
  red: m.red,
  yellow: m.yellow,
  corner: m.corner,
  ...(p === 'nami' ? { jc: m.jc, bd: m.bd } : {}),
});

/**
 * The rows of the evening: the 即时 list, then each fixture's day list (a match finished before
 * midnight 北京时间 leaves 即时 at midnight while the evening's later matches still play on).
 */
async function eveningRows(s: BuiltServer): Promise<FootballMatch[]> {
  const days = [...new Set(chosen.map((c) => chinaDay(c.ot * 1000)))];
  const lists = await Promise.all([
    getData<FootballMatch[]>(s, LivePaths.zqLive),
    ...days.map((date) => getData<FootballMatch[]>(s, LivePaths.zqByDate, {}, { date })),
  ]);
  return lists.flat();
}
async function simRows(): Promise<FootballMatch[]> {
  const list = await eveningRows(sim);
  return chosen.map((c) => list.find((m) => m.id === c.id)!);
}
async function providerRow(p: ProviderName, id: number): Promise<FootballMatch | undefined> {
  return (await eveningRows(server(p))).find((m) => m.id === ours(p, id));
}
/**
 * Waits (at most 20 s) until a provider server shows what the simulator shows for every chosen
 * match; a server that never does is left for the tests to show where it differs.
 */
async function caughtUp(p: ProviderName): Promise<void> {
  const want = await simRows();
  await until(async () => {
    for (const w of want) {
      const got = await providerRow(p, w.id);
      if (!got || JSON.stringify(row(got, p)) !== JSON.stringify(row(w, p))) return false;
    }
    return true;
  }, `the ${p} server caught up with the simulator`).catch(() => undefined);
}
const table = (s: BuiltServer, id: number) => getData<LeagueTable>(s, LivePaths.zqTable, { id }).then(tableRows);

async function startProvider(p: ProviderName, liveSource: object) {
  const ts = await createTestStorage('pglite', { feed: false, liveSource: liveSource as never });
  const s = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
  servers[p] = { ts, server: s };
  await s.ctx.feed.start();
}

beforeAll(async () => {
  simTs = await createTestStorage('pglite', { feedSeed: SEED, feedRecord: file });
  sim = await buildServer(simTs.config, { storage: simTs.storage, client: false, now: () => now });
  await sim.ctx.feed.start();
  const read = recordingReader(file);
  read();

  // A league with a fixture in the next hour, none in play (its table is then exactly the one
  // before the evening) and a table to move: all its fixtures still to come today are the day.
  const list = await getData<FootballMatch[]>(sim, LivePaths.zqLive);
  const soon = (m: FootballMatch) => m.s === 1 && m.ot * 1000 - now <= 3_600_000 && m.ot * 1000 > now;
  const byLeague = new Map<number, FootballMatch[]>();
  for (const m of list.filter((x) => x.s === 1)) byLeague.set(m.li, [...(byLeague.get(m.li) ?? []), m]);
  const candidates = [...byLeague.entries()]
    .filter(([li, ms]) => ms.some(soon) && !list.some((m) => m.li === li && m.s >= 2 && m.s <= 7))
    .filter(([li]) => LEAGUE_BY_ID.get(li) && !LEAGUE_BY_ID.get(li)!.cup)
    .sort((a, b) => b[1].length - a[1].length);
  let before: LeagueTable | null = null;
  for (const [, ms] of candidates) {
    const t = await getData<LeagueTable>(sim, LivePaths.zqTable, { id: ms[0]!.id });
    if (t.rows.length > 0) {
      chosen = ms;
      before = t;
      break;
    }
  }
  if (!before) throw new Error('the simulator has no league fixture in the next hour at 19:40 Beijing');
  const league = LEAGUE_BY_ID.get(chosen[0]!.li)!;
  for (const c of chosen) current.set(c.id, (await matchById(sim.ctx.db, c.id))!);
  const boards: Record<number, Record<1 | 2 | 3, OddsBoard>> = {};
  const lineups: Record<number, Lineup> = {};
  for (const c of chosen) {
    const board = (type: number) => getData<OddsBoard>(sim, LivePaths.zqOdds, { id: c.id }, { type });
    boards[c.id] = { 1: await board(1), 2: await board(2), 3: await board(3) };
    lineups[c.id] = await getData<Lineup>(sim, LivePaths.zqLineup, { id: c.id });
  }
  const diary = (id: number) => namiDiary(current.get(id)!);

  // Nami: basic data, diary, table, odds, lineups and the 体彩 lists of the evening.
  fakeNami = await startFakeNami({
    competitions: { zq: [{ id: league.id, name: league.name, short_name: league.name }] },
    teams: { zq: [...TEAM_BY_ID.values()].filter((t) => t.leagueId === league.id).map((t) => namiTeam(t.id)) },
    matches: { zq: chosen.map((c) => diary(c.id)) as never },
    odds: {
      zq: Object.fromEntries(
        chosen.map((c) => [
          c.id,
          namiOdds({ asia: boards[c.id]![1], eu: boards[c.id]![2], bs: boards[c.id]![3] }, Math.floor(now / 1000) - 60),
        ]),
      ),
    },
    lineups: Object.fromEntries(chosen.map((c) => [c.id, namiLineup(lineups[c.id]!)])),
    tables: { zq: { [league.id]: namiTable(before) } },
    lottery: {
      101: chosen
        .filter((c) => c.jc)
        .map((c) => ({ ...diary(c.id), lottery: { issue_num: issueNum(c.jc!) } })) as never,
      301: chosen.filter((c) => c.bd).map((c) => diary(c.id)) as never,
      404: [],
    },
  });
  await startProvider('nami', {
    kind: 'nami',
    staleAfterMs: 3_600_000,
    nami: {
      user: FAKE_NAMI_USER,
      secret: FAKE_NAMI_SECRET,
      baseUrl: fakeNami.baseUrl,
      mqttUrl: fakeNami.mqttUrl,
      pushStallMs: 3_600_000,
      pollMs: 3_600_000,
    },
    apisports: null,
  });
  await until(
    () => fakeNami.publisher.connected && server('nami').ctx.feed.health().pushConnected === true,
    'push connected',
  );

  // API-Football: the simulator's current state, asked for once a simulated minute.
  const api = new ApiDay(SEED, SEASON);
  const update = new Date(now - 60_000).toISOString();
  fakeApi = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = (k: string) => url.searchParams.get(k);
    const plan = { day: 100_000, dayLeft: 99_000, minute: 300, minuteLeft: 299 };
    const reply = (get: string, response: unknown[]) => send(res, get, response, plan);
    const byId = (id: string | null) => current.get(Number(id));
    const p = url.pathname;
    if (p === '/fb/fixtures' && q('live') === 'all')
      return reply(
        'fixtures',
        [...current.values()].filter((m) => [2, 3, 4, 5, 7].includes(m.status)).map((m) => api.fixture(m)),
      );
    if (p === '/fb/fixtures' && q('ids'))
      return reply(
        'fixtures',
        q('ids')!
          .split('-')
          .flatMap((id) => (byId(id) ? [api.fixture(byId(id)!)] : [])),
      );
    if (p === '/fb/fixtures')
      return reply(
        'fixtures',
        [...current.values()].map((m) => api.fixture(m)),
      );
    const m = byId(q('fixture'));
    if (p === '/fb/fixtures/events') return reply('fixtures/events', m ? api.events(m) : []);
    if (p === '/fb/fixtures/statistics') return reply('fixtures/statistics', m ? api.statistics(m) : []);
    if (p === '/fb/fixtures/lineups') return reply('fixtures/lineups', m ? apiLineups(m, lineups[m.id]!) : []);
    if (p === '/fb/odds') return reply('odds', m ? [apiOdds(m.id, boards[m.id]!, update)] : []);
    if (p === '/fb/standings') return reply('standings', apiStandings(league.id, SEASON, before));
    if (p === '/bb/games') return reply('games', []);
    res.writeHead(404).end();
  });
  const base = await listen(fakeApi);
  await startProvider('apisports', {
    kind: 'apisports',
    staleAfterMs: 3_600_000,
    nami: null,
    apisports: {
      key: 'sim-day',
      footballUrl: `${base}/fb`,
      basketballUrl: `${base}/bb`,
      perMinute: 300,
      perDay: 100_000,
      pollMs: 3_600_000,
    },
  });

  // Lineups are asked for when a fan opens the tab: open them now.
  for (const p of PROVIDERS)
    for (const c of chosen) await getData(server(p), LivePaths.zqLineup, { id: ours(p, c.id) });

  // The evening, a minute at a time: each recorded step pushed as Nami pushes it, then one
  // api-sports cycle against the simulator's state.
  const day = new NamiDay(SEED, new Set(chosen.map((c) => c.id)));
  for (; minutes < 420; minutes++) {
    now += 60_000;
    await sim.ctx.feed.advance();
    for (const e of read()) {
      if (e.kind !== 'output') continue;
      for (const m of e.matches) if (current.has(m.id)) current.set(m.id, m);
      // The diary is current too (the adapter reads it again every 10 minutes).
      fakeNami.world.matches.zq = chosen.map((c) => diary(c.id)) as never;
      api.record(e.incidents.filter((i) => day.ids.has(i.matchId)));
      const entries = day.step(e);
      if (entries.length > 0) await fakeNami.push(entries);
      goals += e.incidents.filter((i) => day.ids.has(i.matchId) && i.type === 'goal').length;
    }
    await server('apisports').ctx.feed.advance();
    if (goals > 0 && !afterGoal.sim) {
      afterGoal.sim = await table(sim, chosen[0]!.id);
      for (const p of PROVIDERS) {
        await caughtUp(p);
        afterGoal[p] = await table(server(p), ours(p, chosen[0]!.id));
      }
    }
    if ((await simRows()).every((m) => m.s >= 8)) break;
  }
  for (const p of PROVIDERS) await caughtUp(p);
}, 900_000);

afterAll(async () => {
  for (const p of PROVIDERS) {
    await servers[p]?.server.close();
    await servers[p]?.ts.cleanup();
  }
  await fakeNami?.close();
  if (fakeApi) await new Promise((r) => fakeApi.close(r));
  await sim?.close();
  await simTs?.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('a simulator match day through each provider adapter', () => {
  it('the simulator plays the evening to the last final whistle', async () => {
    console.log(`sim day: ${chosen.length} fixtures, ${goals} goals, ${minutes} simulated minutes`);
    expect(chosen.length).toBeGreaterThan(0);
    expect(goals).toBeGreaterThan(0);
    expect((await simRows()).some((m) => m.s === 8)).toBe(true);
    expect((await simRows()).every((m) => m.s >= 8)).toBe(true);
  });

  describe.each(PROVIDERS)('%s', (p) => {
    it('lists: every row as the simulator shows it', async () => {
      for (const w of await simRows()) expect(row((await providerRow(p, w.id))!, p)).toEqual(row(w, p));
    });

    it('detail: the same goals, sides and minutes, and screens of the simulator’s shape', async () => {
      const goals = (h: MatchHeaderBody) =>
        h.incidents
          .filter((i: Incident) => i.type === 'goal')
          .map((i) => `${i.side} ${i.minute}`)
          .sort();
      for (const c of chosen) {
        const a = await getData<MatchHeaderBody>(sim, LivePaths.zqHeader, { id: c.id });
        const b = await getData<MatchHeaderBody>(server(p), LivePaths.zqHeader, { id: ours(p, c.id) });
        expect(goals(b)).toEqual(goals(a));
        expect(shapeGaps(await footballScreens(sim, c.id), await footballScreens(server(p), ours(p, c.id)))).toEqual(
          [],
        );
      }
    }, 120_000);

    it('standings: the table moved with the first goal as the simulator’s did, and ends the same', async () => {
      expect(afterGoal.sim).toBeDefined();
      expect(afterGoal[p]).toEqual(afterGoal.sim);
      expect(await table(server(p), ours(p, chosen[0]!.id))).toEqual(await table(sim, chosen[0]!.id));
    });

    it('the full-time reports name the same result and table places', async () => {
      const at = now + 15 * 60_000;
      await sweepMatchReports(sim.ctx.db, at);
      await sweepMatchReports(server(p).ctx.db, at);
      const places = (md: string | undefined) => (md ?? '').match(/[^，。\n]*积\d+分，排名第\d+位/g) ?? [];
      for (const c of (await simRows()).filter((m) => m.s === 8)) {
        const a = await renderMatchReport(sim.ctx.db, c.id, 'final');
        const b = await renderMatchReport(server(p).ctx.db, ours(p, c.id), 'final');
        expect(b?.title).toBe(a?.title);
        expect(places(a?.md).length).toBeGreaterThan(0);
        expect(places(b?.md)).toEqual(places(a?.md));
      }
    });
  });
}, 120_000);
