/**
 * The pieces every assistant tool is made of: the result and tool shapes, and the shared
 * phrasing of matches (one line per match, links to their detail pages), plus the reads several
 * tools need (a league's table top, a team's current or next match).
 */
import { z } from 'zod';
import { chinaWallClock, isFinished, isLive, type ChatLink } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { LiveMatch } from '../live/model';
import { liveMatches, teamMatches } from '../live/repository';
import { LEAGUE_BY_ID } from '../seed/leagues';
import { leagueStandings } from '../database/service';
import { currentTableRows } from '../live/provider-standings';
import { ChatText as T } from './text';
import type { Catalogue } from './catalogue';

const LIST_MAX = 8;

export interface ToolResult {
  /** The facts, as the answer text of the default engine and the tool message of an LLM. */
  text: string;
  links: ChatLink[];
  /** False when the data has no answer (the text says so plainly). */
  found: boolean;
}

export interface ChatTool<A = unknown> {
  name: string;
  description: string;
  /** JSON schema of the arguments (OpenAI function calling). */
  parameters: Record<string, unknown>;
  args: z.ZodType<A>;
  run(args: A): Promise<ToolResult>;
}

interface TableTop {
  rank: number;
  teamId: number;
  played: number;
  win: number;
  draw: number;
  loss: number;
  points: number;
}

/** China wall-clock 'HH:MM' and 'MM-DD' of an instant (unix ms). */
export const hhmm = (ms: number) => chinaWallClock(ms).toISOString().slice(11, 16);
export const mmdd = (ms: number) => chinaWallClock(ms).toISOString().slice(5, 10);

/** A match's detail page. */
export const detailHref = (m: { sport: string; id: number }) => `/live/${m.sport}/detail/${m.id}`;

/** A result as a form mark: the score is the match's [home, away]. */
export const resultMark = (score: readonly [number, number], atHome: boolean): 'W' | 'D' | 'L' => {
  const mine = atHome ? score[0] : score[1];
  const theirs = atHome ? score[1] : score[0];
  return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
};

/** The data has no answer: said plainly (with links to where it would be). */
export const none = (text: string, links: ChatLink[] = []): ToolResult => ({ text, links, found: false });

export function createToolKit(db: Db, now: () => number) {
  const nowS = () => Math.floor(now() / 1000);
  const matchLink = (c: Catalogue, m: LiveMatch): ChatLink => ({
    label: T.linkMatch(c.teamName.get(m.homeId) ?? '', c.teamName.get(m.awayId) ?? ''),
    href: detailHref(m),
  });
  function matchLine(c: Catalogue, m: LiveMatch): string {
    const home = c.teamName.get(m.homeId) ?? '';
    const away = c.teamName.get(m.awayId) ?? '';
    const league = c.leagueName.get(m.leagueId) ?? '';
    if (isLive(m.sport, m.status)) return `${league} ${home} ${m.score[0]}-${m.score[1]} ${away}（${T.statusLive}）`;
    if (isFinished(m.sport, m.status))
      return `${league} ${home} ${m.score[0]}-${m.score[1]} ${away}（${T.statusDone}）`;
    return `${league} ${hhmm(m.ot * 1000)} ${home} vs ${away}（${T.statusUpcoming}）`;
  }
  function listAnswer(c: Catalogue, head: string, matches: LiveMatch[]): { text: string; links: ChatLink[] } {
    const shown = matches.slice(0, LIST_MAX);
    const lines = [head, ...shown.map((m) => `· ${matchLine(c, m)}`)];
    if (matches.length > shown.length) lines.push(T.more(matches.length - shown.length));
    return { text: lines.join('\n'), links: shown.map((m) => matchLink(c, m)) };
  }
  const sportLinks = (ms: LiveMatch[]): ChatLink[] => {
    const sports = new Set(ms.map((m) => m.sport));
    return [
      ...(sports.has('zq') || sports.size === 0 ? [{ label: T.linkLiveZq, href: '/live/zq' }] : []),
      ...(sports.has('lq') ? [{ label: T.linkLiveLq, href: '/live/lq' }] : []),
    ];
  };
  const unknownTeam = (n: string) => none(T.noSuchTeam(n));
  const unknownLeague = (n: string) => none(T.noSuchLeague(n));
  /**
   * The top of a league table: for a league of the catalogue the table the 数据库 page shows
   * (computed from the stored results, matches in play at their score); otherwise the provider's
   * live table, the one match details show (else the stored table, live_standings).
   */
  async function leagueTable(leagueId: number): Promise<TableTop[]> {
    const seed = LEAGUE_BY_ID.get(leagueId);
    if (seed && !seed.cup) return (await leagueStandings(db, seed, 'total', now())).rows.slice(0, 10);
    const rows = (await currentTableRows(db, leagueId)).slice(0, 10);
    return rows.map((r) => ({
      rank: r.rank,
      teamId: r.team_id,
      played: r.played,
      win: r.win,
      draw: r.draw,
      loss: r.loss,
      points: r.points,
    }));
  }
  /** The team's match in play, else its next one. */
  async function currentOrNext(teamId: number): Promise<LiveMatch | undefined> {
    const live = (await liveMatches(db)).find((m) => m.homeId === teamId || m.awayId === teamId);
    return live ?? (await teamMatches(db, teamId, 'upcoming', nowS(), 1))[0];
  }

  return {
    nowS,
    matchLink,
    matchLine,
    listAnswer,
    sportLinks,
    none,
    unknownTeam,
    unknownLeague,
    leagueTable,
    currentOrNext,
  };
}
