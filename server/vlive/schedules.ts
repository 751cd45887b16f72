/**
 * Schedules, reservations and follows. Without a media server, rooms marked `scheduled_only`
 * play the test signal only during their slots; `tick(now)` starts and ends them: at a start it tells every reserver (their inbox) and
 * the room (a notice), at an end it takes the room offline and files the broadcast as a replay.
 */
import { sql } from 'kysely';
import { Code, fillPath, type VliveSchedule } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { BizError } from '../http/reply';
import type { Hub } from '../ws/hub';
import type { ChatService } from './chat';
import { announceLive } from './live-state';

const HOUR = 3_600_000;
/** Scheduled rooms take turns: slot every SLOT_CYCLE hours, offset by room, SLOT_MS long. */
export const SLOT_CYCLE = 3;
export const SLOT_MS = HOUR;
export const SCHEDULE_AHEAD_MS = 24 * HOUR;
/** A filed broadcast replays this many passes of the clip. */
export const REPLAY_LOOPS = 8;

/** Creates the slots of the next day for scheduled rooms (idempotent: unique room + start). */
export async function ensureSchedules(db: Db, now: number): Promise<number> {
  const rooms = await db
    .selectFrom('vlive_rooms')
    .select(['id', 'title'])
    .where('scheduled_only', '=', true)
    .orderBy('sort')
    .execute();
  const rows: Array<{ room_id: string; title: string; starts_at: number; ends_at: number }> = [];
  const firstHour = Math.floor(now / HOUR) - 1;
  rooms.forEach((room, k) => {
    for (let h = firstHour; h * HOUR < now + SCHEDULE_AHEAD_MS; h++) {
      if (((h % SLOT_CYCLE) + SLOT_CYCLE) % SLOT_CYCLE !== k % SLOT_CYCLE) continue;
      const starts = h * HOUR;
      if (starts + SLOT_MS <= now) continue;
      rows.push({ room_id: room.id, title: room.title, starts_at: starts, ends_at: starts + SLOT_MS });
    }
  });
  if (rows.length === 0) return 0;
  const res = await db
    .insertInto('vlive_schedules')
    .values(rows)
    .onConflict((oc) => oc.columns(['room_id', 'starts_at']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

export interface TickResult {
  started: number[];
  ended: number[];
}

export async function tickSchedules(
  db: Db,
  hub: Hub,
  chat: ChatService,
  now: number,
  clipSeconds: number,
  opts: { mediaServer?: boolean } = {},
): Promise<TickResult> {
  // With a media server a room is live only while its anchor pushes (broadcast.ts): a slot's start
  // and end change nothing, its reservers hear of the push itself, and replays are recordings.
  if (opts.mediaServer) return { started: [], ended: [] };
  const started: number[] = [];
  const ended: number[] = [];
  /** Stamps the slot's step (start notified, end handled) once: false when another tick did. */
  const claim = async (id: number, step: 'notified_at' | 'ended_at'): Promise<boolean> => {
    const res = await db
      .updateTable('vlive_schedules')
      .set(step === 'notified_at' ? { notified_at: now } : { ended_at: now })
      .where('id', '=', id)
      .where(step, 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  };
  // Slots that ended while nobody was ticking: mark them, no reminders for the past.
  await db
    .updateTable('vlive_schedules')
    .set({ notified_at: now })
    .where('notified_at', 'is', null)
    .where('ends_at', '<=', now)
    .execute();

  const due = await db
    .selectFrom('vlive_schedules as s')
    .innerJoin('vlive_rooms as r', 'r.id', 's.room_id')
    .innerJoin('vlive_anchors as a', 'a.id', 'r.anchor_id')
    .select(['s.id', 's.room_id', 's.title', 'a.name as anchor_name'])
    .where('s.notified_at', 'is', null)
    .where('s.starts_at', '<=', now)
    .where('s.ends_at', '>', now)
    .execute();
  for (const s of due) {
    // Claim the slot first so two ticks never notify twice.
    if (!(await claim(s.id, 'notified_at'))) continue;
    started.push(s.id);
    await db.updateTable('vlive_rooms').set({ live: true }).where('id', '=', s.room_id).execute();
    announceLive(hub, s.room_id, true);
    await chat.systemLine(s.room_id, 'notice', `${s.anchor_name} 开播啦：${s.title}`);
    const reservers = await db
      .selectFrom('vlive_reservations')
      .select('user_id')
      .where('schedule_id', '=', s.id)
      .execute();
    const path = fillPath('/vlive/detail/:id', { id: s.room_id });
    for (const r of reservers) {
      hub.publishToUser(r.user_id, {
        kind: 'reminder',
        title: '您预约的直播开始了',
        text: `${s.anchor_name}：${s.title}`,
        path,
        at: now,
      });
    }
  }

  const over = await db
    .selectFrom('vlive_schedules')
    .select(['id', 'room_id', 'title', 'starts_at', 'ends_at'])
    .where('ended_at', 'is', null)
    .where('ends_at', '<=', now)
    .execute();
  for (const s of over) {
    if (!(await claim(s.id, 'ended_at'))) continue;
    ended.push(s.id);
    const active = await db
      .selectFrom('vlive_schedules')
      .select('id')
      .where('room_id', '=', s.room_id)
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .executeTakeFirst();
    if (!active) {
      const res = await db
        .updateTable('vlive_rooms')
        .set({ live: false })
        .where('id', '=', s.room_id)
        .where('scheduled_only', '=', true)
        .where('live', '=', true)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) announceLive(hub, s.room_id, false);
    }
    // Only broadcasts that really ran (notified while live, not skipped in the past) become replays.
    const ran = Number(s.ends_at) > now - 10 * 60_000;
    if (ran) {
      const room = await db
        .selectFrom('vlive_rooms')
        .select('cover')
        .where('id', '=', s.room_id)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('vlive_replays')
        .values({
          room_id: s.room_id,
          title: `回放：${s.title}`,
          cover: room.cover,
          duration: Math.round(REPLAY_LOOPS * clipSeconds),
          at: Number(s.starts_at),
          url: null,
        })
        .execute();
    }
  }
  return { started, ended };
}

export async function toggleReservation(
  db: Db,
  userId: number,
  scheduleId: number,
  now: number,
): Promise<{ reserved: 0 | 1 }> {
  const s = await db
    .selectFrom('vlive_schedules')
    .select(['id', 'starts_at', 'ends_at'])
    .where('id', '=', scheduleId)
    .executeTakeFirst();
  if (!s) throw new BizError(Code.NOT_FOUND, '该场直播不存在');
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('vlive_reservations')
      .where('user_id', '=', userId)
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return { reserved: 0 as const };
    if (Number(s.starts_at) <= now)
      throw new BizError(Code.REFUSED, Number(s.ends_at) <= now ? '该场直播已结束' : '直播已开始，快去观看吧');
    await trx.insertInto('vlive_reservations').values({ user_id: userId, schedule_id: scheduleId, at: now }).execute();
    return { reserved: 1 as const };
  });
}

export async function toggleFollow(
  db: Db,
  userId: number,
  anchorId: number,
  now: number,
): Promise<{ follow: 0 | 1; followers: number }> {
  const anchor = await db.selectFrom('vlive_anchors').select('id').where('id', '=', anchorId).executeTakeFirst();
  if (!anchor) throw new BizError(Code.NOT_FOUND, '主播不存在');
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('vlive_follows')
      .where('user_id', '=', userId)
      .where('anchor_id', '=', anchorId)
      .executeTakeFirst();
    const follow: 0 | 1 = Number(removed.numDeletedRows) > 0 ? 0 : 1;
    if (follow === 1)
      await trx.insertInto('vlive_follows').values({ user_id: userId, anchor_id: anchorId, at: now }).execute();
    const row = await trx
      .updateTable('vlive_anchors')
      .set({ followers: follow ? sql<number>`followers + 1` : sql<number>`greatest(followers - 1, 0)` })
      .where('id', '=', anchorId)
      .returning('followers')
      .executeTakeFirstOrThrow();
    return { follow, followers: row.followers };
  });
}

export type { VliveSchedule };
