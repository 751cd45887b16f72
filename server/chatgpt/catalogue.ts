/**
 * What the assistant knows by name: leagues, teams (with the nicknames fans type) and anchors,
 * loaded once from the database, and the lookups by a typed name.
 */
import { type Sport } from '../../workers/protocol/index';
import type { Db } from '../db/index';

export interface Catalogue {
  leagues: Array<{ id: number; name: string; sport: Sport }>;
  teams: Array<{ id: number; name: string; leagueId: number; sport: Sport; keys: string[] }>;
  anchors: Array<{ id: number; name: string }>;
  /** Squad players by name (names repeat across teams: each name holds every player of it). */
  players: Map<string, Array<{ id: number; teamId: number }>>;
  teamName: Map<number, string>;
  leagueName: Map<number, string>;
}

/** Common long forms → the league names the catalogue uses. */
export const LEAGUE_ALIASES: Record<string, string> = {
  英格兰超级联赛: '英超',
  英格兰足球超级联赛: '英超',
  西班牙甲级联赛: '西甲',
  西班牙足球甲级联赛: '西甲',
  意大利甲级联赛: '意甲',
  意大利足球甲级联赛: '意甲',
  德国甲级联赛: '德甲',
  德国足球甲级联赛: '德甲',
  法国甲级联赛: '法甲',
  法国足球甲级联赛: '法甲',
  中国超级联赛: '中超',
  中国足球超级联赛: '中超',
  欧洲冠军联赛: '欧冠',
  美国职业篮球联赛: 'NBA',
  美国职业篮球: 'NBA',
  中国男子篮球职业联赛: 'CBA',
};

/** Common nicknames and short forms fans type → the team names the catalogue uses. */
export const TEAM_ALIASES: Record<string, string> = {
  枪手: '阿森纳',
  兵工厂: '阿森纳',
  红军: '利物浦',
  蓝军: '切尔西',
  红魔: '曼联',
  曼彻斯特联: '曼联',
  曼彻斯特城: '曼城',
  蓝月亮: '曼城',
  托特纳姆热刺: '热刺',
  纽卡: '纽卡斯尔联',
  维拉: '阿斯顿维拉',
  皇马: '皇家马德里',
  巴萨: '巴塞罗那',
  马竞: '马德里竞技',
  拜仁: '拜仁慕尼黑',
  多特: '多特蒙德',
  国米: '国际米兰',
  尤文: '尤文图斯',
  大巴黎: '巴黎圣日耳曼',
  绿军: '凯尔特人',
  小牛: '独行侠',
  紫金军团: '湖人',
  洛杉矶湖人: '湖人',
  金州勇士: '勇士',
  波士顿凯尔特人: '凯尔特人',
  丹佛掘金: '掘金',
  首钢: '北京首钢',
  宏远: '广东宏远',
};

/** Names a user may type for a team: the full name, without a club suffix, and its nicknames. */
function teamKeys(name: string): string[] {
  const keys = new Set([name]);
  for (const [alias, full] of Object.entries(TEAM_ALIASES)) if (full === name) keys.add(alias);
  const short = name.replace(/(FC|CF|SC|足球俱乐部|俱乐部|队)$/i, '').trim();
  if (short.length >= 2) keys.add(short);
  return [...keys];
}

export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const leagues = await db.selectFrom('live_leagues').select(['id', 'name', 'sport']).execute();
  const teams = await db.selectFrom('live_teams').select(['id', 'name', 'league_id', 'sport']).execute();
  const anchors = await db.selectFrom('vlive_anchors').select(['id', 'name']).execute();
  const playerRows = await db.selectFrom('live_players').select(['id', 'name', 'team_id']).execute();
  const players = new Map<string, Array<{ id: number; teamId: number }>>();
  for (const p of playerRows) {
    const list = players.get(p.name) ?? [];
    list.push({ id: p.id, teamId: p.team_id });
    players.set(p.name, list);
  }
  return {
    leagues: leagues.map((l) => ({ id: l.id, name: l.name, sport: l.sport as Sport })),
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      leagueId: t.league_id,
      sport: t.sport as Sport,
      keys: teamKeys(t.name),
    })),
    anchors: anchors.map((a) => ({ id: a.id, name: a.name })),
    players,
    teamName: new Map(teams.map((t) => [t.id, t.name])),
    leagueName: new Map(leagues.map((l) => [l.id, l.name])),
  };
}

/** A league by its name, a common long form, or any case. */
export function findLeague(cat: Catalogue, name: string): Catalogue['leagues'][number] | undefined {
  const n = (LEAGUE_ALIASES[name.trim()] ?? name.trim()).toLowerCase();
  return cat.leagues.find((l) => l.name.toLowerCase() === n);
}

/** A team by its name or short name (exact first, then the one whose name contains it). */
export function findTeam(cat: Catalogue, name: string): Catalogue['teams'][number] | undefined {
  const n = name.trim().toLowerCase();
  if (!n) return undefined;
  return (
    cat.teams.find((t) => t.keys.some((k) => k.toLowerCase() === n)) ??
    cat.teams.find((t) => t.name.toLowerCase().includes(n) && n.length >= 2)
  );
}

export type NameKind = 'team' | 'player' | 'league' | 'anchor';

/** Every name of a kind the catalogue holds: what a typo is read against and near names come from. */
export function namesOf(cat: Catalogue, kind: NameKind): string[] {
  if (kind === 'team') return cat.teams.flatMap((t) => t.keys);
  if (kind === 'player') return [...cat.players.keys()];
  if (kind === 'league') return cat.leagues.map((l) => l.name);
  return cat.anchors.map((a) => a.name);
}
