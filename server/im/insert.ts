/**
 * The one way a message is written (private, group and mass sending): the conversation's seq is
 * bumped under its row lock, the row inserted, and the sender's read marker moved to it. Callers
 * run it inside their transaction; `replayOf` answers a retried client id without writing.
 */
import { sql } from 'kysely';
import { Code } from '../../workers/protocol/index';
import { privateConversationId, type SendResult } from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { messageRows, toMessage, type MessageRow } from './message-rows';

export interface NewMessage {
  conversationId: string;
  from: number;
  /** The peer of a private message; null in a group. */
  to: number | null;
  clientId: string;
  text: string;
  now: number;
  /** JSON of what the message carries besides its text (`{ image }`, `{ match }`). */
  attachment?: string | null;
}

/**
 * Writes one message and returns its id; `create` makes a missing conversation first. Run inside
 * a transaction.
 */
export async function appendMessage(trx: Db, m: NewMessage, create?: () => Promise<unknown>): Promise<number> {
  const [id] = await appendMessages(trx, m, [{ clientId: m.clientId, text: m.text, attachment: m.attachment }], create);
  return id!;
}

/**
 * Writes messages from one sender to one conversation in one go and returns their ids in order:
 * one update allocates the whole run of seqs (under the conversation's row lock, so concurrent
 * senders get consecutive, gap-free runs), one insert writes the rows. Run inside a transaction.
 */
export async function appendMessages(
  trx: Db,
  m: Omit<NewMessage, 'clientId' | 'text' | 'attachment'>,
  items: ReadonlyArray<Pick<NewMessage, 'clientId' | 'text' | 'attachment'>>,
  create?: () => Promise<unknown>,
): Promise<number[]> {
  if (items.length === 0) return [];
  const bump = () =>
    trx
      .updateTable('im_conversations')
      .set((eb) => ({ last_seq: eb('last_seq', '+', items.length), last_at: m.now }))
      .where('id', '=', m.conversationId)
      .returning('last_seq')
      .executeTakeFirst();
  // Most writes go to a conversation that exists: the seq update is the first statement, and
  // only a missing conversation is created (then bumped) — two statements fewer per message.
  let row = await bump();
  if (!row && create) {
    await create();
    row = await bump();
  }
  if (!row) throw new BizError(Code.NOT_FOUND, '会话不存在');
  const last = Number(row.last_seq);
  const first = last - items.length + 1;
  const rows = await trx
    .insertInto('im_messages')
    .values(
      items.map((item, i) => ({
        conversation_id: m.conversationId,
        seq: first + i,
        from_user_id: m.from,
        to_user_id: m.to,
        client_id: item.clientId,
        text: item.text,
        created_at: m.now,
        recalled_at: null,
        attachment: item.attachment ?? null,
      })),
    )
    .returning(['id', 'seq'])
    .execute();
  // What I sent I have read.
  await trx
    .updateTable('im_members')
    .set({ read_seq: sql<number>`greatest(read_seq, ${last})` })
    .where('conversation_id', '=', m.conversationId)
    .where('user_id', '=', m.from)
    .execute();
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => r.id);
}

/** Creates the private conversation of two users (and both memberships) if it is new. */
export async function ensurePrivateConversation(trx: Db, from: number, to: number, now: number): Promise<string> {
  const conversationId = privateConversationId(from, to);
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
  return conversationId;
}

/**
 * A retried send: the stored message when this client id was used for the same message, null
 * when the id is new; a client id reused for another message is refused.
 */
export async function replayOf(
  db: Db,
  from: number,
  clientId: string,
  same: (stored: MessageRow) => boolean,
): Promise<SendResult | null> {
  const stored = await messageRows(db)
    .where('m.from_user_id', '=', from)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst();
  if (!stored) return null;
  if (!same(stored)) throw new BizError(Code.BAD_INPUT, '消息标识已用于另一条消息');
  return { message: toMessage(stored), replayed: 1 };
}

/** The stored message a send just wrote, as the API answers it. */
export async function sentMessage(db: Db, id: number): Promise<SendResult> {
  const row = await messageRows(db).where('m.id', '=', id).executeTakeFirstOrThrow();
  return { message: toMessage(row), replayed: 0 };
}
