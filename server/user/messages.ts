/** System messages to one user (audit results, certification, feedback receipts). */
import type { Kysely } from 'kysely';
import type { NoticeKind } from '../../workers/protocol/api/user-centre';
import type { Database } from '../db/schema';

export async function notifyUser(
  db: Kysely<Database>,
  userId: number,
  title: string,
  content: string,
  now: number,
  kind: NoticeKind = 'system',
): Promise<void> {
  await db
    .insertInto('user_messages')
    .values({ user_id: userId, title, content, kind, read_at: null, created_at: now })
    .execute();
}

/** Unread notices of one kind, or of both. */
export async function unreadCount(db: Kysely<Database>, userId: number, kind?: NoticeKind): Promise<number> {
  let q = db
    .selectFrom('user_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (kind) q = q.where('kind', '=', kind);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}
