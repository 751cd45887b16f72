/**
 * The ChatGPT assistant (issue 15) on its real route with a real PGlite: answers grounded in the
 * stored matches, standings and AI predictions with links to app routes, refusals, input
 * validation and the per-visitor and per-user limits. Each tool, the question set and the
 * streaming OpenAI-compatible adapter are in chatgpt-tools.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS, ChatGptPaths as P, chinaDay, embeddedUrl, type ChatAnswer } from '../../workers/protocol/index';
import type { Config } from '../../server/config';
import { chatGptArea } from '../../server/chatgpt/routes';
import { parseDay } from '../../server/chatgpt/parse-question';
import { createSession } from '../../server/accounts/tokens';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { liveMatchRow, liveTeamRow } from '../helpers/live-rows';
import { areaApp } from '../helpers/area-app';

// 2026-11-22 is a Sunday; 16:00 UTC is 00:00 China time on Monday the 23rd: use 04:00 UTC (12:00 China).
const clock = { now: Date.UTC(2026, 10, 22, 4, 0, 0) };
let ts: TestStorage;
let app: FastifyInstance;

const build = (llm: Config['llm'] = null) => areaApp(chatGptArea, ts, () => clock.now, { llm });

const L = { epl: 550001, cba: 550002 };
const TEAM = { ars: 551001, mci: 551002, che: 551003, liv: 551004, bj: 552001, gd: 552002 };
const M = { live: 553001, today: 553002, tomorrow: 553003, h2h1: 553004, h2h2: 553005, lqLive: 553006 };

beforeAll(async () => {
  ts = await createTestStorage();
  const db = ts.storage.db;
  await db
    .insertInto('live_leagues')
    .values([
      {
        id: L.epl,
        sport: 'zq',
        name: '英超',
        letter: 'Y',
        color: '#3d195b',
        season: '2026',
        cup: false,
        major: true,
        quarter_min: null,
      },
      {
        id: L.cba,
        sport: 'lq',
        name: 'CBA',
        letter: 'C',
        color: '#c00',
        season: '2026',
        cup: false,
        major: true,
        quarter_min: 12,
      },
    ])
    .execute();
  await db
    .insertInto('live_teams')
    .values([
      liveTeamRow(TEAM.ars, L.epl, 'zq', '阿森纳'),
      liveTeamRow(TEAM.mci, L.epl, 'zq', '曼城'),
      liveTeamRow(TEAM.che, L.epl, 'zq', '切尔西FC'),
      liveTeamRow(TEAM.liv, L.epl, 'zq', '利物浦'),
      liveTeamRow(TEAM.bj, L.cba, 'lq', '北京首钢'),
      liveTeamRow(TEAM.gd, L.cba, 'lq', '广东宏远'),
    ])
    .execute();
  await db
    .insertInto('live_standings')
    .values([
      {
        league_id: L.epl,
        team_id: TEAM.ars,
        rank: 1,
        played: 12,
        win: 9,
        draw: 2,
        loss: 1,
        goals_for: 25,
        goals_against: 8,
        points: 29,
      },
      {
        league_id: L.epl,
        team_id: TEAM.mci,
        rank: 2,
        played: 12,
        win: 8,
        draw: 2,
        loss: 2,
        goals_for: 27,
        goals_against: 12,
        points: 26,
      },
      {
        league_id: L.epl,
        team_id: TEAM.che,
        rank: 3,
        played: 12,
        win: 6,
        draw: 3,
        loss: 3,
        goals_for: 20,
        goals_against: 14,
        points: 21,
      },
      {
        league_id: L.epl,
        team_id: TEAM.liv,
        rank: 4,
        played: 12,
        win: 5,
        draw: 4,
        loss: 3,
        goals_for: 19,
        goals_against: 15,
        points: 19,
      },
    ])
    .execute();
  const nowS = clock.now / 1000;
  const match = (
    id: number,
    sport: string,
    league: number,
    h: number,
    a: number,
    ot: number,
    status: number,
    score: [number, number] = [0, 0],
  ) =>
    liveMatchRow({
      id,
      sport,
      league_id: league,
      home_id: h,
      away_id: a,
      day: chinaDay(ot * 1000),
      ot,
      status,
      score,
      updated_at: clock.now,
    });
  await db
    .insertInto('live_matches')
    .values([
      match(M.live, 'zq', L.epl, TEAM.mci, TEAM.liv, nowS - 1800, 2, [1, 0]),
      match(M.today, 'zq', L.epl, TEAM.ars, TEAM.che, nowS + 7 * 3600, 1),
      match(M.tomorrow, 'zq', L.epl, TEAM.liv, TEAM.ars, nowS + 26 * 3600, 1),
      match(M.h2h1, 'zq', L.epl, TEAM.ars, TEAM.mci, nowS - 30 * 86_400, 8, [2, 1]),
      match(M.h2h2, 'zq', L.epl, TEAM.mci, TEAM.ars, nowS - 60 * 86_400, 8, [0, 0]),
      match(M.lqLive, 'lq', L.cba, TEAM.bj, TEAM.gd, nowS - 1200, 4, [40, 38]),
    ])
    .execute();
  app = await build();
});
afterAll(async () => {
  await app?.close();
  await ts?.cleanup();
});

let ipSeq = 0;
async function ask(question: string, opts: { ip?: string; token?: string; on?: FastifyInstance } = {}) {
  const res = await (opts.on ?? app).inject({
    method: 'POST',
    url: embeddedUrl(P.ask),
    payload: new URLSearchParams({ question }).toString(),
    remoteAddress: opts.ip ?? `10.0.0.${++ipSeq}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.token ? { accesstoken: opts.token } : {}),
    },
  });
  return res.json() as { code: number; msg: string; data: ChatAnswer };
}

describe('answers grounded in the app data', () => {
  it('今天有哪些比赛正在进行: the live matches with scores, linking to their detail pages', async () => {
    const r = await ask('今天有哪些比赛正在进行');
    expect(r.code).toBe(200);
    expect(r.data.intent).toBe('live');
    expect(r.data.text).toContain('2 场比赛正在进行');
    expect(r.data.text).toContain('曼城 1-0 利物浦');
    expect(r.data.text).toContain('北京首钢 40-38 广东宏远');
    expect(r.data.links).toEqual(
      expect.arrayContaining([
        { label: '曼城 vs 利物浦', href: `/live/zq/detail/${M.live}` },
        { label: '北京首钢 vs 广东宏远', href: `/live/lq/detail/${M.lqLive}` },
      ]),
    );
  });

  it('英超积分榜: the standings in order', async () => {
    const r = await ask('英超积分榜');
    expect(r.data.intent).toBe('standings');
    const lines = r.data.text.split('\n');
    expect(lines[0]).toContain('英超积分榜');
    // The answer leads with the fact, then the table.
    expect(lines[0]).toBe('英超积分榜第 1 名是阿森纳，积 29 分。');
    expect(lines[2]).toBe('1. 阿森纳  12 场 9 胜 2 平 1 负  29 分');
    expect(lines[3]).toContain('2. 曼城');
    // The leader's next match is linked.
    expect(r.data.links[0]).toEqual({ label: '阿森纳 vs 切尔西FC', href: `/live/zq/detail/${M.today}` });
    expect((await ask('英格兰超级联赛排名')).data.text).toContain('1. 阿森纳');
  });

  it('明天的比赛 / 今天的比赛: fixtures of that day', async () => {
    const tomorrow = await ask('明天有什么比赛');
    expect(tomorrow.data.intent).toBe('day');
    expect(tomorrow.data.text).toContain('明天共有 1 场比赛');
    expect(tomorrow.data.text).toContain('利物浦 vs 阿森纳');
    expect(tomorrow.data.links[0]!.href).toBe(`/live/zq/detail/${M.tomorrow}`);
    const today = await ask('今天英超赛程');
    expect(today.data.text).toContain('阿森纳 vs 切尔西FC');
    expect(today.data.text).not.toContain('北京首钢');
  });

  it("a team's next match and form; the short name without the club suffix is understood", async () => {
    const r = await ask('阿森纳怎么样');
    expect(r.data.intent).toBe('team');
    expect(r.data.text).toContain('阿森纳的下一场比赛');
    expect(r.data.text).toContain('阿森纳 vs 切尔西FC');
    expect(r.data.text).toMatch(/阿森纳最近 2 场：WD/);
    const form = await ask('阿森纳最近怎么样');
    expect(form.data.intent).toBe('form');
    expect(form.data.text).toMatch(/^阿森纳最近 2 场联赛 DW（平胜，从早到近）。/);
    expect((await ask('切尔西下一场')).data.text).toMatch(/^切尔西FC下一场：/);
  });

  it('head-to-head of two teams', async () => {
    const r = await ask('阿森纳和曼城的交锋记录');
    expect(r.data.intent).toBe('h2h');
    expect(r.data.text).toContain('最近 2 次交锋');
    expect(r.data.text).toContain('阿森纳 2-1 曼城');
    expect(r.data.links.map((l) => l.href)).toEqual([`/live/zq/detail/${M.h2h1}`, `/live/zq/detail/${M.h2h2}`]);
  });

  it('the AI prediction for a team’s next football match, as probabilities', async () => {
    const r = await ask('阿森纳下一场AI预测');
    expect(r.data.intent).toBe('prediction');
    expect(r.data.text).toMatch(/AI 预测 阿森纳 vs 切尔西FC：主胜 \d+%，平局 \d+%，客胜 \d+%/);
    expect(r.data.links[0]!.href).toBe(`/live/zq/detail/${M.today}`);
  });

  it('refuses to promise betting outcomes and says plainly when the data has no answer', async () => {
    const bet = await ask('阿森纳今天稳赢吗，买什么');
    expect(bet.data.intent).toBe('betting');
    expect(bet.data.text).toContain('不能承诺');
    expect(bet.data.links).toEqual([]);
    const unknown = await ask('明天天气怎么样呢');
    expect(unknown.data.text).not.toContain('比赛正在进行');
    const none = await ask('火星联赛积分榜');
    expect(none.data.text).toMatch(/^没有找到名为“火星”的联赛。/);
  });

  it('day words: 周六 counts forward from today', () => {
    expect(parseDay('周六有什么比赛', 0)).toEqual({ offset: 6, word: '周六' });
    expect(parseDay('星期天', 1)).toEqual({ offset: 6, word: '周日' });
    expect(parseDay('今晚', 3)).toEqual({ offset: 0, word: '今晚' });
    expect(parseDay('随便', 3)).toBeNull();
  });
});

describe('input and limits', () => {
  it('refuses empty, over-long and control-character questions with Chinese messages', async () => {
    expect(await ask('   ')).toMatchObject({ code: 4000, msg: '请输入问题' });
    expect(await ask('球'.repeat(501))).toMatchObject({ code: 4000, msg: '问题不能超过 500 个字' });
    expect(await ask('英超\u0000积分榜')).toMatchObject({ code: 4000, msg: '问题不能包含控制字符' });
    expect(await ask('英超\u0007积分榜')).toMatchObject({ code: 4000, msg: '问题不能包含控制字符' });
    expect((await ask('球'.repeat(500))).code).toBe(200);
  });

  it(`limits a visitor address to ${CHAT_LIMITS.visitorPerHour} questions an hour, a user by account`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < CHAT_LIMITS.visitorPerHour; i++) expect((await ask('英超积分榜', { ip })).code).toBe(200);
    const over = await ask('英超积分榜', { ip });
    expect(over).toMatchObject({ code: 4029, msg: '提问太频繁：每小时最多 10 个问题，请稍后再试' });
    // A signed-in user at the same address has their own, larger allowance.
    const row = await ts.storage.db
      .insertInto('users')
      .values({
        phone: '13600000001',
        nick_name: '问答',
        password_hash: 'x',
        portrait: '',
        portrait_new: null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(ts.storage.db, row.id, clock.now);
    for (let i = 0; i < CHAT_LIMITS.userPerHour; i++) expect((await ask('英超积分榜', { ip, token })).code).toBe(200);
    expect((await ask('英超积分榜', { ip, token })).code).toBe(4029);
    // An hour later the visitor may ask again.
    clock.now += 3_600_000;
    expect((await ask('英超积分榜', { ip })).code).toBe(200);
    clock.now -= 3_600_000;
  }, 60_000);
});
