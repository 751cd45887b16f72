/**
 * Database REST (main API, paths in workers/protocol/api/database.ts): leagues, standings,
 * schedule, leaders, team and player pages. Read-only; every number is derived from the feed's
 * stored matches (see ./service.ts); standings come from the league tables kept in memory and
 * moved by each write (./league-tables.ts), their answers kept until a table moves
 * (./standings-cache.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, DatabasePaths, embeddedUrl, ok } from '../../workers/protocol/index';
import type { AreaPlugin, AppContext } from '../context';
import { BizError, parseInput } from '../http/reply';
import { LEAGUE_BY_ID } from '../seed/leagues';
import type { LeagueSeed } from '../seed/leagues';
import type { ViewClock } from '../live/match-view';
import {
  leagueInfo,
  leagueMatches,
  leadersOf,
  leagueStandings,
  leaguesByRegion,
  playerPage,
  scheduleOf,
  teamPage,
} from './service';
import { DatabaseText } from './text';
import { tableRanks } from '../facts/table-ranks';
import { providerPlayerPage, providerTeamPage } from './provider-pages';

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const sportQuery = z.object({ sport: z.enum(['zq', 'lq']).default('zq') });
const scopeQuery = z.object({ scope: z.enum(['total', 'home', 'away']).default('total') });
const roundQuery = z.object({ round: z.coerce.number().int().min(1).max(1000).optional() });

export const databaseArea: AreaPlugin = (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx;
  const u = embeddedUrl;
  const clock = (): ViewClock => ({
    seed: ctx.config.feedSeed,
    speed: ctx.config.feedSpeed > 0 ? ctx.config.feedSpeed : 1,
    now: ctx.now(),
  });

  function leagueOr404(params: unknown): LeagueSeed {
    const { id } = parseInput(idParam, params);
    const league = LEAGUE_BY_ID.get(id);
    if (!league) throw new BizError(Code.NOT_FOUND, DatabaseText.leagueNotFound);
    return league;
  }

  app.get(u(DatabasePaths.leagues), async (req) => {
    const { sport } = parseInput(sportQuery, req.query);
    return ok(leaguesByRegion(sport, ctx.now()));
  });
  app.get(u(DatabasePaths.league), async (req) => ok(leagueInfo(leagueOr404(req.params), ctx.now())));
  app.get(u(DatabasePaths.standings), async (req) => {
    const league = leagueOr404(req.params);
    const { scope } = parseInput(scopeQuery, req.query);
    return ok(await leagueStandings(db, league, scope, ctx.now()));
  });
  app.get(u(DatabasePaths.schedule), async (req) => {
    const league = leagueOr404(req.params);
    const { round } = parseInput(roundQuery, req.query);
    const matches = await leagueMatches(db, league.id);
    const c = clock();
    return ok(scheduleOf(matches, c, round, await tableRanks(db, matches, c.now)));
  });
  app.get(u(DatabasePaths.leaders), async (req) => {
    const league = leagueOr404(req.params);
    return ok(leadersOf(league, await leagueMatches(db, league.id), ctx.config.feedSeed));
  });
  app.get(u(DatabasePaths.team), async (req) => {
    const { id } = parseInput(idParam, req.params);
    // A provider's team: its squad is asked for now (once a day), and a provider that fails still shows the page.
    await ctx.feed.produceSquad?.(id).catch((err: unknown) => console.error('squad read failed', err));
    const page = (await teamPage(db, id, clock())) ?? (await providerTeamPage(db, id, clock()));
    if (!page) throw new BizError(Code.NOT_FOUND, DatabaseText.teamNotFound);
    return ok(page);
  });
  app.get(u(DatabasePaths.player), async (req) => {
    const { id } = parseInput(idParam, req.params);
    const page = (await playerPage(db, id, clock())) ?? (await providerPlayerPage(db, id, clock()));
    if (!page) throw new BizError(Code.NOT_FOUND, DatabaseText.playerNotFound);
    return ok(page);
  });
};
