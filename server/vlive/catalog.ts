/** Read side of the area: rooms, anchors, schedules, rankings, replays, as wire shapes. */
import { sql, type Selectable } from 'kysely';
import {
  VLIVE_RECOMMENDED,
  type VliveAnchor,
  type VlivePage,
  type VliveRankRow,
  type VliveReplay,
  type VliveRoom,
  type VliveSchedule,
} from '../../workers/protocol/index';
import type { Db } from '../db/index';
import type { VliveTables } from '../db/tables/vlive';
import { replayUrl } from '../media/routes';

const roomColumns = [
  'r.id',
  'r.title',
  'r.cover',
  'r.tag',
  'r.heat',
  'r.live',
  'r.stream_url',
  'r.category_id',
  'r.match_id',
  'r.sport',
  'r.sort',
  'a.id as anchor_id',
  'a.name as anchor_name',
  'a.avatar as anchor_avatar',
] as const;

function roomsQuery(db: Db, userId: number | null) {
  return db
    .selectFrom('vlive_rooms as r')
    .innerJoin('vlive_anchors as a', 'a.id', 'r.anchor_id')
    .leftJoin('vlive_follows as f', (j) => j.onRef('f.anchor_id', '=', 'a.id').on('f.user_id', '=', userId ?? -1))
    .select([...roomColumns, sql<boolean>`f.user_id is not null`.as('followed')]);
}

type RoomRow = {
  id: string;
  title: string;
  cover: string;
  tag: string;
  heat: number;
  live: boolean;
  stream_url: string | null;
  category_id: number;
  match_id: number | null;
  sport: 'zq' | 'lq' | null;
  anchor_id: number;
  anchor_name: string;
  anchor_avatar: string;
  followed: boolean;
};

export function toRoom(r: RoomRow): VliveRoom {
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    tag: r.tag,
    heat: Number(r.heat),
    live: r.live,
    categoryId: r.category_id,
    anchor: { id: r.anchor_id, name: r.anchor_name, avatar: r.anchor_avatar },
    matchId: r.match_id,
    sport: r.sport,
    followed: Boolean(r.followed),
    testSignal: r.live && r.stream_url === null && !streamOverrideRooms.has(r.id),
  };
}

/** Rooms pointed at outside streams (VLIVE_STREAM_URLS): live on them is not the test signal. */
let streamOverrideRooms: ReadonlySet<string> = new Set();
export function setStreamOverrideRooms(ids: Iterable<string>): void {
  streamOverrideRooms = new Set(ids);
}

/** Rooms of a category (0 推荐: every live room). Followed anchors first, then live, then heat. */
export async function listRooms(
  db: Db,
  userId: number | null,
  type: number,
  page: number,
  size: number,
): Promise<VlivePage<VliveRoom>> {
  let q = roomsQuery(db, userId);
  q = type === VLIVE_RECOMMENDED ? q.where('r.live', '=', true) : q.where('r.category_id', '=', type);
  const totalRow = await db
    .selectFrom('vlive_rooms as r')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(type === VLIVE_RECOMMENDED, (qb) => qb.where('r.live', '=', true))
    .$if(type !== VLIVE_RECOMMENDED, (qb) => qb.where('r.category_id', '=', type))
    .executeTakeFirstOrThrow();
  const rows = await q
    .orderBy(sql`f.user_id is not null`, 'desc')
    .orderBy('r.live', 'desc')
    .orderBy('r.heat', 'desc')
    .orderBy('r.sort')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const total = Number(totalRow.n);
  return { list: rows.map(toRoom), page, next: page * size < total, total };
}

export async function getRoom(
  db: Db,
  userId: number | null,
  roomId: string,
): Promise<
  | (VliveRoom & {
      notice: string;
      welcome: string;
      streamUrl: string | null;
      anchorIntro: string;
      anchorFollowers: number;
    })
  | null
> {
  const row = await roomsQuery(db, userId)
    .select(['r.notice', 'r.welcome', 'r.stream_url', 'a.intro', 'a.followers'])
    .where('r.id', '=', roomId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toRoom(row),
    notice: row.notice,
    welcome: row.welcome,
    streamUrl: row.stream_url,
    anchorIntro: row.intro,
    anchorFollowers: row.followers,
  };
}

export async function roomsWithMatch(db: Db, userId: number | null): Promise<VliveRoom[]> {
  const rows = await roomsQuery(db, userId)
    .where('r.match_id', 'is not', null)
    .where('r.live', '=', true)
    .orderBy('r.heat', 'desc')
    .execute();
  return rows.map(toRoom);
}

export async function listAnchors(
  db: Db,
  userId: number | null,
  opts: { followedOnly?: boolean; anchorId?: number } = {},
): Promise<VliveAnchor[]> {
  let q = db
    .selectFrom('vlive_anchors as a')
    .innerJoin('vlive_rooms as r', 'r.anchor_id', 'a.id')
    .leftJoin('vlive_follows as f', (j) => j.onRef('f.anchor_id', '=', 'a.id').on('f.user_id', '=', userId ?? -1))
    .select([
      'a.id',
      'a.name',
      'a.avatar',
      'a.intro',
      'a.followers',
      'r.id as room_id',
      'r.live',
      sql<boolean>`f.user_id is not null`.as('followed'),
    ]);
  if (opts.followedOnly) q = q.where(sql<boolean>`f.user_id is not null`);
  if (opts.anchorId !== undefined) q = q.where('a.id', '=', opts.anchorId);
  const rows = await q.orderBy('a.followers', 'desc').orderBy('a.id').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    avatar: r.avatar,
    intro: r.intro,
    followers: r.followers,
    follow: r.followed ? 1 : 0,
    roomId: r.room_id,
    live: r.live,
  }));
}

export async function listSchedules(
  db: Db,
  userId: number | null,
  now: number,
  opts: { roomId?: string; reservedOnly?: boolean; limit?: number } = {},
): Promise<VliveSchedule[]> {
  let q = db
    .selectFrom('vlive_schedules as s')
    .innerJoin('vlive_rooms as r', 'r.id', 's.room_id')
    .innerJoin('vlive_anchors as a', 'a.id', 'r.anchor_id')
    .leftJoin('vlive_reservations as v', (j) =>
      j.onRef('v.schedule_id', '=', 's.id').on('v.user_id', '=', userId ?? -1),
    )
    .select([
      's.id',
      's.room_id',
      's.title',
      's.starts_at',
      's.ends_at',
      'a.name as anchor_name',
      sql<boolean>`v.user_id is not null`.as('reserved'),
      sql<number>`(select count(*) from vlive_reservations x where x.schedule_id = s.id)`.as('reservations'),
    ])
    .where('s.ends_at', '>', now);
  if (opts.roomId) q = q.where('s.room_id', '=', opts.roomId);
  if (opts.reservedOnly) q = q.where(sql<boolean>`v.user_id is not null`);
  const rows = await q
    .orderBy('s.starts_at')
    .limit(opts.limit ?? 30)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    roomId: r.room_id,
    anchorName: r.anchor_name,
    title: r.title,
    startsAt: Number(r.starts_at),
    endsAt: Number(r.ends_at),
    reserved: Boolean(r.reserved),
    reservations: Number(r.reservations),
  }));
}

/** Names of nobles from 公爵 up are hidden on rankings (a privilege). */
export const RANK_HIDDEN_FROM_LEVEL = 5;

export async function ranking(db: Db, roomId: string, since: number, now: number, limit = 20): Promise<VliveRankRow[]> {
  const rows = await db
    .selectFrom('vlive_gift_sends as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .leftJoin('vlive_user_nobility as n', (j) => j.onRef('n.user_id', '=', 'g.user_id').on('n.expires_at', '>', now))
    .select([
      'g.user_id',
      'u.nick_name',
      'u.portrait',
      sql<number>`coalesce(max(n.level), 0)`.as('noble'),
      sql<number>`sum(g.total)`.as('total'),
    ])
    .where('g.room_id', '=', roomId)
    .where('g.at', '>=', since)
    .groupBy(['g.user_id', 'u.nick_name', 'u.portrait'])
    .orderBy(sql`sum(g.total)`, 'desc')
    .orderBy('g.user_id')
    .limit(limit)
    .execute();
  return rows.map((r, i) => {
    const noble = Number(r.noble);
    const hidden = noble >= RANK_HIDDEN_FROM_LEVEL;
    return {
      rank: i + 1,
      userId: hidden ? 0 : r.user_id,
      nickName: hidden ? '神秘人' : r.nick_name,
      avatar: hidden ? '' : r.portrait,
      nobleLevel: noble,
      total: Number(r.total),
    };
  });
}

export async function listReplays(
  db: Db,
  page: number,
  size: number,
  roomId?: string,
): Promise<VlivePage<VliveReplay>> {
  const base = db
    .selectFrom('vlive_replays as p')
    .innerJoin('vlive_rooms as r', 'r.id', 'p.room_id')
    .innerJoin('vlive_anchors as a', 'a.id', 'r.anchor_id')
    .$if(Boolean(roomId), (qb) => qb.where('p.room_id', '=', roomId!));
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['p.id', 'p.room_id', 'p.title', 'p.cover', 'p.duration', 'p.at', 'p.url', 'a.name as anchor_name'])
    .orderBy('p.at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const total = Number(totalRow.n);
  return { list: rows.map(toReplay), page, next: page * size < total, total };
}

export function toReplay(r: Selectable<VliveTables['vlive_replays']> & { anchor_name: string }): VliveReplay {
  return {
    id: r.id,
    roomId: r.room_id,
    title: r.title,
    cover: r.cover,
    anchorName: r.anchor_name,
    duration: r.duration,
    at: Number(r.at),
    url: r.url ?? replayUrl(r.id),
  };
}

export async function getReplay(db: Db, id: number): Promise<VliveReplay | null> {
  const r = await db
    .selectFrom('vlive_replays as p')
    .innerJoin('vlive_rooms as r', 'r.id', 'p.room_id')
    .innerJoin('vlive_anchors as a', 'a.id', 'r.anchor_id')
    .select(['p.id', 'p.room_id', 'p.title', 'p.cover', 'p.duration', 'p.at', 'p.url', 'a.name as anchor_name'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return r ? toReplay(r) : null;
}
