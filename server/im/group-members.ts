/**
 * A group's row, its members and their roles (issue 13): who is in it, who may do what
 * (GROUP_PERMISSIONS, against the role stored on the server), the detail its pages show, and the
 * one way members are added or dropped.
 */
import { Code } from '../../workers/protocol/index';
import {
  GROUP_MEMBER_MAX,
  IM_NOT_MEMBER_MSG,
  groupMay,
  type GroupAction,
  type GroupDetail,
  type GroupRole,
} from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';

const REFUSALS: Record<GroupAction, string> = {
  rename: '只有群主和管理员可以修改群名称',
  notice: '只有群主和管理员可以修改群公告',
  invite: '只有群成员可以邀请好友',
  removeMember: '只有群主和管理员可以移出成员',
  removeAdmin: '只有群主可以移出管理员',
  muteMember: '只有群主和管理员可以禁言成员',
  muteAdmin: '只有群主可以禁言管理员',
  muteAll: '只有群主和管理员可以设置全员禁言',
  setAdmin: '只有群主可以设置管理员',
  speakWhenAllMuted: '全员禁言中，只有群主和管理员可以发言',
  leave: '群主不能退出群聊，请先解散群聊',
  dissolve: '只有群主可以解散群聊',
};

export function mustMay(role: GroupRole, action: GroupAction): void {
  if (!groupMay(role, action)) throw new BizError(Code.REFUSED, REFUSALS[action]);
}

interface GroupRow {
  id: number;
  conversation_id: string;
  name: string;
  notice: string;
  owner_id: number;
  mute_all: boolean;
  invite_code: string;
  dissolved_at: number | null;
}

export async function groupRow(db: Db, groupId: number): Promise<GroupRow> {
  const g = await db
    .selectFrom('im_groups')
    .select(['id', 'conversation_id', 'name', 'notice', 'owner_id', 'mute_all', 'invite_code', 'dissolved_at'])
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!g || g.dissolved_at !== null) throw new BizError(Code.NOT_FOUND, '群聊不存在或已解散');
  return g;
}

export async function memberOf(db: Db, conversationId: string, userId: number) {
  return db
    .selectFrom('im_members')
    .select(['role', 'muted_until'])
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The group and my role in it; not a member (a stranger, or one removed) → Code.NOT_MEMBER. */
export async function asMember(db: Db, userId: number, groupId: number) {
  const g = await groupRow(db, groupId);
  const me = await memberOf(db, g.conversation_id, userId);
  if (!me) throw new BizError(Code.NOT_MEMBER, IM_NOT_MEMBER_MSG);
  return { g, role: me.role, mutedUntil: me.muted_until === null ? null : Number(me.muted_until) };
}

async function memberCount(db: Db, conversationId: string): Promise<number> {
  const r = await db
    .selectFrom('im_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Every member's user id (to publish to). */
export async function conversationMemberIds(db: Db, conversationId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('im_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The im_members rows of people joining as plain members. */
export const memberRows = (conversationId: string, userIds: readonly number[], now: number) =>
  userIds.map((u) => ({ conversation_id: conversationId, user_id: u, role: 'member' as const, joined_at: now }));

/**
 * Adds plain members to an existing group within GROUP_MEMBER_MAX (`refusal` when it would go
 * over); one already in is skipped. The group row's lock serialises joins: the limit holds under
 * concurrent invites and joins. Runs inside the caller's transaction.
 */
export async function admitMembers(
  trx: Db,
  g: { id: number; conversation_id: string },
  userIds: readonly number[],
  now: number,
  refusal: string,
): Promise<void> {
  await trx.selectFrom('im_groups').select('id').where('id', '=', g.id).forUpdate().execute();
  if ((await memberCount(trx, g.conversation_id)) + userIds.length > GROUP_MEMBER_MAX)
    throw new BizError(Code.REFUSED, refusal);
  if (userIds.length > 0)
    await trx
      .insertInto('im_members')
      .values(memberRows(g.conversation_id, userIds, now))
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
      .execute();
}

/** Takes one person out of a group's conversation (leaving, or removed). */
export async function dropMember(db: Db, conversationId: string, userId: number): Promise<void> {
  await db
    .deleteFrom('im_members')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

const ROLE_ORDER: Record<GroupRole, number> = { owner: 0, admin: 1, member: 2 };

export async function groupDetail(db: Db, userId: number, groupId: number, code?: string): Promise<GroupDetail> {
  const g = await groupRow(db, groupId);
  const me = await memberOf(db, g.conversation_id, userId);
  if (!me && (!code || code !== g.invite_code)) throw new BizError(Code.NOT_MEMBER, IM_NOT_MEMBER_MSG);
  const rows = await db
    .selectFrom('im_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.nick_name', 'u.portrait', 'm.role', 'm.muted_until', 'm.joined_at'])
    .where('m.conversation_id', '=', g.conversation_id)
    .execute();
  rows.sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || Number(a.joined_at) - Number(b.joined_at));
  const detail: GroupDetail = {
    id: g.id,
    conversationId: g.conversation_id,
    name: g.name,
    notice: g.notice,
    ownerId: g.owner_id,
    muteAll: Boolean(g.mute_all),
    memberCount: rows.length,
    myRole: me ? me.role : null,
    members: rows.map((r) => ({
      id: r.id,
      nickName: r.nick_name,
      avatar: r.portrait,
      role: r.role,
      ...(r.muted_until !== null ? { mutedUntil: Number(r.muted_until) } : {}),
    })),
  };
  if (me) detail.inviteCode = g.invite_code;
  return detail;
}
