/**
 * A cup match's 分析 (issue 32): it uses the cup's own data, never a league table (足总杯 clubs come
 * from 英超 and 英冠); a league match still shows its own league's table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { seedCatalogue } from '../../server/seed/seed';
import { leagueTable } from '../../server/live/details';
import type { LiveMatch } from '../../server/live/model';

const NOW = Date.parse('2026-11-22T12:30:00Z');
let ts: TestStorage;

beforeAll(async () => {
  ts = await createTestStorage('pglite');
  await seedCatalogue(ts.storage.db, 1, NOW);
}, 120_000);

afterAll(async () => {
  await ts?.cleanup();
});

const match = (leagueId: number, homeId: number, awayId: number) => ({ leagueId, homeId, awayId }) as LiveMatch;

describe('a cup match’s 分析', () => {
  it('shows no league table for a 足总杯 tie between an 英超 and an 英冠 club', async () => {
    const cup = await leagueTable(ts.storage.db, match(27, 101, 1601));
    expect(cup.leagueName).toBe('足总杯');
    expect(cup.rows).toEqual([]);
  });

  it('shows the league’s own table for a league match', async () => {
    const league = await leagueTable(ts.storage.db, match(1, 101, 102));
    expect(league.leagueName).toBe('英超');
    expect(league.rows).toHaveLength(20);
  });
});
