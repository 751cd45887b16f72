/**
 * The assistant's typed tools: each one a query over the server's own data (the same
 * repository functions the live, AI and vlive pages use), with a JSON-schema description an LLM
 * can call by function calling, a zod parser for its arguments, and a result of plain facts plus
 * links to the app routes that show them. The default engine (engine.ts) calls them from its
 * parser; the chat-completions adapter (llm.ts) offers them to the model.
 */
import { z } from 'zod';
import { chinaDay, chinaWallClock, isLive, type ChatLink, type Sport } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { latestOdds, liveMatches, matchesOfDay, oddsMoves, teamMatches } from '../live/repository';
import { meetingsBefore, recentResults } from '../facts/team-results';
import { listSchedules } from '../vlive/catalog';
import { BOOKMAKERS, LEAGUE_BY_ID } from '../seed/leagues';
import type { AiService } from '../ai/service';
import { ChatText as T } from './text';
import { oddsCells } from './fact-text';
import { findLeague, findTeam, type Catalogue } from './catalogue';
import { createToolKit, mmdd, resultMark, type ChatTool, type ToolResult } from './tool-kit';
import { createFactTools } from './fact-tools';
import type { FactSources } from './fact-kit';

const name = z.string().trim().min(1).max(40);
const optName = name.optional();

/** What the one-fact tools read besides the database (the route passes the services the pages use). */
export interface ChatToolEnv {
  feedSeed: number;
  feedSpeed: number;
  oddsBoard?: FactSources['oddsBoard'];
  activity?: FactSources['activity'];
}

export function createChatTools(
  db: Db,
  ai: Pick<AiService, 'detail'>,
  now: () => number,
  cat: () => Promise<Catalogue>,
  env: ChatToolEnv = { feedSeed: 1, feedSpeed: 1 },
) {
  const kit = createToolKit(db, now);
  /** Without the live bodies (tests of the engine alone): the stored opening and latest lines. */
  const storedBoard: FactSources['oddsBoard'] = async (m, type) => {
    const latest = await latestOdds(db, m.id, type);
    const companies = [];
    for (const row of latest) {
      const open = (await oddsMoves(db, m.id, type, row.companyId)).at(-1) ?? row;
      const nameZh = BOOKMAKERS.find((b) => b.id === row.companyId)?.nameZh ?? `#${row.companyId}`;
      const line = (r: typeof row) => ({
        companyId: r.companyId,
        nameZh,
        left: r.left,
        middle: r.middle,
        right: r.right,
        at: r.at,
      });
      companies.push({ companyId: row.companyId, nameZh, open: line(open), live: line(row) });
    }
    return { matchId: m.id, type, companies };
  };
  const factTools = createFactTools({
    db,
    ai,
    now,
    cat,
    feedSeed: env.feedSeed,
    feedSpeed: env.feedSpeed,
    oddsBoard: env.oddsBoard ?? storedBoard,
    activity: env.activity ?? null,
  });

  /** A tool about one team the user names; an unknown name is answered plainly. */
  const oneTeamTool = (
    toolName: string,
    description: string,
    run: (c: Catalogue, t: Catalogue['teams'][number]) => Promise<ToolResult>,
  ): ChatTool<{ team: string }> => ({
    name: toolName,
    description,
    parameters: { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] },
    args: z.object({ team: name }),
    async run({ team }) {
      const c = await cat();
      const t = findTeam(c, team);
      return t ? run(c, t) : kit.unknownTeam(team);
    },
  });
  const liveMatchesTool: ChatTool<{ league?: string; sport?: Sport }> = {
    name: 'live_matches',
    description: '正在进行的比赛及实时比分，可按联赛或项目（zq 足球 / lq 篮球）筛选',
    parameters: {
      type: 'object',
      properties: {
        league: { type: 'string', description: '联赛名，如 英超、NBA' },
        sport: { type: 'string', enum: ['zq', 'lq'] },
      },
    },
    args: z.object({ league: optName, sport: z.enum(['zq', 'lq']).optional() }),
    async run({ league, sport }) {
      const c = await cat();
      const l = league ? findLeague(c, league) : undefined;
      if (league && !l) return kit.unknownLeague(league);
      const scope = l ? l.name : sport === 'zq' ? T.sportWord.zq : sport === 'lq' ? T.sportWord.lq : '';
      const ms = (await liveMatches(db, l?.sport ?? sport)).filter((m) => !l || m.leagueId === l.id);
      if (!ms.length) return kit.none(T.noLiveIn(scope), kit.sportLinks([]));
      const a = kit.listAnswer(c, T.live(ms.length, scope), ms);
      return { text: a.text, links: [...a.links, ...kit.sportLinks(ms)], found: true };
    },
  };

  const dayArgs = z.object({
    day_offset: z.number().int().min(-7).max(7),
    league: optName,
    team: optName,
    evening: z.boolean().optional(),
    label: z.string().trim().max(10).optional(),
  });
  const matchesOfDayTool: ChatTool<z.infer<typeof dayArgs>> = {
    name: 'matches_of_day',
    description: '某一天（北京时间，相对今天的天数）的赛程与结果，可按联赛或球队筛选；evening 只看 18 点以后',
    parameters: {
      type: 'object',
      properties: {
        day_offset: { type: 'integer', description: '0 今天，1 明天，-1 昨天' },
        league: { type: 'string' },
        team: { type: 'string' },
        evening: { type: 'boolean' },
        label: { type: 'string', description: '回答里对这一天的称呼，如 周六' },
      },
      required: ['day_offset'],
    },
    args: dayArgs,
    async run({ day_offset, league, team, evening, label }) {
      const c = await cat();
      const l = league ? findLeague(c, league) : undefined;
      if (league && !l) return kit.unknownLeague(league);
      const t = team ? findTeam(c, team) : undefined;
      if (team && !t) return kit.unknownTeam(team);
      const word = label || (evening && day_offset === 0 ? T.days.tonight : T.dayWord(day_offset));
      const day = chinaDay(now(), day_offset);
      let ms = [...(await matchesOfDay(db, 'zq', day)), ...(await matchesOfDay(db, 'lq', day))].filter(
        (m) => (!l || m.leagueId === l.id) && (!t || m.homeId === t.id || m.awayId === t.id),
      );
      if (evening) ms = ms.filter((m) => chinaWallClock(m.ot * 1000).getUTCHours() >= 18);
      ms.sort((a, b) => Number(isLive(b.sport, b.status)) - Number(isLive(a.sport, a.status)) || a.ot - b.ot);
      if (!ms.length) return kit.none(T.dayNone(word), kit.sportLinks([]));
      const a = kit.listAnswer(c, T.day(word, ms.length), ms);
      return { text: a.text, links: [...a.links, ...kit.sportLinks(ms)], found: true };
    },
  };

  const standingsTool: ChatTool<{ league: string }> = {
    name: 'standings',
    description: '联赛积分榜前 10 名（排名、场次、胜平负、积分）',
    parameters: { type: 'object', properties: { league: { type: 'string' } }, required: ['league'] },
    args: z.object({ league: name }),
    async run({ league }) {
      const c = await cat();
      const l = findLeague(c, league) ?? c.leagues.find((x) => x.id === findTeam(c, league)?.leagueId);
      if (!l) return kit.unknownLeague(league);
      const rows = await kit.leagueTable(l.id);
      if (!rows.length) return kit.none(T.standingsNone(l.name));
      const top = rows[0]!;
      const lq = l.sport === 'lq';
      const pct = (r: (typeof rows)[number]) =>
        r.win + r.loss > 0 ? `${((100 * r.win) / (r.win + r.loss)).toFixed(1)}%` : '-';
      const gb = (r: (typeof rows)[number]) => {
        const d = (top.win - r.win + (r.loss - top.loss)) / 2;
        return d <= 0 ? '-' : String(d);
      };
      // Basketball tables have no draws or points: 胜 负 胜率 胜场差.
      const lines = rows.map((r) =>
        lq
          ? T.lqStandingRow(r.rank, c.teamName.get(r.teamId) ?? '', r.win, r.loss, pct(r), gb(r))
          : T.standingRow(r.rank, c.teamName.get(r.teamId) ?? '', r.played, r.win, r.draw, r.loss, r.points),
      );
      const leader = lq
        ? T.lqLeader(l.name, c.teamName.get(top.teamId) ?? '', top.win, top.loss)
        : T.zqLeader(l.name, c.teamName.get(top.teamId) ?? '', top.points);
      // The league's page in 数据库 (the same table) and the leader's next match.
      const next = await teamMatches(db, rows[0]!.teamId, 'upcoming', kit.nowS(), 1);
      const page = LEAGUE_BY_ID.has(l.id)
        ? [{ label: T.linkStandings(l.name), href: `/database/detail${l.sport === 'lq' ? '/lq' : ''}?id=${l.id}` }]
        : [];
      return {
        text: [leader, lq ? T.lqStandings(l.name) : T.standings(l.name), ...lines].join('\n'),
        links: [...page, ...next.map((m) => kit.matchLink(c, m)), ...kit.sportLinks([])],
        found: true,
      };
    },
  };

  const teamTool = oneTeamTool(
    'team_overview',
    '一支球队：正在进行的比赛与比分、下一场比赛、最近 5 场战绩（W/D/L）',
    async (c, t) => {
      const live = (await liveMatches(db)).filter((m) => m.homeId === t.id || m.awayId === t.id);
      const next = await teamMatches(db, t.id, 'upcoming', kit.nowS(), 1);
      const last = await recentResults(db, t.id, kit.nowS() + 1, 5);
      const lines: string[] = [];
      const links: ChatLink[] = [];
      for (const m of live) {
        lines.push(T.teamLive(t.name), `· ${kit.matchLine(c, m)}`);
        links.push(kit.matchLink(c, m));
      }
      if (next[0]) {
        lines.push(T.teamNext(t.name), `· ${mmdd(next[0].ot * 1000)} ${kit.matchLine(c, next[0])}`);
        links.push(kit.matchLink(c, next[0]));
      } else if (!live.length) lines.push(T.teamNoNext(t.name));
      if (last.length) {
        const form = last.map((m) => resultMark(m.score, m.homeId === t.id)).join('');
        lines.push(T.teamForm(t.name, form), `· ${kit.matchLine(c, last[0]!)}`);
        links.push(kit.matchLink(c, last[0]!));
      } else lines.push(T.teamNoForm(t.name));
      return { text: lines.join('\n'), links, found: live.length + next.length + last.length > 0 };
    },
  );

  const h2hTool: ChatTool<{ team_a: string; team_b: string }> = {
    name: 'head_to_head',
    description: '两支球队最近 5 次已结束的交锋',
    parameters: {
      type: 'object',
      properties: { team_a: { type: 'string' }, team_b: { type: 'string' } },
      required: ['team_a', 'team_b'],
    },
    args: z.object({ team_a: name, team_b: name }),
    async run({ team_a, team_b }) {
      const c = await cat();
      const a = findTeam(c, team_a);
      const b = findTeam(c, team_b);
      if (!a) return kit.unknownTeam(team_a);
      if (!b) return kit.unknownTeam(team_b);
      // Stored and played-out meetings alike, as the match 分析 lists them.
      const finished = await meetingsBefore(db, { id: 0, homeId: a.id, awayId: b.id, ot: kit.nowS() + 1 }, 5);
      if (!finished.length) return kit.none(T.h2hNone(a.name, b.name));
      return { ...kit.listAnswer(c, T.h2h(a.name, b.name, finished.length), finished), found: true };
    },
  };

  const predictionTool: ChatTool<{ team: string; opponent?: string }> = {
    name: 'match_prediction',
    description: '一支球队下一场未开赛足球比赛的 AI 预测（主胜/平/客胜概率与最可能比分），是概率不是承诺',
    parameters: {
      type: 'object',
      properties: { team: { type: 'string' }, opponent: { type: 'string' } },
      required: ['team'],
    },
    args: z.object({ team: name, opponent: optName }),
    async run({ team, opponent }) {
      const c = await cat();
      const t = findTeam(c, team);
      if (!t) return kit.unknownTeam(team);
      const o = opponent ? findTeam(c, opponent) : undefined;
      const aiLink = { label: T.linkAi, href: '/live/ai' };
      const next = (await teamMatches(db, t.id, 'upcoming', kit.nowS(), 5)).find(
        (m) => m.sport === 'zq' && (!o || [m.homeId, m.awayId].includes(o.id)),
      );
      const detail = next ? await ai.detail(next.id) : null;
      if (!next || !detail) return kit.none(T.predictionNone(t.name), [aiLink]);
      const pct = (x: number) => Math.round(x * 100);
      return {
        text: T.prediction(
          detail.home.name,
          detail.away.name,
          pct(detail.pHome),
          pct(detail.pDraw),
          pct(detail.pAway),
          `${detail.score[0]}-${detail.score[1]}`,
        ),
        links: [kit.matchLink(c, next), aiLink],
        found: true,
      };
    },
  };

  const oddsTool = oneTeamTool(
    'odds_movement',
    '一支球队正在进行或下一场比赛的欧赔（胜/平/负）变化：每家公司的初盘与即时盘',
    async (c, t) => {
      const m = await kit.currentOrNext(t.id);
      if (!m) return kit.none(T.teamNoNext(t.name));
      const home = c.teamName.get(m.homeId) ?? '';
      const away = c.teamName.get(m.awayId) ?? '';
      const latest = await latestOdds(db, m.id, 2);
      if (!latest.length) return kit.none(T.oddsNone(home, away), [kit.matchLink(c, m)]);
      const lines = [T.odds(home, away, t.sport === 'lq')];
      const arrow = (a: number, b: number) => (b > a ? '↑' : b < a ? '↓' : '');
      for (const row of latest.slice(0, 4)) {
        const moves = await oddsMoves(db, m.id, 2, row.companyId);
        const open = moves.at(-1) ?? row;
        const company = BOOKMAKERS.find((b) => b.id === row.companyId)?.nameZh ?? `#${row.companyId}`;
        const before = [open.left, open.middle, open.right];
        const now = [row.left, row.middle, row.right];
        lines.push(
          T.oddsRow(
            company,
            oddsCells(t.sport, 'euro', before),
            oddsCells(t.sport, 'euro', now, (i) => arrow(before[i]!, now[i]!)),
          ),
        );
      }
      return {
        text: lines.join('\n'),
        links: [kit.matchLink(c, m)],
        found: true,
      };
    },
  );

  const anchorTool: ChatTool<{ anchor?: string }> = {
    name: 'anchor_schedule',
    description: '主播接下来的直播安排（标题、开始时间、直播间）；不填主播则列出最近的安排',
    parameters: { type: 'object', properties: { anchor: { type: 'string' } } },
    args: z.object({ anchor: optName }),
    async run({ anchor }) {
      const c = await cat();
      const a = anchor ? c.anchors.find((x) => x.name === anchor.trim()) : undefined;
      if (anchor && !a) return kit.none(T.noSuchAnchor(anchor));
      const rows = (await listSchedules(db, null, now(), { limit: 200 })).filter((s) => !a || s.anchorName === a.name);
      const shown = rows.slice(0, 5);
      if (!shown.length)
        return kit.none(a ? T.anchorNone(a.name) : T.anchorsNone, [{ label: T.linkVlive, href: '/vlive/0' }]);
      const when = (ms: number) => chinaWallClock(ms).toISOString().slice(5, 16).replace('T', ' ');
      const lines = [
        a ? T.anchorHead(a.name) : T.anchorsHead,
        ...shown.map((s) => T.anchorRow(when(s.startsAt), s.anchorName, s.title)),
      ];
      const links = shown
        .filter((s, i, all) => all.findIndex((x) => x.roomId === s.roomId) === i)
        .map((s) => ({ label: T.linkRoom(s.anchorName), href: `/vlive/detail/${s.roomId}` }));
      return { text: lines.join('\n'), links, found: true };
    },
  };

  const tools = [
    liveMatchesTool,
    matchesOfDayTool,
    standingsTool,
    teamTool,
    h2hTool,
    predictionTool,
    oddsTool,
    anchorTool,
    ...factTools,
  ] as ChatTool[];
  return {
    list: tools,
    byName: new Map(tools.map((t) => [t.name, t])),
    /** Runs a tool by name with untrusted arguments (from a model): invalid ones are a plain answer. */
    async call(toolName: string, args: unknown): Promise<ToolResult> {
      const tool = tools.find((t) => t.name === toolName);
      if (!tool) return kit.none(T.noSuchTool(toolName));
      const parsed = tool.args.safeParse(args);
      if (!parsed.success) return kit.none(T.badToolArgs(toolName));
      return tool.run(parsed.data);
    },
  };
}

export type ChatTools = ReturnType<typeof createChatTools>;
