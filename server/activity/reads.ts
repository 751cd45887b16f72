/**
 * The activity service's shared reads, and the catch-up writes every read runs first: settling
 * the picks whose match has a final result, and revealing the seeds of closed issues.
 */
import {
  CHANCES_PER_RIGHT_PICK,
  Code,
  type ActivityMatch,
  type ActivityMe,
  type Sport,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { matchesWithNames } from '../live/repository';
import { BizError } from '../http/reply';
import { ActivityText as T } from './text';
import { payoutOf, pickOutcome, type IssueRow, type PrizeRow, type Trx } from './rows';

export function createActivityReads(db: Db, now: () => number) {
  async function issueRow(issueNo: number, q: Db | Trx = db): Promise<IssueRow> {
    const row = await q.selectFrom('activity_issues').selectAll().where('issue_no', '=', issueNo).executeTakeFirst();
    if (!row) throw new BizError(Code.NOT_FOUND, T.issueNotFound);
    return row;
  }

  async function openIssue(issueNo: number, q: Db | Trx = db): Promise<IssueRow> {
    const row = await issueRow(issueNo, q);
    const t = now();
    if (row.revealed || Number(row.opens_at) > t || Number(row.closes_at) <= t)
      throw new BizError(Code.REFUSED, T.issueNotOpen);
    return row;
  }

  async function prizesOf(issueNo: number, q: Db | Trx = db): Promise<PrizeRow[]> {
    return q
      .selectFrom('activity_prizes')
      .selectAll()
      .where('issue_no', '=', issueNo)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async function entryOf(issueNo: number, userId: number, q: Db | Trx = db) {
    return q
      .selectFrom('activity_entries')
      .selectAll()
      .where('issue_no', '=', issueNo)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async function meOf(issueNo: number, userId: number): Promise<ActivityMe | null> {
    const e = await entryOf(issueNo, userId);
    if (!e) return null;
    let invitedBy: string | null = null;
    if (e.invited_by !== null) {
      const u = await db.selectFrom('users').select('nick_name').where('id', '=', e.invited_by).executeTakeFirst();
      invitedBy = u?.nick_name ?? null;
    }
    return { issueNo, points: e.points, chances: e.chances, draws: e.draws, inviteCode: e.invite_code, invitedBy };
  }

  /** Settles every pick whose match has a final result; each pick once (guarded by settled_at). */
  async function settle(): Promise<number> {
    const due = await db
      .selectFrom('activity_picks as p')
      .innerJoin('live_matches as m', 'm.id', 'p.match_id')
      .select([
        'p.issue_no',
        'p.user_id',
        'p.match_id',
        'p.pick',
        'p.stake',
        'm.sport',
        'm.status',
        'm.score_h',
        'm.score_a',
      ])
      .where('p.settled_at', 'is', null)
      .execute();
    let settled = 0;
    for (const r of due) {
      const outcome = pickOutcome(r.pick, r.sport as Sport, r.status, r.score_h, r.score_a);
      if (outcome === 'pending') continue;
      const payout = payoutOf(outcome, r.stake);
      const done = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('activity_picks')
          .set({ outcome, payout, settled_at: now() })
          .where('issue_no', '=', r.issue_no)
          .where('user_id', '=', r.user_id)
          .where('match_id', '=', r.match_id)
          .where('settled_at', 'is', null)
          .returning('match_id')
          .executeTakeFirst();
        if (!claimed) return false;
        await trx
          .updateTable('activity_entries')
          .set((eb) => ({
            points: eb('points', '+', payout),
            chances: eb('chances', '+', outcome === 'won' ? CHANCES_PER_RIGHT_PICK : 0),
          }))
          .where('issue_no', '=', r.issue_no)
          .where('user_id', '=', r.user_id)
          .execute();
        return true;
      });
      if (done) settled++;
    }
    return settled;
  }

  /** Reveals the seed of every issue whose closing time has passed. */
  async function closeDue(): Promise<number> {
    const res = await db
      .updateTable('activity_issues')
      .set({ revealed: true })
      .where('revealed', '=', false)
      .where('closes_at', '<=', now())
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  async function currentIssueRow(): Promise<IssueRow | null> {
    const t = now();
    const open = await db
      .selectFrom('activity_issues')
      .selectAll()
      .where('revealed', '=', false)
      .where('opens_at', '<=', t)
      .orderBy('issue_no', 'desc')
      .executeTakeFirst();
    if (open) return open;
    const upcoming = await db
      .selectFrom('activity_issues')
      .selectAll()
      .where('revealed', '=', false)
      .orderBy('opens_at')
      .executeTakeFirst();
    if (upcoming) return upcoming;
    return (await db.selectFrom('activity_issues').selectAll().orderBy('issue_no', 'desc').executeTakeFirst()) ?? null;
  }

  async function matchesOf(issueNo: number, userId: number | null): Promise<ActivityMatch[]> {
    const rows = await matchesWithNames(db)
      .innerJoin('activity_issue_matches as im', 'im.match_id', 'm.id')
      .select([
        'm.id',
        'm.sport',
        'l.name as league',
        'h.name as home',
        'a.name as away',
        'm.ot',
        'm.status',
        'm.score_h',
        'm.score_a',
      ])
      .where('im.issue_no', '=', issueNo)
      .orderBy('m.ot')
      .orderBy('m.id')
      .execute();
    const picks =
      userId === null
        ? []
        : await db
            .selectFrom('activity_picks')
            .select(['match_id', 'pick'])
            .where('issue_no', '=', issueNo)
            .where('user_id', '=', userId)
            .execute();
    const pickOf = new Map(picks.map((p) => [p.match_id, p.pick]));
    return rows.map((r) => ({
      matchId: r.id,
      sport: r.sport as Sport,
      leagueName: r.league,
      home: r.home,
      away: r.away,
      ot: Number(r.ot),
      status: r.status,
      scoreH: r.score_h,
      scoreA: r.score_a,
      myPick: pickOf.get(r.id) ?? null,
    }));
  }

  return { issueRow, openIssue, prizesOf, entryOf, meOf, settle, closeDue, currentIssueRow, matchesOf };
}

export type ActivityReads = ReturnType<typeof createActivityReads>;
