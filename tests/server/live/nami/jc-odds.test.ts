/**
 * 竞彩 SP in Nami's documented shape (获取竞彩比赛指数, docs/providers/nami.md): `data.jczq` and
 * `data.jclq` entries with comma-separated prices, tied to our matches by 序号 and kick-off as the
 * 体彩 lists (101 竞彩足球, 201 竞彩篮球) give them, and turned into the 指数 boards' lines of
 * the company 竞彩. Then through a server on the fake Nami: a 竞彩足球 match's 欧指 shows 竞彩 and
 * 竞彩让球(-1) beside the bookmakers (jclq through a server: tests/server/live/sim-day-lq.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { FakeNami } from '../../../helpers/fake-nami';
import type { BuiltServer } from '../../../../server/app';
import { JC_COMPANY, jcOddsUpdates, type NamiJcAnswer } from '../../../../server/live/nami/jc-odds';
import { lotteryMarks } from '../../../../server/live/nami/lottery';
import { localId } from '../../../../server/live/providers';
import { LivePaths, type OddsBoard } from '../../../../workers/protocol/index';
import { eplMatch, eplNames, startNamiWorld, stopNamiWorld } from '../../../helpers/nami-server';
import { getData } from '../screens';

const now = Date.parse('2026-11-28T11:00:00Z');
const KICK = Math.floor(now / 1000) + 3600;
/** The documented answer's `data`, every field of an entry as the page lists it. */
const DATA: NamiJcAnswer = {
  jczq: [
    {
      id: 1_020_304,
      comp: '英格兰超级联赛',
      home: '阿森纳',
      away: '切尔西',
      short_comp: '英超',
      short_home: '阿森纳',
      short_away: '切尔西',
      issue_num: '6001',
      match_time: KICK,
      sell_status: '2,1,1,1,1',
      spf: '1.85,3.40,3.75',
      rq: '-1,3.45,3.50,1.83',
      bf: '8.50,7.00,8.00,8.50,9.50,18.00,14.00,15.00,28.00,25.00,28.00,45.00,15.00,20.00,11.00,17.00,50.00,175.0,30.00,40.00,19.00,100.0,70.00,50.00,400.0,200.0,150.0,1000,700.0,600.0,150.0',
      jq: '20.00,7.00,4.30,3.55,4.25,6.50,12.00,14.00',
      bqc: '1.74,18.00,50.00,3.90,9.00,17.00,20.00,18.00,14.00',
    },
    // Not on sale yet (胜平负 0, 让球 3): no line; and a match of another day with the same 序号.
    {
      id: 1_020_305,
      issue_num: '6002',
      match_time: KICK + 3600,
      sell_status: '0,3,1,1,1',
      spf: '2.00,3.10,3.30',
      rq: '',
    },
    { id: 1_020_306, issue_num: '6001', match_time: KICK - 7 * 86_400, spf: '1.50,4.00,5.50' },
  ] as never,
  jclq: [
    {
      id: 2_030_405,
      comp: '美国职业篮球联赛',
      home: '湖人',
      away: '凯尔特人',
      short_comp: 'NBA',
      short_home: '湖人',
      short_away: '凯尔特人',
      issue_num: 6301,
      match_time: KICK + 600,
      sell_status: '2,2,2,1',
      sf: '1.62,2.05',
      rf: '-4.5,1.75,1.75',
      dxf: '221.5,1.70,1.80',
      sfc: '6.00,5.10,5.50,6.80,7.50,10.00,11.00,17.00,18.00,30.00,24.00,45.00',
    },
  ] as never,
};

const marks = lotteryMarks(
  [
    { id: 3_900_001, match_time: KICK, lottery: { issue_num: '6001' } },
    { id: 3_900_002, match_time: KICK + 3600, lottery: { issue_num: '6002' } },
  ] as never,
  [],
  [{ id: 4_800_001, match_time: KICK + 600, lottery: { issue_num: '6301' } }] as never,
);

describe('竞彩 SP (获取竞彩比赛指数)', () => {
  const lines = jcOddsUpdates(DATA, marks.keys, 1000).map((u) => [
    u.sport,
    u.match,
    u.company.id === JC_COMPANY ? '竞彩' : u.company.name,
    u.type,
    u.left,
    u.middle,
    u.right,
  ]);

  it('jczq: 胜平负 on 欧指 as 竞彩, 让球胜平负 as 竞彩让球(h); only plays on sale, only our match of that day', () => {
    expect(lines.filter((l) => l[0] === 'zq')).toEqual([
      ['zq', 3_900_001, '竞彩', 2, 1.85, 3.4, 3.75],
      ['zq', 3_900_001, '竞彩让球(-1)', 2, 3.45, 3.5, 1.83],
    ]);
  });

  it('jclq: 胜负 as decimal prices, 让分 and 大小分 as water with the home side giving 4.5', () => {
    expect(lines.filter((l) => l[0] === 'lq')).toEqual([
      ['lq', 4_800_001, '竞彩', 2, 1.62, 0, 2.05],
      ['lq', 4_800_001, '竞彩', 1, 0.75, 4.5, 0.75],
      ['lq', 4_800_001, '竞彩', 3, 0.7, 221.5, 0.8],
    ]);
  });

  it('an answer without the lists, or with prices not in the documented shape, gives no line', () => {
    expect(jcOddsUpdates(null, marks.keys, 1)).toEqual([]);
    expect(
      jcOddsUpdates({ jczq: [{ id: 1, issue_num: '6001', match_time: KICK, spf: '1.85,3.40' }] }, marks.keys, 1),
    ).toEqual([]);
  });
});

describe('竞彩 SP through a server on the fake Nami', () => {
  let nami: FakeNami;
  let ts: TestStorage;
  let server: BuiltServer;
  const diary = eplMatch(3_900_001, KICK, 1);

  beforeAll(async () => {
    ({ nami, ts, server } = await startNamiWorld(
      {
        ...eplNames(),
        matches: { zq: [diary] },
        odds: { zq: { [diary.id]: { asia: [], eu: [[2, KICK - 7200, '', 1.9, 3.5, 4.2, 0, '']], bs: [] } } },
        lottery: { 101: [{ ...diary, lottery: { issue_num: '6001' } }], 201: [], 301: [], 404: [] },
        jcOdds: DATA,
      },
      { now: () => now, pushStallMs: 3_600_000, pollMs: 3_600_000 },
    ));
  }, 120_000);

  afterAll(() => stopNamiWorld({ server, ts, nami }));

  it('欧指: the bookmaker, then 竞彩 and 竞彩让球(-1) at the official prices', async () => {
    expect(nami.requests).toContain('/api/v4/lottery/jc/odds');
    const eu = await getData<OddsBoard>(server, LivePaths.zqOdds, { id: localId('nami', 'zq', diary.id) }, { type: 2 });
    expect(eu.companies.map((c) => [c.nameZh, c.live.left, c.live.middle, c.live.right])).toEqual([
      ['Bet365', 1.9, 3.5, 4.2],
      ['竞彩', 1.85, 3.4, 3.75],
      ['竞彩让球(-1)', 3.45, 3.5, 1.83],
    ]);
  });
});
