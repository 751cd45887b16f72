/**
 * Database REST on a real server (buildServer, real PGlite, feed driven by a manual clock):
 * leagues by region, standings of the whole season (stored matches and the rounds before them; moving with a goal injected
 * through the dev control), schedule by round, leaders, team and player pages, bad input 4000,
 * unknown ids 4004.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import {
  Code,
  chinaDay,
  DatabasePaths,
  LivePaths,
  SystemPaths,
  embeddedUrl,
  fillPath,
  isFinished,
  isLive,
  type LeagueInfo,
  type LeagueLeaders,
  type LeagueRegion,
  type LeagueSchedule,
  type LeagueTable,
  type Match,
  type PlayerPage,
  type Standings,
  type TeamPage,
} from '../../../workers/protocol/index';
import { FEED_DAYS_KEY, loadMeta } from '../../../server/live/store';
import { seasonCalendar } from '../../../server/live/simulator/season';
import { fixturesOfDay } from '../../../server/live/simulator/fixtures';
import { playOut } from '../../../server/live/simulator/play-out';

const START = Date.parse('2026-11-22T12:30:00Z'); // 20:30 Beijing: evening football, CBA
const now = START;
let ts: TestStorage;
let server: BuiltServer;

async function get<T>(path: string, params: Record<string, number> = {}, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await server.app.inject({
    method: 'GET',
    url: embeddedUrl(fillPath(path, params)) + (qs ? `?${qs}` : ''),
  });
  return res.json() as { code: number; msg: string; data: T };
}

/** Every match of a league's season through its 赛程 rounds (stored and played out from the seed). */
async function leagueDays(leagueId: number, sport: 'zq' | 'lq'): Promise<Match[]> {
  const sched = await get<LeagueSchedule>(DatabasePaths.schedule, { id: leagueId });
  const out: Match[] = [];
  for (const r of sched.data.rounds) {
    const day = await get<LeagueSchedule>(DatabasePaths.schedule, { id: leagueId }, { round: r.round });
    out.push(...day.data.matches);
  }
  expect(out.every((m) => m.sport === sport && m.li === leagueId)).toBe(true);
  return out;
}

let liveZq: Match;

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: 77 });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => now });
  await server.ctx.feed.start();
  const list = await get<Match[]>(LivePaths.zqLive, {}, { platform: 4 });
  liveZq = list.data.find((m) => (m.s === 2 || m.s === 4) && !m.leagueName.includes('欧冠'))!;
}, 180_000);

afterAll(async () => {
  await server.close();
  await ts.cleanup();
});

describe('leagues', () => {
  it('groups football leagues by region, popular ones first; basketball separately', async () => {
    const zq = await get<LeagueRegion[]>(DatabasePaths.leagues, {}, { sport: 'zq' });
    expect(zq.code).toBe(Code.OK);
    const europe = zq.data.find((g) => g.region === '欧洲')!;
    expect(europe.leagues[0]!.name).toBe('英超');
    const majors = europe.leagues.map((l) => l.major);
    expect(majors).toEqual([...majors].sort((a, b) => Number(b) - Number(a)));
    expect(zq.data.flatMap((g) => g.leagues).every((l) => l.sport === 'zq')).toBe(true);
    const lq = await get<LeagueRegion[]>(DatabasePaths.leagues, {}, { sport: 'lq' });
    expect(lq.data.flatMap((g) => g.leagues).map((l) => l.name)).toContain('NBA');
    expect((await get(DatabasePaths.leagues, {}, { sport: 'xx' })).code).toBe(Code.BAD_INPUT);
  });

  it('league info has its region and season; unknown league is 4004', async () => {
    const l = await get<LeagueInfo>(DatabasePaths.league, { id: 1 });
    expect(l.data).toMatchObject({ name: '英超', region: '欧洲', teamCount: 20, cup: false });
    expect(l.data.seasons).toEqual([l.data.season]);
    expect((await get(DatabasePaths.league, { id: 999 })).code).toBe(Code.NOT_FOUND);
    expect((await get(DatabasePaths.league, { id: 0 })).code).toBe(Code.BAD_INPUT);
  });
});

describe('standings', () => {
  it('are the season’s results added up: every stored match and every round before them, once per side', async () => {
    // The 赛程's matches of the days the feed filled (the earlier ones are checked below).
    const filled = (await loadMeta<{ days: string[] }>(ts.storage.db, FEED_DAYS_KEY))!.days;
    const stored = (await leagueDays(1, 'zq')).filter(
      (m) => (isFinished('zq', m.s) || isLive('zq', m.s)) && filled.includes(chinaDay(m.ot * 1000)),
    );
    const earlier = seasonCalendar(77, 2026)
      .matches.filter((m) => m.leagueId === 1 && m.day < filled[0]!)
      .map((m) => {
        const f = fixturesOfDay(77, m.day).find((x) => x.leagueId === 1 && x.homeId === m.homeId)!;
        const r = playOut(77, f);
        return { home: { id: m.homeId }, away: { id: m.awayId }, score: r.score, s: r.finished ? 8 : 0 };
      })
      .filter((m) => m.s === 8);
    expect(earlier.length).toBeGreaterThan(50);
    const counted = [...stored, ...earlier];
    const t = await get<Standings>(DatabasePaths.standings, { id: 1 });
    expect(t.code).toBe(Code.OK);
    expect(t.data.rows).toHaveLength(20);
    for (const row of t.data.rows) {
      const mine = counted.filter((m) => m.home.id === row.teamId || m.away.id === row.teamId);
      expect(row.played).toBe(mine.length);
      expect(row.playing).toBe(
        stored.some((m) => (m.home.id === row.teamId || m.away.id === row.teamId) && isLive('zq', m.s)),
      );
      expect(row.points).toBe(row.win * 3 + row.draw);
      expect(row.goalDiff).toBe(row.goalsFor - row.goalsAgainst);
      expect(row.form.length).toBe(Math.min(5, row.played));
    }
    const goals = counted.reduce((s, m) => s + m.score[0] + m.score[1], 0);
    expect(t.data.rows.reduce((s, r) => s + r.goalsFor, 0)).toBe(goals);
    expect(t.data.rows.reduce((s, r) => s + r.win, 0)).toBe(t.data.rows.reduce((s, r) => s + r.loss, 0));
    expect(t.data.rows.map((r) => r.rank)).toEqual(t.data.rows.map((_, i) => i + 1));
    expect(t.data.rows[0]!.zone).toBe('champions');
    expect(t.data.rows[19]!.zone).toBe('relegation');
  });

  it('home plus away add up to the total', async () => {
    const [total, home, away] = await Promise.all(
      (['total', 'home', 'away'] as const).map((scope) =>
        get<Standings>(DatabasePaths.standings, { id: 2 }, { scope }),
      ),
    );
    for (const row of total!.data.rows) {
      const h = home!.data.rows.find((r) => r.teamId === row.teamId)!;
      const a = away!.data.rows.find((r) => r.teamId === row.teamId)!;
      expect(h.played + a.played).toBe(row.played);
      expect(h.points + a.points).toBe(row.points);
      expect(h.goalsFor + a.goalsFor).toBe(row.goalsFor);
    }
    expect(home!.data.rows.every((r) => r.zone === null)).toBe(true);
    expect((await get(DatabasePaths.standings, { id: 2 }, { scope: 'both' })).code).toBe(Code.BAD_INPUT);
  });

  it('basketball tables rank by win percentage', async () => {
    const t = await get<Standings>(DatabasePaths.standings, { id: 101 });
    const pcts = t.data.rows.map((r) => r.winPct!);
    expect(pcts).toEqual([...pcts].sort((a, b) => b - a));
    expect(t.data.rows.every((r) => r.draw === 0 && r.points === r.win)).toBe(true);
  });

  it('a goal in a live match changes the live table at once', async () => {
    const before = await get<Standings>(DatabasePaths.standings, { id: liveZq.li });
    expect(before.data.live).toBe(true);
    const row = (s: Standings) => s.rows.find((r) => r.teamId === liveZq.away.id)!;
    expect(row(before.data).playing).toBe(true);
    const goal = await server.app.inject({
      method: 'POST',
      url: SystemPaths.devFeedEvent,
      payload: { matchId: liveZq.id, type: 'goal', side: 'away' },
    });
    expect(goal.json().code).toBe(Code.OK);
    const after = await get<Standings>(DatabasePaths.standings, { id: liveZq.li });
    expect(row(after.data).goalsFor).toBe(row(before.data).goalsFor + 1);
    const sum = (s: Standings) => s.rows.reduce((n, r) => n + r.move, 0);
    expect(sum(after.data)).toBe(0);
  });

  it('欧冠 is a 36-club league-phase table: 1–8 into the round of 16, 9–24 to the play-off round', async () => {
    const t = await get<Standings>(DatabasePaths.standings, { id: 7 });
    expect(t.code).toBe(Code.OK);
    expect(t.data.shape).toBe('leaguePhase');
    expect(t.data.rows).toHaveLength(36);
    expect(t.data.rows.map((r) => r.rank)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    expect(t.data.rows.map((r) => r.zone)).toEqual([
      ...Array<string>(8).fill('advance'),
      ...Array<string>(16).fill('playoff'),
      ...Array<null>(12).fill(null),
    ]);
    // Every club has played the same match days (no club plays twice on one).
    const played = new Set(t.data.rows.map((r) => r.played));
    expect(played.size).toBe(1);
    expect([...played][0]).toBeGreaterThan(0);
    // The knockout bracket as the table stands: 9 v 24 … 16 v 17, then 1 v 16/17 … 8 v 9/24.
    const b = t.data.bracket!;
    expect(b.projected).toBe(true);
    expect(b.rounds.map((r) => [r.name, r.ties.length])).toEqual([
      ['附加赛', 8],
      ['1/8决赛', 8],
      ['1/4决赛', 4],
      ['半决赛', 2],
      ['决赛', 1],
    ]);
    const idAt = (rank: number) => t.data.rows[rank - 1]!.teamId;
    expect(b.rounds[0]!.ties.map((x) => [x.home.teamId, x.away.teamId])).toEqual(
      Array.from({ length: 8 }, (_, i) => [idAt(9 + i), idAt(24 - i)]),
    );
    expect(b.rounds[1]!.ties.map((x) => [x.home.teamId, x.away.name])).toEqual(
      Array.from({ length: 8 }, (_, i) => [idAt(1 + i), `第${16 - i}/${17 + i}名胜者`]),
    );
    expect((await get<Standings>(DatabasePaths.standings, { id: 7 }, { scope: 'home' })).data.bracket).toBeUndefined();
    for (const id of [25, 26]) {
      const other = await get<Standings>(DatabasePaths.standings, { id });
      expect(other.data.rows).toHaveLength(36);
    }
    const info = await get<LeagueInfo>(DatabasePaths.league, { id: 7 });
    expect(info.data.leaguePhase).toBe(8);
    expect((await get<LeagueInfo>(DatabasePaths.league, { id: 26 })).data.leaguePhase).toBe(6);
  });

  it('the NBA ranks by conference, 15 teams each, with play-off and play-in places', async () => {
    const t = await get<Standings>(DatabasePaths.standings, { id: 101 });
    expect(t.data.shape).toBe('conferences');
    expect(t.data.rows).toHaveLength(30);
    expect(t.data.groups!.map((g) => g.name)).toEqual(['东部', '西部']);
    for (const g of t.data.groups!) {
      expect(g.rows).toHaveLength(15);
      expect(g.rows.map((r) => r.rank)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      expect(g.rows.map((r) => r.zone)).toEqual([
        ...Array<string>(6).fill('playoff'),
        ...Array<string>(4).fill('playIn'),
        ...Array<null>(5).fill(null),
      ]);
    }
    expect(t.data.groups![0]!.rows.map((r) => r.teamName)).toContain('凯尔特人');
    expect(t.data.groups![1]!.rows.map((r) => r.teamName)).toContain('湖人');
    // CBA is one table, as the real one is shown, its top 12 in the play-offs.
    const cba = await get<Standings>(DatabasePaths.standings, { id: 102 });
    expect(cba.data.groups).toBeUndefined();
    expect(cba.data.rows.filter((r) => r.zone === 'playoff')).toHaveLength(12);
    expect(cba.data.rows.map((r) => r.teamName)).not.toContain('浙江方兴渡');
  });

  it('a 欧冠 match’s analysis shows the 欧冠 table, not its home club’s league', async () => {
    const [row] = await ts.storage.db
      .selectFrom('live_matches')
      .select(['id'])
      .where('league_id', '=', 7)
      .where('status', '=', 8)
      .limit(1)
      .execute();
    const table = await server.app.inject({
      method: 'GET',
      url: embeddedUrl(fillPath(LivePaths.zqTable, { id: row!.id })),
    });
    const body = table.json() as { data: LeagueTable };
    expect(body.data.leagueName).toBe('欧冠');
    expect(body.data.rows).toHaveLength(36);
  });

  it('a league between seasons says when its season ended and the next starts', async () => {
    const csl = await get<LeagueInfo>(DatabasePaths.league, { id: 6 });
    expect(csl.data.window).toMatchObject({ running: false });
    expect(csl.data.window!.last < '2026-11-22').toBe(true);
    expect(csl.data.window!.next! > '2027-01-01').toBe(true);
    expect((await get<LeagueInfo>(DatabasePaths.league, { id: 1 })).data.window?.running).toBe(true);
  });
});

describe('schedule and leaders', () => {
  it('rounds are the season calendar’s, numbered as in the real league; the default is the current or next', async () => {
    const s = await get<LeagueSchedule>(DatabasePaths.schedule, { id: 1 });
    const numbers = s.data.rounds.map((r) => r.round);
    // The whole 英超 season (issue 32), not the stored month alone: rounds 1 to 38, the default well past the first.
    expect(numbers).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    // The default is the round of this weekend (2026-11-22), not an early one with a replay still to come.
    const shown = s.data.rounds.find((r) => r.round === s.data.round)!;
    expect(shown.day >= '2026-11-16' && shown.day <= '2026-11-29', shown.day).toBe(true);
    // A round before the stored month: played out from the seed, and its header reads like a stored match's.
    const first = await get<LeagueSchedule>(DatabasePaths.schedule, { id: 1 }, { round: 1 });
    expect(first.data.matches).toHaveLength(10);
    expect(first.data.matches.every((m) => isFinished('zq', m.s))).toBe(true);
    const m = first.data.matches[0]!;
    const header = await get<{ match: Match }>(LivePaths.zqHeader, { id: m.id });
    expect(header.code).toBe(Code.OK);
    expect(header.data.match).toMatchObject({ id: m.id, score: m.score, home: { id: m.home.id } });
    const days = s.data.rounds.map((r) => r.day);
    expect(days).toEqual([...days].sort());
    // A round is all ten matches of the weekend (Friday to Monday), every club once.
    expect(s.data.matches).toHaveLength(10);
    expect(new Set(s.data.matches.flatMap((m) => [m.home.id, m.away.id])).size).toBe(20);
    const none = await get<LeagueSchedule>(DatabasePaths.schedule, { id: 1 }, { round: 999 });
    expect(none.data.matches).toEqual([]);
  });

  it('football leaders are the goals in the stored matches, most first', async () => {
    const l = await get<LeagueLeaders>(DatabasePaths.leaders, { id: 1 });
    const goals = l.data.boards.find((b) => b.key === 'goals')!;
    expect(goals.rows.length).toBeGreaterThan(0);
    const values = goals.rows.map((r) => r.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const top = goals.rows[0]!;
    const player = await get<PlayerPage>(DatabasePaths.player, { id: top.playerId });
    expect(player.data.stats.goals).toBe(top.value);
    expect(player.data.stats.games).toBe(top.games);
    expect(player.data.name).toBe(top.name);
  });

  it('basketball leaders add up points, rebounds, assists', async () => {
    const l = await get<LeagueLeaders>(DatabasePaths.leaders, { id: 102 });
    expect(l.data.boards.map((b) => b.key)).toEqual(['points', 'rebounds', 'assists']);
    const top = l.data.boards[0]!.rows[0]!;
    const p = await get<PlayerPage>(DatabasePaths.player, { id: top.playerId });
    expect(p.data.stats.points).toBe(top.value);
    expect(p.data.stats.games).toBe(top.games);
  });
});

describe('team and player pages', () => {
  it('a team page has its squad, results, next matches and its table row', async () => {
    const t = await get<TeamPage>(DatabasePaths.team, { id: liveZq.home.id });
    expect(t.code).toBe(Code.OK);
    expect(t.data.name).toBe(liveZq.home.name);
    expect(t.data.squad.length).toBeGreaterThan(15);
    expect(t.data.results.every((m) => m.s === 8 && (m.home.id === t.data.id || m.away.id === t.data.id))).toBe(true);
    expect(t.data.upcoming.every((m) => m.s === 0 || m.s === 1)).toBe(true);
    const table = await get<Standings>(DatabasePaths.standings, { id: t.data.leagueId });
    expect(t.data.standing).toEqual(table.data.rows.find((r) => r.teamId === t.data.id));
    expect((await get(DatabasePaths.team, { id: 424242 })).code).toBe(Code.NOT_FOUND);
  });

  it('a player page has the profile and the season stats; unknown player is 4004', async () => {
    const team = await get<TeamPage>(DatabasePaths.team, { id: liveZq.home.id });
    const member = team.data.squad[0]!;
    const p = await get<PlayerPage>(DatabasePaths.player, { id: member.playerId });
    expect(p.data).toMatchObject({ name: member.name, number: member.number, teamId: team.data.id });
    expect(p.data.stats.games).toBeGreaterThanOrEqual(0);
    expect((await get(DatabasePaths.player, { id: 1 })).code).toBe(Code.NOT_FOUND);
  });
});
