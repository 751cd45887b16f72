/**
 * Contract test of the Nami adapter against a fake 纳米数据 that speaks the documented formats
 * (docs/providers/nami.md): HTTP basic data, diary and detail_live with the exact JSON shapes,
 * and the push through a real Mosquitto broker with a WebSocket listener (MQTT over WebSocket),
 * in the documented topic and payload. A server with LIVE_SOURCE=nami shows the fixture with
 * Nami's Chinese names and its 竞彩 number / 北单 flag from the 体彩 lists; a pushed goal, its
 * duplicates, a VAR correction, the push going down (the adapter polls detail_live) and coming
 * back; the detail tabs, the table moving, the full-time report; the team's squad on its 数据库
 * pages. The fake is tests/helpers/fake-nami.ts, the one fake Nami of every test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { BuiltServer } from '../../../../server/app';
import { localId } from '../../../../server/live/providers';
import { renderMatchReport, sweepMatchReports } from '../../../../server/news/match-reports';
import { analysisMatch } from '../../../../server/live/details';
import { matchById } from '../../../../server/live/repository';
import {
  ChatGptPaths,
  CrestPath,
  LivePaths,
  embeddedUrl,
  type ChatAnswer,
  type FilterGroup,
  fillPath,
  type Incident,
  type LeagueTable,
  type Lineup,
  type Match,
  type PlayerPage,
  type TeamPage,
  DatabasePaths,
  chinaDay,
  type OddsBoard,
  type StatEntry,
  type TextLiveLine,
} from '../../../../workers/protocol/index';
import { footballScreens, getData, shapeGaps, simulatorFootballScreens } from '../screens';
import { eplClubs, eplMatch, eplNames, startNamiWorld, stopNamiWorld } from '../../../helpers/nami-server';
import { until, type FakeNami } from '../../../helpers/fake-nami';

const MATCH = 3_900_001;
const ID = localId('nami', 'zq', MATCH);
const KICK = Math.floor(Date.now() / 1000) - 20 * 60;

let ts: TestStorage;
let server: BuiltServer;
let nami: FakeNami;

const side = (score: number, corners: number) => [score, 0, 0, 0, corners, 0, 0];
const entry = (
  status: number,
  h: number,
  a: number,
  incidents: object[],
  corners: [number, number] = [2, 1],
  tlive?: object[],
) => ({
  id: MATCH,
  ...(tlive ? { tlive } : {}),
  score: [MATCH, status, side(h, corners[0]), side(a, corners[1]), KICK, ''],
  stats: [
    { type: 2, home: corners[0], away: corners[1] },
    { type: 25, home: 55, away: 45 },
  ],
  incidents,
});
const goal23 = { type: 1, position: 1, time: 23, player_name: '萨卡', home_score: 1, away_score: 0 };
/** Real-time odds: per match, per market, [company, change time, minute, left, middle, right, closed, score]. */
const ODDS_AT = KICK - 3600;
const ODDS = {
  [MATCH]: {
    asia: [[2, ODDS_AT, '', 0.92, 0.5, 0.94, 0, '']],
    eu: [
      [2, ODDS_AT, '', 1.85, 3.5, 4.1, 0, ''],
      [5, ODDS_AT, '', 1.9, 3.4, 4.0, 0, ''],
    ],
    bs: [[2, ODDS_AT, '', 0.88, 2.75, 0.98, 0, '']],
  },
};
const player = (id: number, name: string, n: number, position: string, first: number) => ({
  id,
  name,
  logo: '',
  shirt_number: n,
  position,
  first,
  captain: 0,
  x: 0,
  y: 0,
});
const side11 = (base: number, names: string[]) =>
  names.map((n, i) => player(base + i, n, i + 1, i === 0 ? 'G' : i < 5 ? 'D' : i < 8 ? 'M' : 'F', i < 11 ? 1 : 0));
const LINEUP = {
  confirmed: 1,
  home_formation: '4-3-3',
  away_formation: '4-3-3',
  home: side11(500, [
    '拉亚',
    '怀特',
    '萨利巴',
    '加布里埃尔',
    '津琴科',
    '厄德高',
    '赖斯',
    '哈弗茨',
    '萨卡',
    '热苏斯',
    '马丁内利',
    '特罗萨德',
  ]),
  away: side11(600, [
    '桑切斯',
    '詹姆斯',
    '科尔威尔',
    '巴迪亚希勒',
    '库库雷利亚',
    '凯塞多',
    '恩佐',
    '帕尔默',
    '马杜埃凯',
    '杰克逊',
    '桑乔',
    '穆德里克',
  ]),
};
/** The season table before today: Chelsea a point above Arsenal, Liverpool top. */
const TABLE = [
  { team_id: 30, position: 1, points: 25, total: 10, won: 8, draw: 1, loss: 1, goals: 22, goals_against: 8 },
  { team_id: 25, position: 2, points: 21, total: 10, won: 6, draw: 3, loss: 1, goals: 18, goals_against: 9 },
  { team_id: 19, position: 3, points: 20, total: 10, won: 6, draw: 2, loss: 2, goals: 17, goals_against: 10 },
];

/** The fixture as the diary (and the 体彩 lists) give it. */
const DIARY = eplMatch(MATCH, KICK, 2);
/** Chelsea's squad (team/squad/list): 帕尔默 is the lineup's 607. */
const CHELSEA_SQUAD = {
  id: 25,
  squad: [
    { player: { id: 600, name: '罗伯特·桑切斯', short_name: '桑切斯', age: 27 }, position: 'G', shirt_number: 1 },
    { player: { id: 607, name: '科尔·帕尔默', short_name: '帕尔默', age: 23 }, position: 'M', shirt_number: 20 },
    { player: { id: 609, name: '尼古拉斯·杰克逊', short_name: '杰克逊', age: 24 }, position: 'F', shirt_number: 15 },
    { player: { id: 602, name: '科尔威尔', age: 22 }, position: 'D', shirt_number: 6 },
  ],
  updated_at: KICK,
};

async function header() {
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(fillPath(LivePaths.zqHeader, { id: ID })) });
  const body = res.json() as {
    code: number;
    data: {
      match: { score: number[]; s: number; home: { name: string }; leagueName: string; corner: number[] };
      incidents: Incident[];
    };
  };
  return body;
}
const goals = async () => (await header()).data.incidents.filter((i) => i.type === 'goal');

function push(entries: unknown[]): void {
  void nami.push(entries);
}

beforeAll(async () => {
  ({ nami, ts, server } = await startNamiWorld(
    {
      ...eplNames(),
      teams: { zq: [...eplClubs(), { id: 30, competition_id: 82, name: '利物浦', short_name: '利物浦' }] },
      matches: { zq: [DIARY] },
      odds: { zq: ODDS },
      lineups: { [MATCH]: LINEUP },
      tables: { zq: { 1: { promotions: [], tables: [{ id: 1, rows: TABLE }] } } },
      // 竞彩足球 周六001 and 北单 (胜负过关); another match on 竞彩 only is not ours.
      lottery: {
        101: [
          { ...DIARY, lottery: { issue_num: '6001' } },
          { ...DIARY, id: 3_900_777, lottery: { issue_num: '6002' } },
        ],
        301: [DIARY],
        404: [],
      },
      squads: [{ id: 19, squad: [] }, CHELSEA_SQUAD, { id: 30, squad: [] }],
    },
    { now: () => Date.now(), pushStallMs: 1_500, pollMs: 500, pushConnected: true },
  ));
}, 120_000);

afterAll(() => stopNamiWorld({ server, ts, nami }));

describe('Nami adapter against a fake 纳米数据', () => {
  it('the fixture from the diary shows with Nami’s Chinese names, live', async () => {
    const h = await header();
    expect(h.code).toBe(200);
    expect(h.data.match.home.name).toBe('阿森纳');
    expect(h.data.match.leagueName).toBe('英超');
    expect(h.data.match.s).toBe(2);
  });

  it('竞彩 and 北单 from the 体彩 lists: the number, the flag, the 竞彩 list and its filter', async () => {
    const h = await getData<{ match: { jc: string | null; bd: boolean } }>(server, LivePaths.zqHeader, { id: ID });
    expect(h.match).toMatchObject({ jc: '周六001', bd: true });
    expect(nami.requests.filter((r) => r.startsWith('/api/v4/match/lottery?'))).toEqual(
      expect.arrayContaining([
        '/api/v4/match/lottery?lottery_type=101',
        '/api/v4/match/lottery?lottery_type=301',
        '/api/v4/match/lottery?lottery_type=404',
      ]),
    );
    const day = chinaDay(KICK * 1000);
    const jczq = await getData<Match[]>(server, LivePaths.zqJczq, {}, { date: day });
    expect(jczq.map((m) => [m.id, m.jc])).toEqual([[ID, '周六001']]);
    const bjdc = await getData<Match[]>(server, LivePaths.zqBjdc, {}, { date: day });
    expect(bjdc.map((m) => m.id)).toEqual([ID]);
    const groups = await getData<FilterGroup[]>(server, LivePaths.zqFilter, {}, { type: 'jczq', date: day });
    expect(groups.flatMap((g) => g.countList).find((c) => c.leagueId === localId('nami', 'zq', 82))).toMatchObject({
      count: 1,
    });
  });

  it('a pushed goal lands once, whatever the duplicates', async () => {
    push([entry(2, 1, 0, [goal23])]);
    await until(async () => (await header()).data.match.score.join('-') === '1-0', 'goal applied');
    push([entry(2, 1, 0, [goal23])]);
    push([entry(2, 1, 0, [goal23])]);
    // A later message (corners move) proves the duplicates before it were handled.
    push([entry(2, 1, 0, [goal23], [3, 1])]);
    await until(async () => (await header()).data.match.corner.join('-') === '3-1', 'corner applied');
    const g = await goals();
    expect(g).toHaveLength(1);
    expect(g[0].text).toContain('萨卡');
  });

  it('a score tuple from before the goal, delivered late, never takes the goal back', async () => {
    const [goal] = await goals();
    const liveReads = () => nami.requests.filter((r) => r.startsWith('/api/v4/football/match/detail_live')).length;
    const before = liveReads();
    // The provider's truth is still 1-0 (what detail_live answers).
    nami.liveNow.zq = [entry(2, 1, 0, [goal23], [3, 1])];
    // Redelivered after a reconnect: the message from two corners back, then the one from just
    // before the goal (level with the goal's message on every counter): the adapter asks detail_live.
    push([entry(2, 0, 0, [], [2, 1])]);
    push([entry(2, 0, 0, [], [3, 1])]);
    await until(
      async () => liveReads() > before || (await header()).data.match.score.join('-') !== '1-0',
      'the held lower score checked against detail_live (or the score lowered)',
    );
    const h = await header();
    expect(h.data.match.score).toEqual([1, 0]);
    expect(h.data.match.corner).toEqual([3, 1]);
    // The goal stands: the same incident, not 进球无效.
    expect(await goals()).toEqual([goal]);
  });

  it('a goal taken back by VAR: the score drops and the same incident reads 进球无效', async () => {
    const [before] = await goals();
    // Nothing else moved since the goal: the pushed 0-0 is believed once detail_live says it too.
    nami.liveNow.zq = [entry(2, 0, 0, [], [3, 1])];
    push([entry(2, 0, 0, [], [3, 1])]);
    await until(async () => (await header()).data.match.score.join('-') === '0-0', 'score lowered');
    const after = await goals();
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before.id);
    expect(after[0].text).toContain('进球无效');
  });

  it('push down: the adapter polls detail_live; push back: it stops polling', async () => {
    await nami.stopBroker();
    await until(() => server.ctx.feed.health().pushConnected === false, 'push seen down');
    nami.liveNow.zq = [
      entry(4, 1, 0, [goal23, { type: 1, position: 1, time: 60, home_score: 1, away_score: 0 }], [4, 2]),
    ];
    const before = nami.calls();
    await server.ctx.feed.advance();
    expect(nami.calls()).toBeGreaterThan(before);
    expect(server.ctx.feed.health().polling).toBe(true);
    const h = await header();
    expect(h.data.match.s).toBe(4);
    expect(h.data.match.corner).toEqual([4, 2]);
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('live_source_info{source="nami"} 1');
    expect(metrics.body).toMatch(/live_push_connected 0/);
    expect(metrics.body).toMatch(/live_polling 1/);
    await nami.startBroker();
    await until(() => server.ctx.feed.health().pushConnected === true && nami.publisher.connected, 'push back', 30_000);
    push([entry(4, 1, 0, [goal23], [5, 2])]);
    await until(async () => (await header()).data.match.corner.join('-') === '5-2', 'push applied again');
    await server.ctx.feed.advance();
    expect(server.ctx.feed.health().polling).toBe(false);
    const healthz = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect((healthz.json() as { data: { live: { source: string; pushConnected: boolean } } }).data.live).toMatchObject({
      source: 'nami',
      pushConnected: true,
    });
  });

  const table = async () =>
    (await getData<LeagueTable>(server, LivePaths.zqTable, { id: ID })).rows.map(
      (r) => `${r.rank} ${r.teamName} ${r.played} ${r.points}`,
    );
  const tlive = [
    { time: "23'", data: '萨卡禁区内劲射破门，阿森纳1-0领先', position: 1, type: 1, main: 1 },
    { time: "45+2'", data: '上半场结束', position: 0, type: 0, main: 0 },
  ];

  it('the detail tabs: odds by company and market, lineup, stats, Nami’s text live and the table', async () => {
    push([entry(4, 1, 0, [goal23], [5, 2], tlive)]);
    await until(
      async () =>
        (await getData<TextLiveLine[]>(server, LivePaths.zqTextLive, { id: ID })).length > 0 &&
        (await getData<TextLiveLine[]>(server, LivePaths.zqTextLive, { id: ID })).some((l) =>
          l.text.includes('萨卡禁区内'),
        ),
      'text live stored',
    );
    // The same full list again adds nothing.
    push([entry(4, 1, 0, [goal23], [6, 2], tlive)]);
    await until(async () => (await header()).data.match.corner.join('-') === '6-2', 'repeat applied');
    const lines = await getData<TextLiveLine[]>(server, LivePaths.zqTextLive, { id: ID });
    expect(lines.filter((l) => l.text.includes('萨卡禁区内'))).toHaveLength(1);
    expect(lines.find((l) => l.text === '上半场结束')).toMatchObject({ minute: 45, stoppage: 2 });

    const asia = await getData<OddsBoard>(server, LivePaths.zqOdds, { id: ID }, { type: 1 });
    expect(asia.companies.map((c) => [c.nameZh, c.live.left, c.live.middle, c.live.right])).toEqual([
      ['Bet365', 0.92, 0.5, 0.94],
    ]);
    const eu = await getData<OddsBoard>(server, LivePaths.zqOdds, { id: ID }, { type: 2 });
    expect(eu.companies.map((c) => c.nameZh).sort()).toEqual(['Bet365', '立博']);
    // The first line stored is the opening line.
    expect(eu.companies.find((c) => c.nameZh === '立博')?.open).toMatchObject({ left: 1.9, middle: 3.4, right: 4 });
    const bs = await getData<OddsBoard>(server, LivePaths.zqOdds, { id: ID }, { type: 3 });
    expect(bs.companies[0].live.middle).toBe(2.75);
    const history = await getData<unknown[]>(
      server,
      LivePaths.zqOddsHistory,
      { id: ID },
      { type: 2, companyId: bs.companies[0].companyId },
    );
    expect(history.length).toBeGreaterThan(0);

    const lineup = await getData<Lineup>(server, LivePaths.zqLineup, { id: ID });
    expect(lineup.home.formation).toBe('4-3-3');
    expect(lineup.home.teamName).toBe('阿森纳');
    expect(lineup.home.starters).toHaveLength(11);
    expect(lineup.home.starters[0]).toMatchObject({ name: '拉亚', position: 'GK', number: 1 });
    expect(lineup.home.bench.map((p) => p.name)).toEqual(['特罗萨德']);
    expect(lineup.away.starters[0].name).toBe('桑切斯');

    // The list's league filter, the crests and the analysis lists name Nami's league and teams.
    const groups = await getData<FilterGroup[]>(server, LivePaths.zqFilter);
    expect(groups.flatMap((g) => g.countList).find((c) => c.leagueId === localId('nami', 'zq', 82))).toMatchObject({
      leagueName: '英超',
      count: 1,
    });
    const crest = await server.app.inject({
      method: 'GET',
      url: fillPath(CrestPath, { teamId: localId('nami', 'zq', 19) }),
    });
    expect(crest.statusCode).toBe(200);
    expect(crest.body).toContain('<svg');
    const m = await matchById(server.ctx.db, ID);
    expect(analysisMatch(m!)).toMatchObject({ leagueName: '英超', home: '阿森纳', away: '切尔西' });

    const stats = await getData<StatEntry[]>(server, LivePaths.zqStats, { id: ID });
    expect(stats.find((x) => x.type === 2)).toMatchObject({ home: 6, away: 2 });

    // Arsenal's match in play counts at its score: 20 + 3 points, one game more.
    expect(await table()).toEqual(['1 利物浦 10 25', '2 阿森纳 11 23', '3 切尔西 11 21']);
  });

  it('gives the screens the simulator gives (lists, header, odds, lineup, stats, text live, table)', async () => {
    const reference = await simulatorFootballScreens();
    const ours = await footballScreens(server, ID);
    expect(shapeGaps(reference, ours)).toEqual([]);
  }, 240_000);

  it('the table moves after a goal; full time: the stored table and the full-time report follow', async () => {
    const away70 = { type: 1, position: 2, time: 70, player_name: '帕尔默', home_score: 1, away_score: 1 };
    const away80 = { type: 1, position: 2, time: 80, player_name: '杰克逊', home_score: 1, away_score: 2 };
    push([entry(4, 1, 1, [goal23, away70], [6, 2])]);
    await until(async () => (await header()).data.match.score.join('-') === '1-1', 'equaliser');
    expect(await table()).toEqual(['1 利物浦 10 25', '2 切尔西 11 22', '3 阿森纳 11 21']);
    // A goal alone (no status change) moves the live table in memory that every reader reads, the
    // ChatGPT tab too; the stored copy (live_standings) follows status changes only.
    const live = await server.app.inject({
      method: 'POST',
      url: embeddedUrl(ChatGptPaths.ask),
      payload: new URLSearchParams({ question: '英超积分榜' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((live.json() as { data: ChatAnswer }).data.text).toMatch(/2\. 切尔西 {2}11 场 .* 22 分/);
    push([entry(8, 1, 2, [goal23, away70, away80], [6, 2])]);
    await until(async () => (await header()).data.match.s === 8, 'full time');
    expect(await table()).toEqual(['1 利物浦 10 25', '2 切尔西 11 24', '3 阿森纳 11 20']);
    const stored = await server.ctx.db
      .selectFrom('live_standings')
      .select(['team_id', 'rank', 'points'])
      .where('league_id', '=', localId('nami', 'zq', 82))
      .orderBy('rank')
      .execute();
    expect(stored.map((r) => [r.team_id, r.rank, r.points])).toEqual([
      [localId('nami', 'zq', 30), 1, 25],
      [localId('nami', 'zq', 25), 2, 24],
      [localId('nami', 'zq', 19), 3, 20],
    ]);
    await sweepMatchReports(server.ctx.db, Date.now());
    const report = await renderMatchReport(server.ctx.db, ID, 'final');
    expect(report?.title).toBe('全场战报：阿森纳 1-2 切尔西');
    expect(report?.md).toContain('切尔西以 2-1 击败阿森纳');
    expect(report?.md).toContain('阿森纳英超积20分，排名第3位');
    expect(report?.md).toContain('切尔西英超积24分，排名第2位');
    const articles = await server.ctx.db
      .selectFrom('news_articles')
      .select('auto_kind')
      .where('match_id', '=', ID)
      .execute();
    expect(articles.map((a) => a.auto_kind)).toContain('final');
    // The ChatGPT tab reads the same table.
    const asked = await server.app.inject({
      method: 'POST',
      url: embeddedUrl(ChatGptPaths.ask),
      payload: new URLSearchParams({ question: '英超积分榜' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const text = (asked.json() as { data: ChatAnswer }).data.text;
    expect(text).toContain('英超积分榜第 1 名是利物浦，积 25 分。');
    expect(text).toContain('2. 切尔西  11 场');
  });

  it('数据库: a Nami team’s page lists its squad from the provider, a player’s page counts his goal', async () => {
    const team = localId('nami', 'zq', 25);
    const asked = () => nami.requests.filter((r) => r.startsWith('/api/v4/football/team/squad/list')).length;
    const page = await getData<TeamPage>(server, DatabasePaths.team, { id: team });
    expect(nami.requests).toContain('/api/v4/football/team/squad/list?id=25&limit=1');
    expect(page).toMatchObject({ name: '切尔西', leagueName: '英超' });
    expect(page.squad.map((p) => [p.name, p.position, p.number, p.age])).toEqual([
      ['桑切斯', '门将', 1, 27],
      ['科尔威尔', '后卫', 6, 22],
      ['帕尔默', '中场', 20, 23],
      ['杰克逊', '前锋', 15, 24],
    ]);
    expect(page.standing).toMatchObject({ rank: 2, points: 24, played: 11 });
    expect(page.results.map((m) => m.id)).toEqual([ID]);
    // Asked once a day: the next open reads the stored squad.
    const calls = asked();
    await getData<TeamPage>(server, DatabasePaths.team, { id: team });
    expect(asked()).toBe(calls);

    const palmer = page.squad.find((p) => p.name === '帕尔默')!;
    expect(palmer.playerId).toBe(localId('nami', 'zq', 607));
    const player = await getData<PlayerPage>(server, DatabasePaths.player, { id: palmer.playerId });
    expect(player).toMatchObject({ name: '帕尔默', teamName: '切尔西', leagueName: '英超', position: '中场' });
    // He started (the stored lineup) and scored at 70'.
    expect(player.stats).toMatchObject({ games: 1, goals: 1, yellow: 0, red: 0 });
  });
});
