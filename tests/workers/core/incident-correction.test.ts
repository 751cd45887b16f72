/**
 * A correction reaches the open match detail: an incident sent again under its id with other text
 * (a goal taken back by VAR: 进球无效, score lowered) replaces the one shown, never adds a second.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type FootballMatch, type Incident } from '../../../workers/protocol/index';
import type { MatchDetailValue } from '../../../workers/core/api';
import { startTestServer, type TestServer } from '../../helpers/ws-client';
import { CoreHarness } from '../helpers/core-harness';
import { waitFor } from '../helpers/fake-clock';

let srv: TestServer;
let h: CoreHarness | null = null;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const ID = 9411;
function match(score: [number, number]): FootballMatch {
  const team = (tid: number, name: string) => ({ id: tid, name, logo: '', rank: null });
  const kickOff = Math.floor(Date.now() / 1000) - 600;
  return {
    id: ID,
    sport: 'zq',
    li: 36,
    leagueName: '英超',
    leagueColor: '#3d185c',
    leagueLetter: 'Y',
    ot: kickOff,
    home: team(1, '阿森纳'),
    away: team(2, '切尔西'),
    score,
    jc: null,
    bd: false,
    jx: false,
    hot: false,
    isShow: true,
    hasVideo: false,
    s: 2,
    halfStart: kickOff,
    half: null,
    red: [0, 0],
    yellow: [0, 0],
    corner: [0, 0],
  };
}

describe('incident correction', () => {
  it('the same incident id with 进球无效 replaces the goal in the open detail', async () => {
    h = new CoreHarness(srv.base);
    const tab = h.tab('a');
    let value: MatchDetailValue | null = null;
    await tab.subscribe({ kind: 'match', id: ID, sport: 'zq' }, () => undefined);
    await tab.subscribe({ kind: 'matchDetail', matchId: ID, sport: 'zq' }, (v: MatchDetailValue) => (value = v));
    await waitFor(() => h!.core.socket.lastSeq(Topics.football) !== undefined, 10_000, 'subscribed');
    const goal: Incident = {
      id: `${ID}-p1`,
      matchId: ID,
      sport: 'zq',
      type: 'goal',
      side: 'home',
      minute: 23,
      text: '第23分钟 阿森纳 进球，比分 1-0',
      score: [1, 0],
      at: Date.now(),
    };
    const hub = srv.built.ctx.hub;
    hub.publish(Topics.football, { kind: 'match', match: match([1, 0]), incident: goal });
    await waitFor(() => (value?.incidents.length ?? 0) === 1, 8_000, 'goal shown');
    hub.publish(Topics.football, {
      kind: 'match',
      match: match([0, 0]),
      incident: { ...goal, text: '第23分钟 阿森纳 进球无效，比分 0-0', score: [0, 0] },
    });
    await waitFor(() => value?.incidents[0]?.text.includes('进球无效') === true, 8_000, 'correction shown');
    expect(value!.incidents).toHaveLength(1);
    expect(value!.incidents[0].score).toEqual([0, 0]);
  });
});
