/**
 * An old DATA_DIR keeps the old calendar (issue 32): the calendar's version and seed are stored
 * beside the fixtures; a start over fixtures of another version replaces the stored fixtures of
 * the days after today with this calendar's (a followed one stays), says so in one log line, and
 * a start over the current calendar changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { CALENDAR_KEY, CALENDAR_VERSION } from '../../../server/live/simulator/calendar-version';
import { fixturesOfDay } from '../../../server/live/simulator/fixtures';
import { loadMeta, saveMeta } from '../../../server/live/store';

const SEED = 20261127;
const START = Date.parse('2026-11-22T12:30:00Z');
let ts: TestStorage;
let server: BuiltServer;

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: SEED });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => START });
  await server.ctx.feed.start();
}, 240_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
});

const row = (id: number) =>
  ts.storage.db
    .selectFrom('live_matches')
    .select(['id', 'home_id', 'away_id', 'ot'])
    .where('id', '=', id)
    .executeTakeFirst();

describe('calendar version', () => {
  it('a first start stores the calendar version and seed beside the fixtures', async () => {
    expect(await loadMeta(ts.storage.db, CALENDAR_KEY)).toEqual({ version: CALENDAR_VERSION, seed: SEED });
  });

  it('fixtures of an older calendar are replaced after today, with a log line; today and before stay', async () => {
    const db = ts.storage.db;
    await server.ctx.feed.stop();
    const [swapped, moved, followed] = fixturesOfDay(SEED, '2026-11-25').filter((f) => f.sport === 'zq');
    const [past] = fixturesOfDay(SEED, '2026-11-20');
    // What an older calendar left: other pairings and kick-offs, in the future and the past.
    for (const f of [swapped!, followed!, past!])
      await db
        .updateTable('live_matches')
        .set({ home_id: f.awayId, away_id: f.homeId })
        .where('id', '=', f.id)
        .execute();
    await db
      .updateTable('live_matches')
      .set({ ot: moved!.ot + 3600 })
      .where('id', '=', moved!.id)
      .execute();
    const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
    await db
      .insertInto('live_follows')
      .values({ user_id: user.id, match_id: followed!.id, sport: 'zq', created_at: START })
      .execute();
    await saveMeta(db, CALENDAR_KEY, { version: CALENDAR_VERSION - 1, seed: SEED });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      await server.ctx.feed.start();
      const lines = info.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('stored fixtures'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `calendar v${CALENDAR_VERSION - 1}, not v${CALENDAR_VERSION} of seed ${SEED}: 2 fixtures of 2026-11-23\\.\\.2026-11-29 replaced by this calendar's, 1 kept`,
        ),
      );
    } finally {
      info.mockRestore();
    }
    expect(await row(swapped!.id)).toMatchObject({ home_id: swapped!.homeId, away_id: swapped!.awayId });
    expect(Number((await row(moved!.id))!.ot)).toBe(moved!.ot);
    // A followed fixture and a past one are as they were stored.
    expect(await row(followed!.id)).toMatchObject({ home_id: followed!.awayId, away_id: followed!.homeId });
    expect(await row(past!.id)).toMatchObject({ home_id: past!.awayId, away_id: past!.homeId });
    // Every day after today holds the calendar's fixtures.
    for (const day of ['2026-11-23', '2026-11-25', '2026-11-29']) {
      const stored = await db.selectFrom('live_matches').select('id').where('day', '=', day).execute();
      expect(stored.map((r) => r.id).sort((a, b) => a - b)).toEqual(fixturesOfDay(SEED, day).map((f) => f.id));
    }
    expect(await loadMeta(db, CALENDAR_KEY)).toEqual({ version: CALENDAR_VERSION, seed: SEED });
  }, 240_000);

  it('a start over the current calendar replaces nothing', async () => {
    await server.ctx.feed.stop();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      await server.ctx.feed.start();
      expect(info.mock.calls.filter((c) => String(c[0]).includes('stored fixtures'))).toEqual([]);
    } finally {
      info.mockRestore();
    }
  }, 240_000);
});
