/**
 * A simulator basketball evening replayed through each provider adapter gives the simulator's
 * screens. A simulator server (FEED_SEED 77) plays the evening's CBA games from before tip-off to
 * the last final whistle. Through Nami every change of a game goes out as a push message on
 * `sports/basketball/match.v1` (the score tuple with the quarter points and the clock), with the
 * diary, odds and the season table (two groups) over HTTP (./sim-basketball.ts); a fake
 * API-Basketball answers `/games`, `/odds` and `/standings` (two conferences) from the
 * simulator's state and the api-sports adapter polls it once a simulated minute. Both provider
 * servers then show the simulator's list rows (status, score, quarters), the same quarters in the
 * detail header, its 指数 boards, its 排名 table at the end and its full-time reports.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { FAKE_NAMI_SECRET, FAKE_NAMI_USER, startFakeNami, until, type FakeNami } from '../../helpers/fake-nami';
import { buildServer, type BuiltServer } from '../../../server/app';
import { localId, type ProviderName } from '../../../server/live/providers';
import { renderMatchReport, sweepMatchReports } from '../../../server/news/match-reports';
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../../../server/seed/leagues';
import {
  DatabasePaths,
  LivePaths,
  type BasketballMatch,
  type LeagueTable,
  type MatchHeaderBody,
  type OddsBoard,
  type PlayerPage,
  type TeamPage,
} from '../../../workers/protocol/index';
import { getData } from './screens';
import { namiOdds, namiTeam } from './sim-provider';
import {
  apiBasketballOdds,
  apiBasketballPlayers,
  apiBasketballStandings,
  apiGame,
  apiLineZh,
  foldedQuarters,
  namiBasketballDiary,
  namiBasketballEntry,
  namiBasketballSquad,
  namiBasketballTable,
  namiJclq,
} from './sim-basketball';
import { TEAM_OFFSET } from './sim-apisports';
import { listen, send } from './apisports/fake';

const SEED = 77;
const SEASON = '2026-2027';
/** 19:00 Beijing on Sunday 22 November: the simulator's CBA games tip off at 19:35. */
let now = Date.parse('2026-11-22T11:00:00Z');
let simTs: TestStorage;
let sim: BuiltServer;
const servers: Partial<Record<ProviderName, { ts: TestStorage; server: BuiltServer }>> = {};
let fakeNami: FakeNami;
let fakeApi: http.Server;
let chosen: BasketballMatch[] = [];
let before: LeagueTable;
/** The simulator's 数据库 page of the first game's home team (its squad is what the providers list). */
let simTeam: TeamPage;
/** The simulator's 指数 boards of each game before tip-off (what the providers quote). */
const boards: Record<number, Record<1 | 2 | 3, OddsBoard>> = {};
let minutes = 0;
let pushes = 0;

const PROVIDERS: readonly ProviderName[] = ['nami', 'apisports'];
const ours = (p: ProviderName, id: number) => localId(p, 'lq', id);
const server = (p: ProviderName) => servers[p]!.server;
const simGames = async (): Promise<BasketballMatch[]> => {
  const list = await getData<BasketballMatch[]>(sim, LivePaths.lqList);
  return chosen.map((c) => list.find((m) => m.id === c.id)!);
};
const providerGame = async (p: ProviderName, id: number) =>
  (await getData<BasketballMatch[]>(server(p), LivePaths.lqList)).find((m) => m.id === ours(p, id));
/** What a list row shows, without ids or clock; overtimes as the one slot the providers give. */
const row = (m: BasketballMatch) => ({
  home: m.home.name,
  away: m.away.name,
  leagueName: m.leagueName,
  s: m.s,
  score: m.score,
  quarters: foldedQuarters(m.quarters),
});
/**
 * A table's rows in rank order. Nami gives points scored and conceded as per-game averages (one
 * decimal), so its totals are the simulator's within a point or two: compared without them.
 */
const tableRows = (t: LeagueTable, points = true) =>
  t.rows.map(
    (r) => `${r.rank} ${r.teamName} ${r.played} ${r.win}-${r.loss}${points ? ` ${r.goalsFor}:${r.goalsAgainst}` : ''}`,
  );
const table = (s: BuiltServer, id: number, points = true) =>
  getData<LeagueTable>(s, LivePaths.lqRank, { id }).then((t) => tableRows(t, points));

const jclqNum = (i: number) => `7${String(301 + i)}`;

async function caughtUp(p: ProviderName): Promise<void> {
  const want = await simGames();
  await until(async () => {
    for (const w of want) {
      const got = await providerGame(p, w.id);
      if (!got || JSON.stringify(row(got)) !== JSON.stringify(row(w))) return false;
    }
    return true;
  }, `the ${p} server caught up with the simulator`).catch(() => undefined);
}

async function startProvider(p: ProviderName, liveSource: object) {
  const ts = await createTestStorage('pglite', { feed: false, liveSource: liveSource as never });
  const s = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
  servers[p] = { ts, server: s };
  await s.ctx.feed.start();
}

beforeAll(async () => {
  simTs = await createTestStorage('pglite', { feedSeed: SEED });
  sim = await buildServer(simTs.config, { storage: simTs.storage, client: false, now: () => now });
  await sim.ctx.feed.start();
  const list = await getData<BasketballMatch[]>(sim, LivePaths.lqList);
  chosen = list.filter((m) => m.leagueName === 'CBA' && m.s === 1 && m.ot * 1000 - now <= 3_600_000);
  if (chosen.length === 0) throw new Error('the simulator has no CBA game in the next hour at 19:00 Beijing');
  const league = LEAGUE_BY_ID.get(chosen[0]!.li)!;
  before = await getData<LeagueTable>(sim, LivePaths.lqRank, { id: chosen[0]!.id });
  simTeam = await getData<TeamPage>(sim, DatabasePaths.team, { id: chosen[0]!.home.id });
  for (const c of chosen) {
    const board = (type: number) => getData<OddsBoard>(sim, LivePaths.lqOdds, { id: c.id }, { type });
    boards[c.id] = { 1: await board(1), 2: await board(2), 3: await board(3) };
  }

  fakeNami = await startFakeNami({
    competitions: { lq: [{ id: league.id, name: league.name, short_name: league.name }] },
    teams: { lq: [...TEAM_BY_ID.values()].filter((t) => t.leagueId === league.id).map((t) => namiTeam(t.id)) },
    matches: { lq: chosen.map(namiBasketballDiary) as never },
    odds: {
      lq: Object.fromEntries(
        chosen.map((c) => [
          c.id,
          namiOdds({ asia: boards[c.id]![1], eu: boards[c.id]![2], bs: boards[c.id]![3] }, Math.floor(now / 1000) - 60),
        ]),
      ),
    },
    tables: { lq: { [league.id]: namiBasketballTable(before) } },
    basketballSquads: [namiBasketballSquad(simTeam.id, simTeam.squad)],
    // 竞彩篮球: the evening's games are 周日301…, their SP the simulator's first bookmaker's prices.
    lottery: {
      201: chosen.map((c, i) => ({ ...namiBasketballDiary(c), lottery: { issue_num: jclqNum(i) } })) as never,
    },
    jcOdds: { jczq: [], jclq: chosen.map((c, i) => namiJclq(c, jclqNum(i), boards[c.id]!)) as never },
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
  await until(() => server('nami').ctx.feed.health().pushConnected === true, 'push connected');

  const update = new Date(now - 60_000).toISOString();
  let games = chosen;
  fakeApi = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const plan = { day: 100_000, dayLeft: 99_000, minute: 300, minuteLeft: 299 };
    const reply = (get: string, response: unknown[]) => send(res, get, response, plan);
    const p = url.pathname;
    if (p.startsWith('/fb/')) return reply(p.slice(4), []);
    if (p === '/bb/games')
      return reply(
        'games',
        games.map((g) => apiGame(g, SEASON)),
      );
    const game = chosen.find((c) => c.id === Number(url.searchParams.get('game')));
    if (p === '/bb/odds') return reply('odds', game ? [apiBasketballOdds(game.id, boards[game.id]!, update)] : []);
    if (p === '/bb/standings') return reply('standings', apiBasketballStandings(league.id, SEASON, before));
    if (p === '/bb/players')
      return reply(
        'players',
        url.searchParams.get('team') === String(simTeam.id + TEAM_OFFSET) && url.searchParams.get('season') === SEASON
          ? apiBasketballPlayers(simTeam.squad)
          : [],
      );
    res.writeHead(404).end();
  });
  const base = await listen(fakeApi);
  await startProvider('apisports', {
    kind: 'apisports',
    staleAfterMs: 3_600_000,
    nami: null,
    apisports: {
      key: 'sim-day-lq',
      footballUrl: `${base}/fb`,
      basketballUrl: `${base}/bb`,
      perMinute: 300,
      perDay: 100_000,
      pollMs: 3_600_000,
    },
  });

  // The evening, a minute at a time: each game that changed pushed as Nami pushes it, then one
  // api-sports cycle against the simulator's state.
  const last = new Map<number, string>();
  for (; minutes < 400; minutes++) {
    now += 60_000;
    await sim.ctx.feed.advance();
    games = await simGames();
    fakeNami.world.matches.lq = games.map(namiBasketballDiary) as never;
    const changed = games.filter((g) => JSON.stringify(g) !== last.get(g.id));
    for (const g of changed) last.set(g.id, JSON.stringify(g));
    if (changed.length > 0) {
      await fakeNami.push(changed.map(namiBasketballEntry), 'lq');
      pushes++;
    }
    await server('apisports').ctx.feed.advance();
    if (games.every((m) => m.s >= 10)) break;
  }
  for (const p of PROVIDERS) await caughtUp(p);
  // Half an hour after the last whistle Nami's table counts the evening (its ranks settle the
  // teams level on wins by head-to-head) and the adapter's half-hourly read takes it in.
  fakeNami.world.tables!.lq![league.id] = namiBasketballTable(
    await getData<LeagueTable>(sim, LivePaths.lqRank, { id: chosen[0]!.id }),
  );
  now += 31 * 60_000;
  await sim.ctx.feed.advance();
  await server('nami').ctx.feed.advance();
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
}, 120_000);

describe('a simulator basketball evening through each provider adapter', () => {
  it('the simulator plays the CBA evening to the last final whistle', async () => {
    console.log(`sim day lq: ${chosen.length} games, ${minutes} simulated minutes, ${pushes} push messages`);
    expect((await simGames()).every((m) => m.s === 10)).toBe(true);
  });

  describe.each(PROVIDERS)('%s', (p) => {
    it('lists: every row (status, score, quarters) as the simulator shows it', async () => {
      for (const w of await simGames()) expect(row((await providerGame(p, w.id))!)).toEqual(row(w));
    });

    it('detail: the header’s quarters and score, and the 指数 boards', async () => {
      for (const c of chosen) {
        const a = await getData<MatchHeaderBody>(sim, LivePaths.lqHeader, { id: c.id });
        const b = await getData<MatchHeaderBody>(server(p), LivePaths.lqHeader, { id: ours(p, c.id) });
        const q = (h: MatchHeaderBody) => {
          const m = h.match as BasketballMatch;
          return { s: m.s, score: m.score, quarters: foldedQuarters(m.quarters) };
        };
        expect(q(b)).toEqual(q(a));
        for (const type of [1, 2, 3]) {
          const board = await getData<OddsBoard>(server(p), LivePaths.lqOdds, { id: ours(p, c.id) }, { type });
          expect(board.companies.length, `odds type ${type}`).toBeGreaterThan(0);
          if (p !== 'nami') continue;
          // 竞彩 SP reach the boards beside the bookmakers, at the prices the simulator quoted before tip-off.
          const want = boards[c.id]![type as 1 | 2 | 3].companies[0]!.live;
          const jc = board.companies.find((x) => x.nameZh === '竞彩')?.live;
          const side = (l: typeof want) => (type === 2 ? [l.left, l.right] : [l.left, l.middle, l.right]);
          expect(jc && side(jc), `竞彩 type ${type}`).toEqual(side(want));
        }
      }
    });

    it('排名: every team of both groups once, ending as the simulator’s table', async () => {
      const want = await table(sim, chosen[0]!.id, p !== 'nami');
      expect(want).not.toEqual(tableRows(before, p !== 'nami'));
      const got = await table(server(p), ours(p, chosen[0]!.id), p !== 'nami');
      // API-Basketball's table is read every 6 h: until then, teams level on wins keep its
      // earlier order (head-to-head needs results a provider league does not keep).
      const unranked = (rows: string[]) => rows.map((r) => r.replace(/^\d+ /, '')).sort();
      if (p === 'nami') expect(got).toEqual(want);
      else expect(unranked(got)).toEqual(unranked(want));
    });

    it('the full-time reports name the same result and records', async () => {
      const at = now + 15 * 60_000;
      await sweepMatchReports(sim.ctx.db, at);
      await sweepMatchReports(server(p).ctx.db, at);
      // The rank among teams level on wins is Nami's (see 排名); API-Basketball's comes later.
      const records = (md: string | undefined) =>
        (md ?? '').match(p === 'nami' ? /[^，。\n]*\d+胜\d+负，排名第\d+位/g : /[^，。；\n]*战绩\d+胜\d+负/g) ?? [];
      for (const c of chosen) {
        const a = await renderMatchReport(sim.ctx.db, c.id, 'final');
        const b = await renderMatchReport(server(p).ctx.db, ours(p, c.id), 'final');
        expect(b?.title).toBe(a?.title);
        expect(records(a?.md).length).toBeGreaterThan(0);
        expect(records(b?.md)).toEqual(records(a?.md));
      }
    });

    it('数据库: a team’s page lists its squad from the provider, a player’s page names him', async () => {
      const teamId = ours(p, simTeam.id + (p === 'apisports' ? TEAM_OFFSET : 0));
      const page = await getData<TeamPage>(server(p), DatabasePaths.team, { id: teamId });
      // Nami names each player's place; API-Basketball only his line (Guard / Forward / Center).
      const place = (x: string) => (p === 'nami' ? x : apiLineZh(x));
      const squad = (t: TeamPage, zh: (x: string) => string) =>
        t.squad.map((m) => `${m.name} ${zh(m.position)} ${m.number} ${m.age}`).sort();
      expect(page.squad.length).toBe(simTeam.squad.length);
      expect(squad(page, (x) => x)).toEqual(squad(simTeam, place));
      expect(page.standing?.win).toBe(
        (await getData<TeamPage>(sim, DatabasePaths.team, { id: simTeam.id })).standing?.win,
      );
      const first = page.squad[0]!;
      const player = await getData<PlayerPage>(server(p), DatabasePaths.player, { id: first.playerId });
      expect([player.name, player.teamId, player.sport]).toEqual([first.name, teamId, 'lq']);
    });
  });
}, 120_000);
