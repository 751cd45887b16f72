/**
 * Live-score REST (spec §7, paths in workers/protocol/api/live.ts, mounted under the main API
 * base) and the generated team crests: input checked here, answers built in ./bodies.ts from
 * what the live source stored (./repository.ts holds the SQL). The follow list is the only write.
 */
import { intelligenceNow } from '../facts/intel';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  Code,
  CrestPath,
  SpritePath,
  LivePaths,
  embeddedUrl,
  isUpcoming,
  fail,
  ok,
  type FollowedIds,
  type HotColumn,
  type Match,
  type MatchNavigation,
  type Sport,
} from '../../workers/protocol/index';
import type { AreaPlugin, AppContext } from '../context';
import { BizError, parseInput } from '../http/reply';
import { requireUser } from '../accounts/tokens';
import { BOOKMAKERS, TEAM_BY_ID } from '../seed/leagues';
import { crestSvg } from '../seed/crest';
import { ART_KINDS, artSvg, type ArtKind } from '../media/art';
import { spriteItems, spriteSvg } from '../media/sprite';
import { basketballStats, footballStats } from './match-view';
import type { LiveMatch } from './model';
import { basketballPlayerLines, footballPlayerStats, leagueTable, analysisMatch, sectionDiffOf } from './details';
import { seasonMatchById } from './played-story';
import { createLiveBodies } from './bodies';
import { companyKnown } from './catalogue';
import { followedBy, liveFirst, liveMatches, teamMatches, toggleFollow } from './repository';
import { LiveText } from './text';
import { idField } from '../../workers/protocol/fields';

async function storedTeam(db: AppContext['db'], id: number) {
  const row = await db
    .selectFrom('live_teams')
    .select(['id', 'name', 'color', 'color2', 'sport'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, sport: row.sport === 'lq' ? ('lq' as const) : ('zq' as const) } : undefined;
}

const idParam = z.object({ id: idField('比赛编号') });
const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const listQuery = z.object({
  date: dateString.optional(),
  platform: z.coerce.number().int().min(0).max(99).optional(),
});
const filterQuery = z.object({
  type: z.enum(['all', 'jx', 'jczq', 'bjdc']).default('all'),
  date: dateString.optional(),
});
const lqListQuery = z.object({ date: dateString.optional(), type: z.enum(['all', 'jx']).default('all') });
const oddsQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .default(1),
});
const oddsHistoryQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .default(1),
  companyId: z.coerce
    .number()
    .int()
    .refine((id) => companyKnown(id), '博彩公司不存在'),
});
const sportQuery = z.object({ sport: z.enum(['zq', 'lq']).optional() });
const followBody = z.object({
  matchId: idField('比赛编号'),
  sport: z.enum(['zq', 'lq']),
});
const crestParam = z.object({ teamId: z.coerce.number().int().positive().max(2_147_483_647) });

export const liveArea: AreaPlugin = (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx;
  const u = embeddedUrl;
  const body = createLiveBodies(ctx);

  /**
   * A stored match, or one of the simulated season's days the feed did not store (the 赛程 and
   * the team pages list them), played out from the seed with its whole story (./played-story.ts).
   */
  async function matchOr404(params: unknown, sport?: Sport): Promise<LiveMatch> {
    const { id } = parseInput(idParam, params);
    const m = await seasonMatchById(db, id);
    if (!m || (sport && m.sport !== sport)) throw new BizError(Code.NOT_FOUND, LiveText.matchNotFound);
    return m;
  }

  const headerOr404 = async (params: unknown, sport: Sport) => body.header(await matchOr404(params, sport));

  const byType =
    (type: 'all' | 'jx' | 'jczq' | 'bjdc') =>
    (m: Match): boolean =>
      type === 'all' ? true : type === 'jx' ? m.jx : type === 'jczq' ? m.jc !== null : m.bd;

  /** Goals and cards of the stored lineup's players, from the match's stored state. */
  async function playerStats(params: unknown) {
    const m = await matchOr404(params, 'zq');
    return footballPlayerStats(await body.detailOr404(m, 'lineup'), m);
  }

  async function intelligence(params: unknown, sport: Sport) {
    const m = await matchOr404(params, sport);
    return intelligenceNow(ctx.db, m, await body.detailOr404(m, 'intel'));
  }

  // --- football lists ---------------------------------------------------------------------
  app.get(u(LivePaths.zqLive), async (req) => {
    parseInput(listQuery, req.query);
    return ok(await body.todayList('zq'));
  });
  app.get(u(LivePaths.zqByDate), async (req) => {
    const { date } = parseInput(listQuery, req.query);
    return ok(await body.listFor('zq', date));
  });
  for (const [path, type] of [
    [LivePaths.zqLottery, 'lottery'],
    [LivePaths.zqJczq, 'jczq'],
    [LivePaths.zqBjdc, 'bjdc'],
  ] as const) {
    app.get(u(path), async (req) => {
      const { date } = parseInput(listQuery, req.query);
      const list = await body.listFor('zq', date);
      return ok(
        list.filter((m) => (type === 'lottery' ? m.jc !== null || m.bd : type === 'jczq' ? m.jc !== null : m.bd)),
      );
    });
  }
  app.get(u(LivePaths.zqFilter), async (req) => {
    const { type, date } = parseInput(filterQuery, req.query);
    return ok(body.filterGroups((await body.listFor('zq', date)).filter(byType(type))));
  });

  // --- football detail --------------------------------------------------------------------
  app.get(u(LivePaths.zqHeader), async (req) => ok(await headerOr404(req.params, 'zq')));
  app.get(u(LivePaths.zqNavigation), async (req) => {
    const m = await matchOr404(req.params);
    const started = !isUpcoming(m.sport, m.status);
    const nav: MatchNavigation = {
      textLive: started,
      stats: started,
      lineup: m.sport === 'zq',
      odds: true,
      analysis: true,
      intelligence: true,
      video: m.hasVideo,
    };
    return ok(nav);
  });
  app.get(u(LivePaths.zqTextLive), async (req) => ok(await body.textLive(await matchOr404(req.params, 'zq'))));
  app.get(u(LivePaths.zqStats), async (req) => {
    const m = await matchOr404(req.params, 'zq');
    return ok(m.st.kind === 'zq' ? footballStats(m.st) : []);
  });
  app.get(u(LivePaths.zqFuture), async (req) => {
    const m = await matchOr404(req.params);
    const [home, away] = await Promise.all([
      teamMatches(db, m.homeId, 'upcoming', m.ot, 5),
      teamMatches(db, m.awayId, 'upcoming', m.ot, 5),
    ]);
    return ok({ home: home.map(analysisMatch), away: away.map(analysisMatch) });
  });
  app.get(u(LivePaths.zqTable), async (req) => ok(await leagueTable(db, await matchOr404(req.params))));
  app.get(u(LivePaths.zqHistory), async (req) => ok(await body.analysisHistory(await matchOr404(req.params))));
  app.get(u(LivePaths.zqOddsCompany), async () => ok(BOOKMAKERS.map((b) => ({ companyId: b.id, nameZh: b.nameZh }))));
  app.get(u(LivePaths.zqOdds), async (req) => {
    const m = await matchOr404(req.params);
    const { type } = parseInput(oddsQuery, req.query);
    return ok(await body.oddsBoard(m, type));
  });
  app.get(u(LivePaths.zqOddsHistory), async (req) => {
    const m = await matchOr404(req.params);
    const { type, companyId } = parseInput(oddsHistoryQuery, req.query);
    return ok(await body.oddsHistory(m, type, companyId));
  });
  app.get(u(LivePaths.zqLineup), async (req) =>
    ok(await body.detailOr404(await matchOr404(req.params, 'zq'), 'lineup')),
  );
  app.get(u(LivePaths.zqIntelligence), async (req) => ok(await intelligence(req.params, 'zq')));
  app.get(u(LivePaths.zqInjury), async (req) =>
    ok(await body.detailOr404(await matchOr404(req.params, 'zq'), 'injuries')),
  );
  app.get(u(LivePaths.zqPlayerStats), async (req) => ok(await playerStats(req.params)));

  // --- basketball -------------------------------------------------------------------------
  app.get(u(LivePaths.lqList), async (req) => {
    const { date, type } = parseInput(lqListQuery, req.query);
    const list = await body.listFor('lq', date);
    return ok(type === 'jx' ? list.filter((m) => m.jx) : list);
  });
  app.get(u(LivePaths.lqFilter), async (req) => {
    const { date } = parseInput(listQuery, req.query);
    return ok(body.filterGroups(await body.listFor('lq', date)));
  });
  app.get(u(LivePaths.lqHeader), async (req) => ok(await headerOr404(req.params, 'lq')));
  app.get(u(LivePaths.lqAnalysis), async (req) => ok(await body.analysisHistory(await matchOr404(req.params, 'lq'))));
  app.get(u(LivePaths.lqOdds), async (req) => {
    const m = await matchOr404(req.params, 'lq');
    const { type } = parseInput(oddsQuery, req.query);
    return ok(await body.oddsBoard(m, type));
  });
  app.get(u(LivePaths.lqStats), async (req) => {
    const m = await matchOr404(req.params, 'lq');
    ctx.feed.watch?.(m);
    return ok({
      stats: m.st.kind === 'lq' ? basketballStats(m.st) : [],
      players: basketballPlayerLines(ctx.config.feedSeed, m),
    });
  });
  app.get(u(LivePaths.lqIntel), async (req) => ok(await intelligence(req.params, 'lq')));
  app.get(u(LivePaths.lqTextLive), async (req) => ok(await body.textLive(await matchOr404(req.params, 'lq'))));
  app.get(u(LivePaths.lqRank), async (req) => ok(await leagueTable(db, await matchOr404(req.params, 'lq'))));
  app.get(u(LivePaths.lqSectionDiff), async (req) => {
    const m = await matchOr404(req.params, 'lq');
    return ok(sectionDiffOf(m, await body.recentOf(m, 10)));
  });

  // --- both -------------------------------------------------------------------------------
  app.get(u(LivePaths.hotSchedule), async (req) => {
    const { sport } = parseInput(sportQuery, req.query);
    return ok(await body.hotMatches(sport));
  });
  app.get(u(LivePaths.hotColumn), async () => {
    const hot = await body.hotMatches();
    const live = liveFirst(await body.views(await liveMatches(db))).filter((m) => m.jx || m.hot);
    const nowSec = Math.floor(ctx.now() / 1000);
    const soon = hot.filter((m) => isUpcoming(m.sport, m.s) && m.ot >= nowSec && m.ot <= nowSec + 6 * 3600);
    const columns: HotColumn[] = [
      { key: 'focus', title: LiveText.focusColumn, matches: hot.slice(0, 10) },
      { key: 'live', title: LiveText.liveColumn, matches: live.slice(0, 20) },
      { key: 'soon', title: LiveText.soonColumn, matches: soon.slice(0, 10) },
    ];
    return ok(columns);
  });
  // LivePaths.video (a match's video) is the anchor area's: a match plays its bound live room.
  app.get(u(LivePaths.follow), async (req) => {
    const { userId } = await requireUser(db, req, ctx.now());
    const rows = await followedBy(db, userId);
    const ids: FollowedIds = {
      zq: rows.filter((r) => r.sport === 'zq').map((r) => r.matchId),
      lq: rows.filter((r) => r.sport === 'lq').map((r) => r.matchId),
    };
    return ok(ids);
  });
  app.post(u(LivePaths.follow), async (req) => {
    const { userId } = await requireUser(db, req, ctx.now());
    const { matchId, sport } = parseInput(followBody, req.body);
    // A match of the season before the stored month (or after its week ahead) is followed like a stored one.
    const m = await seasonMatchById(db, matchId);
    if (!m) return fail(Code.NOT_FOUND, LiveText.matchNotFound);
    if (m.sport !== sport) return fail(Code.BAD_INPUT, LiveText.sportMismatch);
    const on = await toggleFollow(db, userId, matchId, sport, ctx.now());
    return on
      ? ok({ followed: true, follow: 1 }, LiveText.followed)
      : ok({ followed: false, follow: 0 }, LiveText.unfollowed);
  });

  // --- crests -----------------------------------------------------------------------------
  app.get(CrestPath, async (req, reply: FastifyReply) => {
    const p = crestParam.safeParse(req.params);
    // The catalogue's team, or a provider's as stored (its name and league colour).
    const team = p.success ? (TEAM_BY_ID.get(p.data.teamId) ?? (await storedTeam(db, p.data.teamId))) : undefined;
    if (!team) return reply.status(404).type('text/plain; charset=utf-8').send(LiveText.teamNotFound);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=604800, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(crestSvg(team));
  });

  // The generated images coming on screen together, in one SVG (server/media/sprite.ts).
  const generatedSvg = async (item: string): Promise<string | null> => {
    const [what, a, b] = item.split('/');
    if (what === 'art') return ART_KINDS.includes(a as ArtKind) ? artSvg(a as ArtKind, Number(b)) : null;
    const teamId = Number(a);
    const team = TEAM_BY_ID.get(teamId) ?? (await storedTeam(db, teamId));
    return team ? crestSvg(team) : null;
  };
  app.get(SpritePath, async (req, reply: FastifyReply) => {
    const items = spriteItems((req.query as Record<string, unknown>).i);
    if (!items) return reply.status(404).type('text/plain; charset=utf-8').send(LiveText.imageNotFound);
    const images = await Promise.all(items.map(async (item) => ({ item, svg: await generatedSvg(item) })));
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(spriteSvg(images));
  });
};
