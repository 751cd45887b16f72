/**
 * The assistant's default engine: no network. An intent and entity parser (league and team
 * names with common short forms, day words such as 今天/今晚/明天/周六) picks typed tools over
 * the server's own data (the same queries the live pages use) and fills answer templates.
 * Every answer carries the facts it used and links to the app routes that show them.
 */
import {
  chinaDay,
  chinaWallClock,
  isFinished,
  isLive,
  type ChatAnswer,
  type ChatLink,
  type Sport,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { SimMatch } from '../feed/sim-types';
import { liveMatches, matchesOfDay, teamMatches } from '../live/repository';
import type { AiService } from '../ai/service';
import { ChatText as T } from './text';

const LIST_MAX = 8;

/** Common long forms → the league names the catalogue uses. */
const LEAGUE_ALIASES: Record<string, string> = {
  英格兰超级联赛: '英超',
  西班牙甲级联赛: '西甲',
  意大利甲级联赛: '意甲',
  德国甲级联赛: '德甲',
  法国甲级联赛: '法甲',
  中国超级联赛: '中超',
  欧洲冠军联赛: '欧冠',
  美国职业篮球: 'NBA',
  中国男子篮球职业联赛: 'CBA',
};

const BETTING =
  /稳赢|必胜|包赢|包中|必中|稳胆|保本|稳赚|保证.{0,6}赢|一定.{0,4}赢|肯定.{0,4}赢|买什么|怎么买|下注|投注/;

interface Catalogue {
  leagues: Array<{ id: number; name: string; sport: Sport }>;
  teams: Array<{ id: number; name: string; leagueId: number; sport: Sport; keys: string[] }>;
  teamName: Map<number, string>;
  leagueName: Map<number, string>;
}

export interface Parsed {
  intent: 'betting' | 'standings' | 'h2h' | 'prediction' | 'live' | 'day' | 'team' | 'unknown';
  leagueIds: number[];
  teamIds: number[];
  /** Day offset from today (China time), if a day word was found. */
  dayOffset: number | null;
  dayWord: string | null;
}

export interface Retrieved {
  parsed: Parsed;
  /** The answer text (template) — also the facts handed to an LLM. */
  text: string;
  links: ChatLink[];
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

/** Names a user may type for a team: the full name and the name without a club suffix. */
function teamKeys(name: string): string[] {
  const keys = new Set([name]);
  const short = name.replace(/(FC|CF|SC|足球俱乐部|俱乐部|队)$/i, '').trim();
  if (short.length >= 2) keys.add(short);
  return [...keys];
}

export function createChatEngine(db: Db, ai: Pick<AiService, 'detail'>, now: () => number) {
  let catalogue: Promise<Catalogue> | null = null;
  const loadCatalogue = (): Promise<Catalogue> =>
    (catalogue ??= (async () => {
      const leagues = await db.selectFrom('live_leagues').select(['id', 'name', 'sport']).execute();
      const teams = await db.selectFrom('live_teams').select(['id', 'name', 'league_id', 'sport']).execute();
      return {
        leagues: leagues.map((l) => ({ id: l.id, name: l.name, sport: l.sport as Sport })),
        teams: teams.map((t) => ({
          id: t.id,
          name: t.name,
          leagueId: t.league_id,
          sport: t.sport as Sport,
          keys: teamKeys(t.name),
        })),
        teamName: new Map(teams.map((t) => [t.id, t.name])),
        leagueName: new Map(leagues.map((l) => [l.id, l.name])),
      };
    })().catch((err: unknown) => {
      catalogue = null;
      throw err;
    }));

  function parse(question: string, cat: Catalogue): Parsed {
    let q = question.replace(/\s+/g, '');
    for (const [long, short] of Object.entries(LEAGUE_ALIASES)) q = q.replaceAll(long, short);
    // Longest names first, and each stretch of the question used once, so '英超' is not also '英'.
    const leagueIds: number[] = [];
    let rest = q;
    for (const l of [...cat.leagues].sort((a, b) => b.name.length - a.name.length)) {
      if (rest.toLowerCase().includes(l.name.toLowerCase())) {
        leagueIds.push(l.id);
        rest = rest.replace(new RegExp(l.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), '\u0000');
      }
    }
    const found: Array<{ id: number; at: number }> = [];
    let teamRest = q;
    const keyed = cat.teams.flatMap((t) => t.keys.map((k) => ({ id: t.id, key: k })));
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
    const base = { leagueIds, teamIds, dayOffset: day?.offset ?? null, dayWord: day?.word ?? null };
    if (BETTING.test(q)) return { intent: 'betting', ...base };
    if (/积分榜|排名|排行|榜单|第几/.test(q)) return { intent: 'standings', ...base };
    if (/交锋|对战|交手|历史战绩/.test(q) && teamIds.length >= 2) return { intent: 'h2h', ...base };
    if (/预测|胜率|AI|谁会赢|谁能赢|能赢吗|比分预测|概率/i.test(q)) return { intent: 'prediction', ...base };
    // '今天有哪些比赛正在进行' is about now; a bare '比分' only when no team or day narrows it.
    const inPlay = /正在|进行中|直播中|实时|现在.{0,4}(比分|比赛)/.test(q) && (day === null || day.offset === 0);
    if (teamIds.length === 0 && (inPlay || (/比分/.test(q) && !day))) return { intent: 'live', ...base };
    if (teamIds.length > 0) return { intent: 'team', ...base };
    if (day || /赛程|比赛|有哪些|哪些/.test(q)) return { intent: 'day', ...base };
    return { intent: 'unknown', ...base };
  }

  const detailHref = (m: SimMatch) => `/live/${m.sport}/detail/${m.id}`;
  const matchLink = (cat: Catalogue, m: SimMatch): ChatLink => ({
    label: T.linkMatch(cat.teamName.get(m.homeId) ?? '', cat.teamName.get(m.awayId) ?? ''),
    href: detailHref(m),
  });
  function matchLine(cat: Catalogue, m: SimMatch): string {
    const home = cat.teamName.get(m.homeId) ?? '';
    const away = cat.teamName.get(m.awayId) ?? '';
    const league = cat.leagueName.get(m.leagueId) ?? '';
    const kick = chinaWallClock(m.ot * 1000)
      .toISOString()
      .slice(11, 16);
    if (isLive(m.sport, m.status)) return `${league} ${home} ${m.score[0]}-${m.score[1]} ${away}（${T.statusLive}）`;
    if (isFinished(m.sport, m.status))
      return `${league} ${home} ${m.score[0]}-${m.score[1]} ${away}（${T.statusDone}）`;
    return `${league} ${kick} ${home} vs ${away}（${T.statusUpcoming}）`;
  }
  function listAnswer(cat: Catalogue, head: string, matches: SimMatch[]): { text: string; links: ChatLink[] } {
    const shown = matches.slice(0, LIST_MAX);
    const lines = [head, ...shown.map((m) => `· ${matchLine(cat, m)}`)];
    if (matches.length > shown.length) lines.push(T.more(matches.length - shown.length));
    return { text: lines.join('\n'), links: shown.map((m) => matchLink(cat, m)) };
  }
  const filterBy = (p: Parsed, ms: SimMatch[]) =>
    ms.filter(
      (m) =>
        (p.leagueIds.length === 0 || p.leagueIds.includes(m.leagueId)) &&
        (p.teamIds.length === 0 || p.teamIds.includes(m.homeId) || p.teamIds.includes(m.awayId)),
    );
  const sportLinks = (ms: SimMatch[]): ChatLink[] => {
    const sports = new Set(ms.map((m) => m.sport));
    return [
      ...(sports.has('zq') || sports.size === 0 ? [{ label: T.linkLiveZq, href: '/live/zq' }] : []),
      ...(sports.has('lq') ? [{ label: T.linkLiveLq, href: '/live/lq' }] : []),
    ];
  };

  async function retrieve(question: string): Promise<Retrieved> {
    const cat = await loadCatalogue();
    const p = parse(question, cat);
    const nowS = Math.floor(now() / 1000);
    switch (p.intent) {
      case 'betting':
        return { parsed: p, text: T.betting, links: [] };
      case 'unknown':
        return { parsed: p, text: T.unknown, links: [] };
      case 'live': {
        const ms = filterBy(p, await liveMatches(db));
        if (!ms.length) return { parsed: p, text: T.noLive, links: sportLinks([]) };
        const a = listAnswer(cat, T.live(ms.length), ms);
        return { parsed: p, text: a.text, links: [...a.links, ...sportLinks(ms)] };
      }
      case 'day': {
        const day = chinaDay(now(), p.dayOffset ?? 0);
        const word = p.dayWord ?? T.days.today;
        let ms = filterBy(p, [...(await matchesOfDay(db, 'zq', day)), ...(await matchesOfDay(db, 'lq', day))]);
        if (p.dayWord === T.days.tonight) ms = ms.filter((m) => chinaWallClock(m.ot * 1000).getUTCHours() >= 18);
        ms.sort((a, b) => Number(isLive(b.sport, b.status)) - Number(isLive(a.sport, a.status)) || a.ot - b.ot);
        if (!ms.length) return { parsed: p, text: T.dayNone(word), links: sportLinks([]) };
        const a = listAnswer(cat, T.day(word, ms.length), ms);
        return { parsed: p, text: a.text, links: [...a.links, ...sportLinks(ms)] };
      }
      case 'standings': {
        const leagueId = p.leagueIds[0] ?? cat.teams.find((t) => t.id === p.teamIds[0])?.leagueId;
        if (leagueId === undefined) return { parsed: p, text: T.unknown, links: [] };
        const league = cat.leagueName.get(leagueId) ?? '';
        const rows = await db
          .selectFrom('live_standings')
          .selectAll()
          .where('league_id', '=', leagueId)
          .orderBy('rank')
          .limit(10)
          .execute();
        if (!rows.length) return { parsed: p, text: T.standingsNone(league), links: [] };
        const lines = rows.map((r) =>
          T.standingRow(r.rank, cat.teamName.get(r.team_id) ?? '', r.played, r.win, r.draw, r.loss, r.points),
        );
        // The leader's next match, so the answer opens somewhere useful in the app.
        const next = await teamMatches(db, rows[0]!.team_id, 'upcoming', nowS, 1);
        return {
          parsed: p,
          text: [T.standings(league), ...lines].join('\n'),
          links: [...next.map((m) => matchLink(cat, m)), ...sportLinks([])],
        };
      }
      case 'h2h': {
        const [a, b] = p.teamIds as [number, number];
        const rows = await db
          .selectFrom('live_matches')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('home_id', '=', a), eb('away_id', '=', b)]),
              eb.and([eb('home_id', '=', b), eb('away_id', '=', a)]),
            ]),
          )
          .orderBy('ot', 'desc')
          .execute();
        const ids = new Set(rows.map((r) => r.id));
        const finished = (await teamMatches(db, a, 'finished', nowS + 1, 200)).filter((m) => ids.has(m.id)).slice(0, 5);
        const an = cat.teamName.get(a) ?? '';
        const bn = cat.teamName.get(b) ?? '';
        if (!finished.length) return { parsed: p, text: T.h2hNone(an, bn), links: [] };
        const list = listAnswer(cat, T.h2h(an, bn, finished.length), finished);
        return { parsed: p, ...list };
      }
      case 'prediction': {
        const teamId = p.teamIds[0];
        if (teamId === undefined)
          return { parsed: p, text: T.needTeam, links: [{ label: T.linkAi, href: '/live/ai' }] };
        const name = cat.teamName.get(teamId) ?? '';
        const next = (await teamMatches(db, teamId, 'upcoming', nowS, 5)).find(
          (m) => m.sport === 'zq' && (p.teamIds.length < 2 || [m.homeId, m.awayId].includes(p.teamIds[1]!)),
        );
        const detail = next ? await ai.detail(next.id) : null;
        if (!next || !detail)
          return { parsed: p, text: T.predictionNone(name), links: [{ label: T.linkAi, href: '/live/ai' }] };
        const pct = (x: number) => Math.round(x * 100);
        return {
          parsed: p,
          text: T.prediction(
            detail.home.name,
            detail.away.name,
            pct(detail.pHome),
            pct(detail.pDraw),
            pct(detail.pAway),
            `${detail.score[0]}-${detail.score[1]}`,
          ),
          links: [matchLink(cat, next), { label: T.linkAi, href: '/live/ai' }],
        };
      }
      case 'team': {
        const teamId = p.teamIds[0]!;
        const name = cat.teamName.get(teamId) ?? '';
        const live = (await liveMatches(db)).filter((m) => m.homeId === teamId || m.awayId === teamId);
        const next = await teamMatches(db, teamId, 'upcoming', nowS, 1);
        const last = await teamMatches(db, teamId, 'finished', nowS + 1, 5);
        const lines: string[] = [];
        const links: ChatLink[] = [];
        for (const m of live) {
          lines.push(T.teamLive(name), `· ${matchLine(cat, m)}`);
          links.push(matchLink(cat, m));
        }
        if (next[0]) {
          lines.push(
            T.teamNext(name),
            `· ${chinaWallClock(next[0].ot * 1000)
              .toISOString()
              .slice(5, 10)} ${matchLine(cat, next[0])}`,
          );
          links.push(matchLink(cat, next[0]));
        } else if (!live.length) lines.push(T.teamNoNext(name));
        if (last.length) {
          const form = last
            .map((m) => {
              const mine = m.homeId === teamId ? m.score[0] : m.score[1];
              const theirs = m.homeId === teamId ? m.score[1] : m.score[0];
              return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
            })
            .join('');
          lines.push(T.teamForm(name, form), `· ${matchLine(cat, last[0]!)}`);
          links.push(matchLink(cat, last[0]!));
        } else lines.push(T.teamNoForm(name));
        return { parsed: p, text: lines.join('\n'), links };
      }
    }
  }

  return { retrieve, parse: async (q: string) => parse(q, await loadCatalogue()) };
}

export type ChatEngine = ReturnType<typeof createChatEngine>;

export function templateAnswer(question: string, r: Retrieved): ChatAnswer {
  return { question, text: r.text, links: r.links, engine: 'template', intent: r.parsed.intent };
}
