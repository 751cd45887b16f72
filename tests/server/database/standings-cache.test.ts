/**
 * The standings answer cache: kept per league and scope until that league's matches are written
 * (insertMatches / saveOutput call leaguesChanged) or MAX_AGE_MS has passed; an answer computed
 * across a write is not kept; servers with different databases never share answers. Then over
 * HTTP on a real server (PGlite): a finished result written through the feed's store changes the
 * next standings answer at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AGE_MS, cachedStandings, leaguesChanged } from '../../../server/database/standings-cache';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { insertMatches, saveOutput } from '../../../server/live/store';
import { newOutput, type LiveMatch } from '../../../server/live/model';
import { seedCatalogue } from '../../../server/seed/seed';
import { LEAGUE_BY_ID, leagueTeams } from '../../../server/seed/leagues';
import { DatabasePaths, embeddedUrl, fillPath, type Standings } from '../../../workers/protocol/index';

describe('cachedStandings', () => {
  it('computes once per league and scope, again after a write to that league or after MAX_AGE_MS', async () => {
    const db = {};
    let t = 1_000;
    let n = 0;
    const compute = async () => ++n;
    const get = (league: number, scope = 'total') => cachedStandings(db, league, scope, compute, () => t);
    expect(await get(1)).toBe(1);
    expect(await get(1)).toBe(1);
    expect(await get(1, 'home')).toBe(2);
    expect(await get(2)).toBe(3);
    leaguesChanged(db, [1]);
    expect(await get(1)).toBe(4);
    expect(await get(1, 'home')).toBe(5);
    expect(await get(2)).toBe(3); // another league's answer stays
    t += MAX_AGE_MS - 1;
    expect(await get(2)).toBe(3);
    t += 1;
    expect(await get(2)).toBe(6);
    expect(await cachedStandings({}, 2, 'total', compute, () => t)).toBe(7); // another database
  });

  it('does not keep an answer computed while a write came in', async () => {
    const db = {};
    let n = 0;
    const slow = () =>
      cachedStandings(db, 5, 'total', async () => {
        const mine = ++n;
        leaguesChanged(db, [5]); // the league's matches are written meanwhile
        return mine;
      });
    expect(await slow()).toBe(1);
    expect(await slow()).toBe(2);
  });
});

describe('standings API over a real server', () => {
  let ts: TestStorage;
  let server: BuiltServer;
  beforeAll(async () => {
    ts = await createTestStorage('pglite');
    server = await buildServer(ts.config, { storage: ts.storage, client: false, logger: false });
    await seedCatalogue(server.ctx.db, 1, Date.now());
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await ts?.cleanup();
  });

  it('answers from the stored results and sees a new result at once', async () => {
    const league = LEAGUE_BY_ID.get(1)!;
    const [a, b] = leagueTeams(league).map((t) => t.id);
    const url = embeddedUrl(fillPath(DatabasePaths.standings, { id: league.id }));
    const read = async () => {
      const body = (await server.app.inject({ method: 'GET', url })).json() as { data: Standings };
      const row = (id: number) => body.data.rows.find((r) => r.teamId === id)!;
      return { a: row(a!), b: row(b!) };
    };
    const before = await read();
    const match = (id: number, score: [number, number]): LiveMatch =>
      ({
        id,
        sport: 'zq',
        leagueId: league.id,
        homeId: a!,
        awayId: b!,
        day: '2026-08-15',
        ot: Date.parse('2026-08-15T12:00:00Z') / 1000,
        status: 8,
        score,
        jc: null,
        bd: false,
        jx: false,
        hot: false,
        hasVideo: false,
        type: 0,
        st: { kind: 'zq', players: [] },
        updatedAt: 0,
      }) as unknown as LiveMatch;
    await insertMatches(server.ctx.db, [match(990_001, [2, 0])]);
    const once = await read();
    expect(once.a.points - before.a.points).toBe(3);
    expect(once.b.played - before.b.played).toBe(1);
    // The same match corrected through the feed's save: 2-0 becomes 2-2.
    await saveOutput(server.ctx.db, [match(990_001, [2, 2])], newOutput());
    const twice = await read();
    expect(twice.a.points - before.a.points).toBe(1);
    expect(twice.b.points - before.b.points).toBe(1);
  });
});
