/**
 * Seed catalogue of leagues and teams (real names, in Chinese). Kick-off windows are Beijing
 * time (minutes after 00:00, UTC+8) where the league really plays, so that across all leagues
 * some match is live at any hour. Team order is rough strength order (first = strongest).
 */
import type { Sport } from '../../workers/protocol/index';

export interface LeagueSeed {
  id: number;
  sport: Sport;
  name: string;
  /** First letter of the league name's pinyin (filter groups). */
  letter: string;
  color: string;
  /** 'split' seasons (2026-2027) or 'calendar' seasons (2026). */
  seasonKind: 'split' | 'calendar';
  /** Knock-out cup: a draw after 90 minutes goes to extra time and penalties. */
  cup: boolean;
  /** Major league: on the 竞彩 / 北单 lists and featured more often. */
  major: boolean;
  /** Kick-off windows, Beijing minutes of the day [from, to]. */
  windows: ReadonlyArray<readonly [number, number]>;
  /** Matches per day [min, max]. */
  perDay: readonly [number, number];
  /** Basketball quarter length in minutes. */
  quarterMin?: number;
  /** Own teams, or for cups the leagues whose best teams take part. */
  teams: readonly string[];
  pool?: ReadonlyArray<readonly [leagueId: number, topN: number]>;
}

const h = (hh: number, mm = 0): number => hh * 60 + mm;

export const FOOTBALL_LEAGUES: readonly LeagueSeed[] = [
  {
    id: 1, sport: 'zq', name: '英超', letter: 'Y', color: '#3d195b', seasonKind: 'split', cup: false, major: true,
    windows: [[h(19, 30), h(23, 30)], [h(0), h(4)]], perDay: [8, 10],
    teams: ['阿森纳', '曼城', '利物浦', '切尔西', '曼联', '热刺', '纽卡斯尔联', '阿斯顿维拉', '布莱顿', '西汉姆联', '水晶宫', '富勒姆', '狼队', '埃弗顿', '布伦特福德', '诺丁汉森林', '伯恩茅斯', '利兹联', '伯恩利', '桑德兰'],
  },
  {
    id: 2, sport: 'zq', name: '西甲', letter: 'X', color: '#ee8707', seasonKind: 'split', cup: false, major: true,
    windows: [[h(20), h(23, 59)], [h(0), h(4)]], perDay: [8, 10],
    teams: ['皇家马德里', '巴塞罗那', '马德里竞技', '皇家社会', '毕尔巴鄂竞技', '比利亚雷亚尔', '皇家贝蒂斯', '塞维利亚', '瓦伦西亚', '赫罗纳', '奥萨苏纳', '塞尔塔', '马洛卡', '巴列卡诺', '赫塔费', '阿拉维斯', '西班牙人', '莱万特', '埃尔切', '皇家奥维耶多'],
  },
  {
    id: 3, sport: 'zq', name: '意甲', letter: 'Y', color: '#024494', seasonKind: 'split', cup: false, major: true,
    windows: [[h(18, 30), h(23, 59)], [h(0), h(3, 45)]], perDay: [8, 10],
    teams: ['国际米兰', 'AC米兰', '尤文图斯', '那不勒斯', '罗马', '拉齐奥', '亚特兰大', '佛罗伦萨', '博洛尼亚', '都灵', '乌迪内斯', '热那亚', '科莫', '卡利亚里', '莱切', '帕尔马', '维罗纳', '萨索洛', '比萨', '克雷莫纳'],
  },
  {
    id: 4, sport: 'zq', name: '德甲', letter: 'D', color: '#d20515', seasonKind: 'split', cup: false, major: true,
    windows: [[h(20, 30), h(23, 30)], [h(0), h(3, 30)]], perDay: [7, 9],
    teams: ['拜仁慕尼黑', '多特蒙德', '勒沃库森', '莱比锡红牛', '法兰克福', '斯图加特', '弗赖堡', '沃尔夫斯堡', '门兴格拉德巴赫', '霍芬海姆', '美因茨', '奥格斯堡', '云达不莱梅', '柏林联合', '海登海姆', '圣保利', '科隆', '汉堡'],
  },
  {
    id: 5, sport: 'zq', name: '法甲', letter: 'F', color: '#091c3e', seasonKind: 'split', cup: false, major: true,
    windows: [[h(20), h(23, 59)], [h(0), h(4)]], perDay: [7, 9],
    teams: ['巴黎圣日耳曼', '马赛', '摩纳哥', '里尔', '里昂', '尼斯', '朗斯', '雷恩', '斯特拉斯堡', '南特', '图卢兹', '布雷斯特', '欧塞尔', '昂热', '勒阿弗尔', '洛里昂', '巴黎FC', '梅斯'],
  },
  {
    id: 6, sport: 'zq', name: '中超', letter: 'Z', color: '#c8102e', seasonKind: 'calendar', cup: false, major: true,
    windows: [[h(15), h(20, 35)]], perDay: [6, 8],
    teams: ['上海海港', '上海申花', '成都蓉城', '北京国安', '山东泰山', '天津津门虎', '浙江队', '河南队', '长春亚泰', '青岛海牛', '武汉三镇', '深圳新鹏城', '青岛西海岸', '梅州客家', '大连英博', '云南玉昆'],
  },
  {
    id: 7, sport: 'zq', name: '欧冠', letter: 'O', color: '#0e1e5b', seasonKind: 'split', cup: true, major: true,
    windows: [[h(1, 45), h(1, 45)], [h(4), h(4)]], perDay: [4, 8],
    teams: [],
    pool: [[1, 6], [2, 5], [3, 5], [4, 4], [5, 3], [10, 3], [11, 3], [20, 3]],
  },
  {
    id: 8, sport: 'zq', name: '日职联', letter: 'R', color: '#e60012', seasonKind: 'calendar', cup: false, major: true,
    windows: [[h(12), h(18, 30)]], perDay: [7, 9],
    teams: ['神户胜利船', '广岛三箭', '町田泽维亚', '鹿岛鹿角', '柏太阳神', '浦和红钻', '川崎前锋', '横滨水手', '大阪钢巴', '名古屋鲸八', '东京FC', '东京绿茵', '清水心跳', '京都不死鸟', '福冈黄蜂', '冈山绿雉', '湘南比马', '新潟天鹅', '横滨FC', '大阪樱花'],
  },
  {
    id: 9, sport: 'zq', name: '韩K联', letter: 'H', color: '#1b3f8b', seasonKind: 'calendar', cup: false, major: true,
    windows: [[h(12), h(18, 30)]], perDay: [5, 6],
    teams: ['蔚山HD', '全北现代', '浦项制铁', '首尔FC', '江原FC', '金泉尚武', '水原FC', '济州联', '大邱FC', '光州FC', '大田市民', '安养FC'],
  },
  {
    id: 10, sport: 'zq', name: '荷甲', letter: 'H', color: '#ff6600', seasonKind: 'split', cup: false, major: true,
    windows: [[h(19, 30), h(23, 59)], [h(0), h(3, 30)]], perDay: [7, 9],
    teams: ['埃因霍温', '阿贾克斯', '费耶诺德', '阿尔克马尔', '特温特', '乌德勒支', '海伦芬', '奈梅亨', '格罗宁根', '鹿特丹斯巴达', '前进之鹰', '兹沃勒', '福伦丹', '赫拉克勒斯', '阿尔梅勒城', '精英队', '费内尔斯', '特尔斯达'],
  },
  {
    id: 11, sport: 'zq', name: '葡超', letter: 'P', color: '#00843d', seasonKind: 'split', cup: false, major: true,
    windows: [[h(22), h(23, 59)], [h(0), h(4, 30)]], perDay: [7, 9],
    teams: ['本菲卡', '波尔图', '葡萄牙体育', '布拉加', '吉马良斯', '卡萨皮亚', '圣克拉拉', '里奥阿维', '埃斯托里尔', '阿罗卡', '法马利卡奥', '吉尔维森特', '阿马多拉星', '莫雷伦斯', '国民队', '托德拉', '阿维斯', '阿尔维卡'],
  },
  {
    id: 12, sport: 'zq', name: '澳超', letter: 'A', color: '#ff8200', seasonKind: 'split', cup: false, major: true,
    windows: [[h(11, 30), h(17, 45)]], perDay: [5, 6],
    teams: ['墨尔本胜利', '悉尼FC', '中央海岸水手', '西悉尼流浪者', '阿德莱德联', '珀斯光荣', '布里斯班狮吼', '惠灵顿凤凰', '墨尔本城', '纽卡斯尔喷气机', '麦克阿瑟FC', '奥克兰FC'],
  },
  {
    id: 13, sport: 'zq', name: '美职联', letter: 'M', color: '#001f5b', seasonKind: 'calendar', cup: false, major: false,
    windows: [[h(6, 30), h(11, 30)]], perDay: [6, 8],
    teams: ['迈阿密国际', '洛杉矶FC', '洛杉矶银河', '西雅图海湾人', '纽约红牛', '纽约城', '亚特兰大联', '哥伦布机员', '辛辛那提', '费城联合', '奥兰多城', '波特兰伐木者', '温哥华白浪', '多伦多FC', '纳什维尔', '圣迭戈FC'],
  },
  {
    id: 14, sport: 'zq', name: '巴西甲', letter: 'B', color: '#009c3b', seasonKind: 'calendar', cup: false, major: false,
    windows: [[h(5), h(9, 30)]], perDay: [6, 8],
    teams: ['弗拉门戈', '帕尔梅拉斯', '博塔弗戈', '弗鲁米嫩塞', '圣保罗', '科林蒂安', '桑托斯', '格雷米奥', '国际体育会', '米内罗竞技', '克鲁塞罗', '瓦斯科达伽马', '巴伊亚', '福塔雷萨', '布拉甘蒂诺', '巴拉纳竞技'],
  },
  {
    id: 15, sport: 'zq', name: '墨超', letter: 'M', color: '#00684a', seasonKind: 'split', cup: false, major: false,
    windows: [[h(7), h(12)]], perDay: [5, 6],
    teams: ['美洲队', '蒙特雷', '老虎大学', '克鲁斯阿苏尔', '托卢卡', '瓜达拉哈拉', '美洲狮', '帕丘卡', '桑托斯拉古纳', '莱昂', '普埃布拉', '蒂华纳'],
  },
  {
    id: 16, sport: 'zq', name: '英冠', letter: 'Y', color: '#5b2c83', seasonKind: 'split', cup: false, major: false,
    windows: [[h(19, 30), h(23, 59)], [h(0), h(4)]], perDay: [6, 8],
    teams: ['莱斯特城', '伊普斯维奇', '南安普顿', '谢菲尔德联', '米德尔斯堡', '考文垂', '诺维奇', '西布朗', '斯托克城', '沃特福德', '赫尔城', '普雷斯顿', '布里斯托城', '米尔沃尔', '女王公园巡游者', '布莱克本'],
  },
  {
    id: 17, sport: 'zq', name: '土超', letter: 'T', color: '#e30a17', seasonKind: 'split', cup: false, major: false,
    windows: [[h(18), h(23, 59)], [h(0), h(2)]], perDay: [5, 6],
    teams: ['加拉塔萨雷', '费内巴切', '贝西克塔斯', '特拉布宗体育', '巴沙克塞希尔', '萨姆松体育', '科尼亚体育', '阿兰亚体育', '安塔利亚体育', '开塞利体育', '里泽体育', '哥兹泰佩'],
  },
  {
    id: 18, sport: 'zq', name: '沙特联', letter: 'S', color: '#006c35', seasonKind: 'split', cup: false, major: false,
    windows: [[h(21), h(23, 59)], [h(0), h(2)]], perDay: [4, 5],
    teams: ['利雅得新月', '利雅得胜利', '吉达联合', '吉达国民', '达曼协作', '利雅得青年', '塔亚文', '费哈', '哈萨德', '卡迪西亚'],
  },
  {
    id: 19, sport: 'zq', name: '中甲', letter: 'Z', color: '#a4262c', seasonKind: 'calendar', cup: false, major: false,
    windows: [[h(14), h(19, 35)]], perDay: [6, 8],
    teams: ['辽宁铁人', '重庆铜梁龙', '广州豹', '石家庄功夫', '上海嘉定汇龙', '南通支云', '大连鲲城', '广州队', '苏州东吴', '延边龙鼎', '南京城市', '陕西联合', '无锡吴钩', '黑龙江冰城', '大连K\'s', '青岛红狮'],
  },
  {
    id: 20, sport: 'zq', name: '苏超', letter: 'S', color: '#1c2d5a', seasonKind: 'split', cup: false, major: false,
    windows: [[h(19, 45), h(23, 59)], [h(0), h(3, 45)]], perDay: [4, 6],
    teams: ['凯尔特人', '流浪者', '哈茨', '阿伯丁', '希伯尼安', '邓迪联', '圣米伦', '基尔马诺克', '马瑟韦尔', '邓迪', '利文斯顿', '福尔柯克'],
  },
  {
    id: 21, sport: 'zq', name: '德乙', letter: 'D', color: '#7d7d7d', seasonKind: 'split', cup: false, major: false,
    windows: [[h(19, 30), h(23, 59)], [h(0), h(3, 30)]], perDay: [6, 8],
    teams: ['沙尔克04', '柏林赫塔', '凯泽斯劳滕', '汉诺威96', '杜塞尔多夫', '纽伦堡', '卡尔斯鲁厄', '帕德博恩', '达姆施塔特', '波鸿', '基尔', '马格德堡', '比勒费尔德', '布伦瑞克', '菲尔特', '明斯特'],
  },
  {
    id: 22, sport: 'zq', name: '意乙', letter: 'Y', color: '#00a651', seasonKind: 'split', cup: false, major: false,
    windows: [[h(19), h(23, 59)], [h(0), h(3, 30)]], perDay: [6, 8],
    teams: ['巴勒莫', '威尼斯', '蒙扎', '恩波利', '桑普多利亚', '巴里', '摩德纳', '斯佩齐亚', '切塞纳', '卡坦扎罗', '雷吉亚纳', '帕多瓦', '曼托瓦', '卡拉拉', '尤文斯塔比亚', '皮斯托亚'],
  },
  {
    id: 23, sport: 'zq', name: '阿甲', letter: 'A', color: '#75aadb', seasonKind: 'calendar', cup: false, major: false,
    windows: [[h(2), h(9)]], perDay: [6, 8],
    teams: ['河床', '博卡青年', '竞赛俱乐部', '独立队', '拉普拉塔大学生', '圣洛伦索', '罗萨里奥中央', '纽维尔老男孩', '萨斯菲尔德', '拉努斯', '阿根廷青年', '塔勒瑞斯', '贝尔格拉诺', '戈多伊克鲁斯', '班菲尔德', '飓风队'],
  },
  {
    id: 24, sport: 'zq', name: '俄超', letter: 'E', color: '#1f4e9c', seasonKind: 'split', cup: false, major: false,
    windows: [[h(16), h(23, 59)], [h(0), h(1)]], perDay: [6, 8],
    teams: ['泽尼特', '莫斯科斯巴达', '克拉斯诺达尔', '莫斯科火车头', '莫斯科迪纳摩', '莫斯科中央陆军', '罗斯托夫', '鲁宾喀山', '萨马拉之翼', '阿赫玛特', '新罗西斯克', '下诺夫哥罗德', '奥伦堡', '加里宁格勒波罗的海', '索契', '马哈奇卡拉迪纳摩'],
  },
];

export const BASKETBALL_LEAGUES: readonly LeagueSeed[] = [
  {
    id: 101, sport: 'lq', name: 'NBA', letter: 'N', color: '#c9082a', seasonKind: 'split', cup: false, major: true, quarterMin: 12,
    windows: [[h(7), h(11, 30)]], perDay: [10, 15],
    teams: ['凯尔特人', '雷霆', '掘金', '骑士', '尼克斯', '森林狼', '湖人', '勇士', '雄鹿', '独行侠', '太阳', '快船', '76人', '热火', '火箭', '灰熊', '步行者', '魔术', '国王', '老鹰', '公牛', '活塞', '马刺', '鹈鹕', '篮网', '猛龙', '开拓者', '爵士', '黄蜂', '奇才'],
  },
  {
    id: 102, sport: 'lq', name: 'CBA', letter: 'C', color: '#e30613', seasonKind: 'split', cup: false, major: true, quarterMin: 10,
    windows: [[h(15), h(15)], [h(19, 35), h(20, 0)]], perDay: [8, 10],
    teams: ['辽宁本钢', '广东宏远', '浙江广厦', '上海久事', '北京首钢', '新疆伊力特', '山东高速', '深圳马可波罗', '浙江方兴渡', '山西汾酒', '青岛国信海天', '广州龙狮', '北京控股', '天津先行者', '南京同曦', '吉林九台农商银行', '福建浔兴股份', '四川金强', '江苏肯帝亚', '宁波町渥'],
  },
  {
    id: 103, sport: 'lq', name: '欧洲篮球联赛', letter: 'O', color: '#f47b20', seasonKind: 'split', cup: false, major: true, quarterMin: 10,
    windows: [[h(0, 30), h(3, 45)]], perDay: [7, 9],
    teams: ['皇家马德里篮球', '巴塞罗那篮球', '费内巴切篮球', '阿纳多卢埃菲斯', '奥林匹亚科斯', '帕纳辛纳科斯', '摩纳哥篮球', '特拉维夫马卡比', '米兰奥林匹亚', '贝尔格莱德红星', '贝尔格莱德游击', '拜仁慕尼黑篮球', '考纳斯萨拉基利斯', '巴斯克尼亚', '巴黎篮球', '维勒班阿斯维尔', '瓦伦西亚篮球', '博洛尼亚维图斯'],
  },
  {
    id: 104, sport: 'lq', name: 'NCAA', letter: 'N', color: '#0a2240', seasonKind: 'split', cup: false, major: false, quarterMin: 10,
    windows: [[h(4), h(11)]], perDay: [8, 10],
    teams: ['杜克大学', '北卡罗来纳大学', '肯塔基大学', '堪萨斯大学', '冈萨加大学', '密歇根州立大学', '维拉诺瓦大学', '加州大学洛杉矶分校', '亚利桑那大学', '康涅狄格大学', '普渡大学', '休斯顿大学', '阿拉巴马大学', '田纳西大学', '贝勒大学', '德克萨斯大学', '印第安纳大学', '雪城大学', '奥本大学', '佛罗里达大学'],
  },
  {
    id: 105, sport: 'lq', name: '日本B联赛', letter: 'R', color: '#d7000f', seasonKind: 'split', cup: false, major: false, quarterMin: 10,
    windows: [[h(13), h(18, 5)]], perDay: [5, 6],
    teams: ['宇都宫皇者', '千叶喷射机', '琉球黄金国王', '川崎雷电', '东京阿尔瓦克', '名古屋钻石海豚', '岛根苏珊魔术', '广岛蜻蜓', '大阪进化', '三远凤凰', '群马疯狂飞翔', '横滨B军团'],
  },
  {
    id: 106, sport: 'lq', name: '韩篮甲', letter: 'H', color: '#004098', seasonKind: 'split', cup: false, major: false, quarterMin: 10,
    windows: [[h(13), h(18)]], perDay: [4, 5],
    teams: ['首尔SK骑士', '水原KT音速', '昌原LG猎鹰', '蔚山现代摩比斯', '安阳正官庄', '原州DB', '首尔三星', '高阳索诺', '大邱韩国燃气', '釜山KCC'],
  },
  {
    id: 107, sport: 'lq', name: '澳洲NBL', letter: 'A', color: '#ff5a00', seasonKind: 'split', cup: false, major: false, quarterMin: 10,
    windows: [[h(12), h(17, 30)]], perDay: [4, 5],
    teams: ['墨尔本联', '伊拉瓦拉鹰', '悉尼国王', '珀斯野猫', '东南墨尔本凤凰', '布里斯班子弹', '新西兰破坏者', '凯恩斯大班', '阿德莱德36人', '塔斯马尼亚杰克跳跃者'],
  },
  {
    id: 108, sport: 'lq', name: '土篮超', letter: 'T', color: '#b1002e', seasonKind: 'split', cup: false, major: false, quarterMin: 10,
    windows: [[h(20, 30), h(23, 59)], [h(0), h(1)]], perDay: [5, 6],
    teams: ['费内巴切', '阿纳多卢埃菲斯', '加拉塔萨雷篮球', '贝西克塔斯篮球', '图尔克铁路', '特克诺', '曼维斯', '布尔萨体育', '卡尔西亚卡', '达鲁沙法卡', '彼得洛夫', '梅尔辛'],
  },
  {
    id: 109, sport: 'lq', name: 'WCBA', letter: 'W', color: '#e4007f', seasonKind: 'split', cup: false, major: false, quarterMin: 10,
    windows: [[h(15), h(15)], [h(19, 30), h(20)]], perDay: [6, 8],
    teams: ['四川远达美乐', '内蒙古农信', '山西竹叶青酒', '北京首钢园', '新疆天山', '江苏南钢', '广东东莞新世纪', '浙江稠州银行', '上海浦发银行', '武汉盛帆', '石家庄英励', '山东高速女篮', '辽宁女篮', '天津女篮', '河南女篮', '厦门女篮'],
  },
];

export const ALL_LEAGUES: readonly LeagueSeed[] = [...FOOTBALL_LEAGUES, ...BASKETBALL_LEAGUES];

/** Bookmakers quoting odds (spec §3 odds rows: companyId, nameZh). */
export const BOOKMAKERS = [
  { id: 1, nameZh: '澳门' },
  { id: 2, nameZh: '皇冠' },
  { id: 3, nameZh: 'Bet365' },
  { id: 4, nameZh: '威廉希尔' },
  { id: 5, nameZh: '立博' },
  { id: 6, nameZh: '易胜博' },
  { id: 7, nameZh: '韦德' },
  { id: 8, nameZh: '12BET' },
] as const;

/** A team's id: league id × 100 + position in the league list (1-based). */
export const teamIdOf = (leagueId: number, index: number): number => leagueId * 100 + index + 1;

export interface TeamSeed {
  id: number;
  leagueId: number;
  sport: Sport;
  name: string;
  /** 40–95: drives the simulator's scoring and the odds. */
  strength: number;
  color: string;
  color2: string;
}

const PALETTE = ['#c8102e', '#0057b8', '#ffcd00', '#00843d', '#1d1d1b', '#6cabdd', '#7a263a', '#fdb913', '#034694', '#ef0107', '#5c2d91', '#e87722', '#00a650', '#241f20', '#d71920', '#132257'];

function teamsOf(league: LeagueSeed): TeamSeed[] {
  return league.teams.map((name, i) => {
    const id = teamIdOf(league.id, i);
    const base = league.major ? 88 : 78;
    return {
      id,
      leagueId: league.id,
      sport: league.sport,
      name,
      strength: Math.max(40, Math.round(base - (i * (base - 45)) / Math.max(1, league.teams.length - 1))),
      color: PALETTE[(id * 7) % PALETTE.length]!,
      color2: PALETTE[(id * 11 + 3) % PALETTE.length]!,
    };
  });
}

export const TEAMS: readonly TeamSeed[] = ALL_LEAGUES.flatMap(teamsOf);
export const TEAM_BY_ID: ReadonlyMap<number, TeamSeed> = new Map(TEAMS.map((t) => [t.id, t]));
export const LEAGUE_BY_ID: ReadonlyMap<number, LeagueSeed> = new Map(ALL_LEAGUES.map((l) => [l.id, l]));

/** The teams that may play in a league: its own, or for a cup the top N of each pooled league. */
export function leagueTeams(league: LeagueSeed): TeamSeed[] {
  if (!league.pool) return TEAMS.filter((t) => t.leagueId === league.id);
  return league.pool.flatMap(([lid, n]) => TEAMS.filter((t) => t.leagueId === lid).slice(0, n));
}

/** Season label for a league at a time (split seasons turn over in July). */
export function seasonOf(league: LeagueSeed, nowMs: number): string {
  const d = new Date(nowMs + 8 * 3600_000);
  const y = d.getUTCFullYear();
  if (league.seasonKind === 'calendar') return String(y);
  return d.getUTCMonth() >= 6 ? `${y}-${y + 1}` : `${y - 1}-${y}`;
}
