/**
 * A broadcast has started: the anchor's followers and the reservers of the slot it fills get a
 * reminder, and the room's chat says so. With a media server a slot's start says nothing (nobody
 * may push), so the reservers hear it here.
 */
import { fillPath } from '../../workers/protocol/index';
import type { AppContext } from '../context';
import type { ChatService } from './chat';

export async function announceBroadcastStart(
  ctx: Pick<AppContext, 'db' | 'hub'>,
  chat: Pick<ChatService, 'systemLine'>,
  room: { id: string; anchor_id: number; title: string },
  now: number,
): Promise<void> {
  const { db, hub } = ctx;
  const roomId = room.id;
  const anchor = await db
    .selectFrom('vlive_anchors')
    .select('name')
    .where('id', '=', room.anchor_id)
    .executeTakeFirst();
  const followers = await db
    .selectFrom('vlive_follows')
    .select('user_id')
    .where('anchor_id', '=', room.anchor_id)
    .execute();
  const detail = fillPath('/vlive/detail/:id', { id: roomId });
  const text = `${anchor?.name ?? ''}：${room.title}`;
  for (const f of followers) {
    hub.publishToUser(f.user_id, { kind: 'reminder', title: '您关注的主播开播了', text, path: detail, at: now });
  }
  const slot = await db
    .updateTable('vlive_schedules')
    .set({ notified_at: now })
    .where('room_id', '=', roomId)
    .where('starts_at', '<=', now + 15 * 60_000)
    .where('ends_at', '>', now)
    .where('notified_at', 'is', null)
    .returning('id')
    .execute();
  if (slot.length > 0) {
    const reservers = await db
      .selectFrom('vlive_reservations')
      .select('user_id')
      .where(
        'schedule_id',
        'in',
        slot.map((s) => s.id),
      )
      .execute();
    for (const r of reservers) {
      hub.publishToUser(r.user_id, { kind: 'reminder', title: '您预约的直播开始了', text, path: detail, at: now });
    }
  }
  await chat.systemLine(roomId, 'notice', `${anchor?.name ?? '主播'} 开播啦：${room.title}`);
}
