/** Chinese text of the ChatGPT assistant: answer templates and refusals (one place). */
export const ChatText = {
  empty: '请输入问题',
  tooLong: (max: number) => `问题不能超过 ${max} 个字`,
  control: '问题不能包含控制字符',
  badHistory: '对话记录太长',
  failed: '回答失败，请稍后再试',
  limited: (n: number) => `提问太频繁：每小时最多 ${n} 个问题，请稍后再试`,
  betting: '我不能承诺任何比赛结果或投注收益。比赛充满不确定性，AI 预测只是基于数据的概率参考，请理性看球。',
  unknown:
    '抱歉，这个问题我在应用的数据里找不到答案。你可以问我：今天有哪些比赛正在进行、明天的比赛、英超积分榜、某支球队的近况、两队交锋、赔率变化、某场比赛的 AI 预测，或主播的直播安排。',
  noLive: '现在没有正在进行的比赛。',
  noLiveIn: (scope: string) => `现在没有正在进行的${scope}比赛。`,
  live: (n: number, scope = '') => `现在有 ${n} 场${scope}比赛正在进行。`,
  sportWord: { zq: '足球', lq: '篮球' },
  dayNone: (day: string) => `${day}没有找到比赛。`,
  day: (day: string, n: number) => `${day}共有 ${n} 场比赛，其中：`,
  more: (n: number) => `……另有 ${n} 场，可在比分页查看。`,
  standingsNone: (league: string) => `暂时没有${league}的积分榜数据。`,
  lqStandings: (league: string) => `${league}排名（前 10 名）：`,
  standings: (league: string) => `${league}积分榜（前 10 名）：`,
  zqLeader: (league: string, team: string, pts: number) => `${league}积分榜第 1 名是${team}，积 ${pts} 分。`,
  lqLeader: (league: string, team: string, w: number, l: number) => `${league}排名第 1 的是${team}，${w} 胜 ${l} 负。`,
  lqStandingRow: (rank: number, team: string, w: number, l: number, pct: string, gb: string) =>
    `${rank}. ${team}  ${w} 胜 ${l} 负  胜率 ${pct}  胜场差 ${gb}`,
  standingRow: (rank: number, team: string, played: number, w: number, d: number, l: number, pts: number) =>
    `${rank}. ${team}  ${played} 场 ${w} 胜 ${d} 平 ${l} 负  ${pts} 分`,
  teamLive: (team: string) => `${team}正在比赛：`,
  teamNext: (team: string) => `${team}的下一场比赛：`,
  teamNoNext: (team: string) => `暂时没有${team}接下来的赛程。`,
  teamForm: (team: string, form: string) => `${team}最近 ${form.length} 场：${form}（胜 W / 平 D / 负 L）`,
  teamNoForm: (team: string) => `暂时没有${team}已结束的比赛记录。`,
  h2hNone: (a: string, b: string) => `没有找到${a}和${b}的交锋记录。`,
  h2h: (a: string, b: string, n: number) => `${a}和${b}最近 ${n} 次交锋：`,
  predictionNone: (team: string) => `${team}接下来没有可预测的足球比赛（AI 预测只覆盖未开赛的足球比赛）。`,
  prediction: (home: string, away: string, ph: number, pd: number, pa: number, score: string) =>
    `AI 预测 ${home} vs ${away}：主胜 ${ph}%，平局 ${pd}%，客胜 ${pa}%，最可能比分 ${score}。这是基于历史数据的概率，不是结果承诺。`,
  needTeam: '请告诉我想问哪支球队或哪场比赛，例如：“英超积分榜”“阿森纳下一场什么时候”。',
  noSuchTeam: (name: string) => `没有找到名为“${name}”的球队。`,
  noSuchLeague: (name: string) => `没有找到名为“${name}”的联赛。`,
  noSuchAnchor: (name: string) => `没有找到名为“${name}”的主播。`,
  noSuchTool: (name: string) => `没有名为 ${name} 的数据查询。`,
  badToolArgs: (name: string) => `数据查询 ${name} 的参数不正确。`,
  dayWord: (offset: number) =>
    (({ [-1]: '昨天', 0: '今天', 1: '明天', 2: '后天' }) as Record<number, string>)[offset] ??
    (offset < 0 ? `${-offset} 天前` : `${offset} 天后`),
  odds: (home: string, away: string) => `${home} vs ${away} 欧赔（主胜/平/客胜，初盘 → 即时）：`,
  oddsRow: (company: string, open: number[], live: number[]) => {
    const arrow = (a: number, b: number) => (b > a ? '↑' : b < a ? '↓' : '');
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
    const moved = live.map((x, i) => `${x.toFixed(2)}${arrow(open[i]!, x)}`).join(' / ');
    return `· ${company}：${fmt(open)} → ${moved}`;
  },
  oddsNone: (home: string, away: string) => `${home} vs ${away} 暂时没有赔率数据。`,
  anchorHead: (name: string) => `${name}接下来的直播安排：`,
  anchorsHead: '最近的主播直播安排：',
  anchorRow: (when: string, anchor: string, title: string) => `· ${when} ${anchor}：${title}`,
  anchorNone: (name: string) => `${name}暂时没有直播安排。`,
  anchorsNone: '暂时没有主播直播安排。',
  linkStandings: (league: string) => `${league}积分榜`,
  linkRoom: (anchor: string) => `${anchor}的直播间`,
  linkVlive: '直播',
  linkMatch: (home: string, away: string) => `${home} vs ${away}`,
  linkLiveZq: '足球比分',
  linkLiveLq: '篮球比分',
  linkAi: 'AI 预测',
  llmSystem:
    '你是球赛直播应用的中文助手。先调用提供的数据查询工具，只能根据工具返回的应用数据回答，不要编造数据，不要说出工具结果里没有的数字；数据里没有的就直说没有，找不到的名字就照工具的话说找不到并给出相近的名字。第一句话就是所问的事实（例如“第 3 名，积 17 分”），再补充。不要承诺比赛结果或投注收益。回答简洁。',
  days: { today: '今天', tonight: '今晚', tomorrow: '明天', yesterday: '昨天', dayAfter: '后天' },
  statusLive: '进行中',
  statusDone: '已结束',
  statusUpcoming: '未开赛',
} as const;
