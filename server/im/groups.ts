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

/** People a member may add: existing users who have not blocked the inviter. */
async function checkInvitees(db: Db, inviter: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .execute();
  if (found.length !== userIds.length) throw new BizError(Code.NOT_FOUND, '邀请的用户不存在');
  const blockers = await db
    .selectFrom('im_blocks')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('blocked_user_id', '=', inviter)
    .execute();
  if (blockers.length > 0) throw new BizError(Code.REFUSED, '有用户已拒收你的消息，不能邀请其入群');
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
  await checkInvitees(db, ownerId, memberIds);
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
        ...memberIds.map((u) => ({
          conversation_id: conversationId,
          user_id: u,
          role: 'member' as const,
          joined_at: now,
        })),
      ])
      .execute();
    return id;
  });
  return groupDetail(db, ownerId, groupId);
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

/** Adds people (already members are skipped). Returns the detail and who was added. */
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
  const added = wanted.filter((id) => !existing.has(id));
  await checkInvitees(db, userId, added);
  if (added.length > 0) {
    await db.transaction().execute(async (trx) => {
      // The group row's lock serialises joins: the limit holds under concurrent invites.
      await trx.selectFrom('im_groups').select('id').where('id', '=', groupId).forUpdate().execute();
      if ((await memberCount(trx, g.conversation_id)) + added.length > GROUP_MEMBER_MAX)
        throw new BizError(Code.REFUSED, `群成员最多 ${GROUP_MEMBER_MAX} 人`);
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
    });
  }
  return { detail: await groupDetail(db, userId, groupId), added };
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
