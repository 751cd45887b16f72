/**
 * 数据库 team and player pages of a provider's teams (纳米数据, api-sports): the seeded catalogue
 * does not know them, so they are read from what the source stored — the team and its league in
 * live_teams / live_leagues, its squad in live_players (asked for from the provider when the page
 * opens, see LiveSource.produceSquad), its row in the provider league's live table, and its
 * matches. A player's season figures: goals and cards from the stored matches' incidents (which
 * name him as his squad does), games from the stored lineups that start him and those incidents.
 */
import type { Db } from '../db/index';
import {
  addDays,
  chinaDay,
  type Lineup,
  type Match,
  type PlayerPage,
  type Sport,
  type StandingsRow,
  type TeamPage,
} from '../../workers/protocol/index';
import { crestPath } from '../seed/crest';
import { toMatch, type ViewClock } from '../live/match-view';
import { tableRanks } from '../facts/table-ranks';
import { derivedColumns } from './service';
import { teamMatches } from '../live/repository';
import { providerOf } from '../live/providers';
import { providerTable } from '../live/provider-standings';

const RESULTS_SHOWN = 10;
const UPCOMING_SHOWN = 5;
/**
 * Football: goalkeepers first, then defence to attack; basketball: guards, forwards, centres;
 * then by shirt number (the seeded squads' order).
 */
const ORDER: Readonly<Record<Sport, Readonly<Record<string, number>>>> = {
  zq: { 门将: 0, 后卫: 1, 中场: 2, 前锋: 3 },
  lq: { 控球后卫: 0, 得分后卫: 1, 后卫: 1, 小前锋: 2, 前锋: 2, 大前锋: 3, 中锋: 4 },
};

async function storedTeam(db: Db, teamId: number) {
  if (!providerOf(teamId)) return null;
  const team = await db.selectFrom('live_teams').selectAll().where('id', '=', teamId).executeTakeFirst();
  if (!team) return null;
  const league = await db.selectFrom('live_leagues').selectAll().where('id', '=', team.league_id).executeTakeFirst();
  return { team, league: league ?? null };
}

export async function providerTeamPage(db: Db, teamId: number, clock: ViewClock): Promise<TeamPage | null> {
  const stored = await storedTeam(db, teamId);
  if (!stored) return null;
  const { team, league } = stored;
  const sport = team.sport as Sport;
  const nowS = Math.floor(clock.now / 1000);
  const [results, upcoming, players, table] = await Promise.all([
    teamMatches(db, teamId, 'finished', nowS + 1, RESULTS_SHOWN),
    teamMatches(db, teamId, 'upcoming', nowS - 6 * 3600, UPCOMING_SHOWN),
    db.selectFrom('live_players').selectAll().where('team_id', '=', teamId).execute(),
    providerTable(db, team.league_id, league?.name ?? ''),
  ]);
  const place = (position: string) => ORDER[sport][position] ?? 5;
  players.sort((a, b) => place(a.position) - place(b.position) || a.number - b.number || a.id - b.id);
  const row = table?.rows.find((r) => r.teamId === teamId);
  const standing: StandingsRow | null = row
    ? {
        ...row,
        ...derivedColumns(sport, row),
        form: [],
        zone: null,
        playing: false,
        move: 0,
      }
    : null;
  const ranks = await tableRanks(db, [...results, ...upcoming], clock.now);
  const view = (ms: typeof results): Match[] => ms.map((m) => toMatch(m, clock, ranks));
  return {
    id: teamId,
    sport,
    name: team.name,
    logo: crestPath(teamId),
    leagueId: team.league_id,
    leagueName: league?.name ?? '',
    squad: players.map((p) => ({
      playerId: p.id,
      name: p.name,
      number: p.number,
      position: p.position,
      age: p.age,
    })),
    results: view(results),
    upcoming: view(upcoming),
    standing,
  };
}

export async function providerPlayerPage(db: Db, playerId: number, clock: ViewClock): Promise<PlayerPage | null> {
  const row = await db.selectFrom('live_players').selectAll().where('id', '=', playerId).executeTakeFirst();
  if (!row) return null;
  const stored = await storedTeam(db, row.team_id);
  if (!stored) return null;
  const { team, league } = stored;
  const sport = team.sport as Sport;
  // His goals and cards in his team's stored matches of the last year: the incidents name him.
  const matches = await db
    .selectFrom('live_matches')
    .select(['id', 'home_id'])
    .where((eb) => eb.or([eb('home_id', '=', team.id), eb('away_id', '=', team.id)]))
    .where('day', '>=', addDays(chinaDay(clock.now), -366))
    .execute();
  const side = new Map(matches.map((m) => [m.id, m.home_id === team.id ? 'home' : 'away']));
  const incidents =
    matches.length === 0
      ? []
      : await db
          .selectFrom('live_incidents')
          .select(['match_id', 'type', 'side', 'text'])
          .where(
            'match_id',
            'in',
            matches.map((m) => m.id),
          )
          .where('type', 'in', ['goal', 'yellow', 'red', 'sub'])
          .execute();
  const mine = incidents.filter((i) => i.side === side.get(i.match_id) && i.text.includes(row.name));
  const count = (type: string) =>
    mine.filter((i) => i.type === type && (type !== 'goal' || !i.text.includes('进球无效'))).length;
  // Games: the matches whose stored lineup starts him, and those an incident names him in (a substitute).
  const lineups =
    matches.length === 0
      ? []
      : await db
          .selectFrom('live_details')
          .select(['match_id', 'body'])
          .where(
            'match_id',
            'in',
            matches.map((m) => m.id),
          )
          .where('kind', '=', 'lineup')
          .execute();
  const games = new Set(mine.map((i) => i.match_id));
  for (const l of lineups) {
    const body = l.body as Partial<Lineup>;
    const starters = [...(body.home?.starters ?? []), ...(body.away?.starters ?? [])];
    if (starters.some((p) => p.id === playerId)) games.add(l.match_id);
  }
  return {
    id: row.id,
    sport,
    name: row.name,
    number: row.number,
    position: row.position,
    age: row.age,
    teamId: team.id,
    teamName: team.name,
    teamLogo: crestPath(team.id),
    leagueId: team.league_id,
    leagueName: league?.name ?? '',
    stats:
      sport === 'zq'
        ? { games: games.size, goals: count('goal'), yellow: count('yellow'), red: count('red') }
        : { games: games.size, points: 0, rebounds: 0, assists: 0 },
  };
}
