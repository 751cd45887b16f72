/**
 * Automatic match reports (issue 12) on a real PGlite with stored matches and incidents: a
 * preview before kick-off with form, table and head-to-head, a live report that grows with each
 * goal and card, a full-time report with scorers and key stats, only for featured (hot) matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matchReportLinks,
  renderMatchReport,
  reportKindsFor,
  sweepMatchReports,
} from '../../../server/news/match-reports';
import { articleDetail } from '../../../server/news/articles';
import { createTestStorage, type TestStorage } from '../../helpers/test-db';
import { liveMatchRow, liveTeamRow } from '../../helpers/live-rows';

let ts: TestStorage;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const nowS = NOW / 1000;
const LEAGUE = 990001;
const T = { home: 990101, away: 990102 };
const M = { upcoming: 770001, live: 770002, past: 770003, quiet: 770004 };

const match = (id: number, ot: number, status: number, score: [number, number], hot = true) =>
  liveMatchRow({
    id,
    league_id: LEAGUE,
    home_id: T.home,
    away_id: T.away,
    day: '2026-11-22',
    ot,
    status,
    score,
    hot,
    updated_at: NOW,
  });

let incidentSeq = 0;
async function incident(
  matchId: number,
  type: string,
  side: 'home' | 'away' | null,
  minute: number,
  text: string,
  score: [number, number],
) {
  await ts.storage.db
    .insertInto('live_incidents')
    .values({
      id: `t-${++incidentSeq}`,
      match_id: matchId,
      sport: 'zq',
      type,
      side,
      minute,
      text,
      score_h: score[0],
      score_a: score[1],
      state: null,
      at: NOW + incidentSeq,
    })
    .execute();
}

beforeAll(async () => {
  ts = await createTestStorage();
  const db = ts.storage.db;
  await db
    .insertInto('live_leagues')
    .values({
      id: LEAGUE,
      sport: 'zq',
      name: '测试超级联赛',
      letter: 'C',
      color: '#2266aa',
      season: '2026',
      cup: false,
      major: true,
      quarter_min: null,
    })
    .execute();
  await db
    .insertInto('live_teams')
    .values([liveTeamRow(T.home, LEAGUE, 'zq', '北岸联'), liveTeamRow(T.away, LEAGUE, 'zq', '南港城')])
    .execute();
  await db
    .insertInto('live_standings')
    .values([
      {
        league_id: LEAGUE,
        team_id: T.home,
        rank: 2,
        played: 10,
        win: 7,
        draw: 1,
        loss: 2,
        goals_for: 20,
        goals_against: 9,
        points: 22,
      },
      {
        league_id: LEAGUE,
        team_id: T.away,
        rank: 5,
        played: 10,
        win: 5,
        draw: 2,
        loss: 3,
        goals_for: 14,
        goals_against: 12,
        points: 17,
      },
    ])
    .execute();
  await db
    .insertInto('live_matches')
    .values([
      match(M.upcoming, nowS + 3 * 3600, 1, [0, 0]),
      match(M.live, nowS - 1200, 2, [0, 0]),
      match(M.past, nowS - 30 * 3600, 8, [2, 1]),
      match(M.quiet, nowS - 1200, 2, [0, 0], false),
    ])
    .execute();
});
afterAll(async () => {
  await ts?.cleanup();
});

describe('automatic match reports', () => {
  it('decides which reports a match should have', () => {
    expect(reportKindsFor('zq', 1, NOW + 3600_000, NOW)).toEqual(['preview']);
    expect(reportKindsFor('zq', 1, NOW + 48 * 3600_000, NOW)).toEqual([]);
    expect(reportKindsFor('zq', 4, NOW, NOW)).toEqual(['preview', 'live']);
    expect(reportKindsFor('zq', 8, NOW, NOW)).toEqual(['preview', 'live', 'final']);
    expect(reportKindsFor('zq', 12, NOW, NOW)).toEqual([]);
    expect(reportKindsFor('lq', 10, NOW, NOW)).toEqual(['preview', 'live', 'final']);
  });

  it('creates reports for featured matches only, once', async () => {
    expect(await sweepMatchReports(ts.storage.db, NOW)).toBe(6);
    expect(await sweepMatchReports(ts.storage.db, NOW)).toBe(0);
    expect((await matchReportLinks(ts.storage.db, M.upcoming)).map((l) => l.kind)).toEqual(['preview']);
    expect((await matchReportLinks(ts.storage.db, M.live)).map((l) => l.kind).sort()).toEqual(['live', 'preview']);
    expect(await matchReportLinks(ts.storage.db, M.quiet)).toEqual([]);
  });

  it('writes a preview with form, table position, head-to-head', async () => {
    const r = (await renderMatchReport(ts.storage.db, M.upcoming, 'preview'))!;
    expect(r.title).toBe('前瞻：北岸联 vs 南港城，测试超级联赛焦点战');
    // The table as the stored results make it (one win 2-1, two draws in play), not the stored
    // live_standings rows above, which no results back.
    expect(r.md).toContain(
      '北岸联测试超级联赛积5分，排名第1位，领跑积分榜；南港城测试超级联赛积2分，排名第2位，与榜首北岸联相差3分。',
    );
    expect(r.md).toContain('近 1 场 胜（1 胜）');
    expect(r.md).toContain('两队近 1 次交手，北岸联 1 胜，南港城 0 胜。');
  });

  it('grows the live report with each goal and card, read fresh every time', async () => {
    const db = ts.storage.db;
    const link = (await matchReportLinks(db, M.live)).find((l) => l.kind === 'live')!;
    let a = await articleDetail(db, link.articleId, null, true);
    expect(a.auto).toBe(true);
    expect(a.html).toContain('比赛开始后，这里会随着进球和红黄牌实时更新。');
    await incident(M.live, 'goal', 'home', 12, '第12分钟 北岸联 张伟 进球！比分 1-0', [1, 0]);
    await db.updateTable('live_matches').set({ score_h: 1 }).where('id', '=', M.live).execute();
    a = await articleDetail(db, link.articleId, null, true);
    expect(a.html).toContain('第 12 分钟，北岸联的张伟破门得分，帮助北岸联以 1-0 领先。');
    expect(a.title).toBe('直播战报：北岸联 1-0 南港城');
    await incident(M.live, 'yellow', 'away', 20, '第20分钟 南港城 李强 领到黄牌', [1, 0]);
    await incident(M.live, 'goal', 'away', 31, '第31分钟 南港城 王磊 进球！比分 1-1', [1, 1]);
    a = await articleDetail(db, link.articleId, null, true);
    expect(a.html).toContain('第 20 分钟，南港城的李强吃到一张黄牌。');
    expect(a.html).toContain('第 31 分钟，南港城的王磊破门得分，将比分扳平。');
  });

  it('writes the full-time report with scorers and key stats when the match ends', async () => {
    const db = ts.storage.db;
    await incident(M.live, 'corner', 'home', 40, '第40分钟 北岸联 获得角球', [1, 1]);
    await incident(M.live, 'goal', 'home', 88, '第88分钟 北岸联 张伟 进球！比分 2-1', [2, 1]);
    await db.updateTable('live_matches').set({ status: 8, score_h: 2, score_a: 1 }).where('id', '=', M.live).execute();
    expect(await sweepMatchReports(db, NOW + 60_000)).toBe(1);
    const final = (await matchReportLinks(db, M.live)).find((l) => l.kind === 'final')!;
    const a = await articleDetail(db, final.articleId, null, true);
    expect(a.title).toBe('全场战报：北岸联 2-1 南港城');
    expect(a.html).toContain('全场比赛结束，测试超级联赛中北岸联以 2-1 击败南港城。');
    expect((await renderMatchReport(db, M.live, 'final'))!.md).toContain("张伟（12'）、王磊（31'）、张伟（88'）");
    expect(a.html).toContain('角球：1 - 0');
    expect(a.html).toContain('黄牌：0 - 1');
    expect(a.demoData).toBe(true);
  });
});
