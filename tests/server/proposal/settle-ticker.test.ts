/**
 * Outside tests' manual clock, the server settles tips by itself: a tip on a match whose stored
 * status turns to full time is settled (with its audit row) within the next tick.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { seedCatalogue } from '../../../server/seed/seed';
import { insertMatches } from '../../../server/live/store';
import type { LiveMatch } from '../../../server/live/model';
import { publishTip } from '../../../server/proposal/tips';

let ts: TestStorage;
let server: BuiltServer;

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: 5 });
  server = await buildServer(
    { ...ts.config, mode: 'production', feed: false },
    { storage: ts.storage, client: false, logger: false },
  );
  await server.app.ready();
}, 120_000);

afterAll(async () => {
  await server.close();
  await ts.cleanup();
});

it('settles a tip within a tick of its match ending', async () => {
  const db = server.ctx.db;
  await seedCatalogue(db, 5, Date.now());
  const ot = Math.floor(Date.now() / 1000) + 3600;
  const match = {
    id: 990_001,
    sport: 'zq',
    leagueId: 1,
    homeId: 1001,
    awayId: 1002,
    day: '2026-11-24',
    ot,
    status: 1,
    score: [0, 0],
    jc: null,
    bd: false,
    jx: false,
    hot: false,
    hasVideo: false,
    type: 0,
    st: { kind: 'zq', players: [] } as unknown as LiveMatch['st'],
    updatedAt: 0,
  } satisfies LiveMatch;
  const teams = await db
    .selectFrom('live_teams')
    .select('id')
    .where('league_id', '=', 1)
    .orderBy('id')
    .limit(2)
    .execute();
  match.homeId = teams[0]!.id;
  match.awayId = teams[1]!.id;
  await insertMatches(db, [match]);
  const user = await db
    .insertInto('users')
    .values({ phone: '19912349999', nick_name: '专家甲', password_hash: 'x', portrait: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('proposal_experts')
    .values({ user_id: user.id, level: 2, intro: '', created_at: Date.now() })
    .execute();
  const tipId = await publishTip(
    db,
    user.id,
    { matchId: match.id, market: 'spf', pick: 'home', line: null, odds: 1.8, price: 0, reason: '' },
    Date.now(),
  );
  await db.updateTable('live_matches').set({ status: 8, score_h: 2, score_a: 1 }).where('id', '=', match.id).execute();
  const deadline = Date.now() + 12_000;
  let result: string | null = null;
  while (Date.now() < deadline && result === null) {
    await new Promise((r) => setTimeout(r, 250));
    result = (await db.selectFrom('proposal_tips').select('result').where('id', '=', tipId).executeTakeFirstOrThrow())
      .result;
  }
  expect(result).toBe('red');
  const audit = await db
    .selectFrom('proposal_settlements')
    .select(['result', 'profit'])
    .where('tip_id', '=', tipId)
    .execute();
  expect(audit).toEqual([{ result: 'red', profit: 0.8 }]);
}, 60_000);
