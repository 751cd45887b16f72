/**
 * A standby feed readies the simulator's played-out seasons while it waits for the lock
 * (server/cluster/main.ts). Started beside a leader that has not stored its days yet, there is
 * nothing to ready: the call says so, and the standby looks again a second later instead of
 * waiting ten minutes (a CI takeover took 7.3 s that way). Once the days are stored, it readies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedWorld, warmSeasonResults } from '../../../server/live/past-results';
import { FEED_DAYS_KEY, saveMeta } from '../../../server/live/store';
import { addDays } from '../../../workers/protocol/index';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';

describe('warmSeasonResults (a standby feed readying its start)', () => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await createTestStorage('pglite', { feed: false });
  }, 60_000);
  afterAll(async () => ts?.cleanup());

  it('says there is nothing to ready before any day is stored, and readies once the days are', async () => {
    const db = ts.storage.db;
    const other = {} as typeof db;
    // Not a simulated world (a provider's matches): nothing to ready.
    expect(await warmSeasonResults(other)).toBe(false);
    simulatedWorld(db, 20261127);
    await db.deleteFrom('live_feed_meta').where('key', '=', FEED_DAYS_KEY).execute();
    expect(await warmSeasonResults(db)).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    const days = Array.from({ length: 15 }, (_, i) => addDays(today, i - 7));
    await saveMeta(db, FEED_DAYS_KEY, { days });
    expect(await warmSeasonResults(db)).toBe(true);
    // Again for the same days: still ready (served from the cache, one query).
    expect(await warmSeasonResults(db)).toBe(true);
  }, 60_000);
});
