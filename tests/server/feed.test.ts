/**
 * The live feed simulator on real PGlite: a simulated half-day driven by a manual clock, its
 * rules (statuses only move forward, minutes never go back, no goal outside play, quarter scores
 * add up, odds move), restart continuity, determinism and the dev control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { createMetrics } from '../../server/metrics';
import { createHub } from '../../server/ws/create-hub';
import { createFeed } from '../../server/live/simulator/create-feed';
import type { Feed } from '../../server/live/simulator/feed';
import type { Hub } from '../../server/ws/hub';
import { fixturesOfDay } from '../../server/live/simulator/fixtures';
import { feedDays, fixtureToSim } from '../../server/live/simulator/create-feed';
import { advanceFootball } from '../../server/live/simulator/football';
import { advanceBasketball } from '../../server/live/simulator/basketball';
import { newOutput, type LiveMatch } from '../../server/live/model';
import { statusRank } from '../../server/live/status';
import { dbSink } from '../../server/live/repository';
import { rowToMatch } from '../../server/live/store';
import { seedCatalogue } from '../../server/seed/seed';
import {
  Code,
  isPlaying,
  type ListEvent,
  type Match,
  type MatchEvent,
  type Topic,
  type TopicEvent,
} from '../../workers/protocol/index';

const START = Date.parse('2026-11-22T11:00:00Z'); // 19:00 Beijing, a Sunday evening of European football
let ts: TestStorage;
let now = START;
const published: Array<{ topic: Topic; event: TopicEvent }> = [];

function recordingHub(): Hub {
  const hub = createHub({ metrics: createMetrics(), now: () => now, authenticate: async () => null });
  const publish = hub.publish.bind(hub);
  hub.publish = (topic, event) => {
    published.push({ topic, event });
    return publish(topic, event);
  };
  return hub;
}

function makeFeed(hub: Hub): Feed {
  return createFeed({
    db: ts.storage.db,
    hub,
    metrics: createMetrics(),
    config: ts.config,
    now: () => now,
    sink: dbSink(ts.storage.db),
  });
}

let feed: Feed;
let hub: Hub;

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: 4242 });
  hub = recordingHub();
  feed = makeFeed(hub);
  await feed.start();
}, 120_000);

afterAll(async () => {
  await feed.stop();
  await hub.close();
  await ts.cleanup();
});

const minuteOf = (m: Match, at: number): number | null => {
  if (m.sport !== 'zq' || ![2, 4, 5].includes(m.s)) return null;
  const base = m.s === 2 ? 0 : m.s === 4 ? 45 : 90;
  return base + Math.floor((at / 1000 - m.halfStart) / 60);
};

describe('live feed simulator', () => {
  it('stores a month back and a week ahead of the season calendar, with something in play at most hours', async () => {
    const db = ts.storage.db;
    const perDay = await db
      .selectFrom('live_matches')
      .select(['day', 'sport', db.fn.countAll<number>().as('n')])
      .groupBy(['day', 'sport'])
      .execute();
    const days = feedDays('2026-11-22');
    // From the Friday four weeks back (no weekend round cut) to a week ahead.
    expect(days[0]).toBe('2026-10-23');
    expect(days.at(-1)).toBe('2026-11-29');
    expect(new Set(perDay.map((r) => r.day))).toEqual(new Set(days));
    // Basketball every day; football every day but in the FIFA window (Nov 14–20, the leagues
    // pause for internationals), a weekend far more than a midweek day.
    expect(perDay.filter((r) => r.sport === 'lq').length).toBe(days.length);
    expect(perDay.filter((r) => r.sport === 'zq').map((r) => r.day)).toEqual(
      expect.arrayContaining(['2026-11-21', '2026-11-22', '2026-11-24', '2026-11-28']),
    );
    const saturday = perDay.find((r) => r.day === '2026-11-21' && r.sport === 'zq');
    const tuesday = perDay.find((r) => r.day === '2026-11-24' && r.sport === 'zq');
    expect(Number(saturday?.n)).toBeGreaterThan(3 * Number(tuesday?.n));
    // Some match kicked off within the last 100 minutes (so is in play) at most half-hours.
    let points = 0;
    let live = 0;
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-25']) {
      const fx = fixturesOfDay(4242, day);
      const start = Date.parse(`${day}T00:00:00Z`) / 1000 - 8 * 3600;
      for (let t = start; t < start + 86_400; t += 1800) {
        points++;
        if (fx.some((f) => f.ot <= t && f.ot > t - 100 * 60)) live++;
      }
    }
    expect(live / points).toBeGreaterThan(0.8);
    expect(feed.healthy()).toBe(true);
    // Seeding again writes nothing.
    const players = await db.selectFrom('live_players').select(db.fn.countAll().as('n')).executeTakeFirst();
    expect(await seedCatalogue(db, 4242, now)).toBe(false);
    expect(await db.selectFrom('live_players').select(db.fn.countAll().as('n')).executeTakeFirst()).toEqual(players);
    expect(Number(players?.n)).toBeGreaterThan(9000);
  });

  it('plays half a day by its rules, and a restart continues without going back', async () => {
    const last = new Map<number, { rank: number; minute: number | null; score: [number, number] }>();
    let goals = 0;
    let oddsMoves = 0;
    const check = (from: number) => {
      for (const { topic, event } of published.slice(from)) {
        if (topic === 'football' || topic === 'basketball') {
          const e = event as ListEvent;
          const m = e.match;
          const prev = last.get(m.id);
          const rank = statusRank(m.sport, m.s);
          const minute = minuteOf(m, now);
          if (prev) {
            expect(rank, `status of ${m.id}`).toBeGreaterThanOrEqual(prev.rank);
            expect(m.score[0]).toBeGreaterThanOrEqual(prev.score[0]);
            expect(m.score[1]).toBeGreaterThanOrEqual(prev.score[1]);
            if (prev.minute !== null && minute !== null && rank === prev.rank)
              expect(minute).toBeGreaterThanOrEqual(prev.minute);
          }
          if (m.sport === 'lq') {
            const sum = m.quarters.reduce<[number, number]>((a, q) => [a[0] + q[0], a[1] + q[1]], [0, 0]);
            expect(sum).toEqual(m.score);
          }
          last.set(m.id, { rank, minute, score: [m.score[0], m.score[1]] });
        } else {
          const e = event as MatchEvent;
          if (e.kind === 'match' && e.incident && ['goal', 'yellow', 'red', 'corner'].includes(e.incident.type)) {
            expect(isPlaying(e.match.sport, e.match.s), `incident ${e.incident.id} at status ${e.match.s}`).toBe(true);
            if (e.incident.type === 'goal') goals++;
          }
          if (e.kind === 'odds') oddsMoves++;
        }
      }
    };
    // 6 hours in 2-minute ticks.
    for (let i = 0; i < 180; i++) {
      const from = published.length;
      now += 120_000;
      await feed.advance();
      check(from);
    }
    expect(goals).toBeGreaterThan(20);
    expect(oddsMoves).toBeGreaterThan(100);
    const finishedInWindow = [...last.values()].filter((v) => v.rank === 100).length;
    expect(finishedInWindow).toBeGreaterThan(20);

    // Restart: stop, rebuild on the same database, state continues from where it was.
    const db = ts.storage.db;
    const before = new Map(
      (await db.selectFrom('live_matches').selectAll().where('status', 'in', [2, 3, 4, 5, 6, 7, 8, 9]).execute()).map(
        (r) => [r.id, rowToMatch(r)],
      ),
    );
    await feed.stop();
    expect(feed.healthy()).toBe(false);
    feed = makeFeed(hub);
    await feed.start();
    const from = published.length;
    now += 60_000;
    await feed.advance();
    check(from);
    for (const [id, m] of before) {
      const row = await db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const after = rowToMatch(row);
      expect(statusRank(after.sport, after.status)).toBeGreaterThanOrEqual(statusRank(m.sport, m.status));
      expect(after.score[0]).toBeGreaterThanOrEqual(m.score[0]);
      expect(after.score[1]).toBeGreaterThanOrEqual(m.score[1]);
      expect(after.st.seq).toBeGreaterThanOrEqual(m.st.seq);
    }
    // No incident id was stored twice (goals are never replayed).
    const dup = await db
      .selectFrom('live_text')
      .select(['id'])
      .groupBy('id')
      .having(db.fn.countAll(), '>', 1)
      .execute();
    expect(dup).toEqual([]);
  }, 300_000);

  it('dev events: legal ones apply and broadcast, illegal ones are refused', async () => {
    const db = ts.storage.db;
    const liveRow = await db
      .selectFrom('live_matches')
      .selectAll()
      .where('sport', '=', 'zq')
      .where('status', 'in', [2, 4])
      .limit(1)
      .executeTakeFirstOrThrow();
    const before = rowToMatch(liveRow);
    const from = published.length;
    const res = await feed.applyDevEvent({ matchId: before.id, type: 'goal', side: 'away' });
    expect(res.code).toBe(Code.OK);
    const list = published
      .slice(from)
      .find((p) => p.topic === 'football' && (p.event as ListEvent).match.id === before.id)?.event as ListEvent;
    expect(list.match.score[1]).toBeGreaterThanOrEqual(before.score[1] + 1);
    expect(list.incident?.type).toBe('goal');

    const upcoming = await db
      .selectFrom('live_matches')
      .select('id')
      .where('sport', '=', 'zq')
      .where('status', '=', 1)
      .orderBy('ot')
      .limit(1)
      .executeTakeFirstOrThrow();
    const refused = await feed.applyDevEvent({ matchId: upcoming.id, type: 'goal', side: 'home' });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.msg).toContain('比赛未在进行中');
    expect((await feed.applyDevEvent({ matchId: upcoming.id, type: 'state', state: 6 })).code).toBe(Code.REFUSED);
    expect((await feed.applyDevEvent({ matchId: 999, type: 'corner' })).code).toBe(Code.NOT_FOUND);

    const kick = await feed.applyDevEvent({ matchId: upcoming.id, type: 'state', state: 2 });
    expect(kick.code).toBe(Code.OK);
    expect((await feed.applyDevEvent({ matchId: upcoming.id, type: 'state', state: 1 })).code).toBe(Code.REFUSED);
    expect((await feed.applyDevEvent({ matchId: upcoming.id, type: 'red', side: 'home' })).code).toBe(Code.OK);
    expect((await feed.applyDevEvent({ matchId: upcoming.id, type: 'state', state: 3 })).code).toBe(Code.OK);
    expect((await feed.applyDevEvent({ matchId: upcoming.id, type: 'corner', side: 'home' })).code).toBe(Code.REFUSED);
    const row = rowToMatch(
      await db.selectFrom('live_matches').selectAll().where('id', '=', upcoming.id).executeTakeFirstOrThrow(),
    );
    expect(row.status).toBe(3);
    expect(row.st.kind === 'zq' && row.st.red[0]).toBe(1);

    const lq = await db
      .selectFrom('live_matches')
      .selectAll()
      .where('sport', '=', 'lq')
      .where('status', '=', 1)
      .orderBy('ot')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await feed.applyDevEvent({ matchId: lq.id, type: 'state', state: 2 })).code).toBe(Code.OK);
    expect((await feed.applyDevEvent({ matchId: lq.id, type: 'goal', side: 'home' })).code).toBe(Code.OK);
    expect((await feed.applyDevEvent({ matchId: lq.id, type: 'yellow', side: 'home' })).code).toBe(Code.REFUSED);
    const lqRow = rowToMatch(
      await db.selectFrom('live_matches').selectAll().where('id', '=', lq.id).executeTakeFirstOrThrow(),
    );
    expect(lqRow.score[0]).toBeGreaterThanOrEqual(2);
  });
});

describe('determinism', () => {
  const advance = (m: LiveMatch, to: number, seed: number) => {
    const ctx = { seed, speed: 1, out: newOutput(), snapshot: false, history: true };
    if (m.sport === 'zq') advanceFootball(ctx, m, to);
    else advanceBasketball(ctx, m, to);
    return ctx.out;
  };

  it('the same seed and clock give the same matches, however often the feed ticks', () => {
    const day = '2026-11-21';
    expect(fixturesOfDay(7, day)).toEqual(fixturesOfDay(7, day));
    expect(fixturesOfDay(7, day)).not.toEqual(fixturesOfDay(8, day));
    const end = Date.parse('2026-11-22T16:00:00Z');
    const coarse = fixturesOfDay(7, day).map((f) => fixtureToSim(7, f, 0));
    const fine = fixturesOfDay(7, day).map((f) => fixtureToSim(7, f, 0));
    const coarseIncidents = coarse.flatMap((m) => advance(m, end, 7).incidents);
    const fineIncidents: string[] = [];
    for (const m of fine) {
      for (let t = m.ot * 1000 - 3600_000; t <= end; t += 7 * 60_000 + 13_000)
        fineIncidents.push(...advance(m, t, 7).incidents.map((i) => i.id + i.text));
      fineIncidents.push(...advance(m, end, 7).incidents.map((i) => i.id + i.text));
    }
    expect(fine.map((m) => [m.status, m.score])).toEqual(coarse.map((m) => [m.status, m.score]));
    expect(fineIncidents).toEqual(coarseIncidents.map((i) => i.id + i.text));
    // Every football match of the day ended, with plausible totals.
    const goals = coarse.filter((m) => m.sport === 'zq' && m.status === 8).map((m) => m.score[0] + m.score[1]);
    const mean = goals.reduce((a, b) => a + b, 0) / goals.length;
    expect(mean).toBeGreaterThan(1.8);
    expect(mean).toBeLessThan(3.8);
    const points = coarse.filter((m) => m.sport === 'lq' && m.status === 10).map((m) => m.score[0] + m.score[1]);
    expect(Math.min(...points)).toBeGreaterThan(100);
  });
});
