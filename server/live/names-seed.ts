/**
 * Chinese names seeded for the leagues and clubs the app lists when api-sports is the source
 * (its names are English). Nami names its entities in Chinese already, so it needs none.
 * Ids are API-Football v3 / API-Basketball ids (docs/providers/api-sports.md).
 */
import type { EntityKind, ProviderName } from './providers';

export interface SeededName {
  provider: ProviderName;
  kind: EntityKind;
  providerId: string;
  nameZh: string;
  shortZh: string | null;
  providerName: string;
}

const league = (id: number, providerName: string, nameZh: string, shortZh: string): SeededName => ({
  provider: 'apisports',
  kind: 'league',
  providerId: String(id),
  nameZh,
  shortZh,
  providerName,
});
const club = (id: number, providerName: string, nameZh: string, shortZh: string | null = null): SeededName => ({
  provider: 'apisports',
  kind: 'team',
  providerId: String(id),
  nameZh,
  shortZh,
  providerName,
});

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
];
