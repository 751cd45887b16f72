/**
 * League tables never contradict themselves or each other: the seeded stored table
 * (live_standings, read by the AI model) ranks every league by the tie-break order of the computed
 * tables (football: points, goal difference, goals scored; basketball: win percentage, wins, point
 * difference), and the match-detail table (积分 / 排名 tab) equals the 数据库 page's table of the
 * same league. Real server, real PGlite, feed driven by a manual clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { buildServer, type BuiltServer } from '../../server/app';
import { ALL_LEAGUES } from '../../server/seed/leagues';
import { feedDays } from '../../server/live/simulator/create-feed';
import { seasonWindow } from '../../server/live/simulator/season';
import { seedCatalogue, standingsOf } from '../../server/seed/seed';
import {
  Code,
  DatabasePaths,
  LivePaths,
  embeddedUrl,
  fillPath,
  type LeagueTable,
  type Standings,
} from '../../workers/protocol/index';

interface Line {
  teamId: number;
  rank: number;
  played: number;
  win: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/**
 * Why `a` may rank directly above `b`, written out independently of the server's comparator:
 * null when the order is right, else the reason it is wrong.
 */
function orderError(sport: 'zq' | 'lq', a: Line, b: Line): string | null {
  const gd = (r: Line) => r.goalsFor - r.goalsAgainst;
  const keys =
    sport === 'zq'
      ? [
          ['积分', a.points, b.points],
          ['净胜球', gd(a), gd(b)],
          ['进球', a.goalsFor, b.goalsFor],
        ]
      : [
          ['胜率', a.played ? a.win / a.played : 0, b.played ? b.win / b.played : 0],
          ['胜场', a.win, b.win],
        ];
  for (const [name, x, y] of keys as Array<[string, number, number]>) {
    if (x > y) return null;
    if (x < y) return `${a.rank}. #${a.teamId} (${name} ${x}) above ${b.rank}. #${b.teamId} (${name} ${y})`;
  }
  return null;
}

function checkOrder(sport: 'zq' | 'lq', rows: Line[]): string[] {
  const errors: string[] = [];
  rows.forEach((r, i) => {
    if (r.rank !== i + 1) errors.push(`rank ${r.rank} at place ${i + 1}`);
    const next = rows[i + 1];
    const e = next ? orderError(sport, r, next) : null;
    if (e) errors.push(e);
  });
  return errors;
}

const LEAGUES = ALL_LEAGUES.filter((l) => !l.cup);

describe('seeded stored standings', () => {
  it('every league ranks strictly by the tie-break order, for any seed', () => {
    for (const seed of [1, 3, 77, 20261122]) {
      const all = standingsOf(seed);
      for (const league of LEAGUES) {
        const rows = all
          .filter((r) => r.league_id === league.id)
          .sort((a, b) => a.rank - b.rank)
          .map((r): Line => ({
            teamId: r.team_id,
            rank: r.rank,
            played: r.played,
            win: r.win,
            goalsFor: r.goals_for,
            goalsAgainst: r.goals_against,
            points: r.points,
          }));
        expect(rows.length, league.name).toBe(league.teams.length);
        expect(checkOrder(league.sport, rows), `${league.name} (seed ${seed})`).toEqual([]);
      }
    }
  });
});

describe('stored and served tables on a real server', () => {
  const START = Date.parse('2026-11-22T12:30:00Z');
  const now = START;
  let ts: TestStorage;
  let server: BuiltServer;

  async function get<T>(path: string, params: Record<string, string | number> = {}) {
    const res = await server.app.inject({ method: 'GET', url: embeddedUrl(fillPath(path, params)) });
    return res.json() as { code: number; msg: string; data: T };
  }

  beforeAll(async () => {
    ts = await createTestStorage('pglite', { feedSeed: 77 });
    server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
    await server.ctx.feed.start();
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await ts?.cleanup();
  });

  it('live_standings in the store follows the tie-break order in every league', async () => {
    const stored = await ts.storage.db.selectFrom('live_standings').selectAll().orderBy('rank').execute();
    for (const league of LEAGUES) {
      const rows = stored
        .filter((r) => r.league_id === league.id)
        .map((r): Line => ({
          teamId: r.team_id,
          rank: r.rank,
          played: r.played,
          win: r.win,
          goalsFor: r.goals_for,
          goalsAgainst: r.goals_against,
          points: r.points,
        }));
      expect(rows.length, league.name).toBe(league.teams.length);
      expect(checkOrder(league.sport, rows), league.name).toEqual([]);
    }
  });

  it('a store written by the old catalogue version gets the corrected table', async () => {
    const db = ts.storage.db;
    const before = await db.selectFrom('live_standings').selectAll().orderBy('league_id').orderBy('rank').execute();
    // An old store: version 1 marker and a table out of order (ranks reversed).
    await db
      .updateTable('live_standings')
      .set((eb) => ({ rank: eb(eb.val(100), '-', eb.ref('rank')) }))
      .execute();
    await db
      .updateTable('live_feed_meta')
      .set({ value: JSON.stringify({ version: 1, seed: 77 }) })
      .where('key', '=', 'catalogue')
      .execute();
    expect(await seedCatalogue(db, 77, now)).toBe(true);
    const after = await db.selectFrom('live_standings').selectAll().orderBy('league_id').orderBy('rank').execute();
    expect(after).toEqual(before);
  });

  it('the match-detail table equals the 数据库 table of the same league', async () => {
    const matches = await ts.storage.db
      .selectFrom('live_matches')
      .select(['id', 'league_id'])
      .orderBy('ot')
      .orderBy('id')
      .execute();
    let checked = 0;
    for (const league of LEAGUES) {
      const m = matches.find((x) => x.league_id === league.id);
      if (!m) continue;
      const detail = await get<LeagueTable>(league.sport === 'zq' ? LivePaths.zqTable : LivePaths.lqRank, {
        id: m.id,
      });
      const db = await get<Standings>(DatabasePaths.standings, { id: league.id });
      expect(detail.code, league.name).toBe(Code.OK);
      expect(db.code, league.name).toBe(Code.OK);
      const pick = (r: LeagueTable['rows'][number] | Standings['rows'][number]) => ({
        rank: r.rank,
        teamId: r.teamId,
        played: r.played,
        win: r.win,
        draw: r.draw,
        loss: r.loss,
        goalsFor: r.goalsFor,
        goalsAgainst: r.goalsAgainst,
        points: r.points,
      });
      // A league shown by conference (NBA): the match's table is its home team's conference.
      const group = db.data.groups?.find((g) => g.rows.some((r) => r.teamId === detail.data.rows[0]?.teamId));
      const served = group ? group.rows : db.data.rows;
      expect(detail.data.rows.length, league.name).toBe(group ? group.rows.length : league.teams.length);
      expect(detail.data.rows.map(pick), league.name).toEqual(served.map(pick));
      expect(checkOrder(league.sport, detail.data.rows), league.name).toEqual([]);
      checked++;
    }
    // Every catalogue league whose season reaches the stored window has matches in it (美职联,
    // over by late October, has none).
    const days = feedDays('2026-11-22');
    const reaching = LEAGUES.filter((l) => {
      const w = seasonWindow(l.id, days.at(-1)!);
      return w !== null && w.last >= days[0]! && w.first <= days.at(-1)!;
    });
    expect(reaching.length).toBeGreaterThan(LEAGUES.length - 4);
    expect(checked).toBe(reaching.length);
  });
});
