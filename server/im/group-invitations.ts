/**
 * Joining a group (issues 13 and 33): invitations by a member, the invitee's answer, and the
 * invite link. Someone who must consent first is asked instead of added; every join holds to
 * GROUP_MEMBER_MAX under the group row's lock (admitMembers).
 */
import { sql } from 'kysely';
import { Code } from '../../workers/protocol/index';
import { GROUP_MEMBER_MAX, type GroupDetail, type GroupInvitation } from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import {
  admitMembers,
  asMember,
  conversationMemberIds,
  groupDetail,
  groupRow,
  memberOf,
  mustMay,
} from './group-members';
import { isBlocked } from './privacy';

/**
 * Who of `userIds` the inviter may add at once, and who must be asked first. Everyone must exist
 * and must not have blocked the inviter (refused, as a private message would be). Someone who
 * accepts messages only from people they follow, and does not follow the inviter, is asked: a
 * group is another way to message them, so it takes their consent (issue 33).
 */
export async function sortInvitees(
  db: Db,
  inviter: number,
  userIds: readonly number[],
): Promise<{ add: number[]; ask: number[] }> {
  if (userIds.length === 0) return { add: [], ask: [] };
  const found = await db
    .selectFrom('users as u')
    .leftJoin('im_settings as s', 's.user_id', 'u.id')
    .select([
      'u.id',
      's.who_may_message',
      sql<boolean>`exists (select 1 from im_blocks b where b.user_id = u.id and b.blocked_user_id = ${inviter})`.as(
        'blocked_inviter',
      ),
      sql<boolean>`exists (select 1 from community_follows f where f.user_id = u.id and f.followee_id = ${inviter})`.as(
        'follows_inviter',
      ),
    ])
    .where('u.id', 'in', [...userIds])
    .execute();
  if (found.length !== userIds.length) throw new BizError(Code.NOT_FOUND, '邀请的用户不存在');
  if (found.some((r) => r.blocked_inviter)) throw new BizError(Code.REFUSED, '有用户已拒收你的消息，不能邀请其入群');
  const asked = new Set(found.filter((r) => r.who_may_message === 'following' && !r.follows_inviter).map((r) => r.id));
  return { add: userIds.filter((id) => !asked.has(id)), ask: userIds.filter((id) => asked.has(id)) };
}

/** Records invitations for the people to ask; one already pending or declined is left as it is. */
export async function askToJoin(trx: Db, groupId: number, inviter: number, ask: readonly number[], now: number) {
  if (ask.length === 0) return;
  await trx
    .insertInto('im_group_invitations')
    .values(
      ask.map((u) => ({ group_id: groupId, user_id: u, inviter_id: inviter, created_at: now, declined_at: null })),
    )
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
}

/**
 * Adds people (already members are skipped), or asks those who must consent first (see
 * sortInvitees). Returns the detail (with `asked`) and who was added.
 */
export async function inviteToGroup(
  db: Db,
  userId: number,
  groupId: number,
  userIds: number[],
  now: number,
): Promise<{ detail: GroupDetail; added: number[] }> {
  const { g, role } = await asMember(db, userId, groupId);
  mustMay(role, 'invite');
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) throw new BizError(Code.BAD_INPUT, '请选择要邀请的人');
  const existing = new Set(await conversationMemberIds(db, g.conversation_id));
  const { add: added, ask } = await sortInvitees(
    db,
    userId,
    wanted.filter((id) => !existing.has(id)),
  );
  if (added.length > 0 || ask.length > 0) {
    await db.transaction().execute(async (trx) => {
      await admitMembers(trx, g, added, now, `群成员最多 ${GROUP_MEMBER_MAX} 人`);
      await askToJoin(trx, groupId, userId, ask, now);
    });
  }
  return { detail: { ...(await groupDetail(db, userId, groupId)), asked: ask }, added };
}

/** The invitations waiting for my answer (groups still there, and that I am not in). */
export async function myInvitations(db: Db, userId: number): Promise<GroupInvitation[]> {
  const rows = await db
    .selectFrom('im_group_invitations as i')
    .innerJoin('im_groups as g', 'g.id', 'i.group_id')
    .innerJoin('users as u', 'u.id', 'i.inviter_id')
    .select([
      'g.id',
      'g.name',
      'i.created_at',
      'u.id as inviter_id',
      'u.nick_name',
      'u.portrait',
      sql<string>`(select count(*) from im_members m where m.conversation_id = g.conversation_id)`.as('n'),
    ])
    .where('i.user_id', '=', userId)
    .where('i.declined_at', 'is', null)
    .where('g.dissolved_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('im_members as m')
            .select('m.user_id')
            .whereRef('m.conversation_id', '=', 'g.conversation_id')
            .where('m.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('i.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    groupId: r.id,
    name: r.name,
    memberCount: Number(r.n),
    inviter: { id: r.inviter_id, nickName: r.nick_name, avatar: r.portrait },
    invitedAt: Number(r.created_at),
  }));
}

const GROUP_FULL = `群成员已满 ${GROUP_MEMBER_MAX} 人`;

/**
 * My answer to an invitation: accepting joins the group (within its size limit), declining keeps
 * the group from asking again. Null when declined.
 */
export async function answerInvitation(
  db: Db,
  userId: number,
  groupId: number,
  accept: boolean,
  now: number,
): Promise<GroupDetail | null> {
  const invitation = await db
    .selectFrom('im_group_invitations')
    .select('inviter_id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('declined_at', 'is', null)
    .executeTakeFirst();
  if (!invitation) throw new BizError(Code.NOT_FOUND, '邀请不存在或已失效');
  const g = await groupRow(db, groupId);
  if (!accept) {
    await db
      .updateTable('im_group_invitations')
      .set({ declined_at: now })
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
    return null;
  }
  await db.transaction().execute(async (trx) => {
    await admitMembers(trx, g, [userId], now, GROUP_FULL);
    await trx
      .deleteFrom('im_group_invitations')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
  });
  return groupDetail(db, userId, groupId);
}

/** Joins by the invite link's code (a member already in just gets the detail). */
export async function joinGroup(
  db: Db,
  userId: number,
  groupId: number,
  code: string,
  now: number,
): Promise<GroupDetail> {
  const g = await groupRow(db, groupId);
  if (code !== g.invite_code) throw new BizError(Code.REFUSED, '邀请链接无效或已失效');
  if (await memberOf(db, g.conversation_id, userId)) return groupDetail(db, userId, groupId);
  if (await isBlocked(db, g.owner_id, userId)) throw new BizError(Code.REFUSED, '你不能加入这个群聊');
  await db.transaction().execute((trx) => admitMembers(trx, g, [userId], now, GROUP_FULL));
  return groupDetail(db, userId, groupId);
}
