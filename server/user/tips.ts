/**
 * My tips (我的方案): a 胜/平/负 pick on a football match that has not kicked off, one per user
 * and match, read back with the match as the feed stores it (live_matches) and the outcome
 * derived here from that row, never stored, so it follows the match to the final whistle.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, FootballStatus, embeddedUrl, isLive, ok } from '../../workers/protocol/index';
import {
  CENTRE_PAGE_SIZE,
  TIP_PICKS,
  TIP_REASON_MAX,
  UserCentrePaths as P,
  type MyTip,
  type TipMatch,
  type TipOutcome,
  type TipPage,
  type TipPick,
  type TipStats,
} from '../../workers/protocol/api/user-centre';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { matchesWithNames } from '../live/repository';
import { BizError, pageQuery, parseInput } from '../http/reply';
import { requireUserId } from './auth';
import { idField, textField } from '../../workers/protocol/fields';

const { NOT_STARTED, FINISHED, INTERRUPTED, ABANDONED, CANCELLED } = FootballStatus;
/** Kicked off and not over: the live statuses of spec §4, and a match interrupted for now. */
const inPlay = (status: number): boolean => isLive('zq', status) || status === INTERRUPTED;
/** How far ahead the picker looks. */
const TIP_HORIZON_MS = 3 * 86_400_000;
const TIP_MATCHES_MAX = 60;

/** The outcome of a pick on a match in this state (pure: the list and the hit rate share it). */
export function tipOutcome(pick: TipPick, status: number, scoreH: number, scoreA: number): TipOutcome {
  if (status === FINISHED) {
    const result: TipPick = scoreH > scoreA ? 'home' : scoreH < scoreA ? 'away' : 'draw';
    return result === pick ? 'hit' : 'miss';
  }
  if (inPlay(status)) return 'live';
  if (status === ABANDONED || status === CANCELLED) return 'void';
  return 'pending';
}

/** Why a tip on this match cannot be published now, or null when it can. */
export function tipRefusal(status: number, otSeconds: number, nowMs: number): string | null {
  if (status === FINISHED || inPlay(status) || (status === NOT_STARTED && otSeconds * 1000 <= nowMs))
    return '比赛已开始，不能再发布方案';
  if (status !== NOT_STARTED) return '该比赛当前不能发布方案（已延期、取消或待定）';
  return null;
}

export function tipStats(outcomes: readonly TipOutcome[]): TipStats {
  const hits = outcomes.filter((o) => o === 'hit').length;
  const settled = hits + outcomes.filter((o) => o === 'miss').length;
  return { settled, hits, hitRate: settled === 0 ? null : hits / settled };
}

const tipBody = z.object({
  matchId: idField('比赛编号', '请选择比赛'),
  pick: z.enum(TIP_PICKS, { error: '请选择胜、平或负' }),
  reason: textField({
    label: '推荐理由',
    max: TIP_REASON_MAX,
    multiline: true,
    long: `推荐理由不能超过 ${TIP_REASON_MAX} 字`,
  }).default(''),
});

const u = (path: string) => embeddedUrl(path);

/** Football matches with their league and team names (the picker and the list read the same). */
function footballWithNames(db: Db) {
  return matchesWithNames(db).where('m.sport', '=', 'zq');
}

export function registerTipRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(u(P.tipMatches), async (req) => {
    const userId = await requireUserId(ctx, req);
    const nowS = ctx.now() / 1000;
    const rows = await footballWithNames(db)
      .select([
        'm.id',
        'm.ot',
        'l.name as leagueName',
        'l.color as leagueColor',
        'h.name as homeName',
        'a.name as awayName',
      ])
      .where('m.status', '=', NOT_STARTED)
      .where('m.ot', '>', nowS)
      .where('m.ot', '<', nowS + TIP_HORIZON_MS / 1000)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_tips as t')
              .select('t.id')
              .whereRef('t.match_id', '=', 'm.id')
              .where('t.user_id', '=', userId),
          ),
        ),
      )
      .orderBy('m.ot')
      .orderBy('m.id')
      .limit(TIP_MATCHES_MAX)
      .execute();
    return ok<TipMatch[]>(rows.map((r) => ({ ...r, ot: Number(r.ot) })));
  });

  app.post(u(P.tipAdd), async (req) => {
    const userId = await requireUserId(ctx, req);
    const body = parseInput(tipBody, req.body);
    const match = await db
      .selectFrom('live_matches')
      .select(['status', 'ot'])
      .where('id', '=', body.matchId)
      .where('sport', '=', 'zq')
      .executeTakeFirst();
    if (!match) throw new BizError(Code.NOT_FOUND, '比赛不存在');
    const refusal = tipRefusal(match.status, Number(match.ot), ctx.now());
    if (refusal) throw new BizError(Code.REFUSED, refusal);
    const inserted = await db
      .insertInto('user_tips')
      .values({
        user_id: userId,
        match_id: body.matchId,
        pick: body.pick,
        reason: body.reason,
        created_at: ctx.now(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'match_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new BizError(Code.REFUSED, '您已为这场比赛发布过方案，每场比赛只能发布一次');
    const [tip] = await tipRows(db, userId, { id: inserted.id });
    return ok(tip!, '方案发布成功');
  });

  app.get(u(P.tips), async (req) => {
    const userId = await requireUserId(ctx, req);
    const { page } = parseInput(pageQuery, req.query);
    const total = Number(
      (
        await db
          .selectFrom('user_tips')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const list = await tipRows(db, userId, { page });
    // The hit rate is over every settled tip, not only this page's.
    const finished = await db
      .selectFrom('user_tips as t')
      .innerJoin('live_matches as m', 'm.id', 't.match_id')
      .select(['t.pick', 'm.status', 'm.score_h', 'm.score_a'])
      .where('t.user_id', '=', userId)
      .where('m.status', '=', FINISHED)
      .execute();
    const stats = tipStats(finished.map((r) => tipOutcome(r.pick, r.status, r.score_h, r.score_a)));
    return ok<TipPage>({ list, page, next: page * CENTRE_PAGE_SIZE < total, total, stats });
  });
}

async function tipRows(db: Db, userId: number, which: { page: number } | { id: number }): Promise<MyTip[]> {
  let q = footballWithNames(db)
    .innerJoin('user_tips as t', 't.match_id', 'm.id')
    .select([
      't.id',
      't.pick',
      't.reason',
      't.created_at',
      'm.id as matchId',
      'm.ot',
      'm.status',
      'm.score_h',
      'm.score_a',
      'l.name as leagueName',
      'l.color as leagueColor',
      'h.name as homeName',
      'a.name as awayName',
    ])
    .where('t.user_id', '=', userId);
  if ('id' in which) q = q.where('t.id', '=', which.id);
  else q = q.limit(CENTRE_PAGE_SIZE).offset((which.page - 1) * CENTRE_PAGE_SIZE);
  const rows = await q.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    pick: r.pick,
    reason: r.reason,
    createdAt: Number(r.created_at),
    match: {
      id: r.matchId,
      leagueName: r.leagueName,
      leagueColor: r.leagueColor,
      homeName: r.homeName,
      awayName: r.awayName,
      ot: Number(r.ot),
      status: r.status,
      score: [r.score_h, r.score_a],
    },
    outcome: tipOutcome(r.pick, r.status, r.score_h, r.score_a),
  }));
}
