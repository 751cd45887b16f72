/**
 * The address book (issue 13): the people I follow, with whether they follow me back. Someone I
 * blocked is not a contact (a block also ends the follow both ways; this covers rows that predate
 * it).
 */
import { sql } from 'kysely';
import { CONTACTS_MAX, type Contact } from '../../workers/protocol/api/message-directory';
import type { Db } from '../db/index';

export async function contactsOf(db: Db, userId: number): Promise<Contact[]> {
  const { rows } = await sql<{ id: number; nick_name: string; portrait: string; mutual: boolean }>`
    select u.id, u.nick_name, u.portrait,
      exists (select 1 from community_follows b where b.user_id = u.id and b.followee_id = ${userId}) as mutual
    from community_follows f
    join users u on u.id = f.followee_id
    where f.user_id = ${userId}
      and not exists (select 1 from im_blocks k where k.user_id = ${userId} and k.blocked_user_id = u.id)
    order by mutual desc, u.nick_name asc, u.id asc
    limit ${CONTACTS_MAX}
  `.execute(db);
  return rows.map((r) => ({ id: Number(r.id), nickName: r.nick_name, avatar: r.portrait, mutual: Boolean(r.mutual) }));
}
