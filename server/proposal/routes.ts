/**
 * Expert tips REST (paths in workers/protocol/api/proposal.ts): records and rankings derived from
 * settled tips, matches with tips, a tip's detail (paid reasoning only for buyers and the
 * expert), publishing at server-quoted odds, buying, following, applying; and the operator's
 * decision on applications (only when OPS_TOKEN is set).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InferResult } from 'kysely';
import { z } from 'zod';
import {
  Code,
  OpsProposalPaths,
  ProposalPaths,
  RANK_MIN_DECIDED_TIPS,
  TIP_PRICE_MAX,
  TIP_REASON_MAX_LEN,
  TIP_REASON_MIN,
  embeddedUrl,
  isFinished,
  isLive,
  isUpcoming,
  ok,
  type ExpertProfile,
  type ExpertRankRow,
  type FollowedExpert,
  type Sport,
  type TipCard,
  type TipDetail,
  type TipMarketCode,
  type TipMatchRow,
  type TipPickCode,
  type TipResultCode,
} from '../../workers/protocol/index';
import { idField, textField } from '../../workers/protocol/fields';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { BizError, parseInput } from '../http/reply';
import { accessTokenOf, requireUser, verifyAccessToken } from '../accounts/tokens';
import { opsEnabled, requireOps } from '../ops/guard';
import { createLiveBodies } from '../live/bodies';
import { matchById } from '../live/repository';
import { seasonMatchById, storyOf } from '../live/played-story';
import { rowToMatch } from '../live/store';
import { expertRecord, rankExperts, type RankBy, type SettledTip, type TipResult } from './settle';
import { closedForTips, publishTip, TipRefused, TipText } from './tips';
import { QUOTED_MARKETS, quoteFromBoard } from './quote';
import { buyTip, hasBought } from './purchases';
import {
  applicationState,
  applyForExpert,
  decideApplication,
  followedExpertIds,
  followerCounts,
  pendingApplications,
  toggleExpertFollow,
} from './experts';

const u = (path: string) => embeddedUrl(path);
const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const rankQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(7), z.literal(30)]))
    .default(7),
  by: z.enum(['hitRate', 'profit', 'streak']).default('hitRate'),
});
const matchListQuery = z.object({
  sport: z.enum(['zq', 'lq'], { error: '运动类型不正确' }).default('zq'),
  leagueId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  lottery: z.enum(['jc', 'bd'], { error: '彩种只能是竞彩或北单' }).optional(),
});
const publishBody = z.object({
  matchId: idField('比赛编号', '请选择比赛'),
  market: z.enum(['spf', 'rq', 'dxq', 'rf', 'dxf'], { error: '请选择玩法' }),
  pick: z.enum(['home', 'draw', 'away', 'over', 'under'], { error: '请选择选项' }),
  price: z.coerce
    .number({ error: '价格不正确' })
    .int('价格应为整数球币')
    .min(0, '价格不能为负')
    .max(TIP_PRICE_MAX, `价格不能超过 ${TIP_PRICE_MAX} 球币`)
    .default(0),
  reason: textField({
    label: '推荐理由',
    min: TIP_REASON_MIN,
    max: TIP_REASON_MAX_LEN,
    multiline: true,
    missing: '请填写推荐理由',
    short: `推荐理由至少 ${TIP_REASON_MIN} 个字`,
    long: `推荐理由不能超过 ${TIP_REASON_MAX_LEN} 字`,
  }),
});
const tipIdBody = z.object({ tipId: idField('方案编号', '请选择方案') });
const expertIdBody = z.object({ expertId: idField('专家编号', '请选择专家') });
const decideBody = z.object({
  userId: idField('用户编号', '请指定用户'),
  approve: z.boolean({ error: '请指定通过或拒绝' }),
});

async function settledTips(db: Db, expertIds: number[] | null, since: number): Promise<Map<number, SettledTip[]>> {
  let q = db
    .selectFrom('proposal_tips')
    .select(['expert_id', 'result', 'profit', 'settled_at'])
    .where('result', 'is not', null)
    .where('settled_at', '>', since)
    .orderBy('settled_at')
    .orderBy('id');
  if (expertIds) q = q.where('expert_id', 'in', expertIds.length ? expertIds : [-1]);
  const out = new Map<number, SettledTip[]>();
  for (const r of await q.execute()) {
    const list = out.get(r.expert_id) ?? [];
    list.push({ result: r.result as TipResult, profit: r.profit ?? 0, settledAt: r.settled_at ?? 0 });
    out.set(r.expert_id, list);
  }
  return out;
}

function tipCards(db: Db) {
  return db
    .selectFrom('proposal_tips as t')
    .innerJoin('users as u', 'u.id', 't.expert_id')
    .innerJoin('proposal_experts as e', 'e.user_id', 't.expert_id')
    .select([
      't.id',
      't.expert_id',
      'u.nick_name',
      'e.level',
      't.match_id',
      't.sport',
      't.market',
      't.pick',
      't.line',
      't.odds',
      't.price',
      't.published_at',
      't.result',
      't.profit',
    ]);
}

type CardRow = InferResult<ReturnType<typeof tipCards>>[number];

const toCard = (r: CardRow): TipCard => ({
  id: r.id,
  expertId: r.expert_id,
  nickName: r.nick_name,
  level: r.level,
  matchId: r.match_id,
  sport: r.sport as Sport,
  market: r.market as TipMarketCode,
  pick: r.pick as TipPickCode,
  line: r.line,
  odds: r.odds,
  price: r.price,
  publishedAt: r.published_at,
  result: r.result as TipResultCode | null,
  profit: r.profit,
});

export function registerProposalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const body = createLiveBodies(ctx);
  const optionalUserId = async (req: FastifyRequest): Promise<number | null> => {
    const token = accessTokenOf(req);
    return token ? verifyAccessToken(db, token, ctx.now()) : null;
  };
  const userId = async (req: FastifyRequest) => (await requireUser(db, req, ctx.now())).userId;

  async function profile(id: number): Promise<ExpertProfile> {
    const row = await db
      .selectFrom('proposal_experts as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'e.level', 'e.intro', 'u.nick_name'])
      .where('e.user_id', '=', id)
      .executeTakeFirst();
    if (!row) throw new BizError(Code.NOT_FOUND, '专家不存在');
    const tips = (await settledTips(db, [id], 0)).get(id) ?? [];
    return { id: row.user_id, nickName: row.nick_name, level: row.level, intro: row.intro, record: expertRecord(tips) };
  }

  async function ranking(days: 7 | 30, by: RankBy, only: number[] | null): Promise<ExpertRankRow[]> {
    const now = ctx.now();
    const tips = await settledTips(db, only, now - days * 86_400_000);
    const rows = rankExperts(
      [...tips].map(([expertId, list]) => ({ expertId, tips: list })),
      { now, days, by, minTips: RANK_MIN_DECIDED_TIPS },
    );
    const experts = await db
      .selectFrom('proposal_experts as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'e.level', 'u.nick_name'])
      .where('e.user_id', 'in', rows.length ? rows.map((r) => r.expertId) : [-1])
      .execute();
    const byId = new Map(experts.map((e) => [e.user_id, e]));
    return rows.map((r) => ({
      ...r,
      nickName: byId.get(r.expertId)?.nick_name ?? '',
      level: byId.get(r.expertId)?.level ?? 1,
    }));
  }

  /**
   * A match's quotes (a stored match, or one of the season played out from the seed: its final
   * lines, as a stored finished match's) and the match.
   */
  async function quoted(matchId: number) {
    const m = await seasonMatchById(db, matchId);
    if (!m) throw new BizError(Code.NOT_FOUND, TipText.matchNotFound);
    const quotes = [];
    for (const { market, type } of QUOTED_MARKETS[m.sport]) {
      const q = quoteFromBoard(market, await body.oddsBoard(m, type));
      if (q) quotes.push(q);
    }
    return { m, quotes };
  }

  app.get(u(ProposalPaths.expert), async (req) => ok(await profile(parseInput(idParam, req.params).id)));

  app.get(u(ProposalPaths.rank), async (req) => {
    const { days, by } = parseInput(rankQuery, req.query);
    return ok(await ranking(days, by, null));
  });

  app.get(u(ProposalPaths.rankAttention), async (req) => {
    const { days, by } = parseInput(rankQuery, req.query);
    return ok(await ranking(days, by, await followedExpertIds(db, await userId(req))));
  });

  app.get(u(ProposalPaths.matchList), async (req) => {
    const { sport, leagueId, lottery } = parseInput(matchListQuery, req.query);
    // Matches still to be played or in play, and those of the last day (their tips just settled).
    const since = Math.floor(ctx.now() / 1000) - 86_400;
    let q = db
      .selectFrom('live_matches as m')
      .innerJoin('proposal_tips as t', 't.match_id', 'm.id')
      .selectAll('m')
      .select((eb) => eb.fn.count<string>('t.id').as('tip_count'))
      .where('m.sport', '=', sport)
      .where('m.ot', '>=', since)
      .groupBy('m.id')
      .orderBy('m.ot')
      .orderBy('m.id')
      .limit(200);
    if (leagueId) q = q.where('m.league_id', '=', leagueId);
    if (lottery === 'jc') q = q.where('m.jc', 'is not', null);
    if (lottery === 'bd') q = q.where('m.bd', '=', true);
    const rows = await q.execute();
    const views = await body.views(rows.map((r) => rowToMatch(r)));
    const out: TipMatchRow[] = views.map((match, i) => ({ match, tipCount: Number(rows[i]!.tip_count) }));
    // Live first, then upcoming, then finished: what a fan can still act on comes first.
    const rank = (s: number) => (isLive(sport, s) ? 0 : isUpcoming(sport, s) ? 1 : isFinished(sport, s) ? 3 : 2);
    return ok(out.sort((a, b) => rank(a.match.s) - rank(b.match.s)));
  });

  app.get(u(ProposalPaths.matchTips), async (req) => {
    const { id } = parseInput(idParam, req.params);
    const rows = await tipCards(db).where('t.match_id', '=', id).orderBy('t.published_at').orderBy('t.id').execute();
    return ok(rows.map(toCard));
  });

  app.get(u(ProposalPaths.expertTips), async (req) => {
    const { id } = parseInput(idParam, req.params);
    const rows = await tipCards(db)
      .where('t.expert_id', '=', id)
      .orderBy('t.published_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(50)
      .execute();
    return ok(rows.map(toCard));
  });

  app.get(u(ProposalPaths.detail), async (req) => {
    const { id } = parseInput(idParam, req.params);
    const row = await tipCards(db).select('t.reason').where('t.id', '=', id).executeTakeFirst();
    if (!row) throw new BizError(Code.NOT_FOUND, '方案不存在');
    const viewer = await optionalUserId(req);
    const [expert, followers, m, bought, follows] = await Promise.all([
      profile(row.expert_id),
      followerCounts(db, [row.expert_id]),
      matchById(db, row.match_id),
      viewer ? hasBought(db, viewer, row.id) : Promise.resolve({ bought: false, refunded: false }),
      viewer ? followedExpertIds(db, viewer) : Promise.resolve([] as number[]),
    ]);
    if (!m) throw new BizError(Code.NOT_FOUND, '比赛不存在');
    const open = row.price === 0 || viewer === row.expert_id || bought.bought;
    const detail: TipDetail = {
      ...toCard(row),
      expert: {
        ...expert,
        followers: followers.get(row.expert_id) ?? 0,
        follow: follows.includes(row.expert_id) ? 1 : 0,
      },
      match: (await body.views([m]))[0]!,
      reason: open ? row.reason : null,
      purchased: bought.bought,
      refunded: bought.refunded,
    };
    return ok(detail);
  });

  app.get(u(ProposalPaths.quote), async (req) => ok((await quoted(parseInput(idParam, req.params).id)).quotes));

  app.post(u(ProposalPaths.publish), async (req) => {
    const me = await userId(req);
    const input = parseInput(publishBody, req.body);
    const { m, quotes } = await quoted(input.matchId);
    // A match the feed did not store is over (before the stored month) or beyond its week ahead:
    // refused as a stored one in its state would be, never 比赛不存在.
    if (storyOf(m))
      throw new BizError(Code.REFUSED, closedForTips(m.sport, m.status, m.ot, ctx.now()) ?? TipText.notYet);
    const q = quotes.find((x) => x.market === input.market);
    const odds = q?.odds[input.pick];
    if (!q || odds === undefined) throw new BizError(Code.REFUSED, '该比赛暂无此玩法的赔率');
    try {
      const id = await publishTip(db, me, { ...input, line: q.line, odds }, ctx.now());
      return ok({ id });
    } catch (e) {
      if (e instanceof TipRefused) throw new BizError(Code.REFUSED, e.message);
      throw e;
    }
  });

  app.post(u(ProposalPaths.buy), async (req) => {
    const me = await userId(req);
    const { tipId } = parseInput(tipIdBody, req.body);
    return ok(await buyTip(db, me, tipId, ctx.now()));
  });

  app.post(u(ProposalPaths.follow), async (req) => {
    const me = await userId(req);
    const { expertId } = parseInput(expertIdBody, req.body);
    return ok({ follow: await toggleExpertFollow(db, me, expertId, ctx.now()) });
  });

  app.get(u(ProposalPaths.attention), async (req) => {
    const ids = await followedExpertIds(db, await userId(req));
    const [counts, profiles] = await Promise.all([followerCounts(db, ids), Promise.all(ids.map((id) => profile(id)))]);
    const list: FollowedExpert[] = profiles.map((p) => ({
      id: p.id,
      nickName: p.nickName,
      level: p.level,
      followers: counts.get(p.id) ?? 0,
      record: p.record,
    }));
    return ok(list);
  });

  app.get(u(ProposalPaths.apply), async (req) => ok(await applicationState(db, await userId(req))));
  app.post(u(ProposalPaths.apply), async (req) => ok(await applyForExpert(db, await userId(req), ctx.now())));

  if (!opsEnabled(ctx.config)) return;
  app.get(u(OpsProposalPaths.applications), async (req) => {
    requireOps(ctx.config, req);
    return ok(await pendingApplications(db));
  });
  app.post(u(OpsProposalPaths.decide), async (req) => {
    requireOps(ctx.config, req);
    const { userId: target, approve } = parseInput(decideBody, req.body);
    return ok(await decideApplication(db, target, approve, ctx.now()));
  });
}
