/** A stored message as the API hands it out: the row with its sender's name and portrait. */
import type { ImMessage } from '../../workers/protocol/index';
import type { Selectable } from 'kysely';
import type { Db } from '../db/index';
import type { ImTables } from '../db/tables/im';

/** An `im_messages` row with its sender's nickname and portrait joined in. */
export type MessageRow = Selectable<ImTables['im_messages']> & { nick_name: string; portrait: string };

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
  // A picture or a match card goes with the words when the message is recalled.
  else if (r.attachment) Object.assign(m, JSON.parse(r.attachment) as Pick<ImMessage, 'image' | 'match'>);
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
      'm.attachment',
      'u.nick_name',
      'u.portrait',
    ]);
}

export async function messageById(db: Db, id: number): Promise<MessageRow | undefined> {
  return messageRows(db).where('m.id', '=', id).executeTakeFirst();
}
