/**
 * 群发 (issue 13): one text to chosen followers, as ordinary private messages (each with its own
 * seq in its conversation), MASS_DAILY times a China day. Recipients must follow me; those who
 * blocked me are skipped. All rows in one transaction, or none.
 */
import { Code, chinaMidnight, type ImMessage } from '../../workers/protocol/index';
import {
  MASS_DAILY,
  MASS_RECIPIENTS_MAX,
  type ChatPeer,
  type MassItem,
  type MassResult,
  privateConversationId,
} from '../../workers/protocol/api/message';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import { writeMessage } from './insert';
import { toMessage, type MessageRow } from './message-rows';
import { followPeers } from './people';

/** Who follows me, newest first: whom I may send a mass message to. */
export const followersOf = (db: Db, userId: number): Promise<ChatPeer[]> => followPeers(db, 'followee_id', userId);

export async function sendMass(
  db: Db,
  input: { from: number; userIds: number[]; text: string; now: number },
): Promise<{ result: MassResult; messages: ImMessage[] }> {
  const { from, text, now } = input;
  const wanted = [...new Set(input.userIds)];
  if (wanted.length === 0) throw new BizError(Code.BAD_INPUT, '请选择群发对象');
  if (wanted.length > MASS_RECIPIENTS_MAX)
    throw new BizError(Code.BAD_INPUT, `一次最多群发给 ${MASS_RECIPIENTS_MAX} 人`);
  const today = await db
    .selectFrom('im_mass')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', from)
    .where('created_at', '>=', chinaMidnight(now))
    .executeTakeFirstOrThrow();
  if (Number(today.n) >= MASS_DAILY) throw new BizError(Code.RATE_LIMITED, `每天最多群发 ${MASS_DAILY} 次，明天再来吧`);
  // Each wanted person who follows me, and whether they blocked me (they are skipped, not refused).
  const followers = await db
    .selectFrom('community_follows as f')
    .leftJoin('im_blocks as b', (j) => j.onRef('b.user_id', '=', 'f.user_id').on('b.blocked_user_id', '=', from))
    .select(['f.user_id', 'b.user_id as blocker'])
    .where('f.followee_id', '=', from)
    .where('f.user_id', 'in', wanted)
    .execute();
  if (followers.length !== wanted.length) throw new BizError(Code.REFUSED, '只能群发给关注你的人');
  const blockers = new Set(followers.filter((r) => r.blocker !== null).map((r) => r.user_id));
  const targets = wanted.filter((u) => !blockers.has(u));
  const { massId, rows } = await db.transaction().execute(async (trx) => {
    const mass = await trx
      .insertInto('im_mass')
      .values({ user_id: from, text, recipient_count: targets.length, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows: MessageRow[] = [];
    for (const to of targets) {
      const conversationId = privateConversationId(from, to);
      const clientId = `mass-${mass.id}-${to}`;
      const row = await writeMessage(trx, { conversationId, from, to, clientId, text, now }, { createPrivate: true });
      rows.push(row!);
    }
    return { massId: mass.id, rows };
  });
  const messages = rows.map(toMessage);
  return { result: { id: massId, sent: targets.length, skipped: blockers.size }, messages };
}

export async function massHistory(db: Db, userId: number): Promise<MassItem[]> {
  const rows = await db
    .selectFrom('im_mass')
    .select(['id', 'text', 'recipient_count', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({ id: r.id, text: r.text, recipientCount: r.recipient_count, at: Number(r.created_at) }));
}
