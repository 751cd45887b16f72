/**
 * Experts as people: following (a toggle, one row per user and expert), the experts I follow,
 * and applying to become one (after EXPERT_APPLY_MIN_TIPS settled tips of my own at
 * /user/proposal with a hit rate above EXPERT_APPLY_MIN_HIT_RATE), decided by an operator.
 */
import {
  Code,
  EXPERT_APPLY_MIN_HIT_RATE,
  EXPERT_APPLY_MIN_TIPS,
  FootballStatus,
  type ExpertApplicationRow,
  type ExpertApplicationState,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';

export const ExpertText = {
  notFound: '专家不存在',
  self: '不能关注自己',
  already: '您已经是专家',
  pending: '申请审核中，请耐心等待',
  notEnough: (n: number) => `需要至少 ${EXPERT_APPLY_MIN_TIPS} 场已结算的方案，您目前有 ${n} 场`,
  lowRate: `命中率需高于 ${Math.round(EXPERT_APPLY_MIN_HIT_RATE * 100)}%`,
  noApplication: '该用户没有待审核的申请',
} as const;

/** Whether the user is an expert (a transaction reads it under its own snapshot). */
export async function isExpert(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('proposal_experts')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Toggles following; the new state (1 = following). */
export async function toggleExpertFollow(db: Db, userId: number, expertId: number, at: number): Promise<0 | 1> {
  if (userId === expertId) throw new BizError(Code.REFUSED, ExpertText.self);
  return db.transaction().execute(async (trx) => {
    if (!(await isExpert(trx, expertId))) throw new BizError(Code.NOT_FOUND, ExpertText.notFound);
    const removed = await trx
      .deleteFrom('proposal_follows')
      .where('user_id', '=', userId)
      .where('expert_id', '=', expertId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return 0;
    await trx
      .insertInto('proposal_follows')
      .values({ user_id: userId, expert_id: expertId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'expert_id']).doNothing())
      .execute();
    return 1;
  });
}

export async function followedExpertIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('proposal_follows')
    .select('expert_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => r.expert_id);
}

export async function followerCounts(db: Db, expertIds: number[]): Promise<Map<number, number>> {
  if (expertIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('proposal_follows')
    .select(['expert_id', db.fn.countAll<string>().as('n')])
    .where('expert_id', 'in', expertIds)
    .groupBy('expert_id')
    .execute();
  return new Map(rows.map((r) => [r.expert_id, Number(r.n)]));
}

/** My own settled tips (红/黑 of /user/proposal, derived from the match as that page does). */
async function ownRecord(db: Db, userId: number): Promise<{ settled: number; hits: number }> {
  const rows = await db
    .selectFrom('user_tips as t')
    .innerJoin('live_matches as m', 'm.id', 't.match_id')
    .select(['t.pick', 'm.score_h', 'm.score_a'])
    .where('t.user_id', '=', userId)
    .where('m.status', '=', FootballStatus.FINISHED)
    .execute();
  let hits = 0;
  for (const r of rows) {
    const result = r.score_h > r.score_a ? 'home' : r.score_h < r.score_a ? 'away' : 'draw';
    if (result === r.pick) hits++;
  }
  return { settled: rows.length, hits };
}

export async function applicationState(db: Db, userId: number): Promise<ExpertApplicationState> {
  const [{ settled, hits }, expert, app] = await Promise.all([
    ownRecord(db, userId),
    isExpert(db, userId),
    db.selectFrom('proposal_applications').select('status').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  const hitRate = settled === 0 ? null : hits / settled;
  const status = expert ? 'expert' : (app?.status ?? 'none');
  const blocked = expert
    ? ExpertText.already
    : status === 'pending'
      ? ExpertText.pending
      : settled < EXPERT_APPLY_MIN_TIPS
        ? ExpertText.notEnough(settled)
        : (hitRate ?? 0) <= EXPERT_APPLY_MIN_HIT_RATE
          ? ExpertText.lowRate
          : null;
  return { status, settled, hits, hitRate, blocked };
}

export async function applyForExpert(db: Db, userId: number, at: number): Promise<ExpertApplicationState> {
  const state = await applicationState(db, userId);
  if (state.blocked) throw new BizError(Code.REFUSED, state.blocked);
  await db
    .insertInto('proposal_applications')
    .values({
      user_id: userId,
      status: 'pending',
      settled: state.settled,
      hit_rate: state.hitRate ?? 0,
      applied_at: at,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        status: 'pending',
        settled: state.settled,
        hit_rate: state.hitRate ?? 0,
        applied_at: at,
        decided_at: null,
      }),
    )
    .execute();
  return { ...state, status: 'pending', blocked: ExpertText.pending };
}

function applicationRows(db: Db) {
  return db
    .selectFrom('proposal_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'u.nick_name', 'a.settled', 'a.hit_rate', 'a.status', 'a.applied_at']);
}

const toRow = (r: {
  user_id: number;
  nick_name: string;
  settled: number;
  hit_rate: number;
  status: 'pending' | 'approved' | 'rejected';
  applied_at: number;
}): ExpertApplicationRow => ({
  userId: r.user_id,
  nickName: r.nick_name,
  settled: r.settled,
  hitRate: r.hit_rate,
  status: r.status,
  appliedAt: r.applied_at,
});

export async function pendingApplications(db: Db): Promise<ExpertApplicationRow[]> {
  const rows = await applicationRows(db).where('a.status', '=', 'pending').orderBy('a.applied_at').execute();
  return rows.map(toRow);
}

/** An operator's decision; approving makes the user an expert of level 1, in one transaction. */
export async function decideApplication(
  db: Db,
  userId: number,
  approve: boolean,
  at: number,
): Promise<ExpertApplicationRow> {
  return db.transaction().execute(async (trx) => {
    const upd = await trx
      .updateTable('proposal_applications')
      .set({ status: approve ? 'approved' : 'rejected', decided_at: at })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) !== 1) throw new BizError(Code.NOT_FOUND, ExpertText.noApplication);
    if (approve) {
      await trx
        .insertInto('proposal_experts')
        .values({ user_id: userId, level: 1, intro: '', created_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
    const row = await trx
      .selectFrom('proposal_applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.user_id', 'u.nick_name', 'a.settled', 'a.hit_rate', 'a.status', 'a.applied_at'])
      .where('a.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return toRow(row);
  });
}
