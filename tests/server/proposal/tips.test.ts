/**
 * Expert tips in storage on a real server (real PGlite, the feed's real matches moved with dev
 * events): publishing only before kick-off and only by experts, terms checked; settlement from
 * the stored result once per tip with an audit row (红, 黑, 走, void for a cancelled match), a
 * repeated or concurrent settlement changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import { publishTip, settleDueTips, TipRefused, TipText, type PublishInput } from '../../../server/proposal/tips';
import {
  Code,
  LivePaths,
  ProposalPaths,
  embeddedUrl,
  fillPath,
  type ExpertProfile,
  type ExpertRankRow,
  type Match,
} from '../../../workers/protocol/index';

const START = Date.parse('2026-11-22T12:30:00Z'); // 20:30 Beijing
const now = START;
let ts: TestStorage;
let server: BuiltServer;
let expert = 0;
let fan = 0;
let upcoming: Match[] = [];

const db = () => server.ctx.db;

async function addUser(phone: string): Promise<number> {
  const row = await db()
    .insertInto('users')
    .values({ phone, nick_name: `用户${phone.slice(-4)}`, password_hash: 'x', portrait: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function dev(matchId: number, type: 'goal' | 'state', extra: { side?: 'home' | 'away'; state?: number }) {
  const res = await server.ctx.feed.applyDevEvent({ matchId, type, ...extra });
  expect(res.code, res.msg).toBe(200);
}

const spf = (matchId: number, pick: 'home' | 'draw' | 'away' = 'home'): PublishInput => ({
  matchId,
  market: 'spf',
  pick,
  line: null,
  odds: 2.1,
  price: 0,
  reason: '主队近期状态出色',
});

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return '';
  } catch (e) {
    expect(e).toBeInstanceOf(TipRefused);
    return (e as Error).message;
  }
}

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: 77 });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
  await server.ctx.feed.start();
  expert = await addUser('19912340001');
  fan = await addUser('19912340002');
  await db().insertInto('proposal_experts').values({ user_id: expert, level: 3, intro: '', created_at: now }).execute();
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(LivePaths.zqLive) });
  const list = (res.json() as { data: Match[] }).data;
  upcoming = list.filter((m) => m.s === 1 && m.ot * 1000 > now).sort((a, b) => a.ot - b.ot);
  expect(upcoming.length).toBeGreaterThan(4);
}, 180_000);

afterAll(async () => {
  await server.close();
  await ts.cleanup();
});

describe('publishing', () => {
  it('an expert publishes before kick-off; the same market twice is refused', async () => {
    const id = await publishTip(db(), expert, spf(upcoming[0]!.id), now);
    expect(id).toBeGreaterThan(0);
    expect(await refusal(publishTip(db(), expert, spf(upcoming[0]!.id, 'away'), now))).toBe(TipText.duplicate);
  });

  it('refuses non-experts, bad terms, a basketball market on football, and a match that has kicked off', async () => {
    const m = upcoming[1]!;
    expect(await refusal(publishTip(db(), fan, spf(m.id), now))).toBe(TipText.notExpert);
    expect(await refusal(publishTip(db(), expert, { ...spf(m.id), line: 0.5 }, now))).toBe('胜平负没有盘口');
    expect(await refusal(publishTip(db(), expert, { ...spf(m.id), market: 'rf', pick: 'home', line: 3.5 }, now))).toBe(
      TipText.marketSport,
    );
    expect(await refusal(publishTip(db(), expert, spf(m.id), m.ot * 1000))).toBe(TipText.started);
    await dev(m.id, 'state', { state: 2 });
    expect(await refusal(publishTip(db(), expert, spf(m.id), now))).toBe(TipText.started);
    const tips = await db().selectFrom('proposal_tips').select('id').where('match_id', '=', m.id).execute();
    expect(tips).toEqual([]);
  });
});

describe('settlement', () => {
  it('settles 红 / 黑 / 走 from the result once, each with an audit row', async () => {
    const m = upcoming[2]!;
    const red = await publishTip(db(), expert, spf(m.id, 'home'), now);
    const black = await publishTip(
      db(),
      expert,
      { ...spf(m.id), market: 'dxq', pick: 'over', line: 2.5, odds: 1.9 },
      now,
    );
    const push = await publishTip(db(), expert, { ...spf(m.id), market: 'rq', pick: 'home', line: 1, odds: 1.95 }, now);
    expect(await settleDueTips(db(), now, [m.id])).toEqual([]);
    await dev(m.id, 'state', { state: 2 });
    await dev(m.id, 'goal', { side: 'home' });
    const score = await db()
      .selectFrom('live_matches')
      .select(['score_h', 'score_a'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect([score.score_h, score.score_a]).toEqual([1, 0]);
    expect(await settleDueTips(db(), now, [m.id])).toEqual([]);
    await dev(m.id, 'state', { state: 8 });
    expect((await settleDueTips(db(), now, [m.id])).sort()).toEqual([red, black, push].sort());
    const rows = await db()
      .selectFrom('proposal_tips')
      .select(['id', 'result', 'profit'])
      .where('match_id', '=', m.id)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, [r.result, r.profit]]));
    expect(byId.get(red)).toEqual(['red', 1.1]);
    expect(byId.get(black)).toEqual(['black', -1]);
    expect(byId.get(push)).toEqual(['push', 0]);
    const audit = await db().selectFrom('proposal_settlements').selectAll().where('match_id', '=', m.id).execute();
    expect(audit.map((a) => [a.tip_id, a.result, a.score_h, a.score_a, a.status]).sort()).toEqual(
      [
        [red, 'red', 1, 0, 8],
        [black, 'black', 1, 0, 8],
        [push, 'push', 1, 0, 8],
      ].sort(),
    );
    // A second attempt changes nothing.
    expect(await settleDueTips(db(), now + 1000, [m.id])).toEqual([]);
    expect(
      await db().selectFrom('proposal_settlements').select('id').where('match_id', '=', m.id).execute(),
    ).toHaveLength(3);
  });

  it('concurrent settlements settle each tip exactly once', async () => {
    const m = upcoming[3]!;
    const ids = [
      await publishTip(db(), expert, spf(m.id, 'draw'), now),
      await publishTip(db(), expert, { ...spf(m.id), market: 'dxq', pick: 'under', line: 2.5, odds: 1.9 }, now),
    ];
    await dev(m.id, 'state', { state: 2 });
    await dev(m.id, 'state', { state: 8 });
    const runs = await Promise.all([1, 2, 3, 4].map(() => settleDueTips(db(), now, [m.id])));
    expect(runs.flat().sort()).toEqual([...ids].sort());
    expect(
      await db().selectFrom('proposal_settlements').select('tip_id').where('match_id', '=', m.id).execute(),
    ).toHaveLength(2);
    const rows = await db().selectFrom('proposal_tips').select(['result']).where('match_id', '=', m.id).execute();
    expect(rows.map((r) => r.result).sort()).toEqual(['red', 'red']);
  });

  it('a cancelled match settles its tips as void, stake back', async () => {
    const m = upcoming[4]!;
    const id = await publishTip(db(), expert, spf(m.id), now);
    await dev(m.id, 'state', { state: 12 });
    expect(await settleDueTips(db(), now, [m.id])).toEqual([id]);
    const row = await db()
      .selectFrom('proposal_tips')
      .select(['result', 'profit'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ result: 'void', profit: 0 });
    expect(await refusal(publishTip(db(), expert, { ...spf(m.id), market: 'dxq', pick: 'over', line: 2.5 }, now))).toBe(
      TipText.notOpen,
    );
  });
});

async function get<T>(path: string, query = '') {
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(path) + query });
  return res.json() as { code: number; msg: string; data: T };
}

describe('records and rankings over HTTP (after the settlements above)', () => {
  // Settled, in order: 红 +1.1, 黑 −1, 走 0 (first match); 红 +1.1, 红 +0.9 (0-0: draw, under);
  // void (cancelled) left out; the first tip (upcoming[0]) is still open.
  it('an expert record is derived from the settled tips', async () => {
    const res = await get<ExpertProfile>(fillPath(ProposalPaths.expert, { id: expert }));
    expect(res.code).toBe(Code.OK);
    expect(res.data).toMatchObject({ id: expert, level: 3, nickName: '用户0001' });
    expect(res.data.record).toEqual({
      tips: 5,
      red: 3,
      black: 1,
      push: 1,
      hitRate: 0.75,
      profit: 2.1,
      streak: 2,
      bestStreak: 2,
    });
    expect((await get(fillPath(ProposalPaths.expert, { id: fan }))).code).toBe(Code.NOT_FOUND);
  });

  it('rankings over 7 days list the expert by hit rate, profit and streak; bad input is refused', async () => {
    const hit = await get<ExpertRankRow[]>(ProposalPaths.rank, '?days=7&by=hitRate');
    expect(hit.data.map((r) => [r.rank, r.expertId, r.hitRate, r.nickName])).toEqual([[1, expert, 0.75, '用户0001']]);
    const profit = await get<ExpertRankRow[]>(ProposalPaths.rank, '?days=30&by=profit');
    expect(profit.data.map((r) => [r.expertId, r.profit])).toEqual([[expert, 2.1]]);
    expect((await get(ProposalPaths.rank, '?days=14')).code).toBe(Code.BAD_INPUT);
    expect((await get(ProposalPaths.rank, '?by=luck')).code).toBe(Code.BAD_INPUT);
  });
});
