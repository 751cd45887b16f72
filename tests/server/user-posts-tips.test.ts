/**
 * My tips (issue 7, /user/proposal) on the user-centre routes with a real PGlite: tips on stored
 * football matches whose outcome follows the match row to the final whistle, the outcome rules,
 * and the login every posts and tips call needs. My posts are in user-posts.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { UserCentrePaths as P, type MyTip, type TipMatch, type TipPage } from '../../workers/protocol/api/user-centre';
import { tipOutcome, tipRefusal, tipStats } from '../../server/user/tips';
import { createUser, hasChinese, useUserCentre } from './user-centre-helpers';
import { liveMatchRow } from '../helpers/live-rows';

const { h, formCall: call, countRows } = useUserCentre();
/** The clock when the fixtures were stored; the tips tests start a minute after it. */
let T0: number;
beforeAll(async () => {
  T0 = h.clock.now;
  await seedFixtures();
});

// --- fixtures: one league, four teams, football matches in every state we need -------------------

const LEAGUE = 990001;
const TEAMS = { home: 990101, away: 990102, third: 990103, fourth: 990104 };
const M = {
  soon: 880001, // status 1, kicks off in 2 h
  later: 880002, // status 1, kicks off in 26 h
  started: 880003, // status 2
  overdue: 880004, // status 1 but its kick-off time has passed
  finished: 880005, // status 8
  basketball: 880006, // lq, status 1
  settle: 880007, // status 1: tipped, then played out in the test
  cancelled: 880008, // status 1: tipped, then cancelled
  far: 880009, // status 1, kicks off in 5 days (beyond the picker's horizon)
};

async function seedFixtures() {
  const db = h.ts.storage.db;
  await db
    .insertInto('live_leagues')
    .values({
      id: LEAGUE,
      sport: 'zq',
      name: '测试超级联赛',
      letter: 'C',
      color: '#2266aa',
      season: '2026',
      cup: false,
      major: true,
      quarter_min: null,
    })
    .execute();
  const names = { home: '北岸联', away: '南港城', third: '东湖竞技', fourth: '西山流浪' } as const;
  await db
    .insertInto('live_teams')
    .values(
      (Object.keys(TEAMS) as Array<keyof typeof TEAMS>).map((k) => ({
        id: TEAMS[k],
        league_id: LEAGUE,
        sport: 'zq',
        name: names[k],
        strength: 70,
        color: '#000000',
        color2: '#ffffff',
      })),
    )
    .execute();
  const nowS = h.clock.now / 1000;
  const match = (id: number, ot: number, status: number, sport = 'zq', score: [number, number] = [0, 0]) =>
    liveMatchRow({
      id,
      sport,
      league_id: LEAGUE,
      home_id: TEAMS.home,
      away_id: TEAMS.away,
      day: '2026-11-22',
      ot,
      status,
      score,
      updated_at: h.clock.now,
    });
  await db
    .insertInto('live_matches')
    .values([
      match(M.soon, nowS + 2 * 3600, 1),
      { ...match(M.later, nowS + 26 * 3600, 1), home_id: TEAMS.third, away_id: TEAMS.fourth },
      match(M.started, nowS - 1800, 2, 'zq', [1, 0]),
      match(M.overdue, nowS - 60, 1),
      match(M.finished, nowS - 3 * 3600, 8, 'zq', [2, 1]),
      match(M.basketball, nowS + 3600, 1, 'lq'),
      match(M.settle, nowS + 3 * 3600, 1),
      match(M.cancelled, nowS + 4 * 3600, 1),
      match(M.far, nowS + 5 * 86_400, 1),
    ])
    .execute();
}

async function setMatch(id: number, status: number, score: [number, number] = [0, 0]) {
  await h.ts.storage.db
    .updateTable('live_matches')
    .set({ status, score_h: score[0], score_a: score[1] })
    .where('id', '=', id)
    .execute();
}

// --- auth ----------------------------------------------------------------------------------------

describe('posts and tips need a login', () => {
  it('answers the no-token code with a Chinese message and writes nothing', async () => {
    for (const [method, p, body] of [
      ['GET', P.posts, undefined],
      ['POST', P.postAdd, { title: '没有登录的帖子', content: '内容' }],
      ['POST', P.postDelete, { id: 1 }],
      ['GET', P.tips, undefined],
      ['GET', P.tipMatches, undefined],
      ['POST', P.tipAdd, { matchId: M.soon, pick: 'home' }],
    ] as const) {
      const a = await call(method, p, undefined, body);
      expect(a.code, p).toBe(Code.NO_TOKEN);
      expect(hasChinese(a.msg)).toBe(true);
      expect((await call(method, p, 'A'.repeat(43), body)).code, p).toBe(Code.NO_TOKEN);
    }
    expect(await countRows('user_posts')).toBe(0);
    expect(await countRows('user_tips')).toBe(0);
  });
});

// --- tips ----------------------------------------------------------------------------------------

describe('tip outcome rules', () => {
  it('derives 待开赛 / 进行中 / 红 / 黑 / void from the match state', () => {
    expect(tipOutcome('home', 1, 0, 0)).toBe('pending');
    expect(tipOutcome('home', 13, 0, 0)).toBe('pending');
    for (const s of [2, 3, 4, 5, 7, 10]) expect(tipOutcome('draw', s, 1, 1)).toBe('live');
    expect(tipOutcome('home', 8, 2, 1)).toBe('hit');
    expect(tipOutcome('away', 8, 2, 1)).toBe('miss');
    expect(tipOutcome('draw', 8, 0, 0)).toBe('hit');
    expect(tipOutcome('home', 8, 0, 0)).toBe('miss');
    expect(tipOutcome('away', 8, 0, 3)).toBe('hit');
    expect(tipOutcome('home', 12, 0, 0)).toBe('void');
    expect(tipOutcome('home', 11, 1, 0)).toBe('void');
  });

  it('allows a tip only before kick-off', () => {
    const now = Date.UTC(2026, 10, 22, 8);
    expect(tipRefusal(1, now / 1000 + 60, now)).toBeNull();
    expect(tipRefusal(1, now / 1000, now)).toMatch(/已开始/);
    expect(tipRefusal(2, now / 1000 + 60, now)).toMatch(/已开始/);
    expect(tipRefusal(8, now / 1000 - 9000, now)).toMatch(/已开始/);
    expect(tipRefusal(9, now / 1000 + 60, now)).toMatch(/延期/);
  });

  it('counts the hit rate over settled tips only', () => {
    expect(tipStats([])).toEqual({ settled: 0, hits: 0, hitRate: null });
    expect(tipStats(['pending', 'live', 'void'])).toEqual({ settled: 0, hits: 0, hitRate: null });
    expect(tipStats(['hit', 'miss', 'hit', 'pending', 'void'])).toEqual({ settled: 3, hits: 2, hitRate: 2 / 3 });
  });
});

describe('my tips', () => {
  beforeAll(() => {
    h.clock.now = T0 + 60_000;
  });

  it('offers upcoming football matches only, soonest first, without the ones already tipped', async () => {
    const u = await createUser(h);
    const res = await call<TipMatch[]>('GET', P.tipMatches, u.token);
    expect(res.code).toBe(200);
    const ours = res.data.filter((m) => m.leagueName === '测试超级联赛');
    expect(ours.map((m) => m.id)).toEqual([M.soon, M.settle, M.cancelled, M.later]);
    expect(ours[3]).toEqual({
      id: M.later,
      leagueName: '测试超级联赛',
      leagueColor: '#2266aa',
      homeName: '东湖竞技',
      awayName: '西山流浪',
      ot: T0 / 1000 + 26 * 3600,
    });
    expect((await call('POST', P.tipAdd, u.token, { matchId: M.soon, pick: 'draw' })).code).toBe(200);
    const after = await call<TipMatch[]>('GET', P.tipMatches, u.token);
    expect(after.data.map((m) => m.id)).not.toContain(M.soon);
  });

  it('publishes a tip on a match not started yet, pending until kick-off', async () => {
    const u = await createUser(h);
    const res = await call<MyTip>('POST', P.tipAdd, u.token, {
      matchId: M.later,
      pick: 'away',
      reason: '  客队近五场四胜  ',
    });
    expect(res.code).toBe(200);
    expect(res.msg).toBe('方案发布成功');
    expect(res.data).toMatchObject({
      pick: 'away',
      reason: '客队近五场四胜',
      outcome: 'pending',
      createdAt: h.clock.now,
      match: {
        id: M.later,
        leagueName: '测试超级联赛',
        homeName: '东湖竞技',
        awayName: '西山流浪',
        status: 1,
        score: [0, 0],
      },
    });
    const page = await call<TipPage>('GET', P.tips, u.token);
    expect(page.data).toMatchObject({ total: 1, next: false, stats: { settled: 0, hits: 0, hitRate: null } });
    expect(page.data.list[0]!.id).toBe(res.data.id);
  });

  it('refuses started, overdue, finished, basketball and unknown matches, and bad input; writes nothing', async () => {
    const u = await createUser(h);
    const before = await countRows('user_tips');
    const cases: Array<[Record<string, string | number>, number, RegExp]> = [
      [{ matchId: M.started, pick: 'home' }, Code.REFUSED, /比赛已开始/],
      [{ matchId: M.overdue, pick: 'home' }, Code.REFUSED, /比赛已开始/],
      [{ matchId: M.finished, pick: 'home' }, Code.REFUSED, /比赛已开始/],
      [{ matchId: M.basketball, pick: 'home' }, Code.NOT_FOUND, /比赛不存在/],
      [{ matchId: 2_000_000_000, pick: 'home' }, Code.NOT_FOUND, /比赛不存在/],
      [{ pick: 'home' }, Code.BAD_INPUT, /请选择比赛/],
      [{ matchId: 'x', pick: 'home' }, Code.BAD_INPUT, /比赛/],
      [{ matchId: M.soon }, Code.BAD_INPUT, /请选择胜、平或负/],
      [{ matchId: M.soon, pick: 'win' }, Code.BAD_INPUT, /请选择胜、平或负/],
      [{ matchId: M.soon, pick: 'home', reason: '理'.repeat(201) }, Code.BAD_INPUT, /推荐理由不能超过 200 字/],
    ];
    for (const [body, code, msg] of cases) {
      const res = await call('POST', P.tipAdd, u.token, body);
      expect(res.code, JSON.stringify(body)).toBe(code);
      expect(res.msg).toMatch(msg);
    }
    expect(await countRows('user_tips')).toBe(before);
    expect(
      (await call('POST', P.tipAdd, u.token, { matchId: M.soon, pick: 'home', reason: '理'.repeat(200) })).code,
    ).toBe(200);
  });

  it('refuses a second tip on the same match by the same user', async () => {
    const u = await createUser(h);
    const other = await createUser(h);
    expect((await call('POST', P.tipAdd, u.token, { matchId: M.later, pick: 'home' })).code).toBe(200);
    const before = await countRows('user_tips');
    const dup = await call('POST', P.tipAdd, u.token, { matchId: M.later, pick: 'draw' });
    expect(dup.code).toBe(Code.REFUSED);
    expect(dup.msg).toMatch(/已为这场比赛发布过方案/);
    expect(await countRows('user_tips')).toBe(before);
    const list = await call<TipPage>('GET', P.tips, u.token);
    expect(list.data.list.map((t) => t.pick)).toEqual(['home']);
    // Someone else may still tip it.
    expect((await call('POST', P.tipAdd, other.token, { matchId: M.later, pick: 'draw' })).code).toBe(200);
  });

  it('follows the match: 进行中 while playing, then 红 or 黑 at full time, with the hit rate', async () => {
    const hitter = await createUser(h);
    const misser = await createUser(h);
    expect((await call('POST', P.tipAdd, hitter.token, { matchId: M.settle, pick: 'home' })).code).toBe(200);
    h.clock.now += 1000;
    expect((await call('POST', P.tipAdd, hitter.token, { matchId: M.cancelled, pick: 'away' })).code).toBe(200);
    expect((await call('POST', P.tipAdd, misser.token, { matchId: M.settle, pick: 'draw' })).code).toBe(200);

    await setMatch(M.settle, 4, [1, 0]);
    let page = (await call<TipPage>('GET', P.tips, hitter.token)).data;
    expect(page.list.find((t) => t.match.id === M.settle)).toMatchObject({
      outcome: 'live',
      match: { status: 4, score: [1, 0] },
    });

    await setMatch(M.settle, 8, [2, 1]);
    await setMatch(M.cancelled, 12);
    page = (await call<TipPage>('GET', P.tips, hitter.token)).data;
    // Newest first: the cancelled match's tip was published after the other.
    expect(page.list.map((t) => [t.match.id, t.outcome])).toEqual([
      [M.cancelled, 'void'],
      [M.settle, 'hit'],
    ]);
    expect(page.stats).toEqual({ settled: 1, hits: 1, hitRate: 1 });

    const missed = (await call<TipPage>('GET', P.tips, misser.token)).data;
    expect(missed.list[0]).toMatchObject({ outcome: 'miss', match: { score: [2, 1] } });
    expect(missed.stats).toEqual({ settled: 1, hits: 0, hitRate: 0 });
    // A finished match is no longer offered, nor accepted.
    expect((await call('POST', P.tipAdd, (await createUser(h)).token, { matchId: M.settle, pick: 'home' })).code).toBe(
      Code.REFUSED,
    );
  });
});
