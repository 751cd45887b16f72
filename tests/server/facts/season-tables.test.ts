/**
 * Whole-season tables (issue 32) on a real server and feed: the feed stores about a month, yet a
 * league's table counts every round of the season to date (the earlier ones played out from the
 * seed), and what the feed stores for a match is what playing it out from the seed gives, so the
 * two halves of a season are one season. Also the knockout bracket of a season whose league phase
 * is over: it names the ties the calendar drew and fills in the results as they come.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { DatabasePaths, embeddedUrl, fillPath, isFinished, type Standings } from '../../../workers/protocol/index';
import { seasonCalendar } from '../../../server/live/simulator/season';
import { fixturesOfDay } from '../../../server/live/simulator/fixtures';
import { playOut } from '../../../server/live/simulator/play-out';
import { rowToMatch } from '../../../server/live/store';

const SEED = 20261127;
const START = Date.parse('2026-11-22T12:30:00Z');
const OVER_MS = 5 * 3600_000;
let ts: TestStorage;
let server: BuiltServer;

async function table(id: number): Promise<Standings> {
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(fillPath(DatabasePaths.standings, { id })) });
  return (res.json() as { data: Standings }).data;
}

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: SEED });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => START });
  await server.ctx.feed.start();
}, 240_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
});

describe('whole-season tables', () => {
  it('every team has played the season’s rounds to date, stored or not (英超, 中超, NBA, 欧冠 league phase)', async () => {
    const first = (await ts.storage.db.selectFrom('live_matches').select('day').orderBy('day').limit(1).execute())[0]!
      .day;
    let before = 0;
    for (const leagueId of [1, 6, 101, 7]) {
      const rows = (await table(leagueId)).rows;
      const calendar = seasonCalendar(SEED, 2026).matches.filter(
        (m) => m.leagueId === leagueId && m.stage === undefined && m.at <= START,
      );
      before += calendar.filter((m) => m.day < first).length;
      for (const r of rows) {
        const mine = calendar.filter((m) => m.homeId === r.teamId || m.awayId === r.teamId);
        // Called-off matches do not count; one in play now does.
        const over = mine.filter((m) => m.at + OVER_MS < START);
        const finished = over.filter((m) => {
          const f = fixturesOfDay(SEED, m.day).find((x) => x.leagueId === leagueId && x.homeId === m.homeId)!;
          return playOut(SEED, f).finished;
        }).length;
        expect(r.played, `${leagueId} ${r.teamName}`).toBeGreaterThanOrEqual(finished);
        expect(r.played, `${leagueId} ${r.teamName}`).toBeLessThanOrEqual(finished + mine.length - over.length);
      }
    }
    // The leagues had rounds before the first stored day: the tables did not come from storage alone.
    expect(before).toBeGreaterThan(100);
  });

  it('a match the feed stored has the result playing it out from the seed gives', async () => {
    // Caught up at the first start (no text history) and played live on the days before now.
    const all = (await ts.storage.db.selectFrom('live_matches').selectAll().orderBy('id').execute())
      .map(rowToMatch)
      .filter((m) => isFinished(m.sport, m.status));
    const sample = [...all.slice(0, 40), ...all.slice(-40)];
    expect(new Set(sample.map((m) => m.sport))).toEqual(new Set(['zq', 'lq']));
    for (const m of sample) {
      const f = fixturesOfDay(SEED, m.day).find((x) => x.id === m.id)!;
      expect(playOut(SEED, f).score, `${m.id}`).toEqual(m.score);
    }
  });
});
