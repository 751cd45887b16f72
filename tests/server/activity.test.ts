/**
 * Activity (issue 15) on the real routes with a real PGlite: the demo issue, the operator API
 * (OPS_TOKEN), joining with invite codes, picks with points, settlement from the match row
 * once, the provably fair draw (seed hash, HMAC, reveal, verify, tamper detection), stock under
 * 100 concurrent draws, idempotent client ids, the shipping address and the ranks.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import {
  ACTIVITY_START_POINTS,
  ActivityPaths as P,
  OPS_TOKEN_HEADER,
  embeddedUrl,
  fillPath,
  type ActivityCurrent,
  type ActivityIssueInput,
  type ActivityIssueSummary,
  type ActivityVerifyReport,
} from '../../workers/protocol/index';
import { installErrorHandler } from '../../server/http/reply';
import type { AppContext } from '../../server/context';
import { activityArea } from '../../server/activity/routes';
import { createSession } from '../../server/accounts/tokens';
import { drawHmac, rollOf, seedHashOf } from '../../server/activity/fairness';
import { verifyDrawsCommand } from '../../server/activity/verify-draws';
import { createTestStorage, postgresAvailable, type TestStorage } from '../helpers/test-db';
import { createActivityService } from '../../server/activity/service';

const OPS = 'ops-secret-for-tests';
const clock = { now: Date.UTC(2026, 10, 22, 8, 0, 0) };
let ts: TestStorage;
let app: FastifyInstance;

async function buildApp(opsToken: string | null): Promise<FastifyInstance> {
  const ctx = {
    config: { ...ts.config, opsToken },
    storage: ts.storage,
    db: ts.storage.db,
    now: () => clock.now,
  } as unknown as AppContext;
  const a = Fastify({ logger: false });
  installErrorHandler(a);
  await a.register(formbody);
  await activityArea(a, ctx);
  await a.ready();
  return a;
}

beforeAll(async () => {
  ts = await createTestStorage();
  await seedFixtures();
  app = await buildApp(OPS);
});
afterAll(async () => {
  await app?.close();
  await ts?.cleanup();
});

type Res<T> = { code: number; msg: string; data: T };
async function call<T = any>(
  method: 'GET' | 'POST',
  path: string,
  opts: {
    token?: string;
    body?: Record<string, string | number>;
    query?: Record<string, string>;
    ops?: string;
    json?: unknown;
    on?: FastifyInstance;
  } = {},
): Promise<Res<T>> {
  const form = opts.body
    ? new URLSearchParams(Object.entries(opts.body).map(([k, v]) => [k, String(v)])).toString()
    : undefined;
  const res = await (opts.on ?? app).inject({
    method,
    url: embeddedUrl(path),
    query: opts.query,
    payload: opts.json !== undefined ? JSON.stringify(opts.json) : form,
    headers: {
      ...(opts.token ? { accesstoken: opts.token } : {}),
      ...(opts.ops ? { [OPS_TOKEN_HEADER]: opts.ops } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
  if (res.statusCode === 404) return { code: 404, msg: 'route not found', data: null as T };
  return res.json() as Res<T>;
}
const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s);

let phoneSeq = 0;
async function createUser(nick?: string): Promise<{ id: number; token: string }> {
  phoneSeq++;
  const row = await ts.storage.db
    .insertInto('users')
    .values({
      phone: `137${String(10000000 + phoneSeq).slice(-8)}`,
      nick_name: nick ?? `竞猜${phoneSeq}`,
      password_hash: 'x',
      portrait: '',
      portrait_new: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(ts.storage.db, row.id, clock.now);
  return { id: row.id, token };
}

// --- fixtures: one league, two teams, football matches ------------------------------------------

const LEAGUE = 770001;
const HOME = 770101;
const AWAY = 770102;
/** Not-started matches (kick-off 1 h … 9 h ahead) the demo issue picks up, plus two others. */
const UPCOMING = Array.from({ length: 9 }, (_, i) => 660001 + i);
const STARTED = 660101;
const FINISHED = 660102;

async function seedFixtures() {
  const db = ts.storage.db;
  await db
    .insertInto('live_leagues')
    .values({
      id: LEAGUE,
      sport: 'zq',
      name: '测试甲级联赛',
      letter: 'C',
      color: '#2266aa',
      season: '2026',
      cup: false,
      major: true,
      quarter_min: null,
    })
    .execute();
  await db
    .insertInto('live_teams')
    .values([
      { id: HOME, league_id: LEAGUE, sport: 'zq', name: '北岸联', strength: 70, color: '#000', color2: '#fff' },
      { id: AWAY, league_id: LEAGUE, sport: 'zq', name: '南港城', strength: 70, color: '#000', color2: '#fff' },
    ])
    .execute();
  const nowS = clock.now / 1000;
  const match = (id: number, ot: number, status: number, score: [number, number] = [0, 0]) => ({
    id,
    sport: 'zq',
    league_id: LEAGUE,
    home_id: HOME,
    away_id: AWAY,
    day: '2026-11-22',
    ot,
    status,
    score_h: score[0],
    score_a: score[1],
    jc: null,
    bd: false,
    jx: false,
    hot: false,
    has_video: false,
    type: 0,
    state: '{}',
    updated_at: clock.now,
  });
  await db
    .insertInto('live_matches')
    .values([
      ...UPCOMING.map((id, i) => match(id, nowS + (i + 1) * 3600, 1)),
      match(STARTED, nowS - 600, 2, [1, 0]),
      match(FINISHED, nowS - 3 * 3600, 8, [2, 1]),
    ])
    .execute();
}

async function setMatch(id: number, status: number, score: [number, number] = [0, 0]) {
  await ts.storage.db
    .updateTable('live_matches')
    .set({ status, score_h: score[0], score_a: score[1] })
    .where('id', '=', id)
    .execute();
}
async function entry(issueNo: number, userId: number) {
  return ts.storage.db
    .selectFrom('activity_entries')
    .selectAll()
    .where('issue_no', '=', issueNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
async function grantChances(issueNo: number, userId: number, n: number) {
  await ts.storage.db
    .updateTable('activity_entries')
    .set({ chances: n })
    .where('issue_no', '=', issueNo)
    .where('user_id', '=', userId)
    .execute();
}
const clientId = () => crypto.randomBytes(8).toString('hex');

function issueInput(over: Partial<ActivityIssueInput> = {}): ActivityIssueInput {
  return {
    title: '测试期',
    opensAt: clock.now - 1000,
    closesAt: clock.now + 86_400_000,
    matchIds: [UPCOMING[8]!],
    prizes: [
      { name: '签名球衣', kind: 'physical', weight: 1000, stock: 3 },
      { name: '谢谢参与', kind: 'none', weight: 0, stock: null },
    ],
    ...over,
  };
}
async function opsCreate(input: ActivityIssueInput): Promise<ActivityIssueSummary> {
  const res = await call<ActivityIssueSummary>('POST', P.opsIssues, { ops: OPS, json: input });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

// --- the demo issue -----------------------------------------------------------------------------

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

describe('stock and the provably fair draw', () => {
  let issue: ActivityIssueSummary;
  let users: Array<{ id: number; token: string }>;
  beforeAll(async () => {
    issue = await opsCreate(issueInput());
    users = [];
    for (let i = 0; i < 100; i++) {
      const u = await createUser(`抽奖${i}`);
      await call('POST', P.join, { token: u.token, body: { issueNo: issue.issueNo } });
      await grantChances(issue.issueNo, u.id, 1);
      users.push(u);
    }
  }, 60_000);

  it('100 concurrent draws against a stock of 3 give exactly 3 winners', async () => {
    const results = await Promise.all(
      users.map((u) =>
        call('POST', P.draw, { token: u.token, body: { issueNo: issue.issueNo, clientId: clientId() } }),
      ),
    );
    expect(results.every((r) => r.code === 200)).toBe(true);
    const winners = results.filter((r) => r.data.prizeName === '签名球衣');
    expect(winners).toHaveLength(3);
    expect(results.filter((r) => r.data.prizeName === '谢谢参与')).toHaveLength(97);
    const stock = await ts.storage.db
      .selectFrom('activity_prizes')
      .select('stock')
      .where('issue_no', '=', issue.issueNo)
      .where('kind', '=', 'physical')
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
  }, 60_000);

  it('verify is refused before the reveal; after close the seed matches its hash and every draw recomputes', async () => {
    const early = await call('GET', fillPath(P.verify, { issueNo: issue.issueNo }));
    expect(early).toMatchObject({ code: 4001, msg: '本期尚未结束，种子公布后才能验证' });
    const closed = await call<ActivityIssueSummary>('POST', fillPath(P.opsClose, { issueNo: issue.issueNo }), {
      ops: OPS,
    });
    expect(closed.data.status).toBe('closed');
    expect(seedHashOf(closed.data.seed!)).toBe(issue.seedHash);
    const report = await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: issue.issueNo }));
    expect(report.data.seedMatchesHash).toBe(true);
    expect(report.data.draws).toHaveLength(100);
    expect(report.data.allMatch).toBe(true);
    // A closed issue takes no more draws.
    const late = await call('POST', P.draw, {
      token: users[0]!.token,
      body: { issueNo: issue.issueNo, clientId: clientId() },
    });
    expect(late.msg).toBe('本期活动未开始或已结束');
  });

  it('`ops verify-draws` recomputes every draw over the operator API and exits 0', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const lines: string[] = [];
    const env = {
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      token: OPS,
      fetch,
      out: (l: string) => lines.push(l),
    };
    expect(await verifyDrawsCommand([String(issue.issueNo)], env)).toBe(0);
    expect(lines.join('\n')).toContain('重算 100 次抽奖，100 次一致，0 次不一致');
    expect(await verifyDrawsCommand([String(issue.issueNo)], { ...env, token: 'nope' })).toBe(2);
    expect(await verifyDrawsCommand(['abc'], env)).toBe(2);
  });

  it('changing the seed after publishing is detected by the verify page and by the command', async () => {
    await ts.storage.db
      .updateTable('activity_issues')
      .set({ seed: crypto.randomBytes(32).toString('hex') })
      .where('issue_no', '=', issue.issueNo)
      .execute();
    const report = await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: issue.issueNo }));
    expect(report.data.seedMatchesHash).toBe(false);
    expect(report.data.allMatch).toBe(false);
    const lines: string[] = [];
    const env = {
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      token: OPS,
      fetch,
      out: (l: string) => lines.push(l),
    };
    expect(await verifyDrawsCommand([String(issue.issueNo)], env)).toBe(1);
    expect(lines.join('\n')).toContain('sha256 不一致');
  });

  it('a recorded prize changed after the draw is detected', async () => {
    const other = await opsCreate(
      issueInput({
        prizes: [
          { name: '球衣', kind: 'physical', weight: 1, stock: 5 },
          { name: '谢谢参与', kind: 'none', weight: 1, stock: null },
        ],
      }),
    );
    const u = await createUser();
    await call('POST', P.join, { token: u.token, body: { issueNo: other.issueNo } });
    await grantChances(other.issueNo, u.id, 4);
    for (let i = 0; i < 4; i++)
      await call('POST', P.draw, { token: u.token, body: { issueNo: other.issueNo, clientId: clientId() } });
    await call('POST', fillPath(P.opsClose, { issueNo: other.issueNo }), { ops: OPS });
    const fine = await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: other.issueNo }));
    expect(fine.data.allMatch).toBe(true);
    const prizes = fine.data.prizes.map((p) => p.id);
    const d = fine.data.draws[2]!;
    const swapped = prizes.find((id) => id !== d.recordedPrizeId)!;
    await ts.storage.db
      .updateTable('activity_draws')
      .set({ prize_id: swapped })
      .where('issue_no', '=', other.issueNo)
      .where('draw_no', '=', 3)
      .execute();
    const tampered = await call<ActivityVerifyReport>('GET', fillPath(P.verify, { issueNo: other.issueNo }));
    expect(tampered.data.allMatch).toBe(false);
    expect(tampered.data.draws.filter((r) => !r.ok).map((r) => r.drawNo)).toContain(3);
  });
});

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

describe.skipIf(!postgresAvailable)('stock and client ids on PostgreSQL (truly concurrent transactions)', () => {
  let pg: TestStorage;
  beforeAll(async () => {
    pg = await createTestStorage('postgres');
  }, 60_000);
  afterAll(async () => {
    await pg?.cleanup();
  });

  it('100 concurrent draws against a stock of 3 give exactly 3 winners, every draw verifies, one client id draws once', async () => {
    const db = pg.storage.db;
    const svc = createActivityService(db, () => clock.now);
    await db
      .insertInto('live_leagues')
      .values({
        id: 1,
        sport: 'zq',
        name: '测试联赛',
        letter: 'C',
        color: '#000',
        season: '2026',
        cup: false,
        major: false,
        quarter_min: null,
      })
      .execute();
    await db
      .insertInto('live_teams')
      .values([
        { id: 1, league_id: 1, sport: 'zq', name: '甲队', strength: 70, color: '#000', color2: '#fff' },
        { id: 2, league_id: 1, sport: 'zq', name: '乙队', strength: 70, color: '#000', color2: '#fff' },
      ])
      .execute();
    await db
      .insertInto('live_matches')
      .values({
        id: 1,
        sport: 'zq',
        league_id: 1,
        home_id: 1,
        away_id: 2,
        day: '2026-11-22',
        ot: clock.now / 1000 + 3600,
        status: 1,
        score_h: 0,
        score_a: 0,
        jc: null,
        bd: false,
        jx: false,
        hot: false,
        has_video: false,
        type: 0,
        state: '{}',
        updated_at: clock.now,
      })
      .execute();
    const issue = await svc.createIssue(
      issueInput({
        matchIds: [1],
        prizes: [
          { name: '签名球衣', kind: 'physical', weight: 1000, stock: 3 },
          { name: '谢谢参与', kind: 'none', weight: 0, stock: null },
        ],
      }),
    );
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) {
      const row = await db
        .insertInto('users')
        .values({
          phone: `135${String(10000000 + i).slice(-8)}`,
          nick_name: `并发${i}`,
          password_hash: 'x',
          portrait: '',
          portrait_new: null,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await svc.join(row.id, issue.issueNo, null);
      await db.updateTable('activity_entries').set({ chances: 1 }).where('user_id', '=', row.id).execute();
      ids.push(row.id);
    }
    const results = await Promise.all(ids.map((id) => svc.draw(id, issue.issueNo, clientId())));
    expect(results.filter((r) => r.prizeName === '签名球衣')).toHaveLength(3);
    expect(results.filter((r) => r.prizeName === '谢谢参与')).toHaveLength(97);
    const report = await svc.verify(issue.issueNo, true);
    expect(report.allMatch).toBe(true);

    await db.updateTable('activity_entries').set({ chances: 5 }).where('user_id', '=', ids[0]!).execute();
    const racer = clientId();
    const racing = await Promise.all(Array.from({ length: 8 }, () => svc.draw(ids[0]!, issue.issueNo, racer)));
    expect(new Set(racing.map((r) => r.drawNo)).size).toBe(1);
    expect(racing.filter((r) => !r.replayed)).toHaveLength(1);
    const entryRow = await db
      .selectFrom('activity_entries')
      .selectAll()
      .where('user_id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(entryRow).toMatchObject({ chances: 4, draws: 2 });
    // With one chance left, the losers of a race find it spent: they still answer with the winner's draw.
    await db.updateTable('activity_entries').set({ chances: 1 }).where('user_id', '=', ids[1]!).execute();
    const last = clientId();
    const lastRace = await Promise.all(Array.from({ length: 6 }, () => svc.draw(ids[1]!, issue.issueNo, last)));
    expect(lastRace.every((r) => r.drawNo === 2)).toBe(true);
    expect(lastRace.filter((r) => !r.replayed)).toHaveLength(1);
  }, 120_000);
});
