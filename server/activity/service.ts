/**
 * The activity area's service: issues (期), entries and invites, picks with points (never
 * money), settlement from the real result, the provably fair draw, ranks, the shipping address.
 * Every write that moves points, chances or stock runs in ONE transaction with guarded updates
 * (`points >= stake`, `chances > 0`, `stock > 0` in the UPDATE), so nothing is half-written and
 * stock is never oversold, on PGlite and on PostgreSQL alike.
 */
import crypto from 'node:crypto';
import {
  ACTIVITY_START_POINTS,
  CHANCES_PER_INVITE,
  Code,
  isFinished,
  isUpcoming,
  isVoid,
  type ActivityAddress,
  type ActivityCurrent,
  type ActivityInvitee,
  type ActivityIssueInput,
  type ActivityIssueSummary,
  type ActivityMe,
  type ActivityPick,
  type ActivityPickSide,
  type ActivityRankRow,
  type Sport,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { matchesWithNames } from '../live/repository';
import { BizError } from '../http/reply';
import { ActivityText as T } from './text';
import { newSeed, seedHashOf } from './fairness';
import { createActivityDraws } from './draws';
import { createActivityReads } from './reads';
import { prizeOf, summaryOf } from './rows';

const RANK_SIZE = 50;

const inviteCodeOf = (): string => crypto.randomBytes(5).toString('hex').toUpperCase().slice(0, 8);

export function createActivityService(db: Db, now: () => number) {
  const reads = createActivityReads(db, now);
  const { closeDue, currentIssueRow, entryOf, issueRow, matchesOf, meOf, openIssue, prizesOf, settle } = reads;
  return {
    settle,
    closeDue,
    ...createActivityDraws(db, now, reads),

    async current(userId: number | null): Promise<ActivityCurrent> {
      await closeDue();
      await settle();
      const issue = await currentIssueRow();
      if (!issue) throw new BizError(Code.NOT_FOUND, T.noIssue);
      return {
        issue: summaryOf(issue, now()),
        matches: await matchesOf(issue.issue_no, userId),
        prizes: (await prizesOf(issue.issue_no)).map(prizeOf),
        me: userId === null ? null : await meOf(issue.issue_no, userId),
      };
    },

    async issues(): Promise<ActivityIssueSummary[]> {
      await closeDue();
      const rows = await db.selectFrom('activity_issues').selectAll().orderBy('issue_no', 'desc').limit(50).execute();
      return rows.map((r) => summaryOf(r, now()));
    },

    /** Joins an issue (again: the same entry back). A valid invite code earns its owner a chance. */
    async join(userId: number, issueNo: number, inviteCode: string | null): Promise<ActivityMe> {
      await openIssue(issueNo);
      const existing = await entryOf(issueNo, userId);
      if (!existing) {
        await db.transaction().execute(async (trx) => {
          let inviter: number | null = null;
          if (inviteCode) {
            const owner = await trx
              .selectFrom('activity_entries')
              .select('user_id')
              .where('issue_no', '=', issueNo)
              .where('invite_code', '=', inviteCode.toUpperCase())
              .executeTakeFirst();
            if (!owner) throw new BizError(Code.REFUSED, T.inviteNotFound);
            if (owner.user_id === userId) throw new BizError(Code.REFUSED, T.inviteSelf);
            inviter = owner.user_id;
          }
          const inserted = await trx
            .insertInto('activity_entries')
            .values({
              issue_no: issueNo,
              user_id: userId,
              points: ACTIVITY_START_POINTS,
              chances: 0,
              draws: 0,
              invite_code: inviteCodeOf(),
              invited_by: inviter,
              joined_at: now(),
            })
            .onConflict((oc) => oc.columns(['issue_no', 'user_id']).doNothing())
            .returning('user_id')
            .executeTakeFirst();
          if (inserted && inviter !== null) {
            await trx
              .updateTable('activity_entries')
              .set((eb) => ({ chances: eb('chances', '+', CHANCES_PER_INVITE) }))
              .where('issue_no', '=', issueNo)
              .where('user_id', '=', inviter)
              .execute();
          }
        });
      }
      return (await meOf(issueNo, userId))!;
    },

    async inviteList(userId: number, issueNo: number): Promise<ActivityInvitee[]> {
      await issueRow(issueNo);
      const rows = await db
        .selectFrom('activity_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['u.nick_name', 'e.joined_at'])
        .where('e.issue_no', '=', issueNo)
        .where('e.invited_by', '=', userId)
        .orderBy('e.joined_at', 'desc')
        .execute();
      return rows.map((r) => ({ nickName: r.nick_name, joinedAt: Number(r.joined_at) }));
    },

    /** A pick before kick-off, paid with issue points (never money). */
    async guess(
      userId: number,
      issueNo: number,
      matchId: number,
      pick: ActivityPickSide,
      stake: number,
    ): Promise<ActivityPick> {
      await openIssue(issueNo);
      const inIssue = await matchesWithNames(db)
        .innerJoin('activity_issue_matches as im', 'im.match_id', 'm.id')
        .select(['m.sport', 'm.status', 'm.ot', 'h.name as home', 'a.name as away'])
        .where('im.issue_no', '=', issueNo)
        .where('im.match_id', '=', matchId)
        .executeTakeFirst();
      if (!inIssue) throw new BizError(Code.NOT_FOUND, T.matchNotInIssue);
      if (!isUpcoming(inIssue.sport as Sport, inIssue.status)) {
        const final =
          isFinished(inIssue.sport as Sport, inIssue.status) || isVoid(inIssue.sport as Sport, inIssue.status);
        throw new BizError(Code.REFUSED, final ? T.matchNotOpen : T.matchStarted);
      }
      if (Number(inIssue.ot) * 1000 <= now()) throw new BizError(Code.REFUSED, T.matchStarted);
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (!(await entryOf(issueNo, userId, trx))) throw new BizError(Code.REFUSED, T.notJoined);
        const inserted = await trx
          .insertInto('activity_picks')
          .values({
            issue_no: issueNo,
            user_id: userId,
            match_id: matchId,
            pick,
            stake,
            outcome: 'pending',
            payout: 0,
            at,
            settled_at: null,
          })
          .onConflict((oc) => oc.columns(['issue_no', 'user_id', 'match_id']).doNothing())
          .returning('match_id')
          .executeTakeFirst();
        if (!inserted) throw new BizError(Code.REFUSED, T.alreadyPicked);
        const debited = await trx
          .updateTable('activity_entries')
          .set((eb) => ({ points: eb('points', '-', stake) }))
          .where('issue_no', '=', issueNo)
          .where('user_id', '=', userId)
          .where('points', '>=', stake)
          .returning('points')
          .executeTakeFirst();
        if (!debited) throw new BizError(Code.REFUSED, T.notEnoughPoints);
      });
      return { matchId, home: inIssue.home, away: inIssue.away, pick, stake, outcome: 'pending', payout: 0, at };
    },

    async guessList(userId: number, issueNo: number): Promise<ActivityPick[]> {
      await settle();
      const rows = await matchesWithNames(db)
        .innerJoin('activity_picks as p', 'p.match_id', 'm.id')
        .select([
          'p.match_id',
          'h.name as home',
          'a.name as away',
          'p.pick',
          'p.stake',
          'p.outcome',
          'p.payout',
          'p.at',
        ])
        .where('p.issue_no', '=', issueNo)
        .where('p.user_id', '=', userId)
        .orderBy('p.at', 'desc')
        .execute();
      return rows.map((r) => ({
        matchId: r.match_id,
        home: r.home,
        away: r.away,
        pick: r.pick,
        stake: r.stake,
        outcome: r.outcome,
        payout: r.payout,
        at: Number(r.at),
      }));
    },

    /** Points ranking of one issue, or of all time (the sum over every issue entered). */
    async rank(userId: number | null, issueNo: number | null): Promise<ActivityRankRow[]> {
      await settle();
      const base = db
        .selectFrom('activity_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select((eb) => ['e.user_id', 'u.nick_name', eb.fn.sum<string | number>('e.points').as('points')])
        .groupBy(['e.user_id', 'u.nick_name'])
        .orderBy('points', 'desc')
        .orderBy('e.user_id')
        .limit(RANK_SIZE);
      const rows = await (issueNo === null ? base : base.where('e.issue_no', '=', issueNo)).execute();
      return rows.map((r, i) => ({
        rank: i + 1,
        nickName: r.nick_name,
        points: Number(r.points),
        isMe: r.user_id === userId,
      }));
    },

    async address(userId: number): Promise<ActivityAddress | null> {
      const row = await db
        .selectFrom('activity_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { name: row.name, mobile: row.mobile, region: row.region, detail: row.detail } : null;
    },

    /** One statement: the address is stored whole or not at all. */
    async saveAddress(userId: number, a: ActivityAddress): Promise<ActivityAddress> {
      const values = { ...a, updated_at: now() };
      await db
        .insertInto('activity_addresses')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      return a;
    },

    /** Operator: a new issue with its matches and prize table; the seed hash is published at once. */
    async createIssue(input: ActivityIssueInput): Promise<ActivityIssueSummary> {
      const found = await db.selectFrom('live_matches').select('id').where('id', 'in', input.matchIds).execute();
      const have = new Set(found.map((f) => f.id));
      const missing = input.matchIds.find((id) => !have.has(id));
      if (missing !== undefined) throw new BizError(Code.BAD_INPUT, T.opsMatchMissing(missing));
      const seed = newSeed();
      const issue = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('activity_issues')
          .values({
            title: input.title,
            opens_at: input.opensAt,
            closes_at: input.closesAt,
            seed_hash: seedHashOf(seed),
            seed,
            revealed: false,
            created_at: now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('activity_issue_matches')
          .values([...new Set(input.matchIds)].map((match_id) => ({ issue_no: row.issue_no, match_id })))
          .execute();
        await trx
          .insertInto('activity_prizes')
          .values(
            input.prizes.map((p, i) => ({
              issue_no: row.issue_no,
              name: p.name,
              kind: p.kind,
              points: p.points ?? 0,
              weight: p.weight,
              stock: p.stock,
              initial_stock: p.stock,
              sort: i,
            })),
          )
          .execute();
        return row;
      });
      return summaryOf(issue, now());
    },

    /** Operator: closes an issue now and reveals its seed. */
    async closeIssue(issueNo: number): Promise<ActivityIssueSummary> {
      await issueRow(issueNo);
      const row = await db
        .updateTable('activity_issues')
        .set({ revealed: true })
        .where('issue_no', '=', issueNo)
        .returningAll()
        .executeTakeFirstOrThrow();
      return summaryOf(row, now());
    },

    async hasAnyIssue(): Promise<boolean> {
      return Boolean(await db.selectFrom('activity_issues').select('issue_no').limit(1).executeTakeFirst());
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
