/** HTTP edge of the area: zod at the edge, the envelope out, services do the work. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Code,
  VLIVE_PAGE_SIZE,
  VlivePaths,
  fail,
  fillPath,
  ok,
  type VliveAnchorDetail,
  type VliveBagItem,
  type VliveBanner,
  type VliveCategory,
  type VliveChatInfo,
  type VliveGift,
  type VliveMatchRooms,
  type VliveNobility,
  type VliveRoom,
  type VliveRoomDetail,
  type VliveShare,
  type VliveVideo,
  Topics,
  DAY_MS,
  chinaMidnight,
} from '../../workers/protocol/index';
import type { AppContext } from '../context';
import { BizError, parseInput } from '../http/reply';
import {
  getRoom,
  getReplay,
  listAnchors,
  listReplays,
  listRooms,
  listSchedules,
  ranking,
  roomsWithMatch,
} from './catalog';
import type { ChatService } from './chat';
import { roomStream } from './match-video';
import { toggleFollow, toggleReservation } from './schedules';
import { activeNobleLevel, optionalUser, requireUser } from './users';
import { balanceOf, buyNobility, ensureStarterBag, sendGift } from './wallet';
import { idField } from '../../workers/protocol/fields';

const roomId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, '直播间编号不正确');
const chatRoomId = roomId;
const intId = idField();
const idemKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号不正确');
const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 1);

const roomsQuery = z.object({
  type: z.coerce.number().int().min(0).max(99).default(0),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(VLIVE_PAGE_SIZE),
});
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1), roomId: roomId.optional() });
/** A gift count of 0, -1, 1.5 or 'abc' (issue 33: 1.5 was answered '参数 count格式不正确'). */
const GIFT_COUNT_BAD = '数量必须是正整数';
const giftBody = z.object({
  roomId,
  giftId: intId,
  count: z.coerce
    .number({ error: GIFT_COUNT_BAD })
    .int(GIFT_COUNT_BAD)
    .min(1, GIFT_COUNT_BAD)
    .max(9999, '数量太大，一次最多送 9999 个'),
  fromBag: flag.default(false),
  idemKey,
});
const nobleBody = z.object({ level: z.coerce.number().int().min(1).max(99), idemKey });
const periodQuery = z.object({ period: z.enum(['day', 'week', 'all']).default('day') });

const DAY = DAY_MS;

export interface RouteDeps {
  chat: ChatService;
  /** Stream URLs set by configuration (VLIVE_STREAM_URLS), by room id. */
  streamOverrides: ReadonlyMap<string, string>;
  /** Percentage of each coin gift credited to the anchor's earnings (ANCHOR_GIFT_SHARE_PCT). */
  anchorSharePct: number;
  invalidateRoom(roomId: string): void;
}

export function registerVliveRoutes(app: FastifyInstance, ctx: AppContext, deps: RouteDeps): void {
  const { db } = ctx;

  app.get(VlivePaths.categories, async () => {
    const rows = await db.selectFrom('vlive_categories').select(['id', 'name']).orderBy('sort').execute();
    return ok<VliveCategory[]>(rows);
  });

  app.get(VlivePaths.banners, async () => {
    const rows = await db
      .selectFrom('vlive_banners')
      .select(['id', 'title', 'image', 'link'])
      .orderBy('sort')
      .execute();
    return ok<VliveBanner[]>(rows);
  });

  app.get(VlivePaths.rooms, async (req) => {
    const q = parseInput(roomsQuery, req.query);
    const userId = await optionalUser(ctx, req);
    return ok(await listRooms(db, userId, q.type, q.page, q.size));
  });

  app.get(VlivePaths.hotMatches, async (req) => {
    const userId = await optionalUser(ctx, req);
    const rooms = await roomsWithMatch(db, userId);
    const byMatch = new Map<number, VliveMatchRooms>();
    for (const room of rooms) {
      const entry = byMatch.get(room.matchId!) ?? { matchId: room.matchId!, sport: room.sport ?? 'zq', rooms: [] };
      entry.rooms.push(room);
      byMatch.set(room.matchId!, entry);
    }
    return ok([...byMatch.values()]);
  });

  app.get(VlivePaths.authors, async (req) => ok(await listAnchors(db, await optionalUser(ctx, req))));

  app.get(VlivePaths.anchor, async (req) => {
    const { id } = parseInput(z.object({ id: intId }), req.params);
    const userId = await optionalUser(ctx, req);
    const [anchor] = await listAnchors(db, userId, { anchorId: id });
    if (!anchor) throw new BizError(Code.NOT_FOUND, '主播不存在');
    const room = await getRoom(db, userId, anchor.roomId);
    const detail: VliveAnchorDetail = {
      ...anchor,
      rooms: room ? [toRoomOnly(room)] : [],
      schedules: await listSchedules(db, userId, ctx.now(), { roomId: anchor.roomId }),
    };
    return ok(detail);
  });

  app.get(VlivePaths.room, async (req) => {
    const { id } = parseInput(z.object({ id: roomId }), req.params);
    const userId = await optionalUser(ctx, req);
    const room = await getRoom(db, userId, id);
    if (!room) throw new BizError(Code.NOT_FOUND, '直播间不存在');
    if (userId !== null) {
      await db
        .insertInto('vlive_watch_history')
        .values({ user_id: userId, room_id: id, at: ctx.now() })
        .onConflict((oc) => oc.columns(['user_id', 'room_id']).doUpdateSet({ at: ctx.now() }))
        .execute();
    }
    const [anchorDetail] = await listAnchors(db, userId, { anchorId: room.anchor.id });
    const [nextSchedule] = await listSchedules(db, userId, ctx.now(), { roomId: id, limit: 1 });
    const detail: VliveRoomDetail = {
      ...toRoomOnly(room),
      notice: room.notice,
      anchorDetail: anchorDetail!,
      nextSchedule: nextSchedule ?? null,
    };
    return ok(detail);
  });

  app.get(VlivePaths.video, async (req) => {
    const { id } = parseInput(z.object({ id: roomId }), req.params);
    const room = await getRoom(db, null, id);
    if (!room) throw new BizError(Code.NOT_FOUND, '直播间不存在');
    const { url, test } = roomStream(deps.streamOverrides, id, room.streamUrl);
    if (!room.live) return fail(Code.NO_VIDEO, '主播暂未开播');
    if (!url) return fail(Code.NO_VIDEO, '该直播间暂无视频');
    return ok<VliveVideo>({ roomId: id, url, kind: 'hls', live: true, test });
  });

  app.get(VlivePaths.share, async (req) => {
    const { id } = parseInput(z.object({ id: roomId }), req.params);
    const room = await getRoom(db, null, id);
    if (!room) throw new BizError(Code.NOT_FOUND, '直播间不存在');
    return ok<VliveShare>({
      title: `${room.anchor.name}正在直播：${room.title}`,
      text: `快来球赛直播看${room.anchor.name}的直播间「${room.title}」`,
      path: fillPath('/vlive/detail/:id', { id }),
    });
  });

  app.get(VlivePaths.schedules, async (req) => {
    const q = parseInput(z.object({ roomId: roomId.optional() }), req.query);
    return ok(await listSchedules(db, await optionalUser(ctx, req), ctx.now(), { roomId: q.roomId }));
  });

  app.get(VlivePaths.reserve, async (req) => {
    const userId = await requireUser(ctx, req);
    return ok(await listSchedules(db, userId, ctx.now(), { reservedOnly: true }));
  });
  app.post(VlivePaths.reserve, async (req) => {
    const userId = await requireUser(ctx, req);
    const { scheduleId } = parseInput(z.object({ scheduleId: intId }), req.body);
    return ok(await toggleReservation(db, userId, scheduleId, ctx.now()));
  });

  app.get(VlivePaths.attention, async (req) => {
    const userId = await requireUser(ctx, req);
    return ok(await listAnchors(db, userId, { followedOnly: true }));
  });
  app.post(VlivePaths.attention, async (req) => {
    const userId = await requireUser(ctx, req);
    const { anchorId } = parseInput(z.object({ anchorId: intId }), req.body);
    return ok(await toggleFollow(db, userId, anchorId, ctx.now()));
  });

  app.get(VlivePaths.history, async (req) => {
    const userId = await requireUser(ctx, req);
    const ids = await db
      .selectFrom('vlive_watch_history')
      .select('room_id')
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .limit(30)
      .execute();
    const rooms = await Promise.all(ids.map((r) => getRoom(db, userId, r.room_id)));
    return ok(rooms.filter((r) => r !== null).map(toRoomOnly));
  });

  app.get(VlivePaths.chatInfo, async (req) => {
    const { roomId: id } = parseInput(z.object({ roomId: chatRoomId }), req.params);
    const room = /^match-\d+$/.test(id) ? null : await getRoom(db, null, id);
    if (!room && !/^match-\d+$/.test(id)) throw new BizError(Code.NOT_FOUND, '直播间不存在');
    const info: VliveChatInfo = {
      roomId: id,
      welcome: room?.welcome ?? '欢迎来到比赛聊天室，文明发言，理性看球！',
      notice: room?.notice ?? '禁止发布广告、涉赌及违规内容，违者禁言。',
      seq: await ctx.hub.seq(Topics.room(id)),
    };
    return ok(info);
  });

  app.get(VlivePaths.chatHistory, async (req) => {
    const { roomId: id } = parseInput(z.object({ roomId: chatRoomId }), req.params);
    const q = parseInput(
      z.object({
        before: z.coerce.number().nonnegative().optional(),
        limit: z.coerce.number().int().min(1).max(100).default(50),
      }),
      req.query,
    );
    return ok(await deps.chat.history(id, q.before, q.limit));
  });

  app.get(VlivePaths.gifts, async () => {
    const rows = await db
      .selectFrom('vlive_gifts')
      .select(['id', 'name', 'icon', 'price', 'effect'])
      .orderBy('sort')
      .execute();
    return ok<VliveGift[]>(rows);
  });

  app.get(VlivePaths.bag, async (req) => {
    const userId = await requireUser(ctx, req);
    await ensureStarterBag(db, userId, ctx.now());
    const rows = await db
      .selectFrom('vlive_bags as b')
      .innerJoin('vlive_gifts as g', 'g.id', 'b.gift_id')
      .select(['b.gift_id as giftId', 'g.name', 'g.icon', 'b.count'])
      .where('b.user_id', '=', userId)
      .where('b.count', '>', 0)
      .orderBy('g.sort')
      .execute();
    return ok<VliveBagItem[]>(rows);
  });

  app.get(VlivePaths.balance, async (req) => {
    const userId = await requireUser(ctx, req);
    return ok({ balance: await balanceOf(db, userId) });
  });

  app.post(VlivePaths.giftSend, async (req) => {
    const userId = await requireUser(ctx, req);
    const input = parseInput(giftBody, req.body);
    const at = ctx.now();
    const sent = await sendGift(db, userId, input, at, deps.anchorSharePct);
    if (sent.effect) {
      const user = await db
        .selectFrom('users')
        .select(['nick_name', 'portrait'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const nobleLevel = await activeNobleLevel(db, userId, at);
      ctx.hub.publish(Topics.room(input.roomId), {
        kind: 'gift',
        gift: {
          id: `gift-${sent.result.sendId}`,
          roomId: input.roomId,
          userId,
          nickName: user.nick_name,
          giftId: input.giftId,
          giftName: sent.effect.giftName,
          icon: sent.effect.icon,
          count: input.count,
          combo: sent.result.combo,
          at,
        },
      });
      const comboText = sent.result.combo > 1 ? ` ${sent.result.combo}连击` : '';
      await deps.chat.systemLine(input.roomId, 'gift', `送出 ${sent.effect.giftName} ×${input.count}${comboText}`, {
        userId,
        nickName: user.nick_name,
        avatar: user.portrait,
        nobleLevel,
      });
      deps.invalidateRoom(input.roomId);
    }
    // Every tab and device of the user shows the new balance (a replay answers what it said).
    if (!sent.result.replayed) ctx.hub.publishToUser(userId, { kind: 'wallet', balance: sent.result.balance });
    return ok(sent.result);
  });

  app.get(VlivePaths.nobility, async (req) => {
    const userId = await optionalUser(ctx, req);
    const levels = await db.selectFrom('vlive_noble_levels').selectAll().orderBy('level').execute();
    const now = ctx.now();
    let mine: VliveNobility['mine'] = { level: 0, expiresAt: null };
    let balance = 0;
    if (userId !== null) {
      const row = await db
        .selectFrom('vlive_user_nobility')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (row && Number(row.expires_at) > now) mine = { level: row.level, expiresAt: Number(row.expires_at) };
      balance = await balanceOf(db, userId);
    }
    return ok<VliveNobility>({
      levels: levels.map((l) => ({
        level: l.level,
        name: l.name,
        price: l.price,
        days: l.days,
        color: l.color,
        privileges: l.privileges,
      })),
      mine,
      balance,
    });
  });

  app.post(VlivePaths.nobilityBuy, async (req) => {
    const userId = await requireUser(ctx, req);
    const { level, idemKey: key } = parseInput(nobleBody, req.body);
    const bought = await buyNobility(db, userId, level, key, ctx.now());
    ctx.hub.publishToUser(userId, { kind: 'wallet', balance: bought.balance });
    return ok(bought);
  });

  app.get(VlivePaths.ranking, async (req) => {
    const { roomId: id } = parseInput(z.object({ roomId }), req.params);
    const { period } = parseInput(periodQuery, req.query);
    const now = ctx.now();
    const since = period === 'day' ? chinaMidnight(now) : period === 'week' ? now - 7 * DAY : 0;
    return ok(await ranking(db, id, since, now));
  });

  app.get(VlivePaths.replays, async (req) => {
    const q = parseInput(pageQuery, req.query);
    return ok(await listReplays(db, q.page, VLIVE_PAGE_SIZE, q.roomId));
  });

  app.get(VlivePaths.replay, async (req) => {
    const { id } = parseInput(z.object({ id: intId }), req.params);
    const replay = await getReplay(db, id);
    if (!replay) throw new BizError(Code.NOT_FOUND, '回放不存在');
    return ok(replay);
  });
}

/** Strips detail-only fields (stream URL, welcome…) from a room row. */
function toRoomOnly(r: VliveRoom): VliveRoom {
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    tag: r.tag,
    heat: r.heat,
    live: r.live,
    categoryId: r.categoryId,
    anchor: r.anchor,
    matchId: r.matchId,
    sport: r.sport,
    followed: r.followed,
    testSignal: r.testSignal,
  };
}
