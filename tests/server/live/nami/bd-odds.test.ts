/**
 * 北单 SP in Nami's documented shape (获取北单指数, docs/providers/nami.md): `data` entries with
 * `odds.spf { goal, sf3, sf1, sf0 }`, tied to our matches by 序号 and kick-off as the 北单让球胜平负
 * list (彩种 404) gives them, and turned into 欧指 lines of the company 北单 / 北单让球(h). Then
 * through a server on the fake Nami: a 北单 match's 欧指 shows 北单让球(-1) beside the bookmakers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStorage } from '../../../helpers/test-db';
import type { FakeNami } from '../../../helpers/fake-nami';
import type { BuiltServer } from '../../../../server/app';
import { BD_COMPANY, bdOddsUpdates, type NamiBdOdds } from '../../../../server/live/nami/bd-odds';
import { lotteryMarks } from '../../../../server/live/nami/lottery';
import { localId } from '../../../../server/live/providers';
import { LivePaths, type OddsBoard } from '../../../../workers/protocol/index';
import { eplMatch, eplNames, startNamiWorld, stopNamiWorld } from '../../../helpers/nami-server';
import { getData } from '../screens';

const now = Date.parse('2026-11-28T11:00:00Z');
const KICK = Math.floor(now / 1000) + 3600;
const MATCH = 3_900_101;
const ENTRY = (o: Partial<NamiBdOdds> & { spf?: object }): NamiBdOdds => ({
  id: 7_001,
  issue: 261104,
  issue_num: 12,
  match_time: KICK,
  sell_status: '1,1,1,1,1',
  odds: {
    spf: { goal: '-1', sf3: '3.12', sf1: '3.35', sf0: '1.96', ...(o.spf ?? {}) },
  },
  ...o,
});
/** The 404 list has the match at 序号 12; the 301 list numbers its own games (a 12 there is another match). */
const marks = lotteryMarks(
  [],
  [
    [{ id: 3_900_555, match_time: KICK, lottery: { issue_num: 12 } } as never],
    [{ id: MATCH, match_time: KICK, lottery: { issue_num: 12 } } as never],
  ],
);

describe('北单 SP: the documented shape', () => {
  it('spf with its 让球 becomes a 欧指 line of 北单让球(h) (北单 when no handicap), tied by the 404 list', () => {
    const lines = bdOddsUpdates(
      [ENTRY({}), ENTRY({ issue_num: 13, spf: { goal: '0' } }), ENTRY({ issue_num: 12, match_time: KICK + 86_400 })],
      new Map([...marks.bdKeys, [`13:${KICK}`, 3_900_102]]),
      5,
    );
    expect(lines.map((l) => [l.match, l.company.id, l.company.name, l.type, l.left, l.middle, l.right])).toEqual([
      [MATCH, BD_COMPANY - 1, '北单让球(-1)', 2, 3.12, 3.35, 1.96],
      [3_900_102, BD_COMPANY, '北单', 2, 3.12, 3.35, 1.96],
    ]);
  });

  it('not on sale (0) or stopped (3), prices not in the shape, or no answer: no line', () => {
    expect(bdOddsUpdates([ENTRY({ sell_status: '0,1,1,1,1' })], marks.bdKeys, 1)).toEqual([]);
    expect(bdOddsUpdates([ENTRY({ sell_status: '3,1,1,1,1' })], marks.bdKeys, 1)).toEqual([]);
    expect(bdOddsUpdates([ENTRY({ spf: { sf1: '' } })], marks.bdKeys, 1)).toEqual([]);
    expect(bdOddsUpdates([ENTRY({ spf: { goal: 'x' } })], marks.bdKeys, 1)).toEqual([]);
    expect(bdOddsUpdates(null, marks.bdKeys, 1)).toEqual([]);
  });
});

describe('北单 SP through a server on the fake Nami', () => {
  let nami: FakeNami;
  let ts: TestStorage;
  let server: BuiltServer;
  const diary = eplMatch(MATCH, KICK, 1);

  beforeAll(async () => {
    ({ nami, ts, server } = await startNamiWorld(
      {
        ...eplNames(),
        matches: { zq: [diary] },
        odds: { zq: { [diary.id]: { asia: [], eu: [[2, KICK - 7200, '', 1.9, 3.5, 4.2, 0, '']], bs: [] } } },
        lottery: { 101: [], 201: [], 301: [], 404: [{ ...diary, lottery: { issue_num: 12 } }] },
        bdOdds: [ENTRY({})],
      },
      { now: () => now, pushStallMs: 3_600_000, pollMs: 3_600_000 },
    ));
  }, 120_000);

  afterAll(() => stopNamiWorld({ server, ts, nami }));

  it('欧指: the bookmaker, then 北单让球(-1) at the official SP; the match is on the 北单 list', async () => {
    expect(nami.requests).toContain('/api/v4/lottery/bd/odds');
    const id = localId('nami', 'zq', MATCH);
    const eu = await getData<OddsBoard>(server, LivePaths.zqOdds, { id }, { type: 2 });
    expect(eu.companies.map((c) => [c.nameZh, c.live.left, c.live.middle, c.live.right])).toEqual([
      ['Bet365', 1.9, 3.5, 4.2],
      ['北单让球(-1)', 3.12, 3.35, 1.96],
    ]);
    const h = await getData<{ match: { bd: boolean } }>(server, LivePaths.zqHeader, { id });
    expect(h.match.bd).toBe(true);
  });
});
