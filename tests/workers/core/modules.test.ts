/**
 * The core's modules through the harness (real server, tabs as MessageChannels): per-key state is
 * evicted when the last tab lets go, rows nobody holds are not kept, and a reserved broadcast's
 * reminder reaches every tab as a notice with exactly one tab raising the system notification.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type FootballMatch } from '../../../workers/protocol/index';
import type { MatchDetailValue, MatchView, ReminderEvent } from '../../../workers/core/api';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../server/accounts/seed';
import { startTestServer, type TestServer } from '../../helpers/ws-client';
import { CoreHarness } from '../helpers/core-harness';
import { FakeClock } from '../helpers/fake-clock';
import type { Timers } from '../../../workers/core/kernel';
import { sleep, waitFor } from '../helpers/fake-clock';
import type { AlertEvent } from '../../../workers/core/api';

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

const hub = () => srv.built.ctx.hub;

function footballMatch(id: number, score: [number, number]): FootballMatch {
  const team = (tid: number, name: string) => ({ id: tid, name, logo: '', rank: null });
  const kickOff = Math.floor(Date.now() / 1000) - 600;
  return {
    id,
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

describe('eviction', () => {
  it('drops a match row, its detail and the shared streams when the last tab lets go', async () => {
    h = new CoreHarness(srv.base);
    const [a, b] = [h.tab('a'), h.tab('b')];
    const seen: Array<MatchView | null> = [null, null];
    const subs = await Promise.all(
      [a, b].map(async (t, i) => [
        await t.subscribe({ kind: 'match', id: 9301, sport: 'zq' }, (v) => (seen[i] = v)),
        await t.subscribe({ kind: 'matchDetail', matchId: 9301, sport: 'zq' }, (_v: MatchDetailValue) => undefined),
      ]),
    );
    await waitFor(() => h!.core.socket.lastSeq(Topics.football) !== undefined, 10_000, 'subscribed');
    hub().publish(Topics.football, { kind: 'match', match: footballMatch(9301, [0, 0]) });
    await waitFor(() => seen.every((v) => v !== null), 8_000, 'row in both tabs');
    hub().publish(Topics.football, { kind: 'match', match: footballMatch(9301, [1, 0]) });
    // A row no tab holds is not kept, even though its topic is watched.
    hub().publish(Topics.football, { kind: 'match', match: footballMatch(9302, [0, 1]) });
    await waitFor(() => seen.every((v) => v?.score[0] === 1), 8_000, 'goal in both tabs');
    expect(h.core.footprint()).toMatchObject({ matches: 1, extras: 1, rows: 1, details: 1, sharedStreams: 2 });

    for (const id of subs[0]) await a.unsubscribe(id);
    await sleep(50);
    expect(h.core.footprint()).toMatchObject({ matches: 1, rows: 1, details: 1, sharedStreams: 2 });

    for (const id of subs[1]) await b.unsubscribe(id);
    await waitFor(() => h!.core.footprint().sharedStreams === 0, 8_000, 'streams released');
    expect(h.core.footprint()).toMatchObject({ matches: 0, extras: 0, rows: 0, details: 0, lists: 0 });
    expect(h.core.socket.watched()).not.toContain('match:9301');
  });

  it("a detail page and its row read the match's header once", async () => {
    h = new CoreHarness(srv.base);
    const headers: string[] = [];
    // The detail's read is slow to answer, so the row (which waits 50 ms for a list) asks meanwhile.
    h.fetchGate = async (url) => {
      if (!url.includes('/header/')) return;
      headers.push(url);
      await sleep(300);
    };
    const t = h.tab('detail');
    let detail: MatchDetailValue | null = null;
    await t.subscribe({ kind: 'matchDetail', matchId: 9303, sport: 'zq' }, (v) => (detail = v));
    await t.subscribe({ kind: 'match', id: 9303, sport: 'zq' }, () => undefined);
    await waitFor(() => detail !== null && !detail.loading, 8_000, 'detail header answered');
    await sleep(400);
    expect(headers).toHaveLength(1);
  });

  it('a list holds its rows only while a tab shows it', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    let total = -1;
    const id = await a.subscribe({ kind: 'matchList', sport: 'zq', tab: 'js' }, (v) => {
      if (!v.loading) total = v.ids.length;
    });
    await waitFor(() => total >= 0, 10_000, 'list loaded');
    expect(h.core.footprint().lists).toBe(1);
    expect(h.core.footprint().matches).toBeGreaterThanOrEqual(total);
    await a.unsubscribe(id);
    await waitFor(() => h!.core.footprint().lists === 0, 8_000, 'list released');
    expect(h.core.footprint()).toMatchObject({ matches: 0, sharedStreams: 0 });
  });
});

describe('reminders', () => {
  it('a reserved broadcast reaches both tabs once, and exactly one raises the system notification', async () => {
    h = new CoreHarness(srv.base);
    const [a, b] = [h.tab('a'), h.tab('b')];
    const login = await a.login({ phone: DEMO_USERS[1].phone, password: DEMO_PASSWORD });
    expect(login.ok, login.msg).toBe(true);
    const got: ReminderEvent[][] = [[], []];
    await a.subscribe({ kind: 'reminders' }, (r) => got[0].push(r));
    await b.subscribe({ kind: 'reminders' }, (r) => got[1].push(r));
    await waitFor(() => h!.core.socket.lastSeq(Topics.inbox) !== undefined, 10_000, 'inbox watched');

    const reminder = {
      kind: 'reminder',
      title: '您预约的直播开始了',
      text: '主播：今晚英超',
      path: '/vlive/detail/r1',
      at: 1,
    } as const;
    hub().publishToUser(login.data!.id, reminder);
    await waitFor(() => got.every((g) => g.length === 1), 8_000, 'reminder in both tabs');
    expect(got.map((g) => g[0].text)).toEqual(['主播：今晚英超', '主播：今晚英超']);
    expect(got.map((g) => g[0].system).filter(Boolean)).toHaveLength(1);

    // The same reminder again (a replay after a reconnect) is not a second notice.
    hub().publishToUser(login.data!.id, reminder);
    hub().publishToUser(login.data!.id, { ...reminder, path: '/vlive/detail/r2', at: 2 });
    await waitFor(() => got.every((g) => g.length === 2), 8_000, 'second reminder');
    expect(got.map((g) => g.map((r) => r.path))).toEqual([
      ['/vlive/detail/r1', '/vlive/detail/r2'],
      ['/vlive/detail/r1', '/vlive/detail/r2'],
    ]);
  });
});

describe('alert minute', () => {
  it("a goal in stoppage time alerts with the minute it was scored, 90+2', not a clock of 90+'", async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    await a.updateSettings({ alertDelaySec: 0 });
    const alerts: AlertEvent[] = [];
    await a.subscribe({ kind: 'alerts' }, (v) => alerts.push(v));
    await waitFor(() => h!.core.socket.lastSeq(Topics.football) !== undefined, 10_000, 'subscribed');
    // The second half started 50 minutes ago: the running clock reads '90+'.
    const match = { ...footballMatch(9402, [2, 1]), s: 4 as const, halfStart: Math.floor(Date.now() / 1000) - 50 * 60 };
    const goal = (id: string, minute: number, stoppage?: number) => ({
      kind: 'match' as const,
      match,
      incident: {
        id,
        matchId: 9402,
        sport: 'zq' as const,
        type: 'goal' as const,
        side: 'home' as const,
        minute,
        ...(stoppage ? { stoppage } : {}),
        text: '进球',
        score: [2, 1] as [number, number],
        at: Date.now(),
      },
    });
    hub().publish(Topics.football, goal('inc-9402-1', 90, 2));
    await waitFor(() => alerts.length === 1, 8_000, 'alert');
    expect(alerts[0].minuteText).toBe("90+2'");
    expect(alerts[0].text).toBe("进球！阿森纳 2-1 切尔西 90+2'");
    // Without a stamped minute the alert falls back to the clock, written as the spec writes it.
    hub().publish(Topics.football, goal('inc-9402-2', 0));
    await waitFor(() => alerts.length === 2, 8_000, 'second alert');
    expect(alerts[1].minuteText).toBe('90+');
    expect(alerts[1].text).not.toContain("+'");
  });
});

describe('injected timers', () => {
  it("the alert delay runs on the core's injected timers, not the wall clock", async () => {
    const clock = new FakeClock(Date.now());
    // Intervals (the minute tick) are not under test here: they run as timeouts that re-arm.
    const timers: Timers = {
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
      setInterval: (fn, ms) => {
        const again = () => {
          fn();
          clock.setTimeout(again, ms);
        };
        return clock.setTimeout(again, ms);
      },
      clearInterval: clock.clearTimeout,
    };
    h = new CoreHarness(srv.base, timers);
    const a = h.tab('a');
    await a.updateSettings({ alertDelaySec: 30 });
    const alerts: AlertEvent[] = [];
    await a.subscribe({ kind: 'alerts' }, (v) => alerts.push(v));
    await waitFor(() => h!.core.socket.lastSeq(Topics.football) !== undefined, 10_000, 'subscribed');
    hub().publish(Topics.football, {
      kind: 'match',
      match: footballMatch(9401, [1, 0]),
      incident: {
        id: 'inc-9401-1',
        matchId: 9401,
        sport: 'zq',
        type: 'goal',
        side: 'home',
        minute: 10,
        text: '进球',
        score: [1, 0],
        at: Date.now(),
      },
    });
    await waitFor(() => clock.pending() > 1, 8_000, 'alert scheduled');
    await sleep(300);
    expect(alerts).toHaveLength(0);
    clock.advance(29_000);
    await sleep(100);
    expect(alerts).toHaveLength(0);
    clock.advance(1_000);
    await waitFor(() => alerts.length === 1, 8_000, 'alert after the delay');
    expect(alerts[0].text).toContain('进球');
  });
  it('a goal taken back (VAR) while its alert waits out the delay never alerts', async () => {
    const clock = new FakeClock(Date.now());
    const timers: Timers = {
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
      setInterval: (fn, ms) => {
        const again = () => {
          fn();
          clock.setTimeout(again, ms);
        };
        return clock.setTimeout(again, ms);
      },
      clearInterval: clock.clearTimeout,
    };
    h = new CoreHarness(srv.base, timers);
    const a = h.tab('a');
    await a.updateSettings({ alertDelaySec: 30 });
    const alerts: AlertEvent[] = [];
    await a.subscribe({ kind: 'alerts' }, (v) => alerts.push(v));
    await waitFor(() => h!.core.socket.lastSeq(Topics.football) !== undefined, 10_000, 'subscribed');
    const goal = (score: [number, number], text: string) => ({
      kind: 'match' as const,
      match: footballMatch(9403, score),
      incident: {
        id: 'inc-9403-1',
        matchId: 9403,
        sport: 'zq' as const,
        type: 'goal' as const,
        side: 'home' as const,
        minute: 23,
        text,
        score,
        at: Date.now(),
      },
    });
    hub().publish(Topics.football, goal([1, 0], '第23分钟 阿森纳 进球，比分 1-0'));
    await waitFor(() => clock.pending() > 1, 8_000, 'alert scheduled');
    const seen = h.core.socket.lastSeq(Topics.football) ?? 0;
    // The correction: the same incident id, now 进球无效, the score back down.
    hub().publish(Topics.football, goal([0, 0], '第23分钟 阿森纳 进球无效，比分 0-0'));
    await waitFor(() => (h!.core.socket.lastSeq(Topics.football) ?? 0) > seen, 8_000, 'correction received');
    clock.advance(31_000);
    await sleep(300);
    expect(alerts).toHaveLength(0);
  });
  it('a goal taken back (VAR) after its alert showed: the alert is withdrawn, never raised again', async () => {
    h = new CoreHarness(srv.base);
    const a = h.tab('a');
    await a.updateSettings({ alertDelaySec: 0 });
    const alerts: AlertEvent[] = [];
    await a.subscribe({ kind: 'alerts' }, (v) => alerts.push(v));
    await waitFor(() => h!.core.socket.lastSeq(Topics.football) !== undefined, 10_000, 'subscribed');
    const goal = (score: [number, number], text: string) => ({
      kind: 'match' as const,
      match: footballMatch(9404, score),
      incident: {
        id: 'inc-9404-1',
        matchId: 9404,
        sport: 'zq' as const,
        type: 'goal' as const,
        side: 'home' as const,
        minute: 23,
        text,
        score,
        at: Date.now(),
      },
    });
    hub().publish(Topics.football, goal([1, 0], '第23分钟 阿森纳 进球，比分 1-0'));
    await waitFor(() => alerts.length === 1, 8_000, 'alert');
    expect(alerts[0].withdrawn).toBeUndefined();
    hub().publish(Topics.football, goal([0, 0], '第23分钟 阿森纳 进球无效，比分 0-0'));
    await waitFor(() => alerts.length === 2, 8_000, 'withdrawal');
    expect(alerts[1]).toMatchObject({ id: 'inc-9404-1', withdrawn: true });
    // The same correction again (a replay) withdraws nothing more and raises nothing.
    hub().publish(Topics.football, goal([0, 0], '第23分钟 阿森纳 进球无效，比分 0-0'));
    await sleep(500);
    expect(alerts).toHaveLength(2);
  });
});
