/**
 * Group conversations (issue 13): create, rename, notice, leave, dissolve, and sending. Joining is
 * in group-invitations.ts, moderation in group-moderation.ts, roles and members in
 * group-members.ts. Every rule of GROUP_PERMISSIONS is checked against the role stored on the
 * server before anything is written; each function writes all of its rows in one transaction or
 * throws a BizError having written none.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Code, chinaMidnight } from '../../workers/protocol/index';
import {
  GROUP_CREATE_DAILY,
  GROUP_MEMBER_MAX,
  IM_NOT_MEMBER_MSG,
  groupConversationId,
  type GroupDetail,
  type GroupRole,
  type GroupSummary,
  type SendResult,
} from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { askToJoin, sortInvitees } from './group-invitations';
import { asMember, conversationMemberIds, dropMember, groupDetail, memberRows, mustMay } from './group-members';
import { replayOf } from './insert';
import { recentSent, refuseOverRate, resentColumn, writeOrReplay, type Attach } from './store';

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
    // The daily limit resets at 00:00 北京时间.
    .where('created_at', '>=', chinaMidnight(now))
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
        ...memberRows(conversationId, add, now),
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

export async function leaveGroup(db: Db, userId: number, groupId: number): Promise<string> {
  const { g, role } = await asMember(db, userId, groupId);
  mustMay(role, 'leave');
  await dropMember(db, g.conversation_id, userId);
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
