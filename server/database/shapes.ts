/**
 * Competition shapes: how each real competition shows its table. The NBA ranks by conference
 * (top 6 to the play-offs, 7–10 to the play-in); a European league phase ranks 36 clubs (1–8
 * straight into the round of 16, 9–24 to the knockout play-off round); CBA is one table whose top
 * 12 reach the play-offs; other leagues keep the zones of `zoneOf`.
 */
import type { BracketSide, KnockoutBracket, StandingsZone } from '../../workers/protocol/index';
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

/** The competition a match's 分析 table belongs to: its own (a knockout-only cup: the home club's league). */
export function tableLeagueOf(leagueId: number, homeLeagueId: number | undefined): number {
  const league = LEAGUE_BY_ID.get(leagueId);
  return league && !hasTable(league) ? (homeLeagueId ?? leagueId) : leagueId;
}

/**
 * The knockout bracket after a league phase (UEFA's fixed bracket): the play-off round pairs 9–24
 * (9 v 24 … 16 v 17), the round of 16 puts 1–8 against those winners (1 v 16/17 … 8 v 9/24), then
 * quarter-finals, semi-finals and the final. While the league phase is on it is the bracket as the
 * table stands (`projected`).
 */
export function bracketOf(
  rows: ReadonlyArray<{ rank: number; teamId: number; teamName: string; played: number }>,
  days: number,
  year: number,
): KnockoutBracket {
  const at = (rank: number): BracketSide => {
    const r = rows.find((x) => x.rank === rank);
    return { teamId: r?.teamId ?? null, name: r?.teamName ?? `第${rank}名`, seed: rank };
  };
  const winner = (a: number, b: number): BracketSide => ({ teamId: null, name: `第${a}/${b}名胜者`, seed: null });
  const open = (): BracketSide => ({ teamId: null, name: '待定', seed: null });
  const tbd = (n: number) => Array.from({ length: n }, () => ({ home: open(), away: open() }));
  const y = year + 1;
  return {
    projected: !rows.every((r) => r.played >= days),
    rounds: [
      {
        name: '附加赛',
        when: `${y}年2月`,
        ties: Array.from({ length: 8 }, (_, i) => ({ home: at(9 + i), away: at(24 - i) })),
      },
      {
        name: '1/8决赛',
        when: `${y}年3月`,
        ties: Array.from({ length: 8 }, (_, i) => ({ home: at(1 + i), away: winner(16 - i, 17 + i) })),
      },
      { name: '1/4决赛', when: `${y}年4月`, ties: tbd(4) },
      { name: '半决赛', when: `${y}年4-5月`, ties: tbd(2) },
      { name: '决赛', when: `${y}年5月`, ties: tbd(1) },
    ],
  };
}
