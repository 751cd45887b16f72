/**
 * Messaging's people side (issue 13): a person's card, who I follow, finding people, searching my
 * messages, and a private conversation's settings (mute). Following is the community's follow
 * relation (`community_follows`), blocking messaging's (`im_blocks`): one of each for the app.
 */
import { sql } from 'kysely';
import { Code } from '../../workers/protocol/index';
import { privateConversationId, type ChatPeer } from '../../workers/protocol/api/message';
import {
  MESSAGE_SEARCH_MAX,
  PEOPLE_FIND_MAX,
  type ChatSettings,
  type MessageHit,
  type PersonCard,
} from '../../workers/protocol/api/message-people';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { toMessage, type MessageRow } from './message-rows';
import { isBlocked } from './privacy';

const peerOf = (r: { id: number; nick_name: string; portrait: string }): ChatPeer => ({
  id: r.id,
  nickName: r.nick_name,
  avatar: r.portrait,
});

/** `q` as a LIKE pattern matching anywhere, its own % _ and \ taken literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

async function countOf(db: Db, column: 'user_id' | 'followee_id', userId: number): Promise<number> {
  const r = await db
    .selectFrom('community_follows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(column, '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function follows(db: Db, userId: number, followeeId: number): Promise<boolean> {
  const r = await db
    .selectFrom('community_follows')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return r !== undefined;
}

async function userPeer(db: Db, userId: number): Promise<ChatPeer> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'nick_name', 'portrait'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) throw new BizError(Code.NOT_FOUND, '用户不存在');
  return peerOf(u);
}

export async function personCard(db: Db, viewer: number, userId: number): Promise<PersonCard> {
  const peer = await userPeer(db, userId);
  const [following, followsMe, blocked, blockedMe, followerCount, followingCount] = await Promise.all([
    follows(db, viewer, userId),
    follows(db, userId, viewer),
    isBlocked(db, viewer, userId),
    isBlocked(db, userId, viewer),
    countOf(db, 'followee_id', userId),
    countOf(db, 'user_id', userId),
  ]);
  return {
    ...peer,
    following,
    followsMe,
    blocked,
    blockedMe,
    followerCount,
    followingCount,
    self: viewer === userId,
  };
}

/**
 * The people on the other side of `userId`'s follows, newest first, at most 1000: whom they follow
 * (`mine` is 'user_id') or who follows them ('followee_id').
 */
export async function followPeers(db: Db, mine: 'user_id' | 'followee_id', userId: number): Promise<ChatPeer[]> {
  const rows = await db
    .selectFrom('community_follows as f')
    .innerJoin('users as u', 'u.id', mine === 'user_id' ? 'f.followee_id' : 'f.user_id')
    .select(['u.id', 'u.nick_name', 'u.portrait'])
    .where(mine === 'user_id' ? 'f.user_id' : 'f.followee_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map(peerOf);
}

/** Who I follow, newest first. */
export const attentionOf = (db: Db, userId: number): Promise<ChatPeer[]> => followPeers(db, 'user_id', userId);

/** People whose nickname holds `q`, or whose id is `q`: the id match first, then exact names. */
export async function findPeople(db: Db, viewer: number, q: string): Promise<ChatPeer[]> {
  const id = /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : 0;
  const { rows } = await sql<{ id: number; nick_name: string; portrait: string }>`
    select u.id, u.nick_name, u.portrait from users u
    where u.id <> ${viewer}
      and (u.id = ${id} or u.nick_name ilike ${containsPattern(q)})
      and not exists (select 1 from im_blocks b where b.user_id = u.id and b.blocked_user_id = ${viewer})
    order by (u.id = ${id}) desc, (lower(u.nick_name) = lower(${q})) desc, u.id asc
    limit ${PEOPLE_FIND_MAX}
  `.execute(db);
  return rows.map(peerOf);
}

type HitRow = MessageRow & {
  kind: 'private' | 'group';
  group_id: number | null;
  group_name: string | null;
  peer_id: number | null;
  peer_nick: string | null;
  peer_portrait: string | null;
  favourite: boolean;
};

/** My messages whose text holds `q` (what I can still see: not cleared, hidden or recalled). */
export async function searchMessages(db: Db, userId: number, q: string): Promise<MessageHit[]> {
  const { rows } = await sql<HitRow>`
    select m.id, m.conversation_id, m.seq, m.from_user_id, m.to_user_id, m.client_id, m.text,
      m.created_at, m.recalled_at, m.attachment, u.nick_name, u.portrait, c.kind,
      g.id as group_id, g.name as group_name, pu.id as peer_id, pu.nick_name as peer_nick,
      pu.portrait as peer_portrait,
      exists (select 1 from im_favourites f where f.user_id = ${userId} and f.message_id = m.id) as favourite
    from im_members mem
    join im_conversations c on c.id = mem.conversation_id
    join im_messages m on m.conversation_id = mem.conversation_id and m.seq > mem.cleared_seq
    join users u on u.id = m.from_user_id
    left join im_groups g on c.kind = 'group' and g.conversation_id = c.id
    left join im_members pm on c.kind = 'private' and pm.conversation_id = c.id and pm.user_id <> ${userId}
    left join users pu on pu.id = pm.user_id
    where mem.user_id = ${userId} and m.recalled_at is null and m.text ilike ${containsPattern(q)}
      and not exists (select 1 from im_hidden h where h.message_id = m.id and h.user_id = ${userId})
      and (c.kind = 'private' or g.dissolved_at is null)
    order by m.created_at desc, m.id desc
    limit ${MESSAGE_SEARCH_MAX}
  `.execute(db);
  return rows.map((r) => {
    const hit: MessageHit = {
      message: toMessage(r),
      peer:
        r.kind === 'group'
          ? { id: 0, nickName: r.group_name ?? '', avatar: '' }
          : { id: Number(r.peer_id), nickName: r.peer_nick ?? '', avatar: r.peer_portrait ?? '' },
      favourite: Boolean(r.favourite),
    };
    if (r.group_id !== null) hit.group = { id: Number(r.group_id) };
    return hit;
  });
}

/** A private conversation's settings, also before its first message (then nothing to pin yet). */
export async function chatSettings(db: Db, userId: number, peerId: number): Promise<ChatSettings> {
  if (peerId === userId) throw new BizError(Code.REFUSED, '不能和自己聊天');
  const peer = await userPeer(db, peerId);
  const conversationId = privateConversationId(userId, peerId);
  const mem = await db
    .selectFrom('im_members')
    .select(['pinned', 'muted'])
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    conversationId,
    peer,
    pinned: Boolean(mem?.pinned),
    muted: Boolean(mem?.muted),
    blocked: await isBlocked(db, userId, peerId),
    exists: mem !== undefined,
  };
}

/** 消息免打扰 on one of my conversations (private or group). */
export async function setMuted(db: Db, userId: number, conversationId: string, on: boolean): Promise<void> {
  const r = await db
    .updateTable('im_members')
    .set({ muted: on })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new BizError(Code.NOT_FOUND, '会话不存在');
}
