/**
 * Group conversations (issue 13): create, rename, notice, invite, join by link, leave, dissolve,
 * remove, mute, mute all, admins, and sending. Every rule of GROUP_PERMISSIONS is checked here,
 * against the role stored on the server, before anything is written; each function writes all of
 * its rows in one transaction or throws a BizError having written none.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Code } from '../../workers/protocol/index';
import {
  GROUP_CREATE_DAILY,
  GROUP_MEMBER_MAX,
  IM_NOT_MEMBER_MSG,
  groupConversationId,
  groupMay,
  type GroupAction,
  type GroupDetail,
  type GroupInvitation,
  type GroupRole,
  type GroupSummary,
  type SendResult,
} from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { replayOf } from './insert';
import { isBlocked } from './privacy';
import { recentSent, refuseOverRate, resentColumn, writeOrReplay, type Attach } from './store';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** Start of the China (UTC+8) calendar day holding `now`: the daily limits reset at 00:00 北京时间. */
export const chinaDayStart = (now: number) => Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;

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

async function groupRow(db: Db, groupId: number): Promise<GroupRow> {
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

export async function myGroups(db: Db, userId: number): Promise<GroupSummary[]> {
  const { rows } = await sql<{ id: number; conversation_id: string; name: string; role: GroupRole; n: string }>`
    select g.id, g.conversation_id, g.name, me.role,
      (select count(*) from im_members m where m.conversation_id = g.conversation_id) as n
    from im_members me
    join im_groups g on g.conversation_id = me.conversation_id
    where me.user_id = ${userId} and g.dissolved_at is null
    order by g.created_at desc
  `.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    conversationId: r.conversation_id,
    name: r.name,
    memberCount: Number(r.n),
    role: r.role,
  }));
}

/**
 * Who of `userIds` the inviter may add at once, and who must be asked first. Everyone must exist
 * and must not have blocked the inviter (refused, as a private message would be). Someone who
 * accepts messages only from people they follow, and does not follow the inviter, is asked: a
 * group is another way to message them, so it takes their consent (issue 33).
 */
async function sortInvitees(
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
async function askToJoin(trx: Db, groupId: number, inviter: number, ask: readonly number[], now: number) {
  if (ask.length === 0) return;
  await trx
    .insertInto('im_group_invitations')
    .values(
      ask.map((u) => ({ group_id: groupId, user_id: u, inviter_id: inviter, created_at: now, declined_at: null })),
    )
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
}

export async function createGroup(
  db: Db,
  input: { ownerId: number; name: string; memberIds: number[]; now: number },
): Promise<GroupDetail> {
  const { ownerId, name, now } = input;
  const memberIds = [...new Set(input.memberIds)].filter((id) => id !== ownerId);
  if (memberIds.length + 1 > GROUP_MEMBER_MAX) throw new BizError(Code.REFUSED, `群成员最多 ${GROUP_MEMBER_MAX} 人`);
  const today = await db
    .selectFrom('im_groups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('created_at', '>=', chinaDayStart(now))
    .executeTakeFirstOrThrow();
  if (Number(today.n) >= GROUP_CREATE_DAILY)
    throw new BizError(Code.RATE_LIMITED, `每天最多创建 ${GROUP_CREATE_DAILY} 个群聊，明天再来吧`);
  const { add, ask } = await sortInvitees(db, ownerId, memberIds);
  const groupId = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('im_groups', 'id')) as id`.execute(
      trx,
    );
    const id = Number(rows[0]!.id);
    const conversationId = groupConversationId(id);
    await trx
      .insertInto('im_conversations')
      .values({ id: conversationId, kind: 'group', last_at: now, created_at: now })
      .execute();
    await trx
      .insertInto('im_groups')
      .values({
        id,
        conversation_id: conversationId,
        name,
        owner_id: ownerId,
        invite_code: crypto.randomBytes(12).toString('base64url'),
        created_at: now,
      })
      .execute();
    await trx
      .insertInto('im_members')
      .values([
        { conversation_id: conversationId, user_id: ownerId, role: 'owner', joined_at: now },
        ...add.map((u) => ({
          conversation_id: conversationId,
          user_id: u,
          role: 'member' as const,
          joined_at: now,
        })),
      ])
      .execute();
    await askToJoin(trx, id, ownerId, ask, now);
    return id;
  });
  return { ...(await groupDetail(db, ownerId, groupId)), asked: ask };
}

export async function updateGroup(
  db: Db,
  userId: number,
  groupId: number,
  change: { name?: string | undefined; notice?: string | undefined },
): Promise<GroupDetail> {
  const { role } = await asMember(db, userId, groupId);
  if (change.name === undefined && change.notice === undefined) throw new BizError(Code.BAD_INPUT, '没有要修改的内容');
  if (change.name !== undefined) mustMay(role, 'rename');
  if (change.notice !== undefined) mustMay(role, 'notice');
  await db
    .updateTable('im_groups')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.notice !== undefined ? { notice: change.notice } : {}),
    })
    .where('id', '=', groupId)
    .execute();
  return groupDetail(db, userId, groupId);
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
      // The group row's lock serialises joins: the limit holds under concurrent invites.
      await trx.selectFrom('im_groups').select('id').where('id', '=', groupId).forUpdate().execute();
      if ((await memberCount(trx, g.conversation_id)) + added.length > GROUP_MEMBER_MAX)
        throw new BizError(Code.REFUSED, `群成员最多 ${GROUP_MEMBER_MAX} 人`);
      if (added.length > 0)
        await trx
          .insertInto('im_members')
          .values(
            added.map((u) => ({
              conversation_id: g.conversation_id,
              user_id: u,
              role: 'member' as const,
              joined_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
          .execute();
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
    await trx.selectFrom('im_groups').select('id').where('id', '=', groupId).forUpdate().execute();
    if ((await memberCount(trx, g.conversation_id)) >= GROUP_MEMBER_MAX)
      throw new BizError(Code.REFUSED, `群成员已满 ${GROUP_MEMBER_MAX} 人`);
    await trx
      .insertInto('im_members')
      .values({ conversation_id: g.conversation_id, user_id: userId, role: 'member', joined_at: now })
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
      .execute();
    await trx
      .deleteFrom('im_group_invitations')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
  });
  return groupDetail(db, userId, groupId);
}

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
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('im_groups').select('id').where('id', '=', groupId).forUpdate().execute();
    if ((await memberCount(trx, g.conversation_id)) >= GROUP_MEMBER_MAX)
      throw new BizError(Code.REFUSED, `群成员已满 ${GROUP_MEMBER_MAX} 人`);
    await trx
      .insertInto('im_members')
      .values({ conversation_id: g.conversation_id, user_id: userId, role: 'member', joined_at: now })
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
      .execute();
  });
  return groupDetail(db, userId, groupId);
}

export async function leaveGroup(db: Db, userId: number, groupId: number): Promise<string> {
  const { g, role } = await asMember(db, userId, groupId);
  mustMay(role, 'leave');
  await db
    .deleteFrom('im_members')
    .where('conversation_id', '=', g.conversation_id)
    .where('user_id', '=', userId)
    .execute();
  return g.conversation_id;
}

/** Dissolves the group; returns who were members (to tell them). */
export async function dissolveGroup(db: Db, userId: number, groupId: number, now: number): Promise<number[]> {
  const { g, role } = await asMember(db, userId, groupId);
  mustMay(role, 'dissolve');
  const members = await conversationMemberIds(db, g.conversation_id);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('im_groups').set({ dissolved_at: now }).where('id', '=', groupId).execute();
    await trx.deleteFrom('im_members').where('conversation_id', '=', g.conversation_id).execute();
  });
  return members;
}

export async function sendGroup(
  db: Db,
  input: { from: number; groupId: number; text: string; clientId: string; now: number; attach?: Attach },
): Promise<SendResult> {
  const { from, groupId, text, clientId, now } = input;
  const conversationId = groupConversationId(groupId);
  const replay = () => replayOf(db, from, clientId, (s) => s.conversation_id === conversationId && s.text === text);
  // One round trip for every check: a resend's stored message, the group, my membership, the rate.
  const r = await db
    .selectFrom('im_groups as g')
    .leftJoin('im_members as mem', (j) =>
      j.onRef('mem.conversation_id', '=', 'g.conversation_id').on('mem.user_id', '=', from),
    )
    .select(['g.mute_all', 'g.dissolved_at', 'mem.role', 'mem.muted_until', resentColumn(from, clientId)])
    .select(recentSent(from, now).as('recent'))
    .where('g.id', '=', groupId)
    .executeTakeFirst();
  // Groups are dissolved, never deleted: no row means no message could be resent into it.
  if (r?.resent) return (await replay())!;
  if (!r || r.dissolved_at !== null) throw new BizError(Code.NOT_FOUND, '群聊不存在或已解散');
  if (r.role === null) throw new BizError(Code.NOT_MEMBER, IM_NOT_MEMBER_MSG);
  if (r.muted_until !== null && Number(r.muted_until) > now)
    throw new BizError(Code.REFUSED, '你已被禁言，暂时不能发言');
  if (r.mute_all) mustMay(r.role, 'speakWhenAllMuted');
  refuseOverRate(r.recent);
  return writeOrReplay(db, { conversationId, from, to: null, clientId, text, now }, input.attach, false, replay);
}
