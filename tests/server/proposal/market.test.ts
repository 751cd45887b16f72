/**
 * Expert tips over HTTP on a real server (real PGlite, the feed's real matches moved by dev
 * events): publishing at server-quoted odds only before kick-off, matches with tips, following
 * experts and the followed rankings, applying to become an expert with operator approval, and
 * the demo experts. Buying paid tips (on PGlite and PostgreSQL): purchase.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDueTips } from '../../../server/proposal/tips';
import {
  EXPERT_APPLY_MIN_TIPS,
  OpsProposalPaths,
  ProposalPaths,
  fillPath,
  type ExpertApplicationRow,
  type ExpertApplicationState,
  type ExpertRankRow,
  type FollowedExpert,
  type MarketQuote,
  type TipCard,
  type TipDetail,
  type TipMatchRow,
} from '../../../workers/protocol/index';
import { OPS, REASON, openTipHarness, type TipHarness } from './harness';

let h: TipHarness;
const db = () => h.db();
const call: TipHarness['call'] = (...a) => h.call(...a);
const addUser = () => h.addUser();
const addExpert = (level?: number) => h.addExpert(level);
const dev: TipHarness['dev'] = (...a) => h.dev(...a);
const takeMatch = () => h.takeMatch();
const publish: TipHarness['publish'] = (...a) => h.publish(...a);

beforeAll(async () => {
  h = await openTipHarness('pglite');
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('publishing', () => {
  it('records the odds the server quotes, not the client, and lists the match with its tip count', async () => {
    const expert = await addExpert();
    const m = takeMatch();
    const quotes = (await call<MarketQuote[]>('GET', fillPath(ProposalPaths.quote, { id: m.id }))).data;
    expect(quotes.map((q) => q.market)).toEqual(['spf', 'rq', 'dxq']);
    const spf = quotes.find((q) => q.market === 'spf')!;
    const rq = quotes.find((q) => q.market === 'rq')!;
    expect(spf.odds.home).toBeGreaterThan(1);
    const r = await call<{ id: number }>('POST', ProposalPaths.publish, {
      who: expert,
      body: { matchId: m.id, market: 'spf', pick: 'home', price: 0, reason: REASON, odds: 50 },
    });
    expect(r.code, r.msg).toBe(200);
    const rqId = await publish(expert, m.id, 'rq', 'away');
    const stored = await db()
      .selectFrom('proposal_tips')
      .select(['id', 'odds', 'line'])
      .where('match_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: r.data.id, odds: spf.odds.home, line: null },
      { id: rqId, odds: rq.odds.away, line: rq.line },
    ]);
    const list = (await call<TipMatchRow[]>('GET', `${ProposalPaths.matchList}?sport=zq`)).data;
    expect(list.find((x) => x.match.id === m.id)?.tipCount).toBe(2);
    const byLeague = (await call<TipMatchRow[]>('GET', `${ProposalPaths.matchList}?sport=zq&leagueId=${m.li}`)).data;
    expect(byLeague.every((x) => x.match.li === m.li)).toBe(true);
    expect(byLeague.some((x) => x.match.id === m.id)).toBe(true);
    const lq = (await call<TipMatchRow[]>('GET', `${ProposalPaths.matchList}?sport=lq`)).data;
    expect(lq.some((x) => x.match.id === m.id)).toBe(false);
    const tips = (await call<TipCard[]>('GET', fillPath(ProposalPaths.matchTips, { id: m.id }))).data;
    expect(tips.map((t) => t.id)).toEqual([r.data.id, rqId]);
  });

  it('refuses with clear messages: not logged in, not an expert, bad input, kicked off', async () => {
    const expert = await addExpert();
    const fan = await addUser();
    const m = takeMatch();
    const body = { matchId: m.id, market: 'spf', pick: 'home', price: 0, reason: REASON };
    expect((await call('POST', ProposalPaths.publish, { body })).msg).toBe('请先登录');
    expect((await call('POST', ProposalPaths.publish, { who: fan, body })).msg).toBe('只有专家可以发布方案');
    expect((await call('POST', ProposalPaths.publish, { who: expert, body: { ...body, reason: '好' } })).msg).toBe(
      '推荐理由至少 10 个字',
    );
    expect((await call('POST', ProposalPaths.publish, { who: expert, body: { ...body, price: 5000 } })).msg).toBe(
      '价格不能超过 1000 球币',
    );
    expect((await call('POST', ProposalPaths.publish, { who: expert, body: { ...body, market: 'rf' } })).msg).toBe(
      '该比赛暂无此玩法的赔率',
    );
    expect((await call('POST', ProposalPaths.publish, { who: expert, body: { ...body, pick: 'over' } })).msg).toBe(
      '该比赛暂无此玩法的赔率',
    );
    await dev(m.id, 'state', { state: 2 });
    expect((await call('POST', ProposalPaths.publish, { who: expert, body })).msg).toBe('比赛已开始，不能再发布方案');
    expect(await db().selectFrom('proposal_tips').select('id').where('match_id', '=', m.id).execute()).toEqual([]);
  });
});

describe('following and rankings', () => {
  it('follow toggles 0→1→0, shows in detail, /tj/attention and the followed ranking', async () => {
    const e1 = await addExpert(3);
    const e2 = await addExpert(5);
    const fan = await addUser();
    // e1: three 红 on one match (home wins 1-0); e2: one 黑 there.
    const m = takeMatch();
    const t1 = await publish(e1, m.id, 'spf', 'home');
    await publish(e1, m.id, 'dxq', 'under');
    await publish(e2, m.id, 'spf', 'away');
    const m2 = takeMatch();
    await publish(e1, m2.id, 'spf', 'home');
    for (const id of [m.id, m2.id]) {
      await dev(id, 'state', { state: 2 });
      await dev(id, 'goal', { side: 'home' });
      await dev(id, 'state', { state: 8 });
    }
    await settleDueTips(db(), h.clock.now, [m.id, m2.id]);

    const notExpert = await addUser();
    expect((await call('POST', ProposalPaths.follow, { who: fan, body: { expertId: notExpert.id } })).msg).toBe(
      '专家不存在',
    );
    expect((await call('POST', ProposalPaths.follow, { who: e1, body: { expertId: e1.id } })).msg).toBe('不能关注自己');
    expect((await call('POST', ProposalPaths.follow, { body: { expertId: e1.id } })).msg).toBe('请先登录');
    const f1 = await call<{ follow: number }>('POST', ProposalPaths.follow, { who: fan, body: { expertId: e1.id } });
    expect(f1.data.follow).toBe(1);
    const d = (await call<TipDetail>('GET', fillPath(ProposalPaths.detail, { id: t1 }), { who: fan })).data;
    expect([d.expert.follow, d.expert.followers, d.expert.level]).toEqual([1, 1, 3]);
    expect(d.result).toBe('red');

    const followed = (await call<FollowedExpert[]>('GET', ProposalPaths.attention, { who: fan })).data;
    expect(followed.map((x) => [x.id, x.followers, x.record.red, x.record.black])).toEqual([[e1.id, 1, 3, 0]]);

    const all = (await call<ExpertRankRow[]>('GET', `${ProposalPaths.rank}?days=7&by=profit`)).data;
    expect(all.some((r) => r.expertId === e2.id)).toBe(true);
    const mine = (await call<ExpertRankRow[]>('GET', `${ProposalPaths.rankAttention}?days=7&by=profit`, { who: fan }))
      .data;
    expect(mine.map((r) => [r.rank, r.expertId, r.red])).toEqual([[1, e1.id, 3]]);
    const byRate = (await call<ExpertRankRow[]>('GET', `${ProposalPaths.rankAttention}?days=30`, { who: fan })).data;
    expect(byRate.map((r) => [r.expertId, r.hitRate, r.streak])).toEqual([[e1.id, 1, 3]]);
    expect((await call('GET', `${ProposalPaths.rankAttention}?days=14`, { who: fan })).code).not.toBe(200);

    const f0 = await call<{ follow: number }>('POST', ProposalPaths.follow, { who: fan, body: { expertId: e1.id } });
    expect(f0.data.follow).toBe(0);
    expect((await call<FollowedExpert[]>('GET', ProposalPaths.attention, { who: fan })).data).toEqual([]);
    expect((await call<ExpertRankRow[]>('GET', ProposalPaths.rankAttention, { who: fan })).data).toEqual([]);
  });
});

describe('applying to become an expert', () => {
  it(`needs ${EXPERT_APPLY_MIN_TIPS} settled tips above the hit rate; an operator approves; then publishing works`, async () => {
    const user = await addUser();
    const finished = await db()
      .selectFrom('live_matches')
      .select(['id', 'score_h', 'score_a'])
      .where('sport', '=', 'zq')
      .where('status', '=', 8)
      .orderBy('id')
      .limit(EXPERT_APPLY_MIN_TIPS)
      .execute();
    expect(finished).toHaveLength(EXPERT_APPLY_MIN_TIPS);
    const winner = (r: { score_h: number; score_a: number }) =>
      r.score_h > r.score_a ? 'home' : r.score_h < r.score_a ? 'away' : 'draw';
    const loser = (r: { score_h: number; score_a: number }) => (winner(r) === 'home' ? 'away' : 'home');
    // 19 settled tips first: not enough.
    for (const [i, r] of finished.slice(0, 19).entries()) {
      await db()
        .insertInto('user_tips')
        .values({ user_id: user.id, match_id: r.id, pick: i < 14 ? winner(r) : loser(r), reason: '', created_at: 0 })
        .execute();
    }
    const before = (await call<ExpertApplicationState>('GET', ProposalPaths.apply, { who: user })).data;
    expect([before.status, before.settled, before.hits, before.blocked]).toEqual([
      'none',
      19,
      14,
      '需要至少 20 场已结算的方案，您目前有 19 场',
    ]);
    expect((await call('POST', ProposalPaths.apply, { who: user })).msg).toBe(before.blocked);
    const last = finished[19]!;
    await db()
      .insertInto('user_tips')
      .values({ user_id: user.id, match_id: last.id, pick: winner(last), reason: '', created_at: 0 })
      .execute();
    const applied = await call<ExpertApplicationState>('POST', ProposalPaths.apply, { who: user });
    expect(applied.code, applied.msg).toBe(200);
    expect([applied.data.status, applied.data.hitRate]).toEqual(['pending', 15 / 20]);
    expect((await call('POST', ProposalPaths.apply, { who: user })).msg).toBe('申请审核中，请耐心等待');

    expect((await call('GET', OpsProposalPaths.applications)).msg).toBe('缺少运营令牌（请求头 x-ops-token）');
    const pending = (await call<ExpertApplicationRow[]>('GET', OpsProposalPaths.applications, { ops: true })).data;
    expect(pending.map((p) => [p.userId, p.settled, p.hitRate])).toEqual([[user.id, 20, 0.75]]);
    const decided = await call<ExpertApplicationRow>('POST', OpsProposalPaths.decide, {
      ops: true,
      body: { userId: user.id, approve: true },
    });
    expect(decided.data.status).toBe('approved');
    expect(
      (await call('POST', OpsProposalPaths.decide, { ops: true, body: { userId: user.id, approve: true } })).msg,
    ).toBe('该用户没有待审核的申请');
    expect((await call<ExpertApplicationState>('GET', ProposalPaths.apply, { who: user })).data.status).toBe('expert');
    await publish(user, takeMatch().id, 'spf', 'home');
  });

  it('refuses a hit rate at or below the threshold', async () => {
    const user = await addUser();
    const finished = await db()
      .selectFrom('live_matches')
      .select(['id', 'score_h', 'score_a'])
      .where('sport', '=', 'zq')
      .where('status', '=', 8)
      .orderBy('id', 'desc')
      .limit(EXPERT_APPLY_MIN_TIPS)
      .execute();
    for (const r of finished) {
      // 'draw' never wins a match with a winner: about a quarter of picks hit.
      await db()
        .insertInto('user_tips')
        .values({ user_id: user.id, match_id: r.id, pick: 'draw', reason: '', created_at: 0 })
        .execute();
    }
    const s = (await call<ExpertApplicationState>('GET', ProposalPaths.apply, { who: user })).data;
    expect(s.blocked).toBe('命中率需高于 55%');
    expect((await call('POST', ProposalPaths.apply, { who: user })).msg).toBe('命中率需高于 55%');
  });
});

describe('npm run ops -- experts / approve-expert / reject-expert', () => {
  it('lists pending applications and decides them over the operator API', async () => {
    const { runOpsCli } = await import('../../../server/ops/cli');
    const a = await addUser();
    const b = await addUser();
    for (const w of [a, b])
      await db()
        .insertInto('proposal_applications')
        .values({ user_id: w.id, status: 'pending', settled: 22, hit_rate: 0.6, applied_at: h.clock.now })
        .execute();
    const address = await h.server.app.listen({ port: 0, host: '127.0.0.1' });
    const lines: string[] = [];
    const env = { base: address, token: OPS, out: (l: string) => lines.push(l) };
    expect(await runOpsCli(['experts'], env)).toBe(0);
    expect(lines.filter((l) => l.startsWith(`${a.id}\t`) || l.startsWith(`${b.id}\t`))).toEqual([
      `${a.id}\t用户${h.users() - 1}\t已结算 22 场\t命中率 60%`,
      `${b.id}\t用户${h.users()}\t已结算 22 场\t命中率 60%`,
    ]);
    expect(await runOpsCli(['approve-expert', String(a.id)], env)).toBe(0);
    expect(lines.at(-1)).toBe(`已通过：用户 #${a.id}`);
    expect(await runOpsCli(['reject-expert', String(b.id)], env)).toBe(0);
    expect(await runOpsCli(['reject-expert', String(b.id)], env)).toBe(1);
    expect(lines.at(-1)).toBe('该用户没有待审核的申请');
    expect(await runOpsCli(['approve-expert', 'x'], env)).toBe(2);
    expect(await runOpsCli(['experts'], { ...env, token: 'wrong' })).toBe(1);
    expect(lines.at(-1)).toBe('运营令牌不正确');
    const experts = await db()
      .selectFrom('proposal_experts')
      .select('user_id')
      .where('user_id', 'in', [a.id, b.id])
      .execute();
    expect(experts).toEqual([{ user_id: a.id }]);
  });
});

describe('demo experts', () => {
  it('seeds experts with settled and open tips once, settled by the same code', async () => {
    const { seedDemoExperts } = await import('../../../server/proposal/demo');
    // Other tests above added experts: start this world from none.
    await db().deleteFrom('proposal_purchases').execute();
    await db().deleteFrom('proposal_follows').execute();
    await db().deleteFrom('proposal_experts').execute();
    expect(await seedDemoExperts(h.server.ctx)).toBe(true);
    const experts = await db().selectFrom('proposal_experts').select('user_id').execute();
    expect(experts).toHaveLength(6);
    const tips = await db().selectFrom('proposal_tips').select(['id', 'result', 'published_at', 'match_id']).execute();
    const settled = tips.filter((t) => t.result !== null);
    expect(settled.length).toBeGreaterThan(20);
    expect(tips.some((t) => t.result === null)).toBe(true);
    const audits = await db().selectFrom('proposal_settlements').select('tip_id').execute();
    expect(new Set(audits.map((a) => a.tip_id))).toEqual(new Set(settled.map((t) => t.id)));
    // Every tip was published before its match kicked off.
    const ots = new Map(
      (await db().selectFrom('live_matches').select(['id', 'ot']).execute()).map((m) => [m.id, Number(m.ot)]),
    );
    expect(tips.every((t) => t.published_at < ots.get(t.match_id)! * 1000)).toBe(true);
    const rank = (await call<ExpertRankRow[]>('GET', `${ProposalPaths.rank}?days=7&by=profit`)).data;
    expect(rank.length).toBeGreaterThan(3);
    expect(await seedDemoExperts(h.server.ctx)).toBe(true);
    expect(await db().selectFrom('proposal_tips').select('id').execute()).toHaveLength(tips.length);
  });
});
