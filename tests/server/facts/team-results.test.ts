/**
 * One truth for a team's past (issue 32): a match's 分析 (recent form of each side, head-to-head),
 * the 数据库 team page's results and the preview's form and head-to-head lines read the same
 * matches the 赛程 lists, the season's days before the stored month (played out from the seed)
 * included: no 两队近期没有交手记录 beside a meeting the 赛程 shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { buildServer, type BuiltServer } from '../../../server/app';
import {
  Code,
  DatabasePaths,
  LivePaths,
  chinaDay,
  embeddedUrl,
  fillPath,
  isFinished,
  type AnalysisHistory,
  type AnalysisMatch,
  type TeamPage,
} from '../../../workers/protocol/index';
import { FEED_DAYS_KEY, loadMeta } from '../../../server/live/store';
import { leagueMatches } from '../../../server/database/service';
import { ALL_LEAGUES, LEAGUE_BY_ID, TEAM_BY_ID } from '../../../server/seed/leagues';
import type { LiveMatch } from '../../../server/live/model';
import { form, headToHead, type MatchInfo } from '../../../server/news/match-report-facts';

const SEED = 77;
const START = Date.parse('2026-11-22T12:30:00Z');
let ts: TestStorage;
let server: BuiltServer;
let firstStoredDay: string;
/** Every competition's season as its 赛程 lists it (stored, played out, to come). */
let seasons: LiveMatch[];

async function ok<T>(path: string, id: number): Promise<T> {
  const res = await server.app.inject({ method: 'GET', url: embeddedUrl(fillPath(path, { id })) });
  const body = res.json() as { code: number; msg: string; data: T };
  expect(body.code, `${path} ${id}: ${body.msg}`).toBe(Code.OK);
  return body.data;
}

const plays = (teamId: number) => (m: LiveMatch) => m.homeId === teamId || m.awayId === teamId;
const newestFirst = (a: LiveMatch, b: LiveMatch) => b.ot - a.ot || b.id - a.id;

/** A team's finished matches of the 赛程 (every competition) kicked off before `ot`, newest first. */
function scheduleBefore(teamId: number, ot: number, limit: number): LiveMatch[] {
  return seasons
    .filter((m) => plays(teamId)(m) && m.ot < ot && isFinished(m.sport, m.status))
    .sort(newestFirst)
    .slice(0, limit);
}

/** What a 分析 row says of a match: when, which competition, who at home, the score. */
const said = (a: AnalysisMatch) => ({
  id: a.matchId,
  ot: a.ot,
  league: a.leagueName,
  homeId: a.homeId,
  awayId: a.awayId,
  score: a.score,
});
const truth = (m: LiveMatch) => ({
  id: m.id,
  ot: m.ot,
  league: LEAGUE_BY_ID.get(m.leagueId)!.name,
  homeId: m.homeId,
  awayId: m.awayId,
  score: [m.score[0], m.score[1]],
});

const info = (m: LiveMatch): MatchInfo => ({
  id: m.id,
  sport: m.sport,
  leagueId: m.leagueId,
  league: LEAGUE_BY_ID.get(m.leagueId)!.name,
  homeId: m.homeId,
  awayId: m.awayId,
  home: TEAM_BY_ID.get(m.homeId)!.name,
  away: TEAM_BY_ID.get(m.awayId)!.name,
  status: m.status,
  scoreH: m.score[0],
  scoreA: m.score[1],
  ot: m.ot,
});

beforeAll(async () => {
  ts = await createTestStorage('pglite', { feedSeed: SEED });
  server = await buildServer(ts.config, { storage: ts.storage, client: false, now: () => START });
  await server.ctx.feed.start();
  firstStoredDay = (await loadMeta<{ days: string[] }>(ts.storage.db, FEED_DAYS_KEY))!.days[0]!;
  seasons = [];
  for (const l of ALL_LEAGUES) seasons.push(...(await leagueMatches(ts.storage.db, l.id)));
}, 240_000);

afterAll(async () => {
  await server?.close();
  await ts?.cleanup();
});

const beforeStored = (m: LiveMatch): boolean => chinaDay(m.ot * 1000) < firstStoredDay && isFinished(m.sport, m.status);

describe('a team’s past agrees with the 赛程', () => {
  it.each([
    [1, LivePaths.zqHistory],
    [101, LivePaths.lqAnalysis],
  ] as const)(
    'a return match’s 分析 and preview in league %i name the meeting played before the stored month, and each side’s form is the 赛程’s',
    async (leagueId, path) => {
      const epl = seasons.filter((m) => m.leagueId === leagueId);
      // Return fixtures after the stored month's start whose first meeting was played before it.
      const returns = epl.filter(
        (m) =>
          chinaDay(m.ot * 1000) >= firstStoredDay &&
          epl.some((x) => beforeStored(x) && x.homeId === m.awayId && x.awayId === m.homeId),
      );
      expect(returns.length).toBeGreaterThan(2);
      for (const m of returns.slice(0, 3)) {
        const a = await ok<AnalysisHistory>(path, m.id);
        const meetings = seasons
          .filter(
            (x) =>
              ((x.homeId === m.homeId && x.awayId === m.awayId) || (x.homeId === m.awayId && x.awayId === m.homeId)) &&
              x.ot < m.ot &&
              isFinished(x.sport, x.status),
          )
          .sort(newestFirst);
        expect(meetings.some(beforeStored)).toBe(true);
        expect(a.h2h.map(said), `${m.id} h2h`).toEqual(meetings.slice(0, 10).map(truth));
        expect(a.homeRecent.map(said), `${m.id} home`).toEqual(scheduleBefore(m.homeId, m.ot, 10).map(truth));
        expect(a.awayRecent.map(said), `${m.id} away`).toEqual(scheduleBefore(m.awayId, m.ot, 10).map(truth));
        // The preview's lines count the same meetings and results.
        const shown = meetings.slice(0, 5);
        const homeWins = shown.filter((x) =>
          x.homeId === m.homeId ? x.score[0] > x.score[1] : x.score[1] > x.score[0],
        );
        const h2hLine = await headToHead(ts.storage.db, info(m));
        expect(h2hLine).toContain(`两队近 ${shown.length} 次交手，${info(m).home} ${homeWins.length} 胜`);
        const marks = scheduleBefore(m.homeId, m.ot, 5).map((x) => {
          const [mine, theirs] = x.homeId === m.homeId ? x.score : [x.score[1], x.score[0]];
          return mine > theirs ? '胜' : mine < theirs ? '负' : '平';
        });
        expect(await form(ts.storage.db, m.homeId, m.ot)).toContain(`近 ${marks.length} 场 ${marks.join('')}`);
      }
    },
  );

  it('the 数据库 team page’s results are the 赛程’s latest, played-out ones included', async () => {
    const teamId = seasons.find((m) => m.leagueId === 1 && beforeStored(m))!.homeId;
    const page = await ok<TeamPage>(DatabasePaths.team, teamId);
    const expected = scheduleBefore(teamId, Math.floor(START / 1000) + 1, 10);
    expect(page.results.map((r) => r.id)).toEqual(expected.map((m) => m.id));
    expect(page.results.map((r) => r.score)).toEqual(expected.map((m) => [m.score[0], m.score[1]]));
  });
});
