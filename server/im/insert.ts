/**
 * How a message is written: the conversation's seq is bumped under its row lock, the row inserted,
 * and the sender's read marker moved to it. A send (private, group, mass) does it in one statement
 * (`writeMessage`); the dev seed writes runs of messages (`appendMessages`). `replayOf` answers a
 * retried client id without writing.
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

/** The columns of a stored message with its sender's name and portrait, as `messageRows` selects them. */
const STORED = sql`ins.id, ins.conversation_id, ins.seq, ins.from_user_id, ins.to_user_id, ins.client_id, ins.text,
  ins.created_at, ins.recalled_at, ins.attachment, u.nick_name, u.portrait`;

/**
 * Writes one message in one statement and answers the stored row (with its sender's name), or
 * undefined when the conversation does not exist. The conversation's row lock (taken by the seq
 * bump) orders concurrent senders, so seqs stay consecutive and gap-free; the statement is atomic,
 * so a refused insert (a client id already used: unique violation, see `isDuplicateClientId`)
 * leaves no bumped seq behind. `createPrivate` makes a missing private conversation and both
 * memberships in the same statement. Runs on `db` alone (its own transaction) or inside a caller's.
 */
export async function writeMessage(
  db: Db,
  m: NewMessage,
  opts: { createPrivate?: boolean } = {},
): Promise<MessageRow | undefined> {
  const { conversationId: cid, from, now } = m;
  const seq = opts.createPrivate
    ? sql`insert into im_conversations (id, kind, last_seq, last_at, created_at)
        values (${cid}, 'private', 1, ${now}, ${now})
        on conflict (id) do update set last_seq = im_conversations.last_seq + 1, last_at = excluded.last_at
        returning last_seq`
    : sql`update im_conversations set last_seq = last_seq + 1, last_at = ${now} where id = ${cid} returning last_seq`;
  // What I sent I have read: my read marker moves to the new seq (my membership is made here
  // when the conversation is new, with the peer's).
  const members = opts.createPrivate
    ? sql`mine as (
        insert into im_members (conversation_id, user_id, read_seq) select ${cid}, ${from}, c.last_seq from c
        on conflict (conversation_id, user_id) do update set read_seq = excluded.read_seq
          where im_members.read_seq < excluded.read_seq),
      peer as (
        insert into im_members (conversation_id, user_id) select ${cid}, ${m.to}::int from c
        on conflict (conversation_id, user_id) do nothing)`
    : sql`mine as (
        update im_members set read_seq = greatest(read_seq, c.last_seq) from c
        where conversation_id = ${cid} and user_id = ${from})`;
  const { rows } = await sql<MessageRow>`
    with c as (${seq}),
    ${members},
    ins as (
      insert into im_messages
        (conversation_id, seq, from_user_id, to_user_id, client_id, text, created_at, recalled_at, attachment)
      select ${cid}, c.last_seq, ${from}, ${m.to}::int, ${m.clientId}, ${m.text}, ${now}, null, ${m.attachment ?? null}
      from c
      returning *)
    select ${STORED} from ins join users u on u.id = ins.from_user_id
  `.execute(db);
  return rows[0];
}

/** A write refused because this sender already used the client id (a concurrent resend). */
export function isDuplicateClientId(e: unknown): boolean {
  const err = e as { code?: unknown; constraint?: unknown; message?: unknown };
  return err.code === '23505' && /client_id/.test(String(err.constraint ?? err.message ?? ''));
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
