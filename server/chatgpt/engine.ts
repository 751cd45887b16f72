/**
 * The assistant's default engine: no network. The question's parse (parse-question.ts) picks one
 * of the typed tools (tools.ts) over the server's own data, which answers with its facts phrased
 * as answer templates. Every answer carries links to the app routes that show them.
 */
import { chinaDay, type ChatAnswer, type ChatLink } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { AiService } from '../ai/service';
import { ChatText as T } from './text';
import { FactText as F } from './fact-text';
import { loadCatalogue, namesOf, type Catalogue } from './catalogue';
import { closestNames } from './fuzzy';
import { TEAM_INTENTS, parseQuestion, type Parsed } from './parse-question';
import { createChatTools, type ChatToolEnv, type ChatTools } from './tools';

export interface Retrieved {
  parsed: Parsed;
  /** The answer text (template) — also the facts handed to an LLM. */
  text: string;
  links: ChatLink[];
  /** The tool the engine called (none for refusals and questions it cannot place). */
  tool: string | null;
}

/** The tool call for a parsed question (null: answered by the engine's own words). */
function toolCall(p: Parsed, c: Catalogue): { name: string; args: Record<string, unknown> } | null {
  const league = p.leagueIds[0] !== undefined ? c.leagueName.get(p.leagueIds[0]) : undefined;
  const team = (i: number) => (p.teamIds[i] !== undefined ? c.teamName.get(p.teamIds[i]!) : undefined);
  const t0 = team(0);
  switch (p.intent) {
    case 'betting':
    case 'unknown':
    case 'not_found':
      return null;
    case 'live':
      return { name: 'live_matches', args: { league, sport: p.sport ?? undefined } };
    case 'day':
      return {
        name: 'matches_of_day',
        args: {
          day_offset: p.dayOffset ?? 0,
          league,
          team: t0,
          evening: p.dayWord === T.days.tonight,
          label: p.dayWord ?? T.days.today,
        },
      };
    case 'standings': {
      const name = league ?? t0;
      return name ? { name: 'standings', args: { league: name } } : null;
    }
    case 'h2h':
      return { name: 'head_to_head', args: { team_a: t0, team_b: team(1) } };
    case 'prediction':
      return t0 ? { name: 'match_prediction', args: { team: t0, opponent: team(1) } } : null;
    case 'odds':
      return t0 ? { name: 'match_odds', args: { team: t0, market: p.market } } : null;
    case 'anchor': {
      const a = c.anchors.find((x) => x.id === p.anchorIds[0]);
      return a ? { name: 'anchor_status', args: { anchor: a.name } } : { name: 'anchor_schedule', args: {} };
    }
    case 'anchors_live':
      return { name: 'anchors_live', args: {} };
    case 'team':
      return { name: 'team_overview', args: { team: t0 } };
    case 'position':
    case 'record':
    case 'form':
      return t0 ? { name: 'team_standing', args: { team: t0, topic: p.intent } } : null;
    case 'next':
    case 'previous':
    case 'kickoff':
      return t0 ? { name: 'team_fixture', args: { team: t0, which: p.intent } } : null;
    case 'score':
    case 'scorers':
    case 'cards':
    case 'periods':
      return t0 ? { name: 'match_events', args: { team: t0, topic: p.intent } } : null;
    case 'player':
      return p.player ? { name: 'player_season', args: { player: p.player, team: t0 } } : null;
    case 'top_scorers': {
      const name = league ?? t0;
      return name ? { name: 'top_scorers', args: { league: name } } : null;
    }
    case 'news':
      return t0 ? { name: 'team_news', args: { team: t0 } } : null;
    case 'activity':
      return { name: 'activity_rules', args: {} };
  }
}

export type EngineEnv = ChatToolEnv;

export function createChatEngine(
  db: Db,
  ai: Pick<AiService, 'detail'>,
  now: () => number,
  env: EngineEnv = { feedSeed: 1, feedSpeed: 1 },
) {
  let catalogue: Promise<Catalogue> | null = null;
  const cat = (): Promise<Catalogue> =>
    (catalogue ??= loadCatalogue(db).catch((err: unknown) => {
      catalogue = null;
      throw err;
    }));
  const tools: ChatTools = createChatTools(db, ai, now, cat, env);

  /** Day words are placed from today's weekday, China time (0 = Sunday). */
  const parse = (question: string, history: readonly string[], c: Catalogue) =>
    parseQuestion(question, history, c, new Date(`${chinaDay(now())}T00:00:00Z`).getUTCDay());

  async function retrieve(question: string, history: readonly string[] = []): Promise<Retrieved> {
    const c = await cat();
    const parsed = parse(question, history, c);
    if (parsed.intent === 'betting') return { parsed, text: T.betting, links: [], tool: null };
    if (parsed.intent === 'not_found' && parsed.missing) {
      const { typed, kind } = parsed.missing;
      const near = closestNames(typed, namesOf(c, kind));
      return { parsed, text: F.notFound(F.kind[kind], typed, near), links: [], tool: null };
    }
    const call = toolCall(parsed, c);
    if (!call) {
      if (parsed.intent === 'prediction' || TEAM_INTENTS.has(parsed.intent))
        return { parsed, text: T.needTeam, links: [{ label: T.linkAi, href: '/live/ai' }], tool: null };
      return { parsed, text: T.unknown, links: [], tool: null };
    }
    const r = await tools.call(call.name, call.args);
    return { parsed, text: r.text, links: r.links, tool: call.name };
  }

  return {
    retrieve,
    tools,
    parse: async (q: string, history: readonly string[] = []) => parse(q, history, await cat()),
    /** The tool call the engine would make (the scripted model of the tests makes the same). */
    plan: async (q: string, history: readonly string[] = []) => {
      const c = await cat();
      return toolCall(parse(q, history, c), c);
    },
  };
}

export type ChatEngine = ReturnType<typeof createChatEngine>;

export function templateAnswer(question: string, r: Retrieved): ChatAnswer {
  return { question, text: r.text, links: r.links, engine: 'template', intent: r.parsed.intent };
}
