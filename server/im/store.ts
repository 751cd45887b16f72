/**
 * Private conversations: storage and the rules (who may send, recall, read). Every function
 * either writes all of its rows or throws a BizError before writing any.
 */
import { sql } from 'kysely';
import { Code, type ChatCount, type ImMessage } from '../../workers/protocol/index';
import {
  CHAT_STATUS_COUNTED,
  GROUP_CHAT_CODE,
  IM_SEND_RATE,
  PRIVATE_CHAT_CODE,
  RECALL_WINDOW_MS,
  privateConversationId,
  type BlockedUser,
  type ChatListItem,
  type FavouriteItem,
  type SendResult,
  type WhoMayMessage,
} from '../../workers/protocol/api/message';
import { CHAT_STATUS_MUTED } from '../../workers/protocol/api/message-people';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';

export interface MessageRow {
  id: number;
  conversation_id: string;
  seq: number;
  from_user_id: number;
  to_user_id: number | null;
  client_id: string;
  text: string;
  created_at: number;
  recalled_at: number | null;
  nick_name: string;
  portrait: string;
}

export function toMessage(r: MessageRow): ImMessage {
  const m: ImMessage = {
    id: String(r.id),
    chatId: r.conversation_id,
    seq: Number(r.seq),
    clientId: r.client_id,
    fromUserId: r.from_user_id,
    fromNickName: r.nick_name,
    fromAvatar: r.portrait,
    // A recalled message keeps its seq (so the gap stays exact) but not its words.
    text: r.recalled_at === null ? r.text : '',
    at: Number(r.created_at),
  };
  if (r.to_user_id !== null) m.toUserId = r.to_user_id;
  if (r.recalled_at !== null) m.recalledAt = Number(r.recalled_at);
  return m;
}

export function messageRows(db: Db) {
  return db
    .selectFrom('im_messages as m')
    .innerJoin('users as u', 'u.id', 'm.from_user_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.seq',
      'm.from_user_id',
      'm.to_user_id',
      'm.client_id',
      'm.text',
      'm.created_at',
      'm.recalled_at',
      'u.nick_name',
      'u.portrait',
    ]);
}

export async function messageById(db: Db, id: number): Promise<MessageRow | undefined> {
  return messageRows(db).where('m.id', '=', id).executeTakeFirst();
}

export async function isBlocked(db: Db, userId: number, blockedUserId: number): Promise<boolean> {
  const r = await db
    .selectFrom('im_blocks')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('blocked_user_id', '=', blockedUserId)
    .executeTakeFirst();
  return r !== undefined;
}

/** 20 messages / 10 s per user, private and group together. */
export async function checkSendRate(db: Db, from: number, now: number): Promise<void> {
  const recent = await db
    .selectFrom('im_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('from_user_id', '=', from)
    .where('created_at', '>', now - IM_SEND_RATE.windowMs)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= IM_SEND_RATE.max)
    throw new BizError(
      Code.RATE_LIMITED,
      `发送太频繁：${IM_SEND_RATE.windowMs / 1000} 秒内最多发 ${IM_SEND_RATE.max} 条消息，请稍后再试`,
    );
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

export async function sendPrivate(
  db: Db,
  input: { from: number; to: number; text: string; clientId: string; now: number },
): Promise<SendResult> {
  const { from, to, text, clientId, now } = input;
  const stored = await messageRows(db)
    .where('m.from_user_id', '=', from)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst();
  if (stored) {
    if (stored.to_user_id !== to || stored.conversation_id !== privateConversationId(from, to) || stored.text !== text)
      throw new BizError(Code.BAD_INPUT, '消息标识已用于另一条消息');
    return { message: toMessage(stored), replayed: 1 };
  }
  if (to === from) throw new BizError(Code.REFUSED, '不能给自己发消息');
  const peer = await db.selectFrom('users').select('id').where('id', '=', to).executeTakeFirst();
  if (!peer) throw new BizError(Code.NOT_FOUND, '用户不存在');
  if (await isBlocked(db, to, from)) throw new BizError(Code.REFUSED, '对方已拒收你的消息');
  if (await isBlocked(db, from, to)) throw new BizError(Code.REFUSED, '你已将对方拉黑，解除拉黑后才能发消息');
  if ((await whoMayMessage(db, to)) === 'following') {
    const follows = await db
      .selectFrom('community_follows')
      .select('user_id')
      .where('user_id', '=', to)
      .where('followee_id', '=', from)
      .executeTakeFirst();
    if (!follows) throw new BizError(Code.REFUSED, '对方只接收其关注的人发来的消息');
  }
  await checkSendRate(db, from, now);

  const conversationId = privateConversationId(from, to);
  const id = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('im_conversations')
      .values({ id: conversationId, kind: 'private', last_at: now, created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('im_members')
      .values([
        { conversation_id: conversationId, user_id: from },
        { conversation_id: conversationId, user_id: to },
      ])
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
      .execute();
    // The update takes the conversation's row lock: concurrent senders get consecutive seqs.
    const { last_seq: seq } = await trx
      .updateTable('im_conversations')
      .set((eb) => ({ last_seq: eb('last_seq', '+', 1), last_at: now }))
      .where('id', '=', conversationId)
      .returning('last_seq')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('im_messages')
      .values({
        conversation_id: conversationId,
        seq,
        from_user_id: from,
        to_user_id: to,
        client_id: clientId,
        text,
        created_at: now,
        recalled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // What I sent I have read.
    await trx
      .updateTable('im_members')
      .set({ read_seq: seq })
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', from)
      .execute();
    return row.id;
  });
  return { message: toMessage((await messageById(db, id))!), replayed: 0 };
}

async function membership(db: Db, userId: number, conversationId: string) {
  const m = await db
    .selectFrom('im_members as mem')
    .innerJoin('im_conversations as c', 'c.id', 'mem.conversation_id')
    .select(['mem.read_seq', 'mem.cleared_seq', 'mem.pinned', 'c.last_seq'])
    .where('mem.conversation_id', '=', conversationId)
    .where('mem.user_id', '=', userId)
    .executeTakeFirst();
  if (!m) throw new BizError(Code.NOT_FOUND, '会话不存在');
  return { readSeq: Number(m.read_seq), clearedSeq: Number(m.cleared_seq), lastSeq: Number(m.last_seq) };
}

/** Messages after `afterSeq`, ascending: exactly the gap a client is missing. */
export async function messagesAfter(
  db: Db,
  userId: number,
  conversationId: string,
  afterSeq: number,
  limit: number,
): Promise<ImMessage[]> {
  const { clearedSeq } = await membership(db, userId, conversationId);
  const rows = await messageRows(db)
    .where('m.conversation_id', '=', conversationId)
    .where('m.seq', '>', Math.max(afterSeq, clearedSeq))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('im_hidden as h')
            .select('h.message_id')
            .whereRef('h.message_id', '=', 'm.id')
            .where('h.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('m.seq', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

interface ListRow {
  stranger: boolean;
  conversation_id: string;
  kind: 'private' | 'group';
  group_id: number | null;
  member_count: string | null;
  read_seq: number;
  pinned: boolean;
  muted: boolean;
  last_seq: number;
  last_at: number;
  peer_id: number;
  peer_nick: string;
  peer_portrait: string;
  unread: string;
}

/** My conversations with their unread counts, pinned first then by last message (no last line). */
async function listRows(db: Db, userId: number): Promise<ListRow[]> {
  const { rows } = await sql<ListRow>`
    select mem.conversation_id, mem.read_seq, mem.pinned, mem.muted, c.last_seq, c.last_at, c.kind,
      coalesce(pu.id, 0) as peer_id, coalesce(pu.nick_name, g.name) as peer_nick,
      coalesce(pu.portrait, '') as peer_portrait, g.id as group_id,
      (c.kind = 'private'
        and not exists (select 1 from community_follows f where f.user_id = ${userId} and f.followee_id = pu.id)
        and not exists (select 1 from im_messages mm where mm.conversation_id = mem.conversation_id
          and mm.from_user_id = ${userId})) as stranger,
      (case when g.id is null then null
        else (select count(*) from im_members gm where gm.conversation_id = mem.conversation_id) end) as member_count,
      (select count(*) from im_messages m
        where m.conversation_id = mem.conversation_id and m.seq > greatest(mem.read_seq, mem.cleared_seq)
          and m.from_user_id <> ${userId} and m.recalled_at is null
          and not exists (select 1 from im_hidden h where h.message_id = m.id and h.user_id = ${userId})
      ) as unread
    from im_members mem
    join im_conversations c on c.id = mem.conversation_id
    left join im_members pm on c.kind = 'private' and pm.conversation_id = mem.conversation_id
      and pm.user_id <> ${userId}
    left join users pu on pu.id = pm.user_id
    left join im_groups g on c.kind = 'group' and g.conversation_id = mem.conversation_id
    where mem.user_id = ${userId} and (c.last_seq > mem.cleared_seq or (c.kind = 'group' and c.last_seq = 0))
      and (c.kind = 'group' or pu.id is not null)
    order by mem.pinned desc, c.last_at desc
  `.execute(db);
  return rows;
}

/** My conversations with their unread counts and last lines: pinned first, then by last message. */
export async function chatList(db: Db, userId: number): Promise<ChatListItem[]> {
  const rows = await listRows(db, userId);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.conversation_id);
  const { rows: lastRows } = await sql<MessageRow>`
    select distinct on (m.conversation_id) m.id, m.conversation_id, m.seq, m.from_user_id, m.to_user_id,
      m.client_id, m.text, m.created_at, m.recalled_at, u.nick_name, u.portrait
    from im_messages m
    join users u on u.id = m.from_user_id
    join im_members mem on mem.conversation_id = m.conversation_id and mem.user_id = ${userId}
    where m.conversation_id in (${sql.join(ids)}) and m.seq > mem.cleared_seq
      and not exists (select 1 from im_hidden h where h.message_id = m.id and h.user_id = ${userId})
    order by m.conversation_id, m.seq desc
  `.execute(db);
  const last = new Map(lastRows.map((r) => [r.conversation_id, toMessage(r)]));
  return rows.map((r) => {
    const item: ChatListItem = {
      code: r.kind === 'group' ? GROUP_CHAT_CODE : PRIVATE_CHAT_CODE,
      messageStatus: r.muted ? CHAT_STATUS_MUTED : CHAT_STATUS_COUNTED,
      count: Number(r.unread),
      conversationId: r.conversation_id,
      peer: { id: Number(r.peer_id), nickName: r.peer_nick, avatar: r.peer_portrait },
      pinned: Boolean(r.pinned),
      lastSeq: Number(r.last_seq),
      readSeq: Number(r.read_seq),
      last: last.get(r.conversation_id) ?? null,
    };
    if (r.group_id !== null) item.group = { id: Number(r.group_id), memberCount: Number(r.member_count) };
    if (r.stranger) item.stranger = true;
    return item;
  });
}

/** The `counts` event payload: the spec's shape plus each conversation's read marker and pin. */
export async function chatCounts(db: Db, userId: number): Promise<ChatCount[]> {
  // Published on every message: the list query without the last lines.
  return (await listRows(db, userId)).map((r) => ({
    code: r.kind === 'group' ? GROUP_CHAT_CODE : PRIVATE_CHAT_CODE,
    messageStatus: r.muted ? CHAT_STATUS_MUTED : CHAT_STATUS_COUNTED,
    count: Number(r.unread),
    conversationId: r.conversation_id,
    readSeq: Number(r.read_seq),
    pinned: Boolean(r.pinned),
  }));
}

/** Moves my read marker forward (never back, never past the last message). */
export async function markRead(db: Db, userId: number, conversationId: string, seq: number): Promise<number> {
  const m = await membership(db, userId, conversationId);
  const next = Math.min(Math.max(m.readSeq, seq), m.lastSeq);
  if (next !== m.readSeq)
    await db
      .updateTable('im_members')
      .set((eb) => ({ read_seq: sql<number>`greatest(${eb.ref('read_seq')}, ${next})` }))
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .execute();
  return next;
}

async function visibleMessage(db: Db, userId: number, messageId: number): Promise<MessageRow> {
  const row = await messageById(db, messageId);
  if (!row) throw new BizError(Code.NOT_FOUND, '消息不存在');
  const m = await db
    .selectFrom('im_members')
    .select('cleared_seq')
    .where('conversation_id', '=', row.conversation_id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const hidden = await db
    .selectFrom('im_hidden')
    .select('message_id')
    .where('user_id', '=', userId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  if (!m || row.seq <= Number(m.cleared_seq) || hidden) throw new BizError(Code.NOT_FOUND, '消息不存在');
  return row;
}

export async function recall(db: Db, userId: number, messageId: number, now: number): Promise<ImMessage> {
  const row = await visibleMessage(db, userId, messageId);
  if (row.from_user_id !== userId) throw new BizError(Code.REFUSED, '只能撤回自己发的消息');
  if (row.recalled_at !== null) return toMessage(row);
  if (now - Number(row.created_at) > RECALL_WINDOW_MS)
    throw new BizError(Code.REFUSED, `消息发出超过 ${RECALL_WINDOW_MS / 60_000} 分钟，不能撤回`);
  await db.updateTable('im_messages').set({ recalled_at: now }).where('id', '=', messageId).execute();
  // A recalled message is nobody's favourite any more.
  await db.deleteFrom('im_favourites').where('message_id', '=', messageId).execute();
  return toMessage((await messageById(db, messageId))!);
}

export async function hideForMe(db: Db, userId: number, messageId: number): Promise<ImMessage> {
  const row = await visibleMessage(db, userId, messageId);
  await db
    .insertInto('im_hidden')
    .values({ user_id: userId, message_id: messageId })
    .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
    .execute();
  await db.deleteFrom('im_favourites').where('user_id', '=', userId).where('message_id', '=', messageId).execute();
  return toMessage(row);
}

export async function setFavourite(db: Db, userId: number, messageId: number, on: boolean, now: number) {
  const row = await visibleMessage(db, userId, messageId);
  if (on) {
    if (row.recalled_at !== null) throw new BizError(Code.REFUSED, '消息已撤回，不能收藏');
    await db
      .insertInto('im_favourites')
      .values({ user_id: userId, message_id: messageId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('im_favourites').where('user_id', '=', userId).where('message_id', '=', messageId).execute();
  }
}

export async function favourites(db: Db, userId: number): Promise<FavouriteItem[]> {
  const rows = await messageRows(db)
    .innerJoin('im_favourites as f', 'f.message_id', 'm.id')
    .select('f.created_at as favoured_at')
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ message: toMessage(r), favouredAt: Number(r.favoured_at) }));
}

export async function setPinned(db: Db, userId: number, conversationId: string, on: boolean): Promise<void> {
  await membership(db, userId, conversationId);
  await db
    .updateTable('im_members')
    .set({ pinned: on })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Removes the chat from my list (and its history for me) until the next message arrives. */
export async function clearChat(db: Db, userId: number, conversationId: string): Promise<void> {
  const m = await membership(db, userId, conversationId);
  await db
    .updateTable('im_members')
    .set({ cleared_seq: m.lastSeq, read_seq: m.lastSeq, pinned: false })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
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
