/**
 * The activity area's service: issues (期), entries and invites, picks with points (never
 * money), settlement from the real result, the provably fair draw, ranks, the shipping address.
 * Every write that moves points, chances or stock runs in ONE transaction with guarded updates
 * (`points >= stake`, `chances > 0`, `stock > 0` in the UPDATE), so nothing is half-written and
 * stock is never oversold, on PGlite and on PostgreSQL alike.
 */
import crypto from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import {
  ACTIVITY_START_POINTS,
  ACTIVITY_WIN_MULTIPLIER,
  CHANCES_PER_INVITE,
  CHANCES_PER_RIGHT_PICK,
  Code,
  isFinished,
  isUpcoming,
  isVoid,
  type ActivityAddress,
  type ActivityCurrent,
  type ActivityDraw,
  type ActivityDrawResult,
  type ActivityInvitee,
  type ActivityIssueInput,
  type ActivityIssueSummary,
  type ActivityMatch,
  type ActivityMe,
  type ActivityPick,
  type ActivityPickOutcome,
  type ActivityPickSide,
  type ActivityPrize,
  type ActivityRankRow,
  type ActivityVerifyReport,
  type Sport,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { BizError } from '../http/reply';
import { ActivityText as T } from './text';
import {
  consolationOf,
  drawHmac,
  newSeed,
  prizeForRoll,
  replayDraws,
  rollOf,
  seedHashOf,
  totalWeight,
  type PrizeSlot,
} from './fairness';

type Trx = Transaction<Database>;
type IssueRow = Selectable<Database['activity_issues']>;
type PrizeRow = Selectable<Database['activity_prizes']>;

const RANK_SIZE = 50;

export function issueStatus(
  issue: Pick<IssueRow, 'opens_at' | 'revealed'>,
  now: number,
): ActivityIssueSummary['status'] {
  if (issue.revealed) return 'closed';
  return Number(issue.opens_at) > now ? 'upcoming' : 'open';
}

export function summaryOf(issue: IssueRow, now: number): ActivityIssueSummary {
  return {
    issueNo: issue.issue_no,
    title: issue.title,
    status: issueStatus(issue, now),
    opensAt: Number(issue.opens_at),
    closesAt: Number(issue.closes_at),
    seedHash: issue.seed_hash,
    seed: issue.revealed ? issue.seed : null,
  };
}

const prizeOf = (p: PrizeRow): ActivityPrize => ({
  id: p.id,
  name: p.name,
  kind: p.kind,
  points: p.points,
  weight: p.weight,
  stock: p.stock,
  initialStock: p.initial_stock,
});

const slotOf = (p: PrizeRow): PrizeSlot => ({
  id: p.id,
  kind: p.kind,
  weight: p.weight,
  initialStock: p.initial_stock,
  sort: p.sort,
});

/** A pick's outcome from the match row: only a final result settles it. */
export function pickOutcome(
  pick: ActivityPickSide,
  sport: Sport,
  status: number,
  scoreH: number,
  scoreA: number,
): ActivityPickOutcome {
  if (isVoid(sport, status)) return 'void';
  if (!isFinished(sport, status)) return 'pending';
  const result: ActivityPickSide = scoreH > scoreA ? 'h' : scoreH < scoreA ? 'a' : 'd';
  return result === pick ? 'won' : 'lost';
}

export function payoutOf(outcome: ActivityPickOutcome, stake: number): number {
  if (outcome === 'won') return stake * ACTIVITY_WIN_MULTIPLIER;
  if (outcome === 'void') return stake;
  return 0;
}

const inviteCodeOf = (): string => crypto.randomBytes(5).toString('hex').toUpperCase().slice(0, 8);

export function createActivityService(db: Db, now: () => number) {
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
    const rows = await db
      .selectFrom('activity_issue_matches as im')
      .innerJoin('live_matches as m', 'm.id', 'im.match_id')
      .innerJoin('live_leagues as l', 'l.id', 'm.league_id')
      .innerJoin('live_teams as h', 'h.id', 'm.home_id')
      .innerJoin('live_teams as a', 'a.id', 'm.away_id')
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

  return {
    settle,
    closeDue,

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
      const inIssue = await db
        .selectFrom('activity_issue_matches as im')
        .innerJoin('live_matches as m', 'm.id', 'im.match_id')
        .innerJoin('live_teams as h', 'h.id', 'm.home_id')
        .innerJoin('live_teams as a', 'a.id', 'm.away_id')
        .select(['m.sport', 'm.status', 'm.ot', 'h.name as home', 'a.name as away'])
        .where('im.issue_no', '=', issueNo)
        .where('im.match_id', '=', matchId)
        .executeTakeFirst();
      if (!inIssue) throw new BizError(Code.NOT_FOUND, T.matchNotInIssue);
      if (!isUpcoming(inIssue.sport as Sport, inIssue.status)) {
        const final =
          isFinished(inIssue.sport as Sport, inIssue.status) || isVoid(inIssue.sport as Sport, inIssue.status);
        throw new BizError(Code.REFUSED, inIssue.status === 1 || !final ? T.matchStarted : T.matchNotOpen);
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
      const rows = await db
        .selectFrom('activity_picks as p')
        .innerJoin('live_matches as m', 'm.id', 'p.match_id')
        .innerJoin('live_teams as h', 'h.id', 'm.home_id')
        .innerJoin('live_teams as a', 'a.id', 'm.away_id')
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

    /** One chance → one draw. The same clientId returns the stored draw and spends nothing. */
    async draw(userId: number, issueNo: number, clientId: string): Promise<ActivityDrawResult> {
      const issue = await openIssue(issueNo);
      await settle();
      const prizes = await prizesOf(issueNo);
      const slots = prizes.map(slotOf);
      const byId = new Map(prizes.map((p) => [p.id, p]));
      // The client id is looked up inside the draw's transaction, so requests racing on one id
      // see each other's draw (PGlite runs transactions one at a time; on PostgreSQL the loser of
      // a race hits the unique key, rolls back and is answered below with the winner's draw).
      const replay = async (q: Db | Trx): Promise<ActivityDrawResult | null> => {
        const prior = await q
          .selectFrom('activity_draws')
          .selectAll()
          .where('issue_no', '=', issueNo)
          .where('user_id', '=', userId)
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        if (!prior) return null;
        const e = (await entryOf(issueNo, userId, q))!;
        const p = byId.get(prior.prize_id)!;
        return {
          drawNo: prior.draw_no,
          prizeId: p.id,
          prizeName: p.name,
          prizeKind: p.kind,
          at: Number(prior.at),
          chances: e.chances,
          points: e.points,
          replayed: true,
        };
      };
      try {
        return await db.transaction().execute(async (trx) => {
          const prior = await replay(trx);
          if (prior) return prior;
          if (!(await entryOf(issueNo, userId, trx))) throw new BizError(Code.REFUSED, T.notJoined);
          const spent = await trx
            .updateTable('activity_entries')
            .set((eb) => ({ chances: eb('chances', '-', 1), draws: eb('draws', '+', 1) }))
            .where('issue_no', '=', issueNo)
            .where('user_id', '=', userId)
            .where('chances', '>', 0)
            .returning(['draws'])
            .executeTakeFirst();
          if (!spent) throw new BizError(Code.REFUSED, T.noChance);
          const drawNo = spent.draws;
          const roll = rollOf(drawHmac(issue.seed, issueNo, userId, drawNo), totalWeight(slots));
          let prize = byId.get(prizeForRoll(slots, roll).id)!;
          if (prize.stock !== null) {
            const taken = await trx
              .updateTable('activity_prizes')
              .set((eb) => ({ stock: eb('stock', '-', 1) }))
              .where('id', '=', prize.id)
              .where('stock', '>', 0)
              .returning('id')
              .executeTakeFirst();
            if (!taken) prize = byId.get(consolationOf(slots).id)!;
          }
          const at = now();
          await trx
            .insertInto('activity_draws')
            .values({
              issue_no: issueNo,
              user_id: userId,
              draw_no: drawNo,
              client_id: clientId,
              prize_id: prize.id,
              at,
            })
            .execute();
          const entry = await trx
            .updateTable('activity_entries')
            .set((eb) => ({ points: eb('points', '+', prize.kind === 'points' ? prize.points : 0) }))
            .where('issue_no', '=', issueNo)
            .where('user_id', '=', userId)
            .returning(['points', 'chances'])
            .executeTakeFirstOrThrow();
          return {
            drawNo,
            prizeId: prize.id,
            prizeName: prize.name,
            prizeKind: prize.kind,
            at,
            chances: entry.chances,
            points: entry.points,
            replayed: false,
          };
        });
      } catch (err) {
        // Two requests with one clientId racing on PostgreSQL: the loser either hits the unique
        // key or finds the chance already spent by the winner; it rolls back (nothing spent) and
        // answers with the winner's draw.
        const again = await replay(db);
        if (again) return again;
        throw err;
      }
    },

    async drawList(userId: number, issueNo: number): Promise<ActivityDraw[]> {
      const rows = await db
        .selectFrom('activity_draws as d')
        .innerJoin('activity_prizes as p', 'p.id', 'd.prize_id')
        .select(['d.draw_no', 'd.prize_id', 'p.name', 'p.kind', 'd.at'])
        .where('d.issue_no', '=', issueNo)
        .where('d.user_id', '=', userId)
        .orderBy('d.draw_no', 'desc')
        .execute();
      return rows.map((r) => ({
        drawNo: r.draw_no,
        prizeId: r.prize_id,
        prizeName: r.name,
        prizeKind: r.kind,
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

    /** Recomputes every draw from the seed. Public callers only once the seed is revealed. */
    async verify(issueNo: number, operator: boolean): Promise<ActivityVerifyReport> {
      await closeDue();
      const issue = await issueRow(issueNo);
      if (!issue.revealed && !operator) throw new BizError(Code.REFUSED, T.notRevealed);
      const prizeRows = await prizesOf(issueNo);
      const prizes = prizeRows.map(slotOf);
      const draws = await db
        .selectFrom('activity_draws')
        .select(['user_id', 'draw_no', 'prize_id'])
        .where('issue_no', '=', issueNo)
        .orderBy('id')
        .execute();
      const rows = replayDraws(
        issue.seed,
        issueNo,
        prizes,
        draws.map((d) => ({ userId: d.user_id, drawNo: d.draw_no, prizeId: d.prize_id })),
      ).map((r) => ({
        userId: r.userId,
        drawNo: r.drawNo,
        hmac: r.hmac,
        roll: r.roll,
        recordedPrizeId: r.prizeId,
        expectedPrizeId: r.expectedPrizeId,
        ok: r.ok,
      }));
      const seedMatchesHash = seedHashOf(issue.seed) === issue.seed_hash;
      return {
        issueNo,
        seedHash: issue.seed_hash,
        seed: issue.seed,
        seedMatchesHash,
        prizes: prizeRows.map(prizeOf),
        draws: rows,
        allMatch: seedMatchesHash && rows.every((r) => r.ok),
      };
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
