/** Expert tips REST (paths in workers/protocol/api/proposal.ts): records and rankings, read-only. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Code,
  ProposalPaths,
  RANK_MIN_DECIDED_TIPS,
  embeddedUrl,
  ok,
  type ExpertProfile,
  type ExpertRankRow,
} from '../../workers/protocol/index';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { BizError, parseInput } from '../http/reply';
import { expertRecord, rankExperts, type SettledTip, type TipResult } from './settle';

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const rankQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(7), z.literal(30)]))
    .default(7),
  by: z.enum(['hitRate', 'profit', 'streak']).default('hitRate'),
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

export function registerProposalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get(embeddedUrl(ProposalPaths.expert), async (req) => {
    const { id } = parseInput(idParam, req.params);
    const row = await db
      .selectFrom('proposal_experts as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'e.level', 'e.intro', 'u.nick_name'])
      .where('e.user_id', '=', id)
      .executeTakeFirst();
    if (!row) throw new BizError(Code.NOT_FOUND, '专家不存在');
    const tips = (await settledTips(db, [id], 0)).get(id) ?? [];
    const body: ExpertProfile = {
      id: row.user_id,
      nickName: row.nick_name,
      level: row.level,
      intro: row.intro,
      record: expertRecord(tips),
    };
    return ok(body);
  });
  app.get(embeddedUrl(ProposalPaths.rank), async (req) => {
    const { days, by } = parseInput(rankQuery, req.query);
    const now = ctx.now();
    const tips = await settledTips(db, null, now - days * 86_400_000);
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
    const body: ExpertRankRow[] = rows.map((r) => ({
      ...r,
      nickName: byId.get(r.expertId)?.nick_name ?? '',
      level: byId.get(r.expertId)?.level ?? 1,
    }));
    return ok(body);
  });
}
