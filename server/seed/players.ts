/**
 * Generated squads: names in Chinese in the style of the club's country (Chinese teams get
 * Chinese names, Japanese and Korean clubs local-style names, others transliterations),
 * positions, shirt numbers and ages. Deterministic per team id and FEED_SEED.
 */
import { rngFor, type Rng } from './rng';
import type { TeamSeed } from './leagues';

export interface PlayerSeed {
  id: number;
  teamId: number;
  name: string;
  /** Football: 门将/后卫/中场/前锋; basketball: 控球后卫/得分后卫/小前锋/大前锋/中锋. */
  position: string;
  number: number;
  age: number;
}

const CN_SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
  '梁',
  '宋',
  '郑',
  '谢',
  '韩',
  '唐',
  '冯',
  '于',
  '董',
  '萧',
  '程',
  '曹',
  '袁',
  '邓',
  '许',
  '傅',
  '沈',
  '曾',
  '彭',
  '吕',
];
const CN_GIVEN = [
  '伟',
  '磊',
  '浩',
  '鹏',
  '杰',
  '涛',
  '超',
  '明',
  '军',
  '强',
  '宇',
  '航',
  '博',
  '文',
  '俊',
  '毅',
  '凯',
  '翔',
  '帅',
  '辉',
  '晨',
  '阳',
  '昊',
  '天',
  '子',
  '嘉',
  '乐',
  '振',
  '海',
  '峰',
  '越',
  '松',
  '睿',
  '琦',
  '健',
  '彬',
  '龙',
  '亮',
  '旭',
  '智',
];
const JP_SURNAMES = [
  '佐藤',
  '铃木',
  '高桥',
  '田中',
  '渡边',
  '伊藤',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '松本',
  '井上',
  '木村',
  '清水',
  '森',
  '长谷川',
  '斋藤',
  '藤田',
];
const JP_GIVEN = [
  '翔太',
  '大辉',
  '拓海',
  '健太',
  '航',
  '莲',
  '悠人',
  '阳斗',
  '大和',
  '凉',
  '翼',
  '隼人',
  '圭佑',
  '真司',
  '优',
  '亮太',
  '和也',
  '直树',
  '诚',
  '雄大',
];
const KR_SURNAMES = ['金', '李', '朴', '崔', '郑', '姜', '赵', '尹', '张', '林', '韩', '吴', '徐', '申', '权'];
const KR_GIVEN = [
  '敏宰',
  '兴民',
  '昇佑',
  '在成',
  '贤秀',
  '英权',
  '东俊',
  '成勋',
  '志勋',
  '俊浩',
  '泰焕',
  '相旭',
  '宰源',
  '珉奎',
  '胜浩',
];
const WEST_GIVEN = [
  '卢卡斯',
  '马特奥',
  '丹尼尔',
  '亚历山大',
  '托马斯',
  '马库斯',
  '凯文',
  '安德烈',
  '布鲁诺',
  '迭戈',
  '卡洛斯',
  '路易斯',
  '大卫',
  '詹姆斯',
  '杰克',
  '哈里',
  '克里斯蒂安',
  '费德里科',
  '尼古拉斯',
  '拉斐尔',
  '马克',
  '乔纳森',
  '塞巴斯蒂安',
  '维克多',
  '伊万',
  '安东尼',
  '雨果',
  '米格尔',
  '胡安',
  '保罗',
  '本杰明',
  '西蒙',
  '马蒂亚斯',
  '约书亚',
  '泰勒',
  '德文',
  '贾马尔',
  '凯尔',
  '布兰登',
  '伊桑',
];
const WEST_SURNAMES = [
  '马丁内斯',
  '罗德里格斯',
  '席尔瓦',
  '桑托斯',
  '费尔南德斯',
  '史密斯',
  '约翰逊',
  '威廉姆斯',
  '布朗',
  '穆勒',
  '施密特',
  '罗西',
  '贝尔纳迪',
  '杜邦',
  '莫罗',
  '德容',
  '范德贝克',
  '冈萨雷斯',
  '佩雷斯',
  '洛佩斯',
  '加西亚',
  '科斯塔',
  '佩雷拉',
  '奥利维拉',
  '霍夫曼',
  '克劳斯',
  '瓦格纳',
  '里奇',
  '科隆博',
  '勒布朗',
  '贝尔纳',
  '琼斯',
  '戴维斯',
  '米勒',
  '威尔逊',
  '安德森',
  '汤普森',
  '怀特',
  '哈里斯',
  '克拉克',
  '刘易斯',
  '沃克',
  '格林',
  '亚当斯',
  '贝克',
  '尼尔森',
  '卡特',
  '米切尔',
  '罗伯茨',
  '菲利普斯',
];

type Style = 'cn' | 'jp' | 'kr' | 'west';
const STYLE_BY_LEAGUE: Record<number, Style> = { 6: 'cn', 19: 'cn', 102: 'cn', 8: 'jp', 105: 'jp', 9: 'kr', 106: 'kr' };

function personName(style: Style, r: Rng): string {
  switch (style) {
    case 'cn':
      return r.pick(CN_SURNAMES) + r.pick(CN_GIVEN) + (r.chance(0.6) ? r.pick(CN_GIVEN) : '');
    case 'jp':
      return r.pick(JP_SURNAMES) + r.pick(JP_GIVEN);
    case 'kr':
      return r.pick(KR_SURNAMES) + r.pick(KR_GIVEN);
    default:
      return `${r.pick(WEST_GIVEN)}·${r.pick(WEST_SURNAMES)}`;
  }
}

const FOOTBALL_SQUAD: ReadonlyArray<readonly [string, number]> = [
  ['门将', 3],
  ['后卫', 8],
  ['中场', 8],
  ['前锋', 5],
];
const BASKETBALL_SQUAD: ReadonlyArray<readonly [string, number]> = [
  ['控球后卫', 3],
  ['得分后卫', 3],
  ['小前锋', 2],
  ['大前锋', 2],
  ['中锋', 3],
];

/** A team's squad; ids are team id × 100 + index, ordered by position then starters first. */
export function squadOf(team: TeamSeed, seed: number): PlayerSeed[] {
  const r = rngFor(seed, 'squad', team.id);
  const style: Style = team.sport === 'zq' && team.leagueId === 7 ? 'west' : (STYLE_BY_LEAGUE[team.leagueId] ?? 'west');
  const shape = team.sport === 'zq' ? FOOTBALL_SQUAD : BASKETBALL_SQUAD;
  const used = new Set<number>();
  const names = new Set<string>();
  const players: PlayerSeed[] = [];
  for (const [position, count] of shape) {
    for (let i = 0; i < count; i++) {
      let number = 0;
      const preferred =
        team.sport === 'zq'
          ? {
              门将: [1, 12, 25, 30],
              后卫: [2, 3, 4, 5, 6, 15, 22, 24],
              中场: [8, 10, 14, 16, 17, 18, 20, 21],
              前锋: [7, 9, 11, 19, 23],
            }[position]
          : undefined;
      const candidates = (preferred ?? []).filter((n) => !used.has(n));
      number = candidates.length > 0 && r.chance(0.8) ? candidates[0]! : r.int(1, team.sport === 'zq' ? 45 : 55);
      while (used.has(number)) number = (number % 99) + 1;
      used.add(number);
      let name = personName(style, r);
      while (names.has(name)) name = personName(style, r);
      names.add(name);
      players.push({
        id: team.id * 100 + players.length + 1,
        teamId: team.id,
        name,
        position,
        number,
        age: r.int(18, 35),
      });
    }
  }
  return players;
}
