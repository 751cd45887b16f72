/**
 * Privacy (issue 13): blocks (no messages, no follow, both ways) and who may message me
 * (everyone / people I follow).
 */
import { sql } from 'kysely';
import { Code } from '../../workers/protocol/index';
import type { BlockedUser, WhoMayMessage } from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';

export async function isBlocked(db: Db, userId: number, blockedUserId: number): Promise<boolean> {
  const r = await db
    .selectFrom('im_blocks')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('blocked_user_id', '=', blockedUserId)
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * What decides whether `from` may send a private message to `to`, in one query (the recipient
 * exists, neither blocked the other, and the recipient's who-may-message rule); no row when the
 * recipient does not exist. A send selects its other checks onto it (one round trip for all).
 */
export function mayMessageQuery(db: Db, from: number, to: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('im_settings as s', 's.user_id', 'u.id')
    .select([
      's.who_may_message',
      sql<boolean>`exists (select 1 from im_blocks b where b.user_id = ${to} and b.blocked_user_id = ${from})`.as(
        'blocked_me',
      ),
      sql<boolean>`exists (select 1 from im_blocks b where b.user_id = ${from} and b.blocked_user_id = ${to})`.as(
        'i_blocked',
      ),
      sql<boolean>`exists (select 1 from community_follows f where f.user_id = ${to} and f.followee_id = ${from})`.as(
        'follows_me',
      ),
    ])
    .where('u.id', '=', to);
}

/** Throws the refusal a `mayMessageQuery` answer carries, if any. */
export function refuseUnlessMayMessage(
  r:
    { who_may_message: WhoMayMessage | null; blocked_me: boolean; i_blocked: boolean; follows_me: boolean } | undefined,
): void {
  if (!r) throw new BizError(Code.NOT_FOUND, '用户不存在');
  if (r.blocked_me) throw new BizError(Code.REFUSED, '对方已拒收你的消息');
  if (r.i_blocked) throw new BizError(Code.REFUSED, '你已将对方拉黑，解除拉黑后才能发消息');
  if (r.who_may_message === 'following' && !r.follows_me)
    throw new BizError(Code.REFUSED, '对方只接收其关注的人发来的消息');
}

export async function whoMayMessage(db: Db, userId: number): Promise<WhoMayMessage> {
  const r = await db
    .selectFrom('im_settings')
    .select('who_may_message')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r?.who_may_message ?? 'everyone';
}

export async function setWhoMayMessage(db: Db, userId: number, value: WhoMayMessage): Promise<void> {
  await db
    .insertInto('im_settings')
    .values({ user_id: userId, who_may_message: value })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ who_may_message: value }))
    .execute();
}

export async function setBlocked(db: Db, userId: number, target: number, on: boolean, now: number): Promise<void> {
  if (target === userId) throw new BizError(Code.REFUSED, '不能拉黑自己');
  const peer = await db.selectFrom('users').select('id').where('id', '=', target).executeTakeFirst();
  if (!peer) throw new BizError(Code.NOT_FOUND, '用户不存在');
  if (on)
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('im_blocks')
        .values({ user_id: userId, blocked_user_id: target, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'blocked_user_id']).doNothing())
        .execute();
      // A block ends following both ways (and the follow call refuses it while the block stands).
      await trx
        .deleteFrom('community_follows')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', userId), eb('followee_id', '=', target)]),
            eb.and([eb('user_id', '=', target), eb('followee_id', '=', userId)]),
          ]),
        )
        .execute();
    });
  else await db.deleteFrom('im_blocks').where('user_id', '=', userId).where('blocked_user_id', '=', target).execute();
}

export async function blockedUsers(db: Db, userId: number): Promise<BlockedUser[]> {
  const rows = await db
    .selectFrom('im_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_user_id')
    .select(['u.id', 'u.nick_name', 'u.portrait', 'b.created_at'])
    .where('b.user_id', '=', userId)
    .orderBy('b.created_at', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, nickName: r.nick_name, avatar: r.portrait, blockedAt: Number(r.created_at) }));
}
