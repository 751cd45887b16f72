/**
 * What the one-fact tools (fact-tools.ts, team-fact-tools.ts) are made of: the services they read,
 * a stored match and a team's page as the pages show them (also for a source whose leagues and
 * teams are not the seeded ones), the plain "not in the data" answer with the closest names, and
 * the one shape of a tool about a team.
 */
import { z } from 'zod';
import type {
  BasketballStatus,
  ChatLink,
  FootballStatus,
  Match,
  OddsBoard,
  OddsType,
} from '../../workers/protocol/index';
import type { StandingsRow, TeamPage } from '../../workers/protocol/api/database';
import type { Db } from '../db/index';
import type { BasketballState, FootballState, LiveMatch } from '../live/model';
import { toMatch, type ViewClock } from '../live/match-view';
import { tableRanks } from '../facts/table-ranks';
import { liveMatches, teamMatches } from '../live/repository';
import { currentTableRows } from '../live/provider-standings';
import { leagueStandings, teamPage } from '../database/service';
import { LEAGUE_BY_ID, TEAM_BY_ID } from '../seed/leagues';
import type { AiService } from '../ai/service';
import type { ActivityService } from '../activity/service';
import { FactText as F } from './fact-text';
import { findTeam, namesOf, type Catalogue, type NameKind } from './catalogue';
import { closestNames } from './fuzzy';
import { detailHref, none, resultMark, type ChatTool, type ToolResult } from './tool-kit';

export interface FactSources {
  db: Db;
  ai: Pick<AiService, 'detail'>;
  now: () => number;
  cat: () => Promise<Catalogue>;
  /** The feed's seed and speed: the view clock of the 数据库 pages and match rows. */
  feedSeed: number;
  feedSpeed: number;
  /** The odds tab's board (server/live/bodies.ts); absent, the stored lines are read directly. */
  oddsBoard: (m: LiveMatch, type: OddsType) => Promise<OddsBoard>;
  activity: Pick<ActivityService, 'current'> | null;
}

/** A name argument as typed. */
export const nameArg = z.string().trim().min(1).max(40);

export const teamHref = (t: { id: number; sport: string }) => `/database/team/${t.sport}?id=${t.id}`;
export const matchLink = (m: Match): ChatLink => ({
  label: `${m.home.name} vs ${m.away.name}`,
  href: detailHref(m),
});

export function createFactKit(s: FactSources) {
  const clock = (): ViewClock => ({ seed: s.feedSeed, speed: s.feedSpeed > 0 ? s.feedSpeed : 1, now: s.now() });

  /** Not in the data: said plainly, with the closest names the data does hold. */
  async function notFound(kind: NameKind, typed: string): Promise<ToolResult> {
    const near = closestNames(typed, namesOf(await s.cat(), kind));
    return none(F.notFound(F.kind[kind], typed, near));
  }

  /**
   * A stored match as the pages show it (toMatch); a match of a source whose leagues and teams
   * are not the seeded ones is named from the catalogue instead.
   */
  async function view(m: LiveMatch): Promise<Match> {
    if (LEAGUE_BY_ID.has(m.leagueId) && TEAM_BY_ID.has(m.homeId) && TEAM_BY_ID.has(m.awayId))
      return toMatch(m, clock(), await tableRanks(s.db, [m], s.now()));
    const c = await s.cat();
    const ref = (id: number) => ({ id, name: c.teamName.get(id) ?? '', logo: '', rank: null });
    const base = {
      id: m.id,
      li: m.leagueId,
      leagueName: c.leagueName.get(m.leagueId) ?? '',
      leagueColor: '',
      leagueLetter: '',
      ot: m.ot,
      home: ref(m.homeId),
      away: ref(m.awayId),
      score: [m.score[0], m.score[1]] as [number, number],
      jc: m.jc,
      bd: m.bd,
      jx: m.jx,
      hot: m.hot,
      isShow: true,
      hasVideo: m.hasVideo,
    };
    if (m.sport === 'zq') {
      const st = m.st as FootballState;
      return {
        ...base,
        sport: 'zq',
        s: m.status as FootballStatus,
        halfStart: 0,
        half: st.half,
        red: st.red,
        yellow: st.yellow,
        corner: st.corner,
        pen: st.pen ?? null,
      };
    }
    const st = m.st as BasketballState;
    return { ...base, sport: 'lq', s: m.status as BasketballStatus, type: m.type, quarters: st.quarters, remain: null };
  }

  /**
   * The team's 数据库 page; for a team outside the seeded catalogue, the same facts from its
   * stored matches and its row of its league's table as the ChatGPT tab shows it.
   */
  async function pageOf(teamId: number): Promise<TeamPage | null> {
    const page = await teamPage(s.db, teamId, clock());
    if (page) return page;
    const c = await s.cat();
    const t = c.teams.find((x) => x.id === teamId);
    if (!t) return null;
    const nowS = Math.floor(s.now() / 1000);
    const results = await Promise.all((await teamMatches(s.db, t.id, 'finished', nowS + 1, 10)).map(view));
    const upcoming = await Promise.all((await teamMatches(s.db, t.id, 'upcoming', nowS - 6 * 3600, 5)).map(view));
    const row = (await currentTableRows(s.db, t.leagueId)).find((r) => r.team_id === t.id);
    const form = results
      .filter((m) => m.li === t.leagueId)
      .slice(0, 5)
      .reverse()
      .map((m) => resultMark(m.score, m.home.id === t.id));
    return {
      id: t.id,
      sport: t.sport,
      name: t.name,
      logo: '',
      leagueId: t.leagueId,
      leagueName: c.leagueName.get(t.leagueId) ?? '',
      squad: [],
      results,
      upcoming,
      standing: row
        ? {
            rank: row.rank,
            teamId: t.id,
            teamName: t.name,
            played: row.played,
            win: row.win,
            draw: row.draw,
            loss: row.loss,
            goalsFor: row.goals_for,
            goalsAgainst: row.goals_against,
            points: row.points,
            logo: '',
            goalDiff: row.goals_for - row.goals_against,
            winPct: t.sport === 'lq' && row.win + row.loss > 0 ? row.win / (row.win + row.loss) : null,
            form,
            zone: null,
            playing: false,
            move: 0,
          }
        : null,
    };
  }

  /** The team's match in play (as stored), if any. */
  async function liveOf(page: TeamPage) {
    return (await liveMatches(s.db, page.sport)).find((m) => m.homeId === page.id || m.awayId === page.id);
  }

  /** The team's match in play, else its last finished one: the match "比分/谁进球/几张牌" is about. */
  async function currentOrLast(page: TeamPage): Promise<Match | null> {
    const live = await liveOf(page);
    if (live) return view(live);
    return page.results[0] ?? null;
  }

  /** Basketball 胜场差 against the leader: ((W₁ − W) + (L − L₁)) / 2; the leader shows '-'. */
  async function gamesBehind(leagueId: number, row: StandingsRow): Promise<string> {
    const league = LEAGUE_BY_ID.get(leagueId);
    if (!league) return '-';
    const top = (await leagueStandings(s.db, league, 'total', s.now())).rows[0];
    if (!top || top.teamId === row.teamId) return '-';
    const gb = (top.win - row.win + (row.loss - top.loss)) / 2;
    return gb <= 0 ? '-' : String(gb);
  }

  /** One team tool: the team is looked up (typo-free here: the parser already read it), its page loaded. */
  const teamTool = <A extends { team: string }>(
    toolName: string,
    description: string,
    args: z.ZodType<A>,
    parameters: Record<string, unknown>,
    run: (page: TeamPage, a: A) => Promise<ToolResult>,
  ): ChatTool<A> => ({
    name: toolName,
    description,
    parameters,
    args,
    async run(a) {
      const t = findTeam(await s.cat(), a.team);
      if (!t) return notFound('team', a.team);
      const page = await pageOf(t.id);
      if (!page) return notFound('team', a.team);
      return run(page, a);
    },
  });

  return { clock, notFound, view, liveOf, currentOrLast, gamesBehind, teamTool };
}

export type FactKit = ReturnType<typeof createFactKit>;
