/**
 * The seeded world the ChatGPT question set (chatgpt-questions.ts) is written against: four
 * leagues, real team names, standings, matches live / today / tomorrow / Saturday / finished,
 * bookmaker odds that moved, and anchors with broadcast schedules. Shared by the tools test and
 * the accuracy benchmark (tests/bench/chatgpt.ts).
 *
 * The clock is Sunday 2026-11-22 12:00 China time (04:00 UTC), so 周六 is 2026-11-28.
 */
import { chinaDay } from '../../workers/protocol/index';
import type { Db } from '../../server/db/index';
import { liveMatchRow, liveTeamRow } from '../helpers/live-rows';

export const WORLD_NOW = Date.UTC(2026, 10, 22, 4, 0, 0);
const nowS = WORLD_NOW / 1000;
const H = 3600;
const D = 86_400;

export const WL = { epl: 560001, liga: 560002, nba: 560003, cba: 560004 } as const;
export const WT = {
  ars: 561001,
  mci: 561002,
  liv: 561003,
  che: 561004,
  mun: 561005,
  tot: 561006,
  rma: 562001,
  bar: 562002,
  atm: 562003,
  sev: 562004,
  lal: 563001,
  gsw: 563002,
  bos: 563003,
  den: 563004,
  bj: 564001,
  gd: 564002,
} as const;
/** Matches, by what they are for. */
export const WM = {
  liveMciLiv: 565001,
  liveRmaAtm: 565002,
  liveLalGsw: 565003,
  todayTotMun: 565004,
  todayArsChe: 565005,
  todayBarSev: 565006,
  tomorrowLivArs: 565007,
  tomorrowBosDen: 565008,
  saturdayRmaBar: 565009,
  yesterdayMunArs: 565010,
  yesterdayGswLal: 565011,
  oldArsTot: 565012,
  oldCheArs: 565013,
  oldArsMci: 565014,
  oldMciArs: 565015,
  oldBarRma: 565016,
  liveBjGd: 565017,
} as const;

export const WROOM = { fish: 'cg-room-fish', king: 'cg-room-king' } as const;

export const detail = (sport: 'zq' | 'lq', id: number) => `/live/${sport}/detail/${id}`;

export async function seedChatWorld(db: Db): Promise<void> {
  const league = (id: number, sport: 'zq' | 'lq', name: string) => ({
    id,
    sport,
    name,
    letter: 'X',
    color: '#333',
    season: '2026',
    cup: false,
    major: true,
    quarter_min: sport === 'lq' ? 12 : null,
  });
  await db
    .insertInto('live_leagues')
    .values([
      league(WL.epl, 'zq', '英超'),
      league(WL.liga, 'zq', '西甲'),
      league(WL.nba, 'lq', 'NBA'),
      league(WL.cba, 'lq', 'CBA'),
    ])
    .execute();
  const team = (id: number, leagueId: number, sport: 'zq' | 'lq', name: string) =>
    liveTeamRow(id, leagueId, sport, name);
  await db
    .insertInto('live_teams')
    .values([
      team(WT.ars, WL.epl, 'zq', '阿森纳'),
      team(WT.mci, WL.epl, 'zq', '曼城'),
      team(WT.liv, WL.epl, 'zq', '利物浦'),
      team(WT.che, WL.epl, 'zq', '切尔西'),
      team(WT.mun, WL.epl, 'zq', '曼联'),
      team(WT.tot, WL.epl, 'zq', '热刺'),
      team(WT.rma, WL.liga, 'zq', '皇家马德里'),
      team(WT.bar, WL.liga, 'zq', '巴塞罗那'),
      team(WT.atm, WL.liga, 'zq', '马德里竞技'),
      team(WT.sev, WL.liga, 'zq', '塞维利亚'),
      team(WT.lal, WL.nba, 'lq', '湖人'),
      team(WT.gsw, WL.nba, 'lq', '勇士'),
      team(WT.bos, WL.nba, 'lq', '凯尔特人'),
      team(WT.den, WL.nba, 'lq', '掘金'),
      team(WT.bj, WL.cba, 'lq', '北京首钢'),
      team(WT.gd, WL.cba, 'lq', '广东宏远'),
    ])
    .execute();
  const row = (
    leagueId: number,
    teamId: number,
    rank: number,
    [played, win, draw, loss, points]: [number, number, number, number, number],
  ) => ({
    league_id: leagueId,
    team_id: teamId,
    rank,
    played,
    win,
    draw,
    loss,
    goals_for: 20,
    goals_against: 10,
    points,
  });
  await db
    .insertInto('live_standings')
    .values([
      row(WL.epl, WT.ars, 1, [13, 10, 2, 1, 32]),
      row(WL.epl, WT.mci, 2, [13, 9, 2, 2, 29]),
      row(WL.epl, WT.liv, 3, [13, 8, 3, 2, 27]),
      row(WL.epl, WT.che, 4, [13, 7, 3, 3, 24]),
      row(WL.epl, WT.tot, 5, [13, 6, 2, 5, 20]),
      row(WL.epl, WT.mun, 6, [13, 5, 3, 5, 18]),
      row(WL.liga, WT.rma, 1, [13, 11, 1, 1, 34]),
      row(WL.liga, WT.bar, 2, [13, 10, 1, 2, 31]),
      row(WL.liga, WT.atm, 3, [13, 8, 3, 2, 27]),
      row(WL.liga, WT.sev, 4, [13, 5, 4, 4, 19]),
    ])
    .execute();
  const match = (
    id: number,
    sport: 'zq' | 'lq',
    leagueId: number,
    home: number,
    away: number,
    ot: number,
    status: number,
    score: [number, number] = [0, 0],
  ) =>
    liveMatchRow({
      id,
      sport,
      league_id: leagueId,
      home_id: home,
      away_id: away,
      day: chinaDay(ot * 1000),
      ot,
      status,
      score,
      updated_at: WORLD_NOW,
    });
  // Football: 1 not started, 2 first half, 4 second half, 8 finished. Basketball: 8 Q4, 10 finished.
  await db
    .insertInto('live_matches')
    .values([
      match(WM.liveMciLiv, 'zq', WL.epl, WT.mci, WT.liv, nowS - 30 * 60, 2, [1, 0]),
      match(WM.liveRmaAtm, 'zq', WL.liga, WT.rma, WT.atm, nowS - 75 * 60, 4, [2, 2]),
      match(WM.liveLalGsw, 'lq', WL.nba, WT.lal, WT.gsw, nowS - 2 * H, 8, [88, 90]),
      match(WM.liveBjGd, 'lq', WL.cba, WT.bj, WT.gd, nowS - H, 8, [70, 66]),
      match(WM.todayTotMun, 'zq', WL.epl, WT.tot, WT.mun, nowS + 3 * H, 1),
      match(WM.todayArsChe, 'zq', WL.epl, WT.ars, WT.che, nowS + 7 * H, 1),
      match(WM.todayBarSev, 'zq', WL.liga, WT.bar, WT.sev, nowS + 9 * H, 1),
      match(WM.tomorrowLivArs, 'zq', WL.epl, WT.liv, WT.ars, nowS + 26 * H, 1),
      match(WM.tomorrowBosDen, 'lq', WL.nba, WT.bos, WT.den, nowS + 20 * H, 1),
      match(WM.saturdayRmaBar, 'zq', WL.liga, WT.rma, WT.bar, nowS + 6 * D + 7 * H, 1),
      match(WM.yesterdayMunArs, 'zq', WL.epl, WT.mun, WT.ars, nowS - 20 * H, 8, [0, 2]),
      match(WM.yesterdayGswLal, 'lq', WL.nba, WT.gsw, WT.lal, nowS - 22 * H, 10, [110, 102]),
      match(WM.oldArsTot, 'zq', WL.epl, WT.ars, WT.tot, nowS - 10 * D, 8, [3, 1]),
      match(WM.oldCheArs, 'zq', WL.epl, WT.che, WT.ars, nowS - 17 * D, 8, [1, 1]),
      match(WM.oldArsMci, 'zq', WL.epl, WT.ars, WT.mci, nowS - 30 * D, 8, [2, 1]),
      match(WM.oldMciArs, 'zq', WL.epl, WT.mci, WT.ars, nowS - 60 * D, 8, [0, 0]),
      match(WM.oldBarRma, 'zq', WL.liga, WT.bar, WT.rma, nowS - 40 * D, 8, [1, 3]),
    ])
    .execute();
  // European odds (type 2) of 阿森纳 vs 切尔西: 澳门 moved, 皇冠 moved only on the away side.
  const odds = (company: number, at: number, [l, m, r]: [number, number, number]) => ({
    match_id: WM.todayArsChe,
    type: 2,
    company_id: company,
    left: l,
    middle: m,
    right: r,
    at: at * 1000,
  });
  await db
    .insertInto('live_odds')
    .values([
      odds(1, nowS - 3 * D, [1.8, 3.6, 4.2]),
      odds(1, nowS - 5 * H, [1.76, 3.65, 4.4]),
      odds(1, nowS - H, [1.72, 3.7, 4.6]),
      odds(2, nowS - 3 * D, [1.85, 3.5, 4.0]),
      odds(2, nowS - 2 * H, [1.85, 3.5, 4.1]),
    ])
    .execute();
  await db
    .insertInto('vlive_categories')
    .values({ id: 560901, name: '足球', sort: 1 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const anchors = await db
    .insertInto('vlive_anchors')
    .values([
      { name: '小鱼解说', avatar: '', intro: '英超解说' },
      { name: '老K看球', avatar: '', intro: 'NBA 解说' },
    ])
    .returning(['id', 'name'])
    .execute();
  const anchorId = (name: string) => anchors.find((a) => a.name === name)!.id;
  const room = (id: string, anchor: string, title: string) => ({
    id,
    anchor_id: anchorId(anchor),
    category_id: 560901,
    title,
    cover: '',
    tag: '',
    live: false,
    stream_url: '',
    match_id: null,
    sport: null,
    notice: '',
    welcome: '',
    sort: 1,
  });
  await db
    .insertInto('vlive_rooms')
    .values([room(WROOM.fish, '小鱼解说', '小鱼聊英超'), room(WROOM.king, '老K看球', '老K的篮球夜')])
    .execute();
  await db
    .insertInto('vlive_schedules')
    .values([
      {
        room_id: WROOM.fish,
        title: '阿森纳vs切尔西 全场解说',
        starts_at: (nowS + 6.5 * H) * 1000,
        ends_at: (nowS + 9 * H) * 1000,
        notified_at: null,
        ended_at: null,
      },
      {
        room_id: WROOM.king,
        title: '凯尔特人vs掘金 赛前分析',
        starts_at: (nowS + 19.5 * H) * 1000,
        ends_at: (nowS + 23 * H) * 1000,
        notified_at: null,
        ended_at: null,
      },
    ])
    .execute();
}
