/**
 * Expert tips in storage: publishing (only before kick-off, terms never edited afterwards) and
 * settlement from the feed's stored result, once per tip, in a transaction with its audit row
 * (and, for a void match, the refunds of the tip's purchases).
 */
import type { Db } from '../db/index';
import { STATUS_TABLE, isFinished, isUpcoming, isVoid, type Sport } from '../../workers/protocol/index';
import { settleTip, termsProblem, type TipMarket, type TipSide, type TipTerms } from './settle';
import { refundPurchases } from './purchases';
import { isExpert } from './experts';

export class TipRefused extends Error {}

export const TipText = {
  notExpert: '只有专家可以发布方案',
  matchNotFound: '比赛不存在',
  started: '比赛已开始，不能再发布方案',
  notOpen: '该比赛当前不能发布方案（已延期、取消或待定）',
  notYet: '该比赛尚未开放方案，开赛前一周内可发布',
  marketSport: '该玩法不适用于这项运动',
  duplicate: '同一场比赛的同一玩法只能发布一次',
} as const;

const SPORT_MARKETS: Readonly<Record<Sport, readonly TipMarket[]>> = {
  zq: ['spf', 'rq', 'dxq'],
  lq: ['rf', 'dxf'],
};

export interface PublishInput extends TipTerms {
  matchId: number;
  price: number;
  reason: string;
}

/** Why no tip may be published now on a match in this state (kick-off in unix seconds); null when one may. */
export function closedForTips(sport: Sport, status: number, otSec: number, nowMs: number): string | null {
  if (!isUpcoming(sport, status))
    return isVoid(sport, status) || status === STATUS_TABLE[sport].interrupted ? TipText.notOpen : TipText.started;
  return otSec * 1000 <= nowMs ? TipText.started : null;
}

/** Publishes a tip; throws TipRefused with a Chinese reason when it may not be published now. */
export async function publishTip(db: Db, expertId: number, input: PublishInput, nowMs: number): Promise<number> {
  const problem = termsProblem(input);
  if (problem) throw new TipRefused(problem);
  return db.transaction().execute(async (trx) => {
    if (!(await isExpert(trx, expertId))) throw new TipRefused(TipText.notExpert);
    // Lock the match row: a kick-off stored concurrently cannot slip between check and insert.
    const m = await trx
      .selectFrom('live_matches')
      .select(['id', 'sport', 'status', 'ot'])
      .where('id', '=', input.matchId)
      .forUpdate()
      .executeTakeFirst();
    if (!m) throw new TipRefused(TipText.matchNotFound);
    const sport = m.sport as Sport;
    if (!SPORT_MARKETS[sport].includes(input.market)) throw new TipRefused(TipText.marketSport);
    const closed = closedForTips(sport, m.status, Number(m.ot), nowMs);
    if (closed) throw new TipRefused(closed);
    const row = await trx
      .insertInto('proposal_tips')
      .values({
        expert_id: expertId,
        match_id: m.id,
        sport,
        market: input.market,
        pick: input.pick,
        line: input.line,
        odds: input.odds,
        price: input.price,
        reason: input.reason,
        published_at: nowMs,
      })
      .onConflict((oc) => oc.columns(['expert_id', 'match_id', 'market']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new TipRefused(TipText.duplicate);
    return row.id;
  });
}

/**
 * Settles the open tips of matches that are over (finished or void). Each tip is settled in its
 * own transaction: the audit row's unique tip id makes a second attempt (another process, a
 * retry) change nothing. Returns the ids of the tips settled by this call.
 */
export async function settleDueTips(db: Db, nowMs: number, matchIds?: readonly number[]): Promise<number[]> {
  let q = db
    .selectFrom('proposal_tips as t')
    .innerJoin('live_matches as m', 'm.id', 't.match_id')
    .select([
      't.id',
      't.match_id',
      't.market',
      't.pick',
      't.line',
      't.odds',
      'm.sport',
      'm.status',
      'm.score_h',
      'm.score_a',
    ])
    .where('t.result', 'is', null);
  if (matchIds) q = q.where('t.match_id', 'in', matchIds.length ? [...matchIds] : [-1]);
  const open = await q.execute();
  const settled: number[] = [];
  for (const t of open) {
    const sport = t.sport as Sport;
    const over = isFinished(sport, t.status) ? 'finished' : isVoid(sport, t.status) ? 'void' : null;
    if (!over) continue;
    const s = settleTip(
      { market: t.market as TipMarket, pick: t.pick as TipSide, line: t.line, odds: t.odds },
      over === 'finished' ? { kind: 'finished', score: [t.score_h, t.score_a] } : { kind: 'void' },
    );
    const done = await db.transaction().execute(async (trx) => {
      const audit = await trx
        .insertInto('proposal_settlements')
        .values({
          tip_id: t.id,
          match_id: t.match_id,
          status: t.status,
          score_h: t.score_h,
          score_a: t.score_a,
          result: s.result,
          profit: s.profit,
          settled_at: nowMs,
        })
        .onConflict((oc) => oc.column('tip_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!audit) return false;
      const upd = await trx
        .updateTable('proposal_tips')
        .set({ result: s.result, profit: s.profit, settled_at: nowMs })
        .where('id', '=', t.id)
        .where('result', 'is', null)
        .executeTakeFirst();
      // A match that produced no result gives every buyer of the reasoning their coins back.
      if (s.result === 'void') await refundPurchases(trx, t.id, nowMs);
      return Number(upd.numUpdatedRows) === 1;
    });
    if (done) settled.push(t.id);
  }
  return settled;
}
