/**
 * Live-score REST (spec §7, paths in workers/protocol/api/live.ts, mounted under the main API
 * base) and the generated team crests. Reads what the feed simulator stores; the follow list is
 * the only thing written here.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  Code,
  CrestPath,
  LivePaths,
  embeddedUrl,
  fail,
  ok,
  type FilterGroup,
  type FollowedIds,
  type HotColumn,
  type Match,
  type MatchHeaderBody,
  type MatchNavigation,
  type OddsBoard,
  type OddsRow,
  type OddsType,
  type Sport,
  type TextLiveLine,
} from '../../workers/protocol/index';
import type { AreaPlugin, AppContext } from '../context';
import { BizError, parseInput } from '../http/reply';
import { requireUser } from '../accounts/tokens';
import { BOOKMAKERS, LEAGUE_BY_ID, TEAM_BY_ID } from '../seed/leagues';
import { crestSvg } from '../seed/crest';
import { addDays, beijingDay } from '../feed/fixtures';
import { FEED_WINDOW_DAYS, toIncident } from '../feed/create-feed';
import { basketballStats, footballStats, teamRank, toMatch, type ViewClock } from '../feed/match-view';
import { openingQuote } from '../feed/odds';
import type { SimMatch } from '../feed/sim-types';
import { rowToSim } from '../feed/store';
import {
  basketballPlayerLines,
  footballPlayerStats,
  intelligenceOf,
  leagueTable,
  analysisMatch,
  sectionDiffOf,
} from './details';
import { injuriesOf, lineupOf } from '../feed/lineup';
import { liveFirst, liveMatches, matchById, matchesOfDay, teamMatches } from './queries';
import { LiveText } from './text';
import { idField } from '../../workers/protocol/fields';

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
    .refine((id) => BOOKMAKERS.some((b) => b.id === id), '博彩公司不存在'),
});
const sportQuery = z.object({ sport: z.enum(['zq', 'lq']).optional() });
const followBody = z.object({
  matchId: idField('比赛编号'),
  sport: z.enum(['zq', 'lq']),
});
const crestParam = z.object({ teamId: z.coerce.number().int().positive().max(1_000_000) });

const COMPANY_NAME = new Map<number, string>(BOOKMAKERS.map((b) => [b.id, b.nameZh]));

export const liveArea: AreaPlugin = (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx;
  const u = embeddedUrl;
  const clock = (): ViewClock => ({
    seed: ctx.config.feedSeed,
    speed: ctx.config.feedSpeed > 0 ? ctx.config.feedSpeed : 1,
    now: ctx.now(),
  });
  const today = (): string => beijingDay(ctx.now());

  function dayOf(date: string | undefined): string {
    const t = today();
    if (!date) return t;
    if (date < addDays(t, -FEED_WINDOW_DAYS) || date > addDays(t, FEED_WINDOW_DAYS))
      throw new BizError(Code.BAD_INPUT, LiveText.dateOutOfRange);
    return date;
  }

  async function matchOr404(params: unknown, sport?: Sport): Promise<SimMatch> {
    const { id } = parseInput(idParam, params);
    const m = await matchById(db, id);
    if (!m || (sport && m.sport !== sport)) throw new BizError(Code.NOT_FOUND, LiveText.matchNotFound);
    return m;
  }

  const views = (ms: SimMatch[]): Match[] => {
    const c = clock();
    return ms.map((m) => toMatch(m, c));
  };

  /** Today's list: today's fixtures plus any still live from before midnight. */
  async function todayList(sport: Sport): Promise<Match[]> {
    const day = await matchesOfDay(db, sport, today());
    const ids = new Set(day.map((m) => m.id));
    const carried = (await liveMatches(db, sport)).filter((m) => !ids.has(m.id));
    return liveFirst(views([...carried, ...day]));
  }

  async function listFor(sport: Sport, date: string | undefined): Promise<Match[]> {
    const day = dayOf(date);
    if (day === today()) return todayList(sport);
    return views(await matchesOfDay(db, sport, day));
  }

  function filterGroups(matches: Match[]): FilterGroup[] {
    const counts = new Map<number, number>();
    for (const m of matches) counts.set(m.li, (counts.get(m.li) ?? 0) + 1);
    const groups = new Map<string, FilterGroup>();
    for (const [leagueId, count] of counts) {
      const league = LEAGUE_BY_ID.get(leagueId);
      if (!league) continue;
      const g = groups.get(league.letter) ?? { letter: league.letter, countList: [] };
      g.countList.push({ leagueId, leagueName: league.name, count, isChecked: true });
      groups.set(league.letter, g);
    }
    return [...groups.values()]
      .sort((a, b) => a.letter.localeCompare(b.letter))
      .map((g) => ({ ...g, countList: g.countList.sort((a, b) => b.count - a.count || a.leagueId - b.leagueId) }));
  }

  const byType =
    (type: 'all' | 'jx' | 'jczq' | 'bjdc') =>
    (m: Match): boolean =>
      type === 'all' ? true : type === 'jx' ? m.jx : type === 'jczq' ? m.jc !== null : m.bd;

  async function header(m: SimMatch): Promise<MatchHeaderBody> {
    const rows = await db
      .selectFrom('live_incidents')
      .selectAll()
      .where('match_id', '=', m.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return {
      match: toMatch(m, clock()),
      incidents: rows.map((r) =>
        toIncident({
          id: r.id,
          matchId: r.match_id,
          sport: r.sport as Sport,
          type: r.type as never,
          side: r.side as never,
          minute: r.minute,
          text: r.text,
          score: [r.score_h, r.score_a],
          state: r.state,
          at: r.at,
        }),
      ),
    };
  }

  async function textLive(m: SimMatch): Promise<TextLiveLine[]> {
    const rows = await db
      .selectFrom('live_text')
      .selectAll()
      .where('match_id', '=', m.id)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    if (rows.length > 0)
      return rows.map((r) => ({
        id: r.id,
        matchId: r.match_id,
        minute: r.minute,
        text: r.text,
        type: r.type as TextLiveLine['type'],
        at: r.at,
      }));
    // Caught up without minute-by-minute history: its incidents are the text live.
    const inc = await db
      .selectFrom('live_incidents')
      .selectAll()
      .where('match_id', '=', m.id)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return inc.map((r) => ({
      id: `${r.id}-i`,
      matchId: r.match_id,
      minute: r.minute,
      text: r.text,
      type: r.type as TextLiveLine['type'],
      at: r.at,
    }));
  }

  function oddsBase(m: SimMatch) {
    return {
      seed: ctx.config.feedSeed,
      matchId: m.id,
      sport: m.sport,
      homeStrength: TEAM_BY_ID.get(m.homeId)?.strength ?? 60,
      awayStrength: TEAM_BY_ID.get(m.awayId)?.strength ?? 60,
    };
  }

  function openRow(m: SimMatch, type: OddsType, companyId: number): OddsRow {
    const line = openingQuote(oddsBase(m), companyId, type);
    return { companyId, nameZh: COMPANY_NAME.get(companyId) ?? '', ...line, at: (m.ot - 86_400) * 1000 };
  }

  async function oddsBoard(m: SimMatch, type: OddsType): Promise<OddsBoard> {
    const latest = await db
      .selectFrom('live_odds')
      .select(['company_id', 'left', 'middle', 'right', 'at'])
      .distinctOn('company_id')
      .where('match_id', '=', m.id)
      .where('type', '=', type)
      .orderBy('company_id')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const byCompany = new Map(latest.map((r) => [r.company_id, r]));
    return {
      matchId: m.id,
      type,
      companies: BOOKMAKERS.map((b) => {
        const open = openRow(m, type, b.id);
        const row = byCompany.get(b.id);
        const kept = m.st.odds[`${type}:${b.id}`];
        const live: OddsRow = row
          ? { companyId: b.id, nameZh: b.nameZh, left: row.left, middle: row.middle, right: row.right, at: row.at }
          : kept
            ? { companyId: b.id, nameZh: b.nameZh, left: kept[0], middle: kept[1], right: kept[2], at: m.updatedAt }
            : open;
        return { companyId: b.id, nameZh: b.nameZh, open, live };
      }),
    };
  }

  async function oddsHistory(m: SimMatch, type: OddsType, companyId: number): Promise<OddsRow[]> {
    const rows = await db
      .selectFrom('live_odds')
      .select(['left', 'middle', 'right', 'at'])
      .where('match_id', '=', m.id)
      .where('type', '=', type)
      .where('company_id', '=', companyId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(300)
      .execute();
    const nameZh = COMPANY_NAME.get(companyId) ?? '';
    const out: OddsRow[] = rows.map((r) => ({
      companyId,
      nameZh,
      left: r.left,
      middle: r.middle,
      right: r.right,
      at: r.at,
    }));
    const kept = m.st.odds[`${type}:${companyId}`];
    if (out.length === 0 && kept)
      out.push({ companyId, nameZh, left: kept[0], middle: kept[1], right: kept[2], at: m.updatedAt });
    out.push(openRow(m, type, companyId));
    return out;
  }

  async function recentOf(m: SimMatch, limit: number) {
    const [home, away] = await Promise.all([
      teamMatches(db, m.homeId, 'finished', m.ot, limit),
      teamMatches(db, m.awayId, 'finished', m.ot, limit),
    ]);
    return { home, away };
  }

  async function analysisHistory(m: SimMatch) {
    const recent = await recentOf(m, 10);
    const h2hRows = await db
      .selectFrom('live_matches')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('home_id', '=', m.homeId), eb('away_id', '=', m.awayId)]),
          eb.and([eb('home_id', '=', m.awayId), eb('away_id', '=', m.homeId)]),
        ]),
      )
      .where('id', '!=', m.id)
      .where('ot', '<', m.ot)
      .orderBy('ot', 'desc')
      .limit(10)
      .execute();
    return {
      h2h: h2hRows
        .map(rowToSim)
        .map(analysisMatch)
        .filter((a) => a.score !== null),
      homeRecent: recent.home.map(analysisMatch),
      awayRecent: recent.away.map(analysisMatch),
    };
  }

  async function intelligence(m: SimMatch) {
    const recent = await recentOf(m, 6);
    return intelligenceOf(ctx.config.feedSeed, m, recent, {
      home: teamRank(ctx.config.feedSeed, m.homeId),
      away: teamRank(ctx.config.feedSeed, m.awayId),
    });
  }

  async function hotMatches(sport?: Sport): Promise<Match[]> {
    const t = today();
    let q = db
      .selectFrom('live_matches')
      .selectAll()
      .where('day', 'in', [t, addDays(t, 1)])
      .where('hot', '=', true);
    if (sport) q = q.where('sport', '=', sport);
    const hot = await q.orderBy('ot').execute();
    const carried = (await liveMatches(db, sport)).filter((m) => m.hot || m.jx);
    const seen = new Set<number>();
    const all = [...carried, ...hot.map(rowToSim)].filter((m) => !seen.has(m.id) && (seen.add(m.id), true));
    return liveFirst(views(all)).filter(
      (m) =>
        !(m.sport === 'zq'
          ? m.s >= 8 && m.ot * 1000 < ctx.now() - 6 * 3600_000
          : m.s >= 10 && m.ot * 1000 < ctx.now() - 6 * 3600_000),
    );
  }

  // --- football lists ---------------------------------------------------------------------
  app.get(u(LivePaths.zqLive), async (req) => {
    parseInput(listQuery, req.query);
    return ok(await todayList('zq'));
  });
  app.get(u(LivePaths.zqByDate), async (req) => {
    const { date } = parseInput(listQuery, req.query);
    return ok(await listFor('zq', date));
  });
  for (const [path, type] of [
    [LivePaths.zqLottery, 'lottery'],
    [LivePaths.zqJczq, 'jczq'],
    [LivePaths.zqBjdc, 'bjdc'],
  ] as const) {
    app.get(u(path), async (req) => {
      const { date } = parseInput(listQuery, req.query);
      const list = await listFor('zq', date);
      return ok(
        list.filter((m) => (type === 'lottery' ? m.jc !== null || m.bd : type === 'jczq' ? m.jc !== null : m.bd)),
      );
    });
  }
  app.get(u(LivePaths.zqFilter), async (req) => {
    const { type, date } = parseInput(filterQuery, req.query);
    return ok(filterGroups((await listFor('zq', date)).filter(byType(type))));
  });

  // --- football detail --------------------------------------------------------------------
  app.get(u(LivePaths.zqHeader), async (req) => ok(await header(await matchOr404(req.params, 'zq'))));
  app.get(u(LivePaths.zqNavigation), async (req) => {
    const m = await matchOr404(req.params);
    const started = m.status !== 1 && m.status !== 13;
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
  app.get(u(LivePaths.zqTextLive), async (req) => ok(await textLive(await matchOr404(req.params, 'zq'))));
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
  app.get(u(LivePaths.zqHistory), async (req) => ok(await analysisHistory(await matchOr404(req.params))));
  app.get(u(LivePaths.zqOddsCompany), async () => ok(BOOKMAKERS.map((b) => ({ companyId: b.id, nameZh: b.nameZh }))));
  app.get(u(LivePaths.zqOdds), async (req) => {
    const m = await matchOr404(req.params);
    const { type } = parseInput(oddsQuery, req.query);
    return ok(await oddsBoard(m, type));
  });
  app.get(u(LivePaths.zqOddsHistory), async (req) => {
    const m = await matchOr404(req.params);
    const { type, companyId } = parseInput(oddsHistoryQuery, req.query);
    return ok(await oddsHistory(m, type, companyId));
  });
  app.get(u(LivePaths.zqLineup), async (req) => ok(lineupOf(ctx.config.feedSeed, await matchOr404(req.params, 'zq'))));
  app.get(u(LivePaths.zqIntelligence), async (req) => ok(await intelligence(await matchOr404(req.params, 'zq'))));
  app.get(u(LivePaths.zqInjury), async (req) =>
    ok(injuriesOf(ctx.config.feedSeed, await matchOr404(req.params, 'zq'))),
  );
  app.get(u(LivePaths.zqPlayerStats), async (req) =>
    ok(footballPlayerStats(ctx.config.feedSeed, await matchOr404(req.params, 'zq'))),
  );

  // --- basketball -------------------------------------------------------------------------
  app.get(u(LivePaths.lqList), async (req) => {
    const { date, type } = parseInput(lqListQuery, req.query);
    const list = await listFor('lq', date);
    return ok(type === 'jx' ? list.filter((m) => m.jx) : list);
  });
  app.get(u(LivePaths.lqFilter), async (req) => {
    const { date } = parseInput(listQuery, req.query);
    return ok(filterGroups(await listFor('lq', date)));
  });
  app.get(u(LivePaths.lqHeader), async (req) => ok(await header(await matchOr404(req.params, 'lq'))));
  app.get(u(LivePaths.lqAnalysis), async (req) => ok(await analysisHistory(await matchOr404(req.params, 'lq'))));
  app.get(u(LivePaths.lqOdds), async (req) => {
    const m = await matchOr404(req.params, 'lq');
    const { type } = parseInput(oddsQuery, req.query);
    return ok(await oddsBoard(m, type));
  });
  app.get(u(LivePaths.lqStats), async (req) => {
    const m = await matchOr404(req.params, 'lq');
    return ok({
      stats: m.st.kind === 'lq' ? basketballStats(m.st) : [],
      players: basketballPlayerLines(ctx.config.feedSeed, m),
    });
  });
  app.get(u(LivePaths.lqIntel), async (req) => ok(await intelligence(await matchOr404(req.params, 'lq'))));
  app.get(u(LivePaths.lqTextLive), async (req) => ok(await textLive(await matchOr404(req.params, 'lq'))));
  app.get(u(LivePaths.lqRank), async (req) => ok(await leagueTable(db, await matchOr404(req.params, 'lq'))));
  app.get(u(LivePaths.lqSectionDiff), async (req) => {
    const m = await matchOr404(req.params, 'lq');
    return ok(sectionDiffOf(m, await recentOf(m, 10)));
  });

  // --- both -------------------------------------------------------------------------------
  app.get(u(LivePaths.hotSchedule), async (req) => {
    const { sport } = parseInput(sportQuery, req.query);
    return ok(await hotMatches(sport));
  });
  app.get(u(LivePaths.hotColumn), async () => {
    const hot = await hotMatches();
    const live = liveFirst(views(await liveMatches(db))).filter((m) => m.jx || m.hot);
    const nowSec = Math.floor(ctx.now() / 1000);
    const soon = hot.filter((m) => m.s === 1 && m.ot >= nowSec && m.ot <= nowSec + 6 * 3600);
    const columns: HotColumn[] = [
      { key: 'focus', title: LiveText.focusColumn, matches: hot.slice(0, 10) },
      { key: 'live', title: LiveText.liveColumn, matches: live.slice(0, 20) },
      { key: 'soon', title: LiveText.soonColumn, matches: soon.slice(0, 10) },
    ];
    return ok(columns);
  });
  app.get(u(LivePaths.video), async (req) => {
    // No match carries a stream of its own yet (hasVideo is false); anchor rooms link theirs.
    await matchOr404(req.params);
    return fail(Code.NO_VIDEO, LiveText.noVideo);
  });
  app.get(u(LivePaths.follow), async (req) => {
    const { userId } = await requireUser(db, req, ctx.now());
    const rows = await db
      .selectFrom('live_follows')
      .select(['match_id', 'sport'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const ids: FollowedIds = {
      zq: rows.filter((r) => r.sport === 'zq').map((r) => r.match_id),
      lq: rows.filter((r) => r.sport === 'lq').map((r) => r.match_id),
    };
    return ok(ids);
  });
  app.post(u(LivePaths.follow), async (req) => {
    const { userId } = await requireUser(db, req, ctx.now());
    const { matchId, sport } = parseInput(followBody, req.body);
    const m = await matchById(db, matchId);
    if (!m) return fail(Code.NOT_FOUND, LiveText.matchNotFound);
    if (m.sport !== sport) return fail(Code.BAD_INPUT, LiveText.sportMismatch);
    const removed = await db
      .deleteFrom('live_follows')
      .where('user_id', '=', userId)
      .where('match_id', '=', matchId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return ok({ followed: false, follow: 0 }, LiveText.unfollowed);
    await db
      .insertInto('live_follows')
      .values({ user_id: userId, match_id: matchId, sport, created_at: ctx.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return ok({ followed: true, follow: 1 }, LiveText.followed);
  });

  // --- crests -----------------------------------------------------------------------------
  app.get(CrestPath, async (req, reply: FastifyReply) => {
    const p = crestParam.safeParse(req.params);
    const team = p.success ? TEAM_BY_ID.get(p.data.teamId) : undefined;
    if (!team) return reply.status(404).type('text/plain; charset=utf-8').send(LiveText.teamNotFound);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=604800, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(crestSvg(team));
  });
};
