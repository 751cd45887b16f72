/**
 * Live-score REST on a real server (buildServer, real PGlite, feed driven by a manual clock):
 * every endpoint answers code 200 with the documented shapes, bad input gets 4000, unknown ids
 * 4004, follows need a login, crests are safe SVG, and the dev control goes through the feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { buildServer, type BuiltServer } from '../../server/app';
import { createSession } from '../../server/accounts/tokens';
import { roomCover } from '../../server/vlive/seed';
import {
  Code,
  LivePaths,
  SystemPaths,
  embeddedUrl,
  fillPath,
  type AnalysisHistory,
  type BasketballStats,
  type FilterGroup,
  type FootballPlayerStats,
  type FutureFixtures,
  type HotColumn,
  type Injuries,
  type Intelligence,
  type LeagueTable,
  type Lineup,
  type MatchVideo,
  type Match,
  type MatchHeaderBody,
  type MatchNavigation,
  type OddsBoard,
  type OddsRow,
  type SectionDiff,
  type StatEntry,
  type TextLiveLine,
} from '../../workers/protocol/index';

const START = Date.parse('2026-11-22T12:30:00Z'); // 20:30 Beijing: evening football, CBA
let now = START;
let ts: TestStorage;
let server: BuiltServer;

async function get<T>(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await server.app.inject({
    method: 'GET',
    url: embeddedUrl(fillPath(path, params)) + (qs ? `?${qs}` : ''),
    headers,
  });
  return res.json() as { code: number; msg: string; data: T };
}

let zq: Match;
let zqDone: Match;
let lq: Match;

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: 77 });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
  await server.ctx.feed.start();
  const list = await get<Match[]>(LivePaths.zqLive, {}, { platform: 4 });
  zq = list.data.find((m) => m.s === 2 || m.s === 4)!;
  zqDone = list.data.find((m) => m.s === 8)!;
  lq = (await get<Match[]>(LivePaths.lqList)).data.find((m) => m.s >= 2 && m.s <= 9)!;
}, 180_000);

afterAll(async () => {
  await server.close();
  await ts.cleanup();
});

describe('football lists', () => {
  it('live list: today, live first, then upcoming, then finished', async () => {
    const res = await get<Match[]>(LivePaths.zqLive, {}, { platform: 4 });
    expect(res.code).toBe(Code.OK);
    const ranks = res.data.map((m) => ([2, 3, 4, 5, 7].includes(m.s) ? 0 : m.s === 1 ? 1 : 2));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks[0]).toBe(0);
    // A Sunday of the season calendar: European leagues, Asia in the afternoon, the Americas at night.
    expect(res.data.length).toBeGreaterThan(40);
    const m = res.data[0]!;
    expect(m).toMatchObject({ sport: 'zq', isShow: true });
    expect(m.home.logo).toMatch(/^\/media\/crest\/\d+\.svg$/);
    expect(zq).toBeDefined();
    expect(zqDone).toBeDefined();
  });

  it('by date, lottery, jczq, bjdc and the filter', async () => {
    const tomorrow = await get<Match[]>(LivePaths.zqByDate, {}, { date: '2026-11-23' });
    expect(tomorrow.code).toBe(Code.OK);
    expect(tomorrow.data.every((m) => m.s === 1 || m.s === 9 || m.s === 12)).toBe(true);
    const past = await get<Match[]>(LivePaths.zqByDate, {}, { date: '2026-11-21' });
    expect(past.data.filter((m) => m.s === 8).length).toBeGreaterThan(40);
    expect((await get<Match[]>(LivePaths.zqJczq)).data.every((m) => m.jc !== null && /^周.\d{3}$/.test(m.jc))).toBe(
      true,
    );
    expect((await get<Match[]>(LivePaths.zqBjdc)).data.every((m) => m.bd)).toBe(true);
    expect((await get<Match[]>(LivePaths.zqLottery)).data.length).toBeGreaterThan(0);
    const filter = await get<FilterGroup[]>(LivePaths.zqFilter, {}, { type: 'all' });
    expect(filter.code).toBe(Code.OK);
    const letters = filter.data.map((g) => g.letter);
    expect(letters).toEqual([...letters].sort());
    const y = filter.data.find((g) => g.letter === 'Y')!;
    expect(y.countList.map((c) => c.leagueName)).toContain('英超');
    const total = filter.data.flatMap((g) => g.countList).reduce((a, c) => a + c.count, 0);
    expect(total).toBe((await get<Match[]>(LivePaths.zqLive)).data.length);
    const jc = await get<FilterGroup[]>(LivePaths.zqFilter, {}, { type: 'jczq' });
    expect(jc.data.flatMap((g) => g.countList).reduce((a, c) => a + c.count, 0)).toBe(
      (await get<Match[]>(LivePaths.zqJczq)).data.length,
    );
  });

  it('bad params get code 4000 and a Chinese message', async () => {
    for (const [path, query] of [
      [LivePaths.zqByDate, { date: '2026/11/22' }],
      [LivePaths.zqByDate, { date: '2027-01-01' }],
      [LivePaths.zqFilter, { type: 'abc' }],
      [LivePaths.lqList, { date: "'; drop table live_matches; --" }],
      [LivePaths.hotSchedule, { sport: '<script>' }],
    ] as const) {
      const res = await get(path, {}, query);
      expect(res.code, `${path} ${JSON.stringify(query)}`).toBe(Code.BAD_INPUT);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await get(LivePaths.zqHeader, { id: 'abc' })).code).toBe(Code.BAD_INPUT);
    expect((await get(LivePaths.zqOdds, { id: zq.id }, { type: 4 })).code).toBe(Code.BAD_INPUT);
    expect((await get(LivePaths.zqOddsHistory, { id: zq.id }, { type: 1, companyId: 99 })).code).toBe(Code.BAD_INPUT);
    expect((await get(LivePaths.zqHeader, { id: 123 })).code).toBe(Code.NOT_FOUND);
    expect((await get(LivePaths.zqHeader, { id: 123 })).msg).toBe('比赛不存在');
    expect((await get(LivePaths.lqHeader, { id: zq.id })).code).toBe(Code.NOT_FOUND);
    const count = await ts.storage.db
      .selectFrom('live_matches')
      .select(ts.storage.db.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBeGreaterThan(1500);
  });
});

describe('football detail', () => {
  it('header, navigation, text live, stats', async () => {
    const h = await get<MatchHeaderBody>(LivePaths.zqHeader, { id: zq.id });
    expect(h.code).toBe(Code.OK);
    expect(h.data.match.id).toBe(zq.id);
    expect(h.data.incidents[0]?.type).toBe('state');
    const nav = await get<MatchNavigation>(LivePaths.zqNavigation, { id: zq.id });
    expect(nav.data).toMatchObject({ textLive: true, stats: true, lineup: true, odds: true, video: false });
    const text = await get<TextLiveLine[]>(LivePaths.zqTextLive, { id: zq.id });
    expect(text.data.length).toBeGreaterThan(0);
    expect(text.data[0]!.at).toBeGreaterThanOrEqual(text.data.at(-1)!.at);
    const doneText = await get<TextLiveLine[]>(LivePaths.zqTextLive, { id: zqDone.id });
    expect(doneText.data.some((l) => l.text.includes('全场比赛结束'))).toBe(true);
    const stats = await get<StatEntry[]>(LivePaths.zqStats, { id: zq.id });
    expect(stats.data.map((s) => s.type).sort((a, b) => a - b)).toEqual([2, 3, 4, 21, 22, 23, 24, 25, 70]);
    const poss = stats.data.find((s) => s.type === 25)!;
    expect(poss.home + poss.away).toBe(100);
    expect(stats.data.find((s) => s.type === 2)).toEqual({
      type: 2,
      home: h.data.match.sport === 'zq' ? h.data.match.corner[0] : -1,
      away: h.data.match.sport === 'zq' ? h.data.match.corner[1] : -1,
    });
  });

  it('analysis, table, lineups, intelligence, injuries, player stats', async () => {
    const history = await get<AnalysisHistory>(LivePaths.zqHistory, { id: zq.id });
    expect(history.code).toBe(Code.OK);
    expect(history.data.homeRecent.length).toBeGreaterThan(0);
    expect(
      history.data.homeRecent.every((a) => a.score !== null && (a.homeId === zq.home.id || a.awayId === zq.home.id)),
    ).toBe(true);
    const future = await get<FutureFixtures>(LivePaths.zqFuture, { id: zq.id });
    expect(future.data.home.length).toBeGreaterThan(0);
    expect(future.data.home.every((a) => a.score === null && a.ot > zq.ot)).toBe(true);
    const table = await get<LeagueTable>(LivePaths.zqTable, { id: zq.id });
    expect(table.data.rows.length).toBeGreaterThanOrEqual(10);
    expect(table.data.rows.map((r) => r.rank)).toEqual(table.data.rows.map((_, i) => i + 1));
    expect(table.data.season).toMatch(/^\d{4}(-\d{4})?$/);
    const lineup = await get<Lineup>(LivePaths.zqLineup, { id: zq.id });
    for (const side of [lineup.data.home, lineup.data.away]) {
      expect(side.starters).toHaveLength(11);
      expect(side.starters[0]!.position).toBe('GK');
      const [d, m, f] = side.formation.split('-').map(Number);
      expect(
        1 +
          d! +
          m! +
          f! +
          (side.formation.split('-').length === 4 ? Number(side.formation.split('-')[3]) - f! + f! : 0),
      ).toBeGreaterThanOrEqual(11);
      expect(side.bench.length).toBeGreaterThan(5);
    }
    const injuries = await get<Injuries>(LivePaths.zqInjury, { id: zq.id });
    const injured = new Set([...injuries.data.home, ...injuries.data.away].map((i) => i.playerId));
    expect([...lineup.data.home.starters, ...lineup.data.away.starters].some((p) => injured.has(p.id))).toBe(false);
    const intel = await get<Intelligence>(LivePaths.zqIntelligence, { id: zq.id });
    expect(intel.data.home.good.length + intel.data.home.bad.length).toBeGreaterThan(0);
    expect(intel.data.neutral.join('')).toMatch(/天气/);
    const players = await get<FootballPlayerStats>(LivePaths.zqPlayerStats, { id: zqDone.id });
    const goals =
      players.data.home.reduce((a, p) => a + p.goals, 0) + players.data.away.reduce((a, p) => a + p.goals, 0);
    expect(goals).toBe(zqDone.score[0] + zqDone.score[1]);
  });

  it('odds board, companies and history (newest first, opening line last)', async () => {
    for (const type of [1, 2, 3] as const) {
      const board = await get<OddsBoard>(LivePaths.zqOdds, { id: zqDone.id }, { type });
      expect(board.code).toBe(Code.OK);
      expect(board.data.companies.map((c) => c.nameZh)).toEqual([
        '澳门',
        '皇冠',
        'Bet365',
        '威廉希尔',
        '立博',
        '易胜博',
        '韦德',
        '12BET',
      ]);
      expect(board.data.companies.some((c) => c.live.left !== c.open.left || c.live.middle !== c.open.middle)).toBe(
        true,
      );
    }
    const companies = await get<Array<{ companyId: number; nameZh: string }>>(LivePaths.zqOddsCompany);
    expect(companies.data).toHaveLength(8);
    const hist = await get<OddsRow[]>(LivePaths.zqOddsHistory, { id: zq.id }, { type: 2, companyId: 3 });
    expect(hist.code).toBe(Code.OK);
    expect(hist.data.length).toBeGreaterThanOrEqual(1);
    const ats = hist.data.map((r) => r.at);
    expect(ats).toEqual([...ats].sort((a, b) => b - a));
  });
});

describe('basketball', () => {
  it('list, filter, header with quarter scores, stats, odds, analysis, rank, section difference, intel, text', async () => {
    const list = await get<Match[]>(LivePaths.lqList, {}, { date: '2026-11-22' });
    expect(list.code).toBe(Code.OK);
    expect(list.data.length).toBeGreaterThan(5);
    expect(lq).toBeDefined();
    const filter = await get<FilterGroup[]>(LivePaths.lqFilter);
    expect(filter.data.flatMap((g) => g.countList).map((c) => c.leagueName)).toContain('CBA');
    const h = await get<MatchHeaderBody>(LivePaths.lqHeader, { id: lq.id });
    const m = h.data.match;
    if (m.sport !== 'lq') throw new Error('not basketball');
    expect(m.quarters.reduce((a, q) => a + q[0], 0)).toBe(m.score[0]);
    expect(m.quarters.reduce((a, q) => a + q[1], 0)).toBe(m.score[1]);
    const stats = await get<BasketballStats>(LivePaths.lqStats, { id: lq.id });
    expect(stats.data.stats.length).toBe(12);
    expect(stats.data.players.home.reduce((a, p) => a + p.points, 0)).toBe(m.score[0]);
    expect(stats.data.players.home.filter((p) => p.starter)).toHaveLength(5);
    const odds = await get<OddsBoard>(LivePaths.lqOdds, { id: lq.id }, { type: 1 });
    expect(odds.data.companies).toHaveLength(8);
    expect((await get<AnalysisHistory>(LivePaths.lqAnalysis, { id: lq.id })).data.homeRecent.length).toBeGreaterThan(0);
    expect((await get<LeagueTable>(LivePaths.lqRank, { id: lq.id })).data.rows.length).toBeGreaterThanOrEqual(10);
    const diff = await get<SectionDiff>(LivePaths.lqSectionDiff, { id: lq.id });
    expect(diff.data.periods).toEqual(['第一节', '第二节', '第三节', '第四节']);
    expect(diff.data.games).toBeGreaterThan(0);
    expect(diff.data.home.scored.every((x) => x > 10)).toBe(true);
    expect((await get<Intelligence>(LivePaths.lqIntel, { id: lq.id })).code).toBe(Code.OK);
    expect((await get<TextLiveLine[]>(LivePaths.lqTextLive, { id: lq.id })).data.length).toBeGreaterThan(0);
  });
});

describe('hot, video, follows, crests, dev control', () => {
  it('hot schedule and column', async () => {
    const hot = await get<Match[]>(LivePaths.hotSchedule);
    expect(hot.code).toBe(Code.OK);
    expect(hot.data.length).toBeGreaterThan(2);
    expect(new Set(hot.data.map((m) => m.sport))).toEqual(new Set(['zq', 'lq']));
    expect((await get<Match[]>(LivePaths.hotSchedule, {}, { sport: 'lq' })).data.every((m) => m.sport === 'lq')).toBe(
      true,
    );
    const col = await get<HotColumn[]>(LivePaths.hotColumn);
    expect(col.data.map((c) => c.key)).toEqual(['focus', 'live', 'soon']);
  });

  it('video: a live anchor room bound to the match plays in it; 20001 when none is', async () => {
    const db = ts.storage.db;
    // Pinned away from the match, so the room binder leaves them there.
    await db
      .updateTable('vlive_rooms')
      .set({ match_id: null, match_pinned: true })
      .where('match_id', '=', zq.id)
      .execute();
    const v = await get(LivePaths.video, { id: zq.id });
    expect(v.code).toBe(Code.NO_VIDEO);
    expect(v.msg).toBe('暂无直播视频');
    expect((await get(LivePaths.video, { id: 5 })).code).toBe(Code.NOT_FOUND);

    await db
      .updateTable('vlive_rooms')
      .set({ match_id: zq.id, sport: 'zq', match_pinned: true, live: true, stream_url: null })
      .where('id', '=', '1001')
      .execute();
    const bound = await get<MatchVideo>(LivePaths.video, { id: zq.id });
    expect(bound.code).toBe(Code.OK);
    // No broadcast of its own: the built-in test stream, said to be one.
    expect(bound.data).toEqual({ url: '/media/hls/1001/live.m3u8', roomId: '1001', cover: roomCover(1), test: true });
    // The cover (the player's poster) is served.
    expect((await server.app.inject({ method: 'GET', url: bound.data.cover })).statusCode).toBe(200);
    const playlist = await server.app.inject({ method: 'GET', url: bound.data.url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTINF');

    await db.updateTable('vlive_rooms').set({ live: false }).where('id', '=', '1001').execute();
    expect((await get(LivePaths.video, { id: zq.id })).code).toBe(Code.NO_VIDEO);
  });

  it('follow needs a login, toggles, and lists followed ids', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      server.app
        .inject({ method: 'POST', url: embeddedUrl(LivePaths.follow), payload: body as object, headers })
        .then((r) => r.json() as { code: number; data: { followed: boolean; follow: number } });
    expect((await post({ matchId: zq.id, sport: 'zq' })).code).toBe(Code.NO_TOKEN);
    const user = await ts.storage.db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const { token } = await createSession(ts.storage.db, user.id, now);
    const auth = { accesstoken: token };
    expect((await post({ matchId: 'x', sport: 'zq' }, auth)).code).toBe(Code.BAD_INPUT);
    expect((await post({ matchId: 77, sport: 'zq' }, auth)).code).toBe(Code.NOT_FOUND);
    expect((await post({ matchId: zq.id, sport: 'lq' }, auth)).code).toBe(Code.BAD_INPUT);
    const on = await post({ matchId: zq.id, sport: 'zq' }, auth);
    expect(on).toMatchObject({ code: Code.OK, data: { followed: true, follow: 1 } });
    await post({ matchId: lq.id, sport: 'lq' }, auth);
    expect((await get(LivePaths.follow, {}, {}, auth)).data).toEqual({ zq: [zq.id], lq: [lq.id] });
    expect((await post({ matchId: zq.id, sport: 'zq' }, auth)).data.followed).toBe(false);
    expect((await get(LivePaths.follow, {}, {}, auth)).data).toEqual({ zq: [], lq: [lq.id] });
    expect((await get(LivePaths.follow)).code).toBe(Code.NO_TOKEN);
  });

  it('serves generated crests as SVG with long cache', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/media/crest/${zq.home.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age=604800');
    expect(res.body).toContain(zq.home.name.match(/[\u4e00-\u9fff]/)?.[0] ?? '');
    expect(res.body).not.toContain('<script');
    expect((await server.app.inject({ method: 'GET', url: '/media/crest/1.svg' })).statusCode).toBe(404);
  });

  it('serves crests and art coming on screen together as one sprite, a view each; refuses other paths', async () => {
    const items = [`crest/${zq.home.id}`, `crest/${zq.away.id}`, 'art/cover/3', 'art/avatar/3'];
    const res = await server.app.inject({ method: 'GET', url: `/media/sprite.svg?i=${items.join(',')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age=');
    const own = await server.app.inject({ method: 'GET', url: `/media/crest/${zq.home.id}.svg` });
    // Each image is its own SVG, placed in its slot, with a view of the slot's box.
    expect(res.body).toContain(own.body.slice(own.body.indexOf('>') + 1));
    expect(res.body).toContain(`<view id="crest-${zq.home.id}" viewBox="0 0 100 112"/>`);
    expect(res.body).toContain(`<view id="crest-${zq.away.id}" viewBox="0 112 100 112"/>`);
    expect(res.body).toContain('<view id="art-cover-3" viewBox="0 224 320 180"/>');
    expect(res.body).toContain('<view id="art-avatar-3" viewBox="0 404 100 100"/>');
    // The two generated covers' gradients keep apart.
    expect(res.body).toContain('id="art-cover-3_g"');
    expect(res.body).toContain('fill="url(#art-avatar-3_g)"');
    expect(res.body).not.toContain('id="g"');
    expect(res.body).not.toContain('<script');
    for (const bad of [
      '',
      'crest/x',
      '../crest/1',
      'art/poster/1',
      'crest/1.svg',
      Array(49).fill('crest/1').join(','),
    ]) {
      const refused = await server.app.inject({ method: 'GET', url: `/media/sprite.svg?i=${encodeURIComponent(bad)}` });
      expect(refused.statusCode, bad).toBe(404);
      expect(refused.body).toBe('图片不存在');
    }
    expect((await server.app.inject({ method: 'GET', url: '/media/sprite.svg' })).statusCode).toBe(404);
  });

  it('POST /_dev/feed/event applies a goal to a live match and refuses one to a finished match', async () => {
    const goal = await server.app.inject({
      method: 'POST',
      url: SystemPaths.devFeedEvent,
      payload: { matchId: zq.id, type: 'goal', side: 'home' },
    });
    const body = goal.json() as { code: number; data: { match: Match } };
    expect(body.code).toBe(Code.OK);
    const h = await get<MatchHeaderBody>(LivePaths.zqHeader, { id: zq.id });
    expect(h.data.match.score[0]).toBe(body.data.match.score[0]);
    expect(h.data.incidents.at(-1)?.type).toBe('goal');
    const refused = await server.app.inject({
      method: 'POST',
      url: SystemPaths.devFeedEvent,
      payload: { matchId: zqDone.id, type: 'goal', side: 'home' },
    });
    expect(refused.json().code).toBe(Code.REFUSED);
    expect(refused.json().msg).toBe('比赛未在进行中，不能添加进球');
    const bad = await server.app.inject({
      method: 'POST',
      url: SystemPaths.devFeedEvent,
      payload: { matchId: zq.id, type: 'offside' },
    });
    expect(bad.json().code).toBe(Code.BAD_INPUT);
    now += 5_000;
    await server.ctx.feed.advance();
  });
});
