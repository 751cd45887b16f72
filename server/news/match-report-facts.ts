/**
 * The facts a match report is written from, read from the feed's stored tables: the match with
 * its names, the odds and the stored incidents in order; each side's recent form and the
 * head-to-head from the season's results (stored and played out, ../facts/team-results.ts).
 */
import type { Sport } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { LiveTables } from '../db/tables/live';
import { matchesWithNames } from '../live/repository';
import { meetingsBefore, recentResults } from '../facts/team-results';

export interface MatchInfo {
  id: number;
  sport: Sport;
  leagueId: number;
  league: string;
  homeId: number;
  awayId: number;
  home: string;
  away: string;
  status: number;
  scoreH: number;
  scoreA: number;
  ot: number;
}

export async function matchInfo(db: Db, id: number): Promise<MatchInfo | null> {
  const r = await matchesWithNames(db)
    .select([
      'm.id',
      'm.sport',
      'm.league_id',
      'l.name as league',
      'm.home_id',
      'm.away_id',
      'h.name as home',
      'a.name as away',
      'm.status',
      'm.score_h',
      'm.score_a',
      'm.ot',
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    sport: r.sport === 'lq' ? 'lq' : 'zq',
    leagueId: r.league_id,
    league: r.league,
    homeId: r.home_id,
    awayId: r.away_id,
    home: r.home,
    away: r.away,
    status: r.status,
    scoreH: r.score_h,
    scoreA: r.score_a,
    ot: Number(r.ot),
  };
}

export const kickoffText = (otSec: number) =>
  new Date(otSec * 1000).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** A team's last five results before a kick-off: the 分析 tab's recent form (../facts/team-results.ts). */
export async function form(db: Db, teamId: number, beforeSec: number): Promise<string> {
  const played = await recentResults(db, teamId, beforeSec, 5);
  if (!played.length) return '近期暂无已完成的比赛';
  const marks = played.map((r) => {
    const [mine, theirs] = r.homeId === teamId ? r.score : [r.score[1], r.score[0]];
    return mine > theirs ? '胜' : mine < theirs ? '负' : '平';
  });
  const wins = marks.filter((m) => m === '胜').length;
  return `近 ${played.length} 场 ${marks.join('')}（${wins} 胜）`;
}

/** The two teams' last five meetings before the match: the 分析 tab's head-to-head. */
export async function headToHead(db: Db, m: MatchInfo): Promise<string> {
  const done = await meetingsBefore(db, m, 5);
  if (!done.length) return `两队近期没有交手记录，本场是双方近期的首次碰面。`;
  let h = 0;
  let a = 0;
  for (const r of done) {
    const [hs, as] = r.homeId === m.homeId ? r.score : [r.score[1], r.score[0]];
    if (hs > as) h++;
    else if (as > hs) a++;
  }
  return `两队近 ${done.length} 次交手，${m.home} ${h} 胜，${m.away} ${a} 胜${done.length - h - a ? `，${done.length - h - a} 场战平` : ''}。`;
}

export async function oddsLine(db: Db, m: MatchInfo): Promise<string | null> {
  const r = await db
    .selectFrom('live_odds as o')
    .innerJoin('live_bookmakers as b', 'b.id', 'o.company_id')
    .select(['b.name_zh', 'o.left', 'o.middle', 'o.right'])
    .where('o.match_id', '=', m.id)
    .where('o.type', '=', 2)
    .orderBy('b.sort')
    .orderBy('o.at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  const f = (n: number) => Number(n).toFixed(2);
  return m.sport === 'zq'
    ? `${r.name_zh}最新欧赔：主胜 ${f(r.left)}、平局 ${f(r.middle)}、客胜 ${f(r.right)}。`
    : `${r.name_zh}最新欧赔：主胜 ${f(r.left)}、客胜 ${f(r.right)}。`;
}

export type IncidentRow = Pick<
  LiveTables['live_incidents'],
  'type' | 'side' | 'minute' | 'text' | 'score_h' | 'score_a'
> & { stoppage: number };

export const incidentsOf = (db: Db, matchId: number): Promise<IncidentRow[]> =>
  db
    .selectFrom('live_incidents')
    .select(['type', 'side', 'minute', 'stoppage', 'text', 'score_h', 'score_a'])
    .where('match_id', '=', matchId)
    .orderBy('at')
    .orderBy('id')
    .execute();
