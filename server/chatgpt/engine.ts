/**
 * The assistant's default engine: no network. An intent and entity parser (league and team
 * names with common short forms, anchors, day words such as 今天/今晚/明天/周六) picks one of the
 * typed tools (tools.ts) over the server's own data and answers with its facts, which are
 * phrased as answer templates. Every answer carries links to the app routes that show them.
 */
import { chinaDay, type ChatAnswer, type ChatLink } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { AiService } from '../ai/service';
import { ChatText as T } from './text';
import { LEAGUE_ALIASES, loadCatalogue, type Catalogue } from './catalogue';
import { createChatTools, type ChatTools } from './tools';

const BETTING =
  /稳赢|必胜|包赢|包中|必中|稳胆|保本|稳赚|保证.{0,6}赢|一定.{0,4}赢|肯定.{0,4}赢|买什么|怎么买|下注|投注/;

export interface Parsed {
  intent: 'betting' | 'standings' | 'h2h' | 'prediction' | 'odds' | 'anchor' | 'live' | 'day' | 'team' | 'unknown';
  leagueIds: number[];
  teamIds: number[];
  anchorIds: number[];
  /** Day offset from today (China time), if a day word was found. */
  dayOffset: number | null;
  dayWord: string | null;
}

export interface Retrieved {
  parsed: Parsed;
  /** The answer text (template) — also the facts handed to an LLM. */
  text: string;
  links: ChatLink[];
  /** The tool the engine called (none for refusals and questions it cannot place). */
  tool: string | null;
}

const WEEKDAYS = '一二三四五六日天';
/** Day words → offset from `todayWeekday` (0 = Sunday … 6 = Saturday). */
export function parseDay(q: string, todayWeekday: number): { offset: number; word: string } | null {
  if (/今晚|今夜/.test(q)) return { offset: 0, word: T.days.tonight };
  if (/今天|今日/.test(q)) return { offset: 0, word: T.days.today };
  if (/明天|明日|明晚/.test(q)) return { offset: 1, word: T.days.tomorrow };
  if (/后天/.test(q)) return { offset: 2, word: T.days.dayAfter };
  if (/昨天|昨日|昨晚/.test(q)) return { offset: -1, word: T.days.yesterday };
  const m = /(?:周|星期|礼拜)([一二三四五六日天])/.exec(q);
  if (m) {
    const idx = WEEKDAYS.indexOf(m[1]!);
    const target = idx >= 6 ? 0 : idx + 1;
    const offset = (target - todayWeekday + 7) % 7;
    return { offset, word: `周${m[1] === '天' ? '日' : m[1]}` };
  }
  return null;
}

export function createChatEngine(db: Db, ai: Pick<AiService, 'detail'>, now: () => number) {
  let catalogue: Promise<Catalogue> | null = null;
  const cat = (): Promise<Catalogue> =>
    (catalogue ??= loadCatalogue(db).catch((err: unknown) => {
      catalogue = null;
      throw err;
    }));
  const tools: ChatTools = createChatTools(db, ai, now, cat);

  function parse(question: string, c: Catalogue): Parsed {
    let q = question.replace(/\s+/g, '');
    for (const [long, short] of Object.entries(LEAGUE_ALIASES).sort((a, b) => b[0].length - a[0].length))
      q = q.replaceAll(long, short);
    // Longest names first, and each stretch of the question used once, so '英超' is not also '英'.
    const leagueIds: number[] = [];
    let rest = q;
    for (const l of [...c.leagues].sort((a, b) => b.name.length - a.name.length)) {
      if (rest.toLowerCase().includes(l.name.toLowerCase())) {
        leagueIds.push(l.id);
        rest = rest.replace(new RegExp(l.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), '\u0000');
      }
    }
    const anchorIds = c.anchors.filter((a) => a.name.length >= 2 && q.includes(a.name)).map((a) => a.id);
    const found: Array<{ id: number; at: number }> = [];
    let teamRest = q;
    for (const a of c.anchors) if (anchorIds.includes(a.id)) teamRest = teamRest.replaceAll(a.name, '\u0000');
    const keyed = c.teams.flatMap((t) => t.keys.map((k) => ({ id: t.id, key: k })));
    for (const { id, key } of keyed.sort((a, b) => b.key.length - a.key.length)) {
      const at = teamRest.toLowerCase().indexOf(key.toLowerCase());
      if (at >= 0 && !found.some((f) => f.id === id)) {
        found.push({ id, at });
        teamRest = teamRest.slice(0, at) + '\u0000'.repeat(key.length) + teamRest.slice(at + key.length);
      }
    }
    const teamIds = found.sort((a, b) => a.at - b.at).map((f) => f.id);
    const weekday = new Date(`${chinaDay(now())}T00:00:00Z`).getUTCDay();
    const day = parseDay(q, weekday);
    const base = { leagueIds, teamIds, anchorIds, dayOffset: day?.offset ?? null, dayWord: day?.word ?? null };
    if (BETTING.test(q)) return { intent: 'betting', ...base };
    if (anchorIds.length > 0 || /主播|开播|直播安排|直播间/.test(q)) return { intent: 'anchor', ...base };
    if (/积分榜|排名|排行|榜单|第几/.test(q)) return { intent: 'standings', ...base };
    if (/交锋|对战|交手|历史战绩/.test(q) && teamIds.length >= 2) return { intent: 'h2h', ...base };
    if (/赔率|欧赔|盘口|水位|指数/.test(q) && teamIds.length > 0) return { intent: 'odds', ...base };
    if (/预测|胜率|AI|谁会赢|谁能赢|能赢吗|比分预测|概率/i.test(q)) return { intent: 'prediction', ...base };
    // '今天有哪些比赛正在进行' is about now; a bare '比分' only when no team or day narrows it.
    const inPlay = /正在|进行中|直播中|实时|现在.{0,4}(比分|比赛)/.test(q) && (day === null || day.offset === 0);
    if (teamIds.length === 0 && (inPlay || (/比分/.test(q) && !day))) return { intent: 'live', ...base };
    if (teamIds.length > 0 && day && !/下一场|近况|状态|战绩/.test(q)) return { intent: 'day', ...base };
    if (teamIds.length > 0) return { intent: 'team', ...base };
    if (day || /赛程|比赛|有哪些|哪些/.test(q)) return { intent: 'day', ...base };
    return { intent: 'unknown', ...base };
  }

  /** The tool call for a parsed question (null: answered by the engine's own words). */
  function toolCall(p: Parsed, c: Catalogue): { name: string; args: Record<string, unknown> } | null {
    const league = p.leagueIds[0] !== undefined ? c.leagueName.get(p.leagueIds[0]) : undefined;
    const team = (i: number) => (p.teamIds[i] !== undefined ? c.teamName.get(p.teamIds[i]!) : undefined);
    switch (p.intent) {
      case 'betting':
      case 'unknown':
        return null;
      case 'live':
        return { name: 'live_matches', args: { league } };
      case 'day':
        return {
          name: 'matches_of_day',
          args: {
            day_offset: p.dayOffset ?? 0,
            league,
            team: team(0),
            evening: p.dayWord === T.days.tonight,
            label: p.dayWord ?? T.days.today,
          },
        };
      case 'standings': {
        const name = league ?? team(0);
        return name ? { name: 'standings', args: { league: name } } : null;
      }
      case 'h2h':
        return { name: 'head_to_head', args: { team_a: team(0), team_b: team(1) } };
      case 'prediction':
        return team(0) ? { name: 'match_prediction', args: { team: team(0), opponent: team(1) } } : null;
      case 'odds':
        return { name: 'odds_movement', args: { team: team(0) } };
      case 'anchor': {
        const a = c.anchors.find((x) => x.id === p.anchorIds[0]);
        return { name: 'anchor_schedule', args: { anchor: a?.name } };
      }
      case 'team':
        return { name: 'team_overview', args: { team: team(0) } };
    }
  }

  async function retrieve(question: string): Promise<Retrieved> {
    const c = await cat();
    const parsed = parse(question, c);
    if (parsed.intent === 'betting') return { parsed, text: T.betting, links: [], tool: null };
    const call = toolCall(parsed, c);
    if (!call) {
      if (parsed.intent === 'prediction')
        return { parsed, text: T.needTeam, links: [{ label: T.linkAi, href: '/live/ai' }], tool: null };
      return { parsed, text: T.unknown, links: [], tool: null };
    }
    const r = await tools.call(call.name, call.args);
    return { parsed, text: r.text, links: r.links, tool: call.name };
  }

  return { retrieve, tools, parse: async (q: string) => parse(q, await cat()) };
}

export type ChatEngine = ReturnType<typeof createChatEngine>;

export function templateAnswer(question: string, r: Retrieved): ChatAnswer {
  return { question, text: r.text, links: r.links, engine: 'template', intent: r.parsed.intent };
}
