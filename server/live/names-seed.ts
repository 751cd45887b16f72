/**
 * Chinese names seeded for the leagues and clubs the app lists when api-sports is the source
 * (its names are English). Nami names its entities in Chinese already, so it needs none.
 * Ids are API-Football v3 (football) and API-Basketball (basketball) ids, each confirmed from a
 * recorded answer of the provider (docs/providers/api-sports.md, "Names"): a wrong id would give
 * one club another's name, so an id not seen in one is left out (operators add it).
 */
import type { Sport } from '../../workers/protocol/index';
import type { EntityKind, ProviderName } from './providers';

export interface SeededName {
  provider: ProviderName;
  /** The two sports are numbered apart: API-Football's league 12 is not API-Basketball's NBA. */
  sport: Sport;
  kind: EntityKind;
  providerId: string;
  nameZh: string;
  shortZh: string | null;
  providerName: string;
}

const named =
  (sport: Sport, kind: EntityKind) =>
  (id: number, providerName: string, nameZh: string, shortZh: string | null = null): SeededName => ({
    provider: 'apisports',
    sport,
    kind,
    providerId: String(id),
    nameZh,
    shortZh,
    providerName,
  });
const league = named('zq', 'league');
const club = named('zq', 'team');
const lqLeague = named('lq', 'league');
const lqTeam = named('lq', 'team');

export const NAME_SEED: readonly SeededName[] = [
  league(39, 'Premier League', '英格兰超级联赛', '英超'),
  league(140, 'La Liga', '西班牙甲级联赛', '西甲'),
  league(135, 'Serie A', '意大利甲级联赛', '意甲'),
  league(78, 'Bundesliga', '德国甲级联赛', '德甲'),
  league(61, 'Ligue 1', '法国甲级联赛', '法甲'),
  league(2, 'UEFA Champions League', '欧洲冠军联赛', '欧冠'),
  league(3, 'UEFA Europa League', '欧洲联赛', '欧联'),
  league(169, 'Super League', '中国足球协会超级联赛', '中超'),
  league(98, 'J1 League', '日本职业足球甲级联赛', '日职联'),
  league(292, 'K League 1', '韩国职业足球联赛', '韩K联'),
  league(88, 'Eredivisie', '荷兰甲级联赛', '荷甲'),
  league(94, 'Primeira Liga', '葡萄牙超级联赛', '葡超'),
  club(33, 'Manchester United', '曼联'),
  club(34, 'Newcastle', '纽卡斯尔联', '纽卡斯尔'),
  club(40, 'Liverpool', '利物浦'),
  club(42, 'Arsenal', '阿森纳'),
  club(47, 'Tottenham', '托特纳姆热刺', '热刺'),
  club(49, 'Chelsea', '切尔西'),
  club(50, 'Manchester City', '曼城'),
  club(66, 'Aston Villa', '阿斯顿维拉'),
  club(529, 'Barcelona', '巴塞罗那', '巴萨'),
  club(541, 'Real Madrid', '皇家马德里', '皇马'),
  club(530, 'Atletico Madrid', '马德里竞技', '马竞'),
  club(157, 'Bayern Munich', '拜仁慕尼黑', '拜仁'),
  club(165, 'Borussia Dortmund', '多特蒙德'),
  club(85, 'Paris Saint Germain', '巴黎圣日耳曼', '巴黎'),
  club(489, 'AC Milan', 'AC米兰'),
  club(505, 'Inter', '国际米兰', '国米'),
  club(496, 'Juventus', '尤文图斯', '尤文'),
  club(492, 'Napoli', '那不勒斯'),
  club(497, 'AS Roma', '罗马'),
  // The rest of the 2023-24 Premier League table (API-Football /standings?league=39&season=2023).
  club(48, 'West Ham', '西汉姆联', '西汉姆'),
  club(52, 'Crystal Palace', '水晶宫'),
  club(51, 'Brighton', '布莱顿'),
  club(35, 'Bournemouth', '伯恩茅斯'),
  club(36, 'Fulham', '富勒姆'),
  club(39, 'Wolves', '伍尔弗汉普顿流浪者', '狼队'),
  club(45, 'Everton', '埃弗顿'),
  club(55, 'Brentford', '布伦特福德'),
  club(65, 'Nottingham Forest', '诺丁汉森林'),
  club(1359, 'Luton', '卢顿'),
  club(44, 'Burnley', '伯恩利'),
  club(62, 'Sheffield Utd', '谢菲尔德联', '谢菲联'),
  // API-Basketball: the NBA and its 30 teams (/standings?league=12&season=2020-2021).
  lqLeague(12, 'NBA', '美国职业篮球联赛', 'NBA'),
  lqTeam(132, 'Atlanta Hawks', '亚特兰大老鹰', '老鹰'),
  lqTeam(133, 'Boston Celtics', '波士顿凯尔特人', '凯尔特人'),
  lqTeam(134, 'Brooklyn Nets', '布鲁克林篮网', '篮网'),
  lqTeam(135, 'Charlotte Hornets', '夏洛特黄蜂', '黄蜂'),
  lqTeam(136, 'Chicago Bulls', '芝加哥公牛', '公牛'),
  lqTeam(137, 'Cleveland Cavaliers', '克利夫兰骑士', '骑士'),
  lqTeam(138, 'Dallas Mavericks', '达拉斯独行侠', '独行侠'),
  lqTeam(139, 'Denver Nuggets', '丹佛掘金', '掘金'),
  lqTeam(140, 'Detroit Pistons', '底特律活塞', '活塞'),
  lqTeam(141, 'Golden State Warriors', '金州勇士', '勇士'),
  lqTeam(142, 'Houston Rockets', '休斯敦火箭', '火箭'),
  lqTeam(143, 'Indiana Pacers', '印第安纳步行者', '步行者'),
  lqTeam(144, 'Los Angeles Clippers', '洛杉矶快船', '快船'),
  lqTeam(145, 'Los Angeles Lakers', '洛杉矶湖人', '湖人'),
  lqTeam(146, 'Memphis Grizzlies', '孟菲斯灰熊', '灰熊'),
  lqTeam(147, 'Miami Heat', '迈阿密热火', '热火'),
  lqTeam(148, 'Milwaukee Bucks', '密尔沃基雄鹿', '雄鹿'),
  lqTeam(149, 'Minnesota Timberwolves', '明尼苏达森林狼', '森林狼'),
  lqTeam(150, 'New Orleans Pelicans', '新奥尔良鹈鹕', '鹈鹕'),
  lqTeam(151, 'New York Knicks', '纽约尼克斯', '尼克斯'),
  lqTeam(152, 'Oklahoma City Thunder', '俄克拉荷马城雷霆', '雷霆'),
  lqTeam(153, 'Orlando Magic', '奥兰多魔术', '魔术'),
  lqTeam(154, 'Philadelphia 76ers', '费城76人', '76人'),
  lqTeam(155, 'Phoenix Suns', '菲尼克斯太阳', '太阳'),
  lqTeam(156, 'Portland Trail Blazers', '波特兰开拓者', '开拓者'),
  lqTeam(157, 'Sacramento Kings', '萨克拉门托国王', '国王'),
  lqTeam(158, 'San Antonio Spurs', '圣安东尼奥马刺', '马刺'),
  lqTeam(159, 'Toronto Raptors', '多伦多猛龙', '猛龙'),
  lqTeam(160, 'Utah Jazz', '犹他爵士', '爵士'),
  lqTeam(161, 'Washington Wizards', '华盛顿奇才', '奇才'),
];
