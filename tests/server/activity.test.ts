/**
 * Activity (issue 15) on the real routes with a real PGlite: the demo issue, the operator API
 * (OPS_TOKEN), joining with invite codes, picks with points, settlement from the match row
 * once, the ranks, closing by time and the shipping address. The draw's stock and fairness are
 * in activity-draws.test.ts; the shared server is activity-harness.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_START_POINTS,
  ActivityPaths as P,
  fillPath,
  type ActivityCurrent,
  type ActivityIssueInput,
  type ActivityIssueSummary,
  type ActivityVerifyReport,
} from '../../workers/protocol/index';
import { drawHmac, rollOf, seedHashOf } from '../../server/activity/fairness';
import {
  useActivityApp,
  OPS,
  clock,
  ts,
  buildApp,
  call,
  hasChinese,
  createUser,
  UPCOMING,
  STARTED,
  setMatch,
  entry,
  grantChances,
  clientId,
  issueInput,
  opsCreate,
} from './activity-harness';

useActivityApp();

let demo: ActivityCurrent;
describe('current issue', () => {
  it('a fresh database gets a demo issue over the next not-started football matches, with a published seed hash', async () => {
    const res = await call<ActivityCurrent>('GET', P.current);
    expect(res.code).toBe(200);
    demo = res.data;
    expect(demo.issue.status).toBe('open');
    expect(demo.issue.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(demo.issue.seed).toBeNull();
    expect(demo.matches.map((m) => m.matchId)).toEqual(UPCOMING.slice(0, 8));
    expect(demo.matches[0]).toMatchObject({ home: '北岸联', away: '南港城', leagueName: '测试甲级联赛', myPick: null });
    expect(demo.prizes.some((p) => p.kind === 'none')).toBe(true);
    expect(demo.me).toBeNull();
    // Asked again, still the one issue (the demo is created once).
    const again = await call<ActivityCurrent>('GET', P.current);
    expect(again.data.issue.issueNo).toBe(demo.issue.issueNo);
    const n = await ts.storage.db
      .selectFrom('activity_issues')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
    // The secret seed never leaves before the reveal; its hash is the published one.
    const row = await ts.storage.db
      .selectFrom('activity_issues')
      .selectAll()
      .where('issue_no', '=', demo.issue.issueNo)
      .executeTakeFirstOrThrow();
    expect(seedHashOf(row.seed)).toBe(demo.issue.seedHash);
    expect(JSON.stringify(again.data)).not.toContain(row.seed);
  });
});

// --- operator API -------------------------------------------------------------------------------

describe('operator API', () => {
  it('does not exist without OPS_TOKEN', async () => {
    const bare = await buildApp(null);
    try {
      const res = await call('POST', P.opsIssues, { ops: OPS, json: issueInput(), on: bare });
      expect(res.code).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('refuses a wrong or missing token and stores nothing', async () => {
    const before = (await call<ActivityIssueSummary[]>('GET', P.issues)).data.length;
    for (const ops of ['wrong-token', undefined]) {
      const res = await call('POST', P.opsIssues, { ops, json: issueInput() });
      expect(res.code).not.toBe(200);
      expect(hasChinese(res.msg)).toBe(true);
    }
    expect((await call<ActivityIssueSummary[]>('GET', P.issues)).data.length).toBe(before);
  });

  it('validates the issue: times, matches, one unlimited consolation prize, weights', async () => {
    const before = (await call<ActivityIssueSummary[]>('GET', P.issues)).data.length;
    const bad: Array<[Partial<ActivityIssueInput>, string]> = [
      [{ closesAt: clock.now - 5000 }, '结束时间'],
      [{ matchIds: [] }, '比赛'],
      [{ matchIds: [999999] }, '比赛 999999 不存在'],
      [
        {
          prizes: [
            { name: '球衣', kind: 'physical', weight: 1, stock: 1 },
            { name: '积分', kind: 'points', points: 5, weight: 1, stock: null },
          ],
        },
        '谢谢参与',
      ],
      [
        {
          prizes: [
            { name: '球衣', kind: 'physical', weight: 0, stock: 1 },
            { name: '谢谢参与', kind: 'none', weight: 0, stock: null },
          ],
        },
        '权重',
      ],
    ];
    for (const [over, text] of bad) {
      const res = await call('POST', P.opsIssues, { ops: OPS, json: issueInput(over) });
      expect(res.code).toBe(4000);
      expect(res.msg).toContain(text);
    }
    expect((await call<ActivityIssueSummary[]>('GET', P.issues)).data.length).toBe(before);
  });
});

// --- join, invites, picks, settlement -----------------------------------------------------------

describe('joining, picks and settlement', () => {
  let A: { id: number; token: string };
  let B: { id: number; token: string };
  let issueNo: number;
  beforeAll(async () => {
    A = await createUser('甲球迷');
    B = await createUser('乙球迷');
    issueNo = demo.issue.issueNo;
  });

  it('join needs a login; joining twice returns the same entry', async () => {
    expect((await call('POST', P.join, { body: { issueNo } })).code).toBe(10010);
    const me = await call('POST', P.join, { token: A.token, body: { issueNo } });
    expect(me.code).toBe(200);
    expect(me.data).toMatchObject({ issueNo, points: ACTIVITY_START_POINTS, chances: 0, draws: 0, invitedBy: null });
    expect(me.data.inviteCode).toMatch(/^[0-9A-F]{8}$/);
    const again = await call('POST', P.join, { token: A.token, body: { issueNo } });
    expect(again.data.inviteCode).toBe(me.data.inviteCode);
  });

  it('a bad or own invite code is refused and nothing is stored; a friend joining with my code earns me a chance', async () => {
    const mine = (await call('POST', P.join, { token: A.token, body: { issueNo } })).data.inviteCode as string;
    const bad = await call('POST', P.join, { token: B.token, body: { issueNo, inviteCode: 'ZZZZ0000' } });
    expect(bad).toMatchObject({ code: 4001, msg: '邀请码不存在' });
    expect(await entry(issueNo, B.id)).toBeUndefined();
    expect((await call('POST', P.join, { token: A.token, body: { issueNo, inviteCode: mine } })).code).toBe(200);
    expect((await entry(issueNo, A.id))!.chances).toBe(0);
    const ok = await call('POST', P.join, { token: B.token, body: { issueNo, inviteCode: mine.toLowerCase() } });
    expect(ok.code).toBe(200);
    expect(ok.data.invitedBy).toBe('甲球迷');
    expect((await entry(issueNo, A.id))!.chances).toBe(1);
    // Joining again with the code does not pay the inviter twice.
    await call('POST', P.join, { token: B.token, body: { issueNo, inviteCode: mine } });
    expect((await entry(issueNo, A.id))!.chances).toBe(1);
    const list = await call('GET', P.inviteList, { token: A.token, query: { issueNo: String(issueNo) } });
    expect(list.data).toEqual([{ nickName: '乙球迷', joinedAt: clock.now }]);
  });

  it('a pick costs points, before kick-off only, once per match; bad input is refused with nothing stored', async () => {
    const C = await createUser();
    const m = UPCOMING[0]!;
    expect(
      (await call('POST', P.guess, { token: C.token, body: { issueNo, matchId: m, pick: 'h', stake: 100 } })).msg,
    ).toBe('请先参加本期活动');
    const refusals: Array<[Record<string, string | number>, string]> = [
      [{ issueNo, matchId: m, pick: 'x', stake: 100 }, '竞猜选项不正确'],
      [{ issueNo, matchId: m, pick: 'h', stake: 5 }, '投入积分须为 10–500 的整数'],
      [{ issueNo, matchId: m, pick: 'h', stake: 501 }, '投入积分须为 10–500 的整数'],
      [{ issueNo, matchId: STARTED, pick: 'h', stake: 100 }, '该比赛不在本期竞猜范围内'],
    ];
    for (const [body, msg] of refusals) {
      const res = await call('POST', P.guess, { token: A.token, body });
      expect(res.msg).toBe(msg);
    }
    const pick = await call('POST', P.guess, { token: A.token, body: { issueNo, matchId: m, pick: 'h', stake: 100 } });
    expect(pick.code).toBe(200);
    expect(pick.data).toMatchObject({ matchId: m, pick: 'h', stake: 100, outcome: 'pending' });
    expect((await entry(issueNo, A.id))!.points).toBe(ACTIVITY_START_POINTS - 100);
    const twice = await call('POST', P.guess, { token: A.token, body: { issueNo, matchId: m, pick: 'a', stake: 100 } });
    expect(twice.msg).toBe('本场比赛已竞猜，不能修改');
    expect((await entry(issueNo, A.id))!.points).toBe(ACTIVITY_START_POINTS - 100);
    // Kick-off passed (status still 1): refused.
    await ts.storage.db
      .updateTable('live_matches')
      .set({ ot: clock.now / 1000 - 1 })
      .where('id', '=', UPCOMING[7]!)
      .execute();
    expect(
      (await call('POST', P.guess, { token: A.token, body: { issueNo, matchId: UPCOMING[7]!, pick: 'h', stake: 10 } }))
        .msg,
    ).toBe('比赛已开始，不能再竞猜');
    // Not enough points: the pick row is rolled back with the debit.
    await ts.storage.db
      .updateTable('activity_entries')
      .set({ points: 20 })
      .where('issue_no', '=', issueNo)
      .where('user_id', '=', B.id)
      .execute();
    expect(
      (await call('POST', P.guess, { token: B.token, body: { issueNo, matchId: m, pick: 'h', stake: 50 } })).msg,
    ).toBe('积分不足');
    const bPicks = await call('GET', P.guessList, { token: B.token, query: { issueNo: String(issueNo) } });
    expect(bPicks.data).toEqual([]);
    await ts.storage.db
      .updateTable('activity_entries')
      .set({ points: ACTIVITY_START_POINTS })
      .where('issue_no', '=', issueNo)
      .where('user_id', '=', B.id)
      .execute();
  });

  it('settles each pick once from the final result: right pick pays twice the stake and a chance, void refunds', async () => {
    const [m0, m1, m2] = [UPCOMING[0]!, UPCOMING[1]!, UPCOMING[2]!];
    await call('POST', P.guess, { token: B.token, body: { issueNo, matchId: m0, pick: 'a', stake: 100 } });
    await call('POST', P.guess, { token: A.token, body: { issueNo, matchId: m1, pick: 'd', stake: 50 } });
    await call('POST', P.guess, { token: A.token, body: { issueNo, matchId: m2, pick: 'h', stake: 30 } });
    const aBefore = (await entry(issueNo, A.id))!;
    // In play: nothing settles.
    await setMatch(m0, 2, [1, 0]);
    await call('GET', P.current, { token: A.token });
    expect((await entry(issueNo, A.id))!.points).toBe(aBefore.points);
    await setMatch(m0, 8, [2, 1]);
    await setMatch(m1, 8, [0, 1]);
    await setMatch(m2, 12);
    for (let i = 0; i < 3; i++) await call('GET', P.current, { token: A.token });
    const a = (await entry(issueNo, A.id))!;
    expect(a.points).toBe(aBefore.points + 200 + 30);
    expect(a.chances).toBe(aBefore.chances + 1);
    const b = (await entry(issueNo, B.id))!;
    expect(b.points).toBe(ACTIVITY_START_POINTS - 100);
    expect(b.chances).toBe(0);
    const list = await call('GET', P.guessList, { token: A.token, query: { issueNo: String(issueNo) } });
    const byMatch = Object.fromEntries(list.data.map((p: any) => [p.matchId, [p.outcome, p.payout]]));
    expect(byMatch).toEqual({ [m0]: ['won', 200], [m1]: ['lost', 0], [m2]: ['void', 30] });
    const cur = await call<ActivityCurrent>('GET', P.current, { token: A.token });
    expect(cur.data.me).toMatchObject({ points: a.points, chances: a.chances });
    expect(cur.data.matches.find((m) => m.matchId === m0)).toMatchObject({
      myPick: 'h',
      status: 8,
      scoreH: 2,
      scoreA: 1,
    });
  });

  it('ranks by points in the issue and over all time', async () => {
    const rank = await call('GET', P.rank, { token: A.token, query: { issueNo: String(issueNo) } });
    expect(rank.data[0]).toMatchObject({ rank: 1, nickName: '甲球迷', isMe: true });
    expect(rank.data.map((r: any) => r.points)).toEqual(
      [...rank.data.map((r: any) => r.points)].sort((x: number, y: number) => y - x),
    );
    const all = await call('GET', P.rank);
    expect(all.code).toBe(200);
    expect(all.data.find((r: any) => r.nickName === '甲球迷').isMe).toBe(false);
  });

  it('a draw without a chance is refused; a chance draws once per client id', async () => {
    const C = await createUser();
    await call('POST', P.join, { token: C.token, body: { issueNo } });
    const none = await call('POST', P.draw, { token: C.token, body: { issueNo, clientId: clientId() } });
    expect(none).toMatchObject({ code: 4001, msg: '没有抽奖机会，猜中比赛或邀请好友可获得机会' });
    expect((await call('GET', P.drawList, { token: C.token, query: { issueNo: String(issueNo) } })).data).toEqual([]);
    expect((await entry(issueNo, C.id))!.draws).toBe(0);
    const a = (await entry(issueNo, A.id))!;
    expect(a.chances).toBe(2);
    const id = clientId();
    const first = await call('POST', P.draw, { token: A.token, body: { issueNo, clientId: id } });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ drawNo: 1, chances: 1, replayed: false });
    const again = await call('POST', P.draw, { token: A.token, body: { issueNo, clientId: id } });
    expect(again.data).toMatchObject({ drawNo: 1, prizeId: first.data.prizeId, chances: 1, replayed: true });
    const prize = demo.prizes.find((p) => p.id === first.data.prizeId)!;
    // The outcome is the HMAC of (issue, user, draw number) under the secret seed.
    const row = await ts.storage.db
      .selectFrom('activity_issues')
      .select('seed')
      .where('issue_no', '=', issueNo)
      .executeTakeFirstOrThrow();
    const roll = rollOf(
      drawHmac(row.seed, issueNo, A.id, 1),
      demo.prizes.reduce((s, p) => s + p.weight, 0),
    );
    let acc = 0;
    const expected = demo.prizes.find((p) => (acc += p.weight) > roll)!;
    expect(prize.id).toBe(expected.id);
    expect((await entry(issueNo, A.id))!.points).toBe(a.points + (prize.kind === 'points' ? prize.points : 0));
    // Five racing requests with one new client id, with chances to spare: one draw.
    await grantChances(issueNo, A.id, 3);
    const racer = clientId();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', P.draw, { token: A.token, body: { issueNo, clientId: racer } })),
    );
    expect(racing.every((r) => r.code === 200 && r.data.drawNo === 2)).toBe(true);
    expect(racing.filter((r) => !r.data.replayed)).toHaveLength(1);
    expect((await entry(issueNo, A.id))!).toMatchObject({ chances: 2, draws: 2 });
    const bad = await call('POST', P.draw, { token: A.token, body: { issueNo, clientId: 'x' } });
    expect(bad).toMatchObject({ code: 4000, msg: '请求编号格式不正确' });
  });
});

// --- stock and fairness -------------------------------------------------------------------------

describe('closing by time', () => {
  it('an issue past its closing time reveals its seed on the next look and takes no more picks or draws', async () => {
    const issue = await opsCreate(issueInput({ closesAt: clock.now + 60_000 }));
    const u = await createUser();
    expect((await call('POST', P.join, { token: u.token, body: { issueNo: issue.issueNo } })).code).toBe(200);
    await grantChances(issue.issueNo, u.id, 1);
    const listed = (await call<ActivityIssueSummary[]>('GET', P.issues)).data.find((i) => i.issueNo === issue.issueNo)!;
    expect(listed).toMatchObject({ status: 'open', seed: null });
    clock.now += 61_000;
    try {
      const after = (await call<ActivityIssueSummary[]>('GET', P.issues)).data.find(
        (i) => i.issueNo === issue.issueNo,
      )!;
      expect(after.status).toBe('closed');
      expect(seedHashOf(after.seed!)).toBe(issue.seedHash);
      const draw = await call('POST', P.draw, {
        token: u.token,
        body: { issueNo: issue.issueNo, clientId: clientId() },
      });
      expect(draw.msg).toBe('本期活动未开始或已结束');
      expect((await entry(issue.issueNo, u.id))!.chances).toBe(1);
      expect(
        (await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: issue.issueNo }))).data.allMatch,
      ).toBe(true);
    } finally {
      clock.now -= 61_000;
    }
  });
});

// --- shipping address ---------------------------------------------------------------------------

describe('shipping address', () => {
  const good = {
    name: '张三',
    mobile: '13800138000',
    region: '广东省 深圳市 南山区',
    detail: '科技园路 1 号 2 栋 301',
  };
  it('is validated field by field with Chinese messages and stored whole or not at all', async () => {
    const u = await createUser();
    expect((await call('GET', P.address, { token: u.token })).data).toBeNull();
    const cases: Array<[Partial<typeof good>, string]> = [
      [{ name: '张' }, '收货人姓名须为 2–20 个字，不能含特殊字符'],
      [{ name: '张三<script>' }, '收货人姓名须为 2–20 个字，不能含特殊字符'],
      [{ mobile: '12345' }, '请输入正确的 11 位手机号'],
      [{ mobile: '23800138000' }, '请输入正确的 11 位手机号'],
      [{ region: '' }, '请填写所在地区（省 市 区），2–50 个字'],
      [{ detail: '一号' }, '详细地址须为 5–120 个字'],
      [{ detail: '科技园路\u0000一号楼' }, '不能包含控制字符'],
    ];
    for (const [over, msg] of cases) {
      const res = await call('POST', P.address, { token: u.token, body: { ...good, ...over } });
      expect(res).toMatchObject({ code: 4000, msg });
      expect((await call('GET', P.address, { token: u.token })).data).toBeNull();
    }
    const saved = await call('POST', P.address, { token: u.token, body: { ...good, name: ' 张三 ' } });
    expect(saved.data).toEqual(good);
    // A later bad update leaves the stored address untouched.
    await call('POST', P.address, { token: u.token, body: { ...good, detail: '新地址很长很长很长', mobile: '1' } });
    expect((await call('GET', P.address, { token: u.token })).data).toEqual(good);
    expect((await call('POST', P.address, { body: good })).code).toBe(10010);
  });
});

// --- the same guarantees under real concurrency (PostgreSQL, a pool of connections) --------------
