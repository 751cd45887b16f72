/**
 * The demo world's first articles, circles and community posts, written for this project (the
 * clubs are the simulator's; the stories are invented). Seeded once, keyed by slug.
 */
export interface SeedArticle {
  slug: string;
  type: number;
  title: string;
  tags: string[];
  author: string;
  /** Hours before the seed time. */
  ageHours: number;
  pinned?: boolean;
  banner?: boolean;
  body: string;
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'seed-epl-arsenal-comeback',
    type: 1006,
    title: '战术课：两球落后时，阿森纳的换人预案',
    tags: ['英超', '阿森纳'],
    author: '球赛编辑部',
    ageHours: 2,
    pinned: true,
    banner: true,
    body: `落后时的换人，是阿森纳教练组在训练中反复演练的预案，而不是临场的赌博。

## 换人改变比赛
下半场过半仍然落后，教练组会**连换两人**，把边路速度型球员推上前场，让对手的边后卫不敢前插。右路传中找后点、角球争二点，是这套预案里最常用的两种得分方式。

## 替补席的价值
年轻中场替补登场后的任务很简单：在禁区弧顶接应回做，敢于起脚。

> 落后的时候只说一句话：继续踢自己的足球。——主教练

阿森纳的排名与积分，以数据库页的积分榜为准。`,
  },
  {
    slug: 'seed-csl-haigang-title',
    type: 1005,
    title: '中超风格观察：上海海港与山东泰山，两种打法的碰撞',
    tags: ['中超', '上海海港', '山东泰山'],
    author: '球赛编辑部',
    ageHours: 4,
    banner: true,
    body: `两队相遇，总是中超最受关注的对话之一。

## 两种打法
- 海港擅长快速转换，边路推进速度快
- 泰山依靠身体对抗和定位球制造威胁

## 看点
两队交手时，中场对抗往往决定比赛走势。双方的赛程、排名和交锋记录，以数据库页为准。`,
  },
  {
    slug: 'seed-laliga-madrid-derby',
    type: 1007,
    title: '战术板：皇马如何用高位逼抢锁死对手出球',
    tags: ['西甲', '皇家马德里'],
    author: '战术板',
    ageHours: 7,
    body: `面对喜欢从后场短传出球的对手，皇马常在开场阶段把比赛压在对方半场。

## 逼抢的触发点
每当对方中卫把球回传门将，皇马的两名前锋立刻分别封堵两侧中卫，中场球员压上盯住后腰。对手被迫长传，而长传落点附近早有两名皇马后卫等待。

## 代价
高位逼抢对体能消耗巨大，比赛进入最后半小时，压迫强度通常会明显下降，对手也往往在这段时间找到机会。

总体来看，这是一套**赢在开局**的打法。`,
  },
  {
    slug: 'seed-nba-lakers-streak',
    type: 1008,
    title: '湖人替补席观察：轮换终于找到答案了吗',
    tags: ['NBA', '湖人'],
    author: '篮球观察',
    ageHours: 3,
    banner: true,
    body: `湖人的替补席，是这个赛季被讨论最多的话题之一。

## 变化从哪里来
1. 第二阵容固定了控球后卫，球权分配更清晰
2. 外线投射更果断，替补阵容敢于出手三分
3. 防守端换防更坚决，对手二阵的失误明显增多

主教练赛后表示，轮换的稳定让主力球员的上场时间回到了更合理的区间，这对漫长的常规赛至关重要。`,
  },
  {
    slug: 'seed-cba-guangdong',
    type: 1009,
    title: 'CBA 战术观察：广东男篮的小阵容全场紧逼',
    tags: ['CBA', '广东'],
    author: '篮球观察',
    ageHours: 9,
    body: `落后追分时，广东常在末节换上更小的阵容，全场紧逼制造失误。

- 抢断之后的快攻，是这套阵容最主要的得分来源
- 核心后卫负责组织，同时是末节的第一得分点
- 紧逼消耗巨大，通常只在比赛最后几分钟使用

广东的战绩与排名，以数据库页的积分榜为准。`,
  },
  {
    slug: 'seed-transfer-window',
    type: 1010,
    title: '冬窗转会观察：五支球队最需要补强的位置',
    tags: ['转会', '冬窗'],
    author: '转会前线',
    ageHours: 12,
    body: `冬季转会窗口即将打开，各队的需求已经相当清晰。

## 需要补强的位置
1. **曼联：** 防守型中场，现有人员难以兼顾覆盖与出球
2. **切尔西：** 中锋，锋线缺少能背身拿球的支点
3. **巴塞罗那：** 右后卫，伤病让轮换捉襟见肘
4. **上海申花：** 左边锋，进攻过于依赖右路
5. **勇士：** 内线护框，篮板球劣势在季后赛会被放大

冬窗的操作往往受限于预算和球员意愿，租借与短期合同会是更常见的选择。`,
  },
  {
    slug: 'seed-football-youth',
    type: 1003,
    title: '青训观察：为什么越来越多的俱乐部把 U21 球员送去租借',
    tags: ['足球', '青训'],
    author: '球赛编辑部',
    ageHours: 20,
    body: `对 18 到 21 岁的球员来说，稳定的比赛时间往往比训练更重要。

## 租借的三种收益
- 球员获得一线队比赛经验
- 母队节省薪资并观察球员在压力下的表现
- 租借队以较低成本补充阵容

当然，租借也有风险：如果去了战术风格差异巨大的球队，球员可能整个赛季都坐在替补席上。因此越来越多的俱乐部开始设立专门的租借经理，定期跟踪外租球员的状态。`,
  },
  {
    slug: 'seed-basketball-threes',
    type: 1004,
    title: '数据说话：三分球出手占比十年翻倍，篮球比赛正在变成什么样',
    tags: ['篮球', '数据'],
    author: '篮球观察',
    ageHours: 26,
    body: `十年前，一支球队的三分出手大约占全部出手的 22%；如今这个数字已经超过 40%。

## 空间带来的变化
底角三分和突破分球成为最常见的进攻组合，中距离投篮的比例则持续下降。

## 防守的应对
越来越多的球队使用换防和延误，尽量不给外线留出空位。也有球队反其道而行，故意放投低命中率的射手，把防守力量集中在禁区。

篮球战术永远在进化，下一个十年会出现什么新潮流，值得期待。`,
  },
  {
    slug: 'seed-epl-city-injury',
    type: 1006,
    title: '曼城主力中场伤缺三周，双线作战考验阵容深度',
    tags: ['英超', '曼城'],
    author: '球赛编辑部',
    ageHours: 30,
    body: `俱乐部官方确认，主力中场在周中比赛中大腿后侧拉伤，预计缺阵约三周。

未来几周曼城将在联赛和欧冠双线作战。替补中场能否顶住压力，将直接影响球队在两条战线上的走势。

教练组表示会更多使用双后腰体系，减少单个中场球员的跑动负担。`,
  },
  {
    slug: 'seed-csl-young-striker',
    type: 1005,
    title: '中超新星：21 岁前锋的成长之路',
    tags: ['中超', '新星'],
    author: '球赛编辑部',
    ageHours: 40,
    body: `他在赛季初还只是替补，获得首发机会后再也没有离开过主力阵容。

## 技术特点
- 无球跑动积极，擅长在中卫身后寻找空当
- 左右脚均衡，禁区内射门选择果断
- 高点争顶一般，但善于抢第一落点

主教练评价他"每天训练结束后都会多练半小时射门"。如果保持这个势头，他有望入选下一期国家队集训名单。`,
  },
  {
    slug: 'seed-nba-rookie',
    type: 1008,
    title: '新秀观察：状元秀前 20 场的成长曲线',
    tags: ['NBA', '新秀'],
    author: '篮球观察',
    ageHours: 50,
    body: `状元秀的前 20 场比赛场均 16.8 分 7.1 篮板，命中率从前 10 场的 41% 提升到后 10 场的 48%。

## 进步最明显的地方
他开始减少勉强的中投，更多通过挡拆顺下和转换进攻得分。防守端，他的护框效率也在提升，场均封盖达到 1.6 次。

对一名 19 岁的球员来说，这样的适应速度令人期待。`,
  },
  {
    slug: 'seed-laliga-barca-academy',
    type: 1007,
    title: '巴萨青训再出天才：17 岁边锋首秀即送助攻',
    tags: ['西甲', '巴塞罗那', '青训'],
    author: '转会前线',
    ageHours: 60,
    body: `第 71 分钟替补登场，第 84 分钟就送出一次精妙的直塞助攻——这位 17 岁边锋的一线队首秀堪称完美。

他在青训营一路打上来，以盘带和视野著称。俱乐部已经开始与他商谈第一份职业合同，条款中预计包含高额解约金。`,
  },
];

export const SEED_CIRCLES = [
  {
    id: 1,
    name: '英超圈',
    kind: 'league',
    intro: '英超球迷的聚集地：赛后复盘、转会八卦、争冠讨论。',
    color: '#3d195b',
  },
  { id: 2, name: '西甲圈', kind: 'league', intro: '国家德比、青训天才与战术讨论。', color: '#ee8707' },
  { id: 3, name: '中超圈', kind: 'league', intro: '支持中国足球，从关注中超开始。', color: '#b2202a' },
  { id: 4, name: 'NBA圈', kind: 'league', intro: '季后赛预测、数据分析与球星动态。', color: '#17408b' },
  { id: 5, name: 'CBA圈', kind: 'league', intro: '家门口的篮球联赛，一起聊聊。', color: '#0b5fa5' },
  { id: 101, name: '阿森纳', kind: 'team', intro: '枪手球迷之家。', color: '#db0007' },
  { id: 102, name: '曼联', kind: 'team', intro: '红魔球迷讨论区。', color: '#da291c' },
  { id: 103, name: '皇家马德里', kind: 'team', intro: '银河战舰的球迷俱乐部。', color: '#febe10' },
  { id: 104, name: '上海海港', kind: 'team', intro: '海港球迷交流圈。', color: '#d71920' },
  { id: 105, name: '湖人', kind: 'team', intro: '紫金军团的每一场比赛。', color: '#552583' },
] as const;

export const SEED_AUTHORS = [
  { phone: '13800000101', nickName: '北看台老球迷' },
  { phone: '13800000102', nickName: '战术板小王' },
  { phone: '13800000103', nickName: '三分雨' },
  { phone: '13800000104', nickName: '海港十二号' },
] as const;

export interface SeedPost {
  author: number;
  circle: number;
  title: string;
  content: string;
  images: number;
  sport: 'zq' | 'lq';
  ageHours: number;
}

export const SEED_POSTS: readonly SeedPost[] = [
  {
    author: 0,
    circle: 101,
    title: '在现场看逆转，嗓子都喊哑了',
    content: '两球落后的时候身边好多人已经准备走了，结果最后时刻连续进球！替补上来的小将太冷静了，这个赛季有希望。',
    images: 3,
    sport: 'zq',
    ageHours: 1,
  },
  {
    author: 1,
    circle: 2,
    title: '皇马高位逼抢的几个细节',
    content:
      '翻了几场比赛的回放，皇马的逼抢大多是从对方中卫回传门将开始触发的，两名前锋的站位封死了短传线路。不过下半场体能下降后，逼抢明显松了。',
    images: 1,
    sport: 'zq',
    ageHours: 3,
  },
  {
    author: 2,
    circle: 4,
    title: '湖人替补席是真的支棱起来了',
    content: '第二阵容的控卫固定之后，球权清楚多了，替补上来也敢打了。大家觉得能保持到季后赛吗？',
    images: 2,
    sport: 'lq',
    ageHours: 5,
  },
  {
    author: 3,
    circle: 104,
    title: '新赛季季票开始登记了，北看台的举手',
    content: '季票登记已经开了，老位置继续！主场见，一起给球队喊起来。',
    images: 0,
    sport: 'zq',
    ageHours: 8,
  },
  {
    author: 0,
    circle: 1,
    title: '冬窗你们最希望自己主队买谁？',
    content: '我觉得最缺的是一个能扛的中锋，现在前场太依赖边路了。评论区说说你们的想法。',
    images: 0,
    sport: 'zq',
    ageHours: 12,
  },
  {
    author: 2,
    circle: 5,
    title: '广东末节那波全场紧逼太提气了',
    content: '换上小阵容全场紧逼，对手连续失误，这才是熟悉的广东。',
    images: 4,
    sport: 'lq',
    ageHours: 20,
  },
];
