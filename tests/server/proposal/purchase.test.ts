/**
 * Buying paid tips, on PGlite and on PostgreSQL: the reasoning stays
 * hidden until bought, 20 concurrent purchases debit the wallet once, 余额不足 keeps nothing, and
 * a cancelled match refunds every buyer once with the void settlement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../helpers/test-db';
import { credit, balanceOf } from '../../../server/vlive/wallet';
import { settleDueTips } from '../../../server/proposal/tips';
import {
  Code,
  ProposalPaths,
  fillPath,
  tipOnSale,
  type TipDetail,
  type TipPurchase,
} from '../../../workers/protocol/index';
import { REASON, openTipHarness, type TipHarness } from './harness';

describe.each(ENGINES)('paid tips on %s', (engine) => {
  let h: TipHarness;
  const db = () => h.db();
  const call: TipHarness['call'] = (...a) => h.call(...a);
  const addUser = () => h.addUser();
  const addExpert = (level?: number) => h.addExpert(level);
  const dev: TipHarness['dev'] = (...a) => h.dev(...a);
  const takeMatch = () => h.takeMatch();
  const publish: TipHarness['publish'] = (...a) => h.publish(...a);

  beforeAll(async () => {
    h = await openTipHarness(engine);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  it('hides the reasoning until bought; 20 concurrent purchases debit once', async () => {
    const expert = await addExpert();
    const buyer = await addUser();
    const m = takeMatch();
    const tipId = await publish(expert, m.id, 'dxq', 'over', 30);
    await credit(db(), buyer.id, 100, 'test', h.clock.now);
    const locked = (await call<TipDetail>('GET', fillPath(ProposalPaths.detail, { id: tipId }), { who: buyer })).data;
    expect(locked.reason).toBeNull();
    expect(locked.price).toBe(30);
    expect(locked.purchased).toBe(false);
    const anonymous = (await call<TipDetail>('GET', fillPath(ProposalPaths.detail, { id: tipId }))).data;
    expect(anonymous.reason).toBeNull();
    const own = (await call<TipDetail>('GET', fillPath(ProposalPaths.detail, { id: tipId }), { who: expert })).data;
    expect(own.reason).toBe(REASON);

    const results = await Promise.all(
      Array.from({ length: 20 }, () => call<TipPurchase>('POST', ProposalPaths.buy, { who: buyer, body: { tipId } })),
    );
    expect(results.every((r) => r.code === 200 && r.data.reason === REASON)).toBe(true);
    expect(results.filter((r) => r.data.charged)).toHaveLength(1);
    expect(await balanceOf(db(), buyer.id)).toBe(70);
    const log = await db()
      .selectFrom('vlive_balance_log')
      .select(['delta', 'reason', 'ref'])
      .where('user_id', '=', buyer.id)
      .where('reason', '=', 'tip')
      .execute();
    expect(log).toEqual([{ delta: -30, reason: 'tip', ref: `tip:${tipId}` }]);
    const open = (await call<TipDetail>('GET', fillPath(ProposalPaths.detail, { id: tipId }), { who: buyer })).data;
    expect(open.reason).toBe(REASON);
    expect(open.purchased).toBe(true);
  });

  it('refuses without enough coins and keeps nothing; refuses free, own and unknown tips', async () => {
    const expert = await addExpert();
    const poor = await addUser();
    const m = takeMatch();
    const paid = await publish(expert, m.id, 'spf', 'draw', 50);
    const free = await publish(expert, m.id, 'dxq', 'under', 0);
    await credit(db(), poor.id, 49, 'test', h.clock.now);
    const r = await call('POST', ProposalPaths.buy, { who: poor, body: { tipId: paid } });
    expect(r.msg).toBe('余额不足：需要 50 球币，当前余额 49 球币，请先充值');
    expect(await balanceOf(db(), poor.id)).toBe(49);
    expect(await db().selectFrom('proposal_purchases').select('id').where('user_id', '=', poor.id).execute()).toEqual(
      [],
    );
    expect((await call('POST', ProposalPaths.buy, { who: poor, body: { tipId: free } })).msg).toBe(
      '该方案免费，无需购买',
    );
    expect((await call('POST', ProposalPaths.buy, { who: expert, body: { tipId: paid } })).msg).toBe(
      '不能购买自己的方案',
    );
    expect((await call('POST', ProposalPaths.buy, { who: poor, body: { tipId: 999999 } })).msg).toBe('方案不存在');
    expect((await call('POST', ProposalPaths.buy, { who: poor, body: { tipId: 'x' } })).code).not.toBe(200);
    expect((await call('POST', ProposalPaths.buy, { body: { tipId: paid } })).msg).toBe('请先登录');
  });

  it('refunds every buyer once when the match is cancelled, with the void settlement', async () => {
    const expert = await addExpert();
    const a = await addUser();
    const b = await addUser();
    const m = takeMatch();
    const tipId = await publish(expert, m.id, 'rq', 'home', 20);
    for (const w of [a, b]) {
      await credit(db(), w.id, 20, 'test', h.clock.now);
      expect((await call('POST', ProposalPaths.buy, { who: w, body: { tipId } })).code).toBe(200);
      expect(await balanceOf(db(), w.id)).toBe(0);
    }
    await dev(m.id, 'state', { state: 12 });
    expect(await settleDueTips(db(), h.clock.now, [m.id])).toEqual([tipId]);
    expect(await settleDueTips(db(), h.clock.now + 1000, [m.id])).toEqual([]);
    for (const w of [a, b]) {
      expect(await balanceOf(db(), w.id)).toBe(20);
      const d = (await call<TipDetail>('GET', fillPath(ProposalPaths.detail, { id: tipId }), { who: w })).data;
      expect([d.result, d.refunded, d.reason]).toEqual(['void', true, REASON]);
    }
    const refunds = await db()
      .selectFrom('vlive_balance_log')
      .select(['user_id', 'delta'])
      .where('reason', '=', 'tip-refund')
      .where('ref', '=', `tip:${tipId}`)
      .orderBy('user_id')
      .execute();
    expect(refunds).toEqual([
      { user_id: a.id, delta: 20 },
      { user_id: b.id, delta: 20 },
    ]);
    const late = await addUser();
    await credit(db(), late.id, 20, 'test', h.clock.now);
    expect((await call('POST', ProposalPaths.buy, { who: late, body: { tipId } })).msg).toBe(
      '比赛已取消或延期，方案不再出售',
    );
  });

  it('stops selling once the match is over: a finished match and a settled tip are refused, nothing debited', async () => {
    const expert = await addExpert();
    const buyer = await addUser();
    const early = await addUser();
    const m = takeMatch();
    const tipId = await publish(expert, m.id, 'spf', 'home', 25);
    for (const w of [buyer, early]) await credit(db(), w.id, 50, 'test', h.clock.now);
    expect((await call('POST', ProposalPaths.buy, { who: early, body: { tipId } })).code).toBe(200);
    await dev(m.id, 'state', { state: 2 });
    await dev(m.id, 'goal', { side: 'home' });
    await dev(m.id, 'state', { state: 8 });
    // Finished but not settled yet: the result is already public.
    const finished = await call('POST', ProposalPaths.buy, { who: buyer, body: { tipId } });
    expect([finished.code, finished.msg]).toEqual([Code.REFUSED, '比赛已结束，方案已结算，不再出售']);
    expect(await settleDueTips(db(), h.clock.now, [m.id])).toEqual([tipId]);
    const settled = await call('POST', ProposalPaths.buy, { who: buyer, body: { tipId } });
    expect([settled.code, settled.msg]).toEqual([Code.REFUSED, '比赛已结束，方案已结算，不再出售']);
    expect(await balanceOf(db(), buyer.id)).toBe(50);
    expect(await db().selectFrom('proposal_purchases').select('id').where('user_id', '=', buyer.id).execute()).toEqual(
      [],
    );
    // Whoever bought before the whistle keeps reading it.
    const d = (await call<TipDetail>('GET', fillPath(ProposalPaths.detail, { id: tipId }), { who: early })).data;
    expect([d.result, d.reason]).toEqual(['red', REASON]);
    const closed = (await call<TipDetail>('GET', fillPath(ProposalPaths.detail, { id: tipId }), { who: buyer })).data;
    expect(closed.reason).toBeNull();
    expect(tipOnSale(closed, false)).toBe(false);
  });
});
