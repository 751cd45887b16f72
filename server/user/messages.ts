/** System messages to one user (audit results, certification, feedback receipts). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function notifyUser(
  db: Kysely<Database>,
  userId: number,
  title: string,
  content: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('user_messages')
    .values({ user_id: userId, title, content, read_at: null, created_at: now })
    .execute();
}

export async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  const r = await db
    .selectFrom('user_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
