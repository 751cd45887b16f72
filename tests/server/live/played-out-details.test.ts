/**
 * A match of the season from before the stored month (played out from the seed, issue 32) answers
 * every detail route like a stored one: incidents in its header, text live, stats, lineup, odds
 * (opening and in-play lines per company and market) and, in basketball, quarters and a box score.
 * Its scorers are the players whose season goals the player pages count, a sent-off player does
 * not act again, and the odds' final lines are the last of their moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import {
  Code,
  DatabasePaths,
  LivePaths,
  chinaDay,
  embeddedUrl,
  fillPath,
  isFinished,
  isLive,
  type BasketballPlayerLine,
  type FootballPlayerStats,
  type Incident,
  type LeagueSchedule,
  type Lineup,
  type Match,
  type MatchHeaderBody,
  type MatchNavigation,
  type OddsBoard,
  type OddsRow,
  type PlayerPage,
  type Sport,
  type Standings,
  type TextLiveLine,
} from '../../../workers/protocol/index';
import { FEED_DAYS_KEY, loadMeta } from '../../../server/live/store';
import { fixturesOfDay } from '../../../server/live/simulator/fixtures';
import { playedMatch, playedStory } from '../../../server/live/simulator/play-out';

const SEED = 77;
const START = Date.parse('2026-11-22T12:30:00Z');
let ts: TestStorage;
let server: BuiltServer;
let firstStoredDay: string;

async function get<T>(path: string, params: Record<string, number> = {}, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await server.app.inject({
    method: 'GET',
    url: embeddedUrl(fillPath(path, params)) + (qs ? `?${qs}` : ''),
  });
  return res.json() as { code: number; msg: string; data: T };
}

async function ok<T>(path: string, id: number, query: Record<string, string | number> = {}): Promise<T> {
  const res = await get<T>(path, { id }, query);
  expect(res.code, `${path} ${id}: ${res.msg}`).toBe(Code.OK);
  return res.data;
}

/** A league's season through its 赛程 rounds (stored, played out, to come), its first `rounds` only if given. */
async function season(leagueId: number, rounds = Infinity): Promise<Match[]> {
  const sched = await get<LeagueSchedule>(DatabasePaths.schedule, { id: leagueId });
  const out: Match[] = [];
  for (const r of sched.data.rounds.slice(0, rounds))
    out.push(...(await get<LeagueSchedule>(DatabasePaths.schedule, { id: leagueId }, { round: r.round })).data.matches);
  return out;
}

const beforeStored = (m: Match) => chinaDay(m.ot * 1000) < firstStoredDay && isFinished(m.sport, m.s);

async function notStored(id: number): Promise<boolean> {
  const row = await ts.storage.db.selectFrom('live_matches').select('id').where('id', '=', id).executeTakeFirst();
  return row === undefined;
}

/** Every market's board answers each company with an opening line and an in-play one ending its moves. */
async function checkOdds(sport: Sport, id: number): Promise<void> {
  const odds = sport === 'zq' ? LivePaths.zqOdds : LivePaths.lqOdds;
  let moved = 0;
  for (const type of [1, 2, 3]) {
    const board = await ok<OddsBoard>(odds, id, { type });
    expect(board.companies.length, `type ${type}`).toBeGreaterThanOrEqual(8);
    for (const c of board.companies) {
      expect(c.open.at).toBeLessThan(c.live.at + 1);
      if (sport === 'lq') continue;
      const moves = await ok<OddsRow[]>(LivePaths.zqOddsHistory, id, { type, companyId: c.companyId });
      // Newest first; the opening line last.
      expect(moves[0]).toMatchObject({ left: c.live.left, middle: c.live.middle, right: c.live.right, at: c.live.at });
      expect(moves.at(-1)).toMatchObject({ left: c.open.left, middle: c.open.middle, right: c.open.right });
      if (moves.length > 2) moved++;
    }
  }
  // The lines moved in play, as a stored match's do.
  if (sport === 'zq') expect(moved).toBeGreaterThan(8);
}

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: SEED });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => START });
  await server.ctx.feed.start();
  firstStoredDay = (await loadMeta<{ days: string[] }>(ts.storage.db, FEED_DAYS_KEY))!.days[0]!;
}, 240_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
});

describe('a football match played out from the seed', () => {
  it('is the same match whether its story is kept or not (the tables count the one the detail tells)', () => {
    for (const f of fixturesOfDay(SEED, '2026-08-22').slice(0, 30)) {
      const story = playedStory(SEED, f);
      expect(story.match, `${f.id}`).toEqual(playedMatch(SEED, f));
      expect(story.out.texts.length, `${f.id}`).toBeGreaterThan(0);
    }
  });

  it('answers every detail tab: incidents, text live, stats, lineup, player stats and odds', async () => {
    const m = (await season(1, 1)).find(beforeStored)!;
    expect(await notStored(m.id)).toBe(true);
    const header = await ok<MatchHeaderBody>(LivePaths.zqHeader, m.id);
    const goals = header.incidents.filter((i) => i.type === 'goal');
    expect(goals.filter((g) => g.side === 'home')).toHaveLength(m.score[0]);
    expect(goals.filter((g) => g.side === 'away')).toHaveLength(m.score[1]);
    expect(header.incidents.some((i) => i.type === 'state' && i.state === 8)).toBe(true);
    const nav = await ok<MatchNavigation>(LivePaths.zqNavigation, m.id);
    expect(nav).toMatchObject({ textLive: true, stats: true, lineup: true, odds: true });
    const text = await ok<TextLiveLine[]>(LivePaths.zqTextLive, m.id);
    expect(text.length).toBeGreaterThan(header.incidents.length);
    for (const g of goals) expect(text.map((t) => t.text)).toContain(g.text);
    expect(text[0]!.at).toBeGreaterThanOrEqual(text.at(-1)!.at);
    const stats = await ok<Array<{ type: number; home: number; away: number }>>(LivePaths.zqStats, m.id);
    expect(stats.length).toBeGreaterThan(3);
    const lineup = await ok<Lineup>(LivePaths.zqLineup, m.id);
    expect(lineup.home.starters).toHaveLength(11);
    expect(lineup.away.starters).toHaveLength(11);
    const players = await ok<FootballPlayerStats>(LivePaths.zqPlayerStats, m.id);
    expect(players.home.reduce((s, p) => s + p.goals, 0)).toBe(m.score[0]);
    expect(players.away.reduce((s, p) => s + p.goals, 0)).toBe(m.score[1]);
    await checkOdds('zq', m.id);
    // Asked again (from the story kept), the same answer.
    expect(await ok<MatchHeaderBody>(LivePaths.zqHeader, m.id)).toEqual(header);
  });

  it('names as scorers the players whose season goals the player pages and the table count; a sent-off player acts no more', async () => {
    const all = await season(1);
    const teamId = all.find(beforeStored)!.home.id;
    const mine = all.filter(
      (m) => (m.home.id === teamId || m.away.id === teamId) && (isFinished('zq', m.s) || isLive('zq', m.s)),
    );
    expect(mine.filter(beforeStored).length).toBeGreaterThan(3);
    const tally = new Map<number, { games: number; goals: number; yellow: number; red: number }>();
    let scored = 0;
    for (const m of mine) {
      const side = m.home.id === teamId ? 'home' : 'away';
      const players = (await ok<FootballPlayerStats>(LivePaths.zqPlayerStats, m.id))[side];
      for (const p of players) {
        const t = tally.get(p.playerId) ?? { games: 0, goals: 0, yellow: 0, red: 0 };
        tally.set(p.playerId, {
          games: t.games + 1,
          goals: t.goals + p.goals,
          yellow: t.yellow + p.yellow,
          red: t.red + p.red,
        });
      }
      scored += m.score[side === 'home' ? 0 : 1];
      if (!beforeStored(m)) continue;
      // The goal incidents name exactly the players credited with the goals.
      const incidents = (await ok<MatchHeaderBody>(LivePaths.zqHeader, m.id)).incidents;
      const both = await ok<FootballPlayerStats>(LivePaths.zqPlayerStats, m.id);
      for (const s of ['home', 'away'] as const) {
        const named = incidents.filter((i) => i.type === 'goal' && i.side === s).map((i) => scorerOf(i, both[s]));
        const credited = both[s].flatMap((p) => Array<string>(p.goals).fill(p.name));
        expect(named.sort(), `${m.id} ${s}`).toEqual(credited.sort());
      }
      const sentOff = new Set<string>();
      for (const i of incidents) {
        if (i.type !== 'goal' && i.type !== 'yellow' && i.type !== 'red') continue;
        // Names are unique within a squad, not across the two (both may have a 哈里·安德森).
        const who = `${i.side} ${scorerOf(i, both[i.side === 'away' ? 'away' : 'home'])}`;
        expect(sentOff.has(who), `${m.id} ${i.text}`).toBe(false);
        if (i.type === 'red') sentOff.add(who);
      }
    }
    for (const [playerId, t] of tally) {
      const page = (await get<PlayerPage>(DatabasePaths.player, { id: playerId })).data;
      expect(page.stats, `${page.name}`).toMatchObject({
        games: t.games,
        goals: t.goals,
        yellow: t.yellow,
        red: t.red,
      });
    }
    const table = (await get<Standings>(DatabasePaths.standings, { id: 1 })).data;
    const row = table.rows.find((r) => r.teamId === teamId)!;
    expect(row.goalsFor).toBe(scored);
  });
});

/** The one player of `players` an incident's text names. */
function scorerOf(i: Incident, players: ReadonlyArray<{ name: string }>): string {
  const named = players.filter((p) => i.text.includes(` ${p.name} `));
  expect(named, i.text).toHaveLength(1);
  return named[0]!.name;
}

describe('a basketball match played out from the seed', () => {
  it('has its quarters, box score, play-by-play and odds', async () => {
    const m = (await season(101, 3)).find(beforeStored)!;
    expect(await notStored(m.id)).toBe(true);
    const header = await ok<MatchHeaderBody>(LivePaths.lqHeader, m.id);
    expect(header.incidents.length).toBeGreaterThan(2);
    expect(header.match.sport).toBe('lq');
    const quarters = header.match.sport === 'lq' ? header.match.quarters : [];
    expect(quarters.length).toBeGreaterThanOrEqual(4);
    expect(quarters.reduce((s, q) => s + q[0], 0)).toBe(m.score[0]);
    expect(quarters.reduce((s, q) => s + q[1], 0)).toBe(m.score[1]);
    const box = await ok<{ stats: unknown[]; players: { home: BasketballPlayerLine[]; away: BasketballPlayerLine[] } }>(
      LivePaths.lqStats,
      m.id,
    );
    expect(box.stats.length).toBeGreaterThan(3);
    expect(box.players.home.reduce((s, p) => s + p.points, 0)).toBe(m.score[0]);
    expect(box.players.away.reduce((s, p) => s + p.points, 0)).toBe(m.score[1]);
    const text = await ok<TextLiveLine[]>(LivePaths.lqTextLive, m.id);
    expect(text.length).toBeGreaterThan(header.incidents.length);
    await checkOdds('lq', m.id);
  });
});
