/**
 * Rooms and their matches: a room tagged with a league shows only that league's live matches
 * (or none), other sport rooms take any live match, and bindings to ended matches are dropped.
 * The live list is served by a real Fastify route in the live API's shape.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LivePaths, embeddedUrl } from '../../workers/protocol/index';
import { createMatchBinder } from '../../server/vlive/match-binder';
import { startVlive, type VliveHarness } from './vlive-harness';

let h: VliveHarness;
let live: FastifyInstance;
let zq: Array<{ id: number; s: number; leagueName: string; hot?: boolean }> = [];

beforeAll(async () => {
  h = await startVlive();
  live = Fastify({ logger: false });
  live.get(embeddedUrl(LivePaths.zqLive), async () => ({ code: 200, msg: '', data: zq }));
  live.get(embeddedUrl(LivePaths.lqList), async () => ({ code: 200, msg: '', data: [] }));
  await live.ready();
}, 120_000);
afterAll(async () => {
  await live?.close();
  await h?.close();
});

const roomByTag = async (tag: string) =>
  h.ts.storage.db
    .selectFrom('vlive_rooms')
    .select(['id', 'match_id', 'title'])
    .where('tag', '=', tag)
    .executeTakeFirstOrThrow();

describe('match binder', () => {
  it('a room tagged 英超 shows a 英超 match, never another league', async () => {
    await h.ts.storage.db.updateTable('vlive_rooms').set({ match_id: null, match_pinned: false }).execute();
    zq = [
      { id: 501, s: 2, leagueName: '日职联', hot: true },
      { id: 502, s: 4, leagueName: '英超' },
      { id: 503, s: 2, leagueName: '西甲' },
    ];
    await createMatchBinder(live, h.ts.storage.db).rebind();
    expect((await roomByTag('英超')).match_id).toBe(502);
    expect((await roomByTag('西甲')).match_id).toBe(503);
    // 战术 is not a league: any live football match will do.
    expect([501, 502, 503]).toContain((await roomByTag('战术')).match_id);
  });

  it('with no match of its league in play the room shows none', async () => {
    zq = [{ id: 601, s: 2, leagueName: '日职联' }];
    await createMatchBinder(live, h.ts.storage.db).rebind();
    expect((await roomByTag('英超')).match_id).toBeNull();
    expect((await roomByTag('战术')).match_id).toBe(601);
  });
});
