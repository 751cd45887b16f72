/**
 * Rows of the live tables for a test's own small world: what the test names, and for the rest the
 * plain values a stored match or team has (no 竞彩/北单 flags, no video, no sport state).
 */

/** A live_matches row; `sport` defaults to football, `score` to 0-0. */
export function liveMatchRow(m: {
  id: number;
  sport?: string;
  league_id: number;
  home_id: number;
  away_id: number;
  day: string;
  ot: number;
  status: number;
  score?: readonly [number, number];
  hot?: boolean;
  updated_at: number;
}) {
  const { score = [0, 0], ...rest } = m;
  return {
    sport: 'zq',
    jc: null,
    bd: false,
    jx: false,
    hot: false,
    has_video: false,
    type: 0,
    state: '{}',
    ...rest,
    score_h: score[0],
    score_a: score[1],
  };
}

/** A live_teams row of the given names, at the strength and colours a seeded team has. */
export const liveTeamRow = (id: number, leagueId: number, sport: string, name: string) => ({
  id,
  league_id: leagueId,
  sport,
  name,
  strength: 70,
  color: '#000',
  color2: '#fff',
});
