/**
 * Private conversations: sending and what a member does with messages (read, recall, delete for
 * me, favourite, pin, delete the chat). Every function either writes all of its rows or throws a
 * BizError before writing any.
 */
import { sql, type Transaction } from 'kysely';
import { Code, type ImMessage } from '../../workers/protocol/index';
import {
  IM_NOT_MEMBER_MSG,
  IM_SEND_RATE,
  groupIdOf,
  RECALL_WINDOW_MS,
  privateConversationId,
  type FavouriteItem,
  type SendResult,
} from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { BizError } from '../http/reply';
import { isDuplicateClientId, replayOf, writeMessage, type NewMessage } from './insert';
import { messageById, messageRows, toMessage, type MessageRow } from './message-rows';
import { mayMessageQuery, refuseUnlessMayMessage } from './privacy';

/**
 * What a picture or match-card message carries, made inside the send's transaction once every
 * check has passed (a picture is stored only then); answers the attachment's JSON.
 */
export type Attach = (trx: Transaction<Database>) => Promise<string>;

/** 20 messages / 10 s per user, private and group together: the count of the sender's recent messages. */
export const recentSent = (from: number, now: number) =>
  sql<string>`(select count(*) from im_messages r
    where r.from_user_id = ${from} and r.created_at > ${now - IM_SEND_RATE.windowMs})`;

export function refuseOverRate(recent: string | number): void {
  if (Number(recent) >= IM_SEND_RATE.max)
    throw new BizError(
      Code.RATE_LIMITED,
      `发送太频繁：${IM_SEND_RATE.windowMs / 1000} 秒内最多发 ${IM_SEND_RATE.max} 条消息，请稍后再试`,
    );
}

/** Has `from` stored a message under this client id (a resend)? For a send's one check query. */
export const resentColumn = (from: number, clientId: string) =>
  sql<boolean>`exists (select 1 from im_messages p where p.from_user_id = ${from} and p.client_id = ${clientId})`.as(
    'resent',
  );

/**
 * Writes a checked message; the same client id sent twice at once makes the second write refused
 * whole (no seq used), and it is answered with the first one's stored message.
 */
export async function writeOrReplay(
  db: Db,
  m: NewMessage,
  attach: Attach | undefined,
  createPrivate: boolean,
  replay: () => Promise<SendResult | null>,
): Promise<SendResult> {
  try {
    return { message: toMessage(await writeWithAttachment(db, m, attach, createPrivate)), replayed: 0 };
  } catch (e) {
    const stored = isDuplicateClientId(e) ? await replay() : null;
    if (stored) return stored;
    throw e;
  }
}

/**
 * A message written on its own (no attachment) is one statement, so it needs no transaction; an
 * attachment is made in the same transaction as the row that carries it.
 */
async function writeWithAttachment(db: Db, m: NewMessage, attach: Attach | undefined, createPrivate: boolean) {
  const write = (on: Db, attachment: string | null) =>
    writeMessage(on, { ...m, attachment }, { createPrivate }).then((row) => {
      if (!row) throw new BizError(Code.NOT_FOUND, '会话不存在');
      return row;
    });
  return attach ? db.transaction().execute(async (trx) => write(trx, await attach(trx))) : write(db, null);
}

export async function sendPrivate(
  db: Db,
  input: { from: number; to: number; text: string; clientId: string; now: number; attach?: Attach },
): Promise<SendResult> {
  const { from, to, text, clientId, now } = input;
  const conversationId = privateConversationId(from, to);
  const replay = () =>
    replayOf(db, from, clientId, (s) => s.to_user_id === to && s.conversation_id === conversationId && s.text === text);
  // One round trip for every check: a resend's stored message, the privacy rules, the rate.
  const checks = await mayMessageQuery(db, from, to)
    .select([resentColumn(from, clientId), recentSent(from, now).as('recent')])
    .executeTakeFirst();
  // A stored message's recipient exists (messages go with their users), so no row means no resend.
  if (checks?.resent) return (await replay())!;
  if (to === from) throw new BizError(Code.REFUSED, '不能给自己发消息');
  refuseUnlessMayMessage(checks);
  refuseOverRate(checks!.recent);
  return writeOrReplay(db, { conversationId, from, to, clientId, text, now }, input.attach, true, replay);
}

async function membership(db: Db, userId: number, conversationId: string) {
  const m = await db
    .selectFrom('im_members as mem')
    .innerJoin('im_conversations as c', 'c.id', 'mem.conversation_id')
    .select(['mem.read_seq', 'mem.cleared_seq', 'mem.pinned', 'c.last_seq'])
    .where('mem.conversation_id', '=', conversationId)
    .where('mem.user_id', '=', userId)
    .executeTakeFirst();
  if (!m) {
    // A removed member (or anyone else) of a group is told so, not shown its history.
    if (groupIdOf(conversationId) !== null) throw new BizError(Code.NOT_MEMBER, IM_NOT_MEMBER_MSG);
    throw new BizError(Code.NOT_FOUND, '会话不存在');
  }
  return { readSeq: Number(m.read_seq), clearedSeq: Number(m.cleared_seq), lastSeq: Number(m.last_seq) };
}

/**
 * Messages of a conversation, ascending. With only `afterSeq`: the oldest `limit` after it (exactly
 * the gap a client is missing). With `beforeSeq` too: the newest `limit` below it (and above
 * `afterSeq`), the older page a scrolled-up chat loads.
 */
export async function messagesPage(
  db: Db,
  userId: number,
  conversationId: string,
  page: { afterSeq: number; beforeSeq?: number | undefined; limit: number },
): Promise<ImMessage[]> {
  const { clearedSeq } = await membership(db, userId, conversationId);
  let q = messageRows(db)
    .where('m.conversation_id', '=', conversationId)
    .where('m.seq', '>', Math.max(page.afterSeq, clearedSeq))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('im_hidden as h')
            .select('h.message_id')
            .whereRef('h.message_id', '=', 'm.id')
            .where('h.user_id', '=', userId),
        ),
      ),
    );
  if (page.beforeSeq !== undefined) q = q.where('m.seq', '<', page.beforeSeq).orderBy('m.seq', 'desc');
  else q = q.orderBy('m.seq', 'asc');
  const rows = await q.limit(page.limit).execute();
  if (page.beforeSeq !== undefined) rows.reverse();
  return rows.map(toMessage);
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

// Rows and privacy moved to their own modules; other areas' imports from here keep working.
export { messageById, messageRows, toMessage, type MessageRow } from './message-rows';
export { isBlocked } from './privacy';
