/**
 * Group moderation (issue 13): remove, mute, mute all, admins. Each action is checked against
 * GROUP_PERMISSIONS with the actor's and the target's roles as stored on the server.
 */
import { Code } from '../../workers/protocol/index';
import type { GroupAction, GroupDetail } from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { asMember, dropMember, groupDetail, memberOf, mustMay } from './group-members';

/** The target's role, with the action that acting on that role needs. */
async function target(db: Db, conversationId: string, actor: number, targetId: number, verb: 'remove' | 'mute') {
  if (targetId === actor)
    throw new BizError(Code.REFUSED, verb === 'remove' ? '不能移出自己，请退出群聊' : '不能禁言自己');
  const t = await memberOf(db, conversationId, targetId);
  if (!t) throw new BizError(Code.NOT_FOUND, '对方不在这个群聊中');
  if (t.role === 'owner') throw new BizError(Code.REFUSED, verb === 'remove' ? '不能移出群主' : '不能禁言群主');
  const action: GroupAction =
    verb === 'remove'
      ? t.role === 'admin'
        ? 'removeAdmin'
        : 'removeMember'
      : t.role === 'admin'
        ? 'muteAdmin'
        : 'muteMember';
  return action;
}

export async function removeFromGroup(db: Db, userId: number, groupId: number, targetId: number): Promise<GroupDetail> {
  const { g, role } = await asMember(db, userId, groupId);
  mustMay(role, await target(db, g.conversation_id, userId, targetId, 'remove'));
  await dropMember(db, g.conversation_id, targetId);
  return groupDetail(db, userId, groupId);
}

export async function muteInGroup(
  db: Db,
  userId: number,
  groupId: number,
  targetId: number,
  minutes: number,
  now: number,
): Promise<GroupDetail> {
  const { g, role } = await asMember(db, userId, groupId);
  mustMay(role, await target(db, g.conversation_id, userId, targetId, 'mute'));
  await db
    .updateTable('im_members')
    .set({ muted_until: minutes > 0 ? now + minutes * 60_000 : null })
    .where('conversation_id', '=', g.conversation_id)
    .where('user_id', '=', targetId)
    .execute();
  return groupDetail(db, userId, groupId);
}

export async function setMuteAll(db: Db, userId: number, groupId: number, on: boolean): Promise<GroupDetail> {
  const { role } = await asMember(db, userId, groupId);
  mustMay(role, 'muteAll');
  await db.updateTable('im_groups').set({ mute_all: on }).where('id', '=', groupId).execute();
  return groupDetail(db, userId, groupId);
}

export async function setAdmin(
  db: Db,
  userId: number,
  groupId: number,
  targetId: number,
  on: boolean,
): Promise<GroupDetail> {
  const { g, role } = await asMember(db, userId, groupId);
  mustMay(role, 'setAdmin');
  if (targetId === userId) throw new BizError(Code.REFUSED, '群主不能改变自己的角色');
  const t = await memberOf(db, g.conversation_id, targetId);
  if (!t) throw new BizError(Code.NOT_FOUND, '对方不在这个群聊中');
  await db
    .updateTable('im_members')
    .set({ role: on ? 'admin' : 'member' })
    .where('conversation_id', '=', g.conversation_id)
    .where('user_id', '=', targetId)
    .execute();
  return groupDetail(db, userId, groupId);
}
