/** Chinese messages of the database REST area, in one place. */
export const DatabaseText = {
  leagueNotFound: '联赛不存在',
  teamNotFound: '球队不存在',
  playerNotFound: '球员不存在',
} as const;
