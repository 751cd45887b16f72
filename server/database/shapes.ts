/**
 * Competition shapes: how each real competition shows its table. The NBA ranks by conference
 * (top 6 to the play-offs, 7–10 to the play-in); a European league phase ranks 36 clubs (1–8
 * straight into the round of 16, 9–24 to the knockout play-off round); CBA is one table whose top
 * 12 reach the play-offs; other leagues keep the zones of `zoneOf`.
 */
import type { StandingsZone } from '../../workers/protocol/index';
import { LEAGUE_BY_ID, TEAMS, type LeagueSeed } from '../seed/leagues';
import { zoneOf } from './standings';

export interface Conference {
  name: string;
  teamIds: number[];
}

const NBA_EAST = new Set([
  '凯尔特人',
  '骑士',
  '尼克斯',
  '雄鹿',
  '76人',
  '热火',
  '步行者',
  '魔术',
  '老鹰',
  '公牛',
  '活塞',
  '篮网',
  '猛龙',
  '黄蜂',
  '奇才',
]);

const nba = TEAMS.filter((t) => t.leagueId === 101);

export const CONFERENCES: Readonly<Record<number, readonly Conference[]>> = {
  101: [
    { name: '东部', teamIds: nba.filter((t) => NBA_EAST.has(t.name)).map((t) => t.id) },
    { name: '西部', teamIds: nba.filter((t) => !NBA_EAST.has(t.name)).map((t) => t.id) },
  ],
};

/** Play-off places of basketball leagues shown as one table (others: the top 8, or half). */
const PLAYOFF_PLACES: Readonly<Record<number, number>> = { 102: 12, 109: 12 };

/** The zone of a rank in a league's table, or in one of its conferences (`inConference`). */
export function zoneIn(league: LeagueSeed, rank: number, count: number, inConference: boolean): StandingsZone {
  if (rank < 1 || rank > count) return null;
  if (league.leaguePhase) return rank <= 8 ? 'advance' : rank <= 24 ? 'playoff' : null;
  if (inConference) return rank <= 6 ? 'playoff' : rank <= 10 ? 'playIn' : null;
  const places = PLAYOFF_PLACES[league.id];
  if (places !== undefined) return rank <= places ? 'playoff' : null;
  return zoneOf(league.sport, rank, count, league.cup);
}

/** Whether a competition has a table at all (a knockout-only cup has none). */
export const hasTable = (league: LeagueSeed): boolean => !league.cup || Boolean(league.leaguePhase);

/**
 * Whether a match's 分析 shows a table: a knockout-only cup's (足总杯 …) has none, and a league's
 * table is never shown for a cup match (its clubs may come from two divisions).
 */
export function analysisHasTable(leagueId: number): boolean {
  const league = LEAGUE_BY_ID.get(leagueId);
  return !league || hasTable(league);
}
