/**
 * The three UEFA club competitions (2024 format): a 36-club league phase (欧冠 and 欧联 8 match
 * days, 欧会杯 6), then knockout rounds. Clubs come from the modelled leagues (`EUROPE_POOL`:
 * [league, count, skip] by the league list's order) and, for associations without a modelled
 * league, from the competition's own list (`EUROPE_OWN`: [name, association]). No club here shares
 * its name with a basketball club (凯尔特人, 费内巴切, 贝尔格莱德红星 …), so a name means one team.
 */
import type { LeagueSeed } from './leagues';

type Pool = NonNullable<LeagueSeed['pool']>;

export const EUROPE_POOL: Readonly<Record<7 | 25 | 26, Pool>> = {
  7: [
    [1, 6],
    [2, 5],
    [3, 4],
    [4, 4],
    [5, 3],
    [11, 2],
    [10, 2],
    [17, 1],
  ],
  25: [
    [1, 2, 6],
    [2, 2, 5],
    [3, 2, 4],
    [4, 2, 4],
    [5, 3, 3],
    [11, 2, 2],
    [10, 3, 2],
    [17, 1, 2],
    [20, 2, 1],
  ],
  26: [
    [1, 1, 8],
    [2, 1, 7],
    [3, 1, 6],
    [4, 1, 6],
    [5, 1, 6],
    [11, 1, 4],
    [10, 1, 5],
    [17, 1, 3],
    [20, 1, 3],
  ],
};

export const EUROPE_OWN: Readonly<Record<7 | 25 | 26, ReadonlyArray<readonly [string, string]>>> = {
  7: [
    ['布鲁日', 'BEL'],
    ['圣吉罗斯联合', 'BEL'],
    ['克卢日', 'ROU'],
    ['布拉格斯拉维亚', 'CZE'],
    ['哥本哈根', 'DEN'],
    ['博德闪耀', 'NOR'],
    ['卡拉巴赫', 'AZE'],
    ['帕福斯', 'CYP'],
    ['凯拉特', 'KAZ'],
  ],
  25: [
    ['萨尔茨堡红牛', 'AUT'],
    ['格拉茨风暴', 'AUT'],
    ['亨克', 'BEL'],
    ['费伦茨瓦罗斯', 'HUN'],
    ['中日德兰', 'DEN'],
    ['布加勒斯特星', 'ROU'],
    ['伏伊伏丁那', 'SRB'],
    ['巴塞尔', 'SUI'],
    ['年轻人', 'SUI'],
    ['帕纳辛奈科斯', 'GRE'],
    ['塞萨洛尼基', 'GRE'],
    ['比尔森胜利', 'CZE'],
    ['萨格勒布迪纳摩', 'CRO'],
    ['马尔默', 'SWE'],
    ['布兰', 'NOR'],
    ['海法马卡比', 'ISR'],
    ['卢多戈雷茨', 'BUL'],
  ],
  26: [
    ['顿涅茨克矿工', 'UKR'],
    ['基辅迪纳摩', 'UKR'],
    ['雅典AEK', 'GRE'],
    ['维也纳快速', 'AUT'],
    ['华沙莱吉亚', 'POL'],
    ['波兹南莱赫', 'POL'],
    ['比亚韦斯托克', 'POL'],
    ['琴斯托霍瓦', 'POL'],
    ['布拉格斯巴达', 'CZE'],
    ['奥洛穆茨', 'CZE'],
    ['布拉迪斯拉发斯洛万', 'SVK'],
    ['洛桑', 'SUI'],
    ['库奥皮奥', 'FIN'],
    ['什克恩迪亚', 'MKD'],
    ['德里塔', 'KOS'],
    ['哈姆伦', 'MLT'],
    ['谢尔本', 'IRL'],
    ['沙姆洛克流浪者', 'IRL'],
    ['诺阿', 'ARM'],
    ['奥莫尼亚', 'CYP'],
    ['拉纳卡AEK', 'CYP'],
    ['采列', 'SVN'],
    ['兹林斯基', 'BIH'],
    ['里耶卡', 'CRO'],
    ['布雷达布利克', 'ISL'],
    ['克拉约瓦大学', 'ROU'],
    ['哈肯', 'SWE'],
  ],
};

const h = (hh: number, mm = 0): number => hh * 60 + mm;

/** 欧联 and 欧会杯 (欧冠 sits with the leagues, id 7): Thursday nights, 00:45 and 03:00 北京时间. */
export function europeanCompetitions(): LeagueSeed[] {
  const thursday = (id: 25 | 26, name: string, letter: string, color: string, days: number): LeagueSeed => ({
    id,
    sport: 'zq',
    name,
    letter,
    color,
    seasonKind: 'split',
    cup: true,
    major: id === 25,
    windows: [
      [h(1, 45), h(1, 45)],
      [h(4), h(4)],
    ],
    perDay: [4, 9],
    leaguePhase: days,
    teams: EUROPE_OWN[id].map(([name]) => name),
    countries: EUROPE_OWN[id].map(([, country]) => country),
    pool: EUROPE_POOL[id],
  });
  return [thursday(25, '欧联', 'O', '#f68e00', 8), thursday(26, '欧会杯', 'O', '#19b24b', 6)];
}
