/**
 * The anchor console (live API): for a user an operator granted a room, that room's title,
 * category and cover, the RTMP ingest address and stream key (reset refuses the old key from then
 * on), the live state and how many watch. The cover is a picture the anchor uploaded through the
 * user area's picture upload (validated and re-encoded there); the console takes its id.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BroadcastPaths,
  COVER_MIN_HEIGHT,
  COVER_MIN_WIDTH,
  Code,
  Topics,
  embeddedUrl,
  ok,
  chinaDay,
  type AnchorConsole,
  type AnchorEarnings,
  type PushState,
} from '../../workers/protocol/index';
import type { AppContext } from '../context';
import { BizError, parseInput } from '../http/reply';
import { opsEnabled, requireOps } from '../ops/guard';
import { uploadUrl } from '../user/uploads';
import { requireUser } from './users';

const ROOM_ID = /^[A-Za-z0-9_-]{1,40}$/;
const newKey = () => `live_${crypto.randomBytes(18).toString('base64url')}`;

export interface AnchorConsoleOptions {
  ingestUrl: string | null;
  invalidateRoom(roomId: string): void;
  /** The push as the media server reports it (broadcast.ts). */
  pushState(roomId: string): PushState;
  anchorSharePct: number;
}

export function registerAnchorConsole(app: FastifyInstance, ctx: AppContext, o: AnchorConsoleOptions): void {
  const { db, hub } = ctx;
  const anchorOf = async (req: FastifyRequest) => {
    const userId = await requireUser(ctx, req);
    const row = await db
      .selectFrom('vlive_anchor_users')
      .select('room_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new BizError(Code.REFUSED, '您还不是主播，请联系运营开通');
    return { userId, roomId: row.room_id };
  };
  /** The room's anchor's earnings: in all, per broadcast (newest 20) and per China day (newest 14). */
  const earningsOf = async (anchorId: number): Promise<AnchorEarnings> => {
    const a = await db
      .selectFrom('vlive_anchors')
      .select('earnings')
      .where('id', '=', anchorId)
      .executeTakeFirstOrThrow();
    const byBroadcast = await db
      .selectFrom('vlive_anchor_earnings as e')
      .leftJoin('vlive_broadcasts as b', 'b.id', 'e.broadcast_id')
      .select((eb) => [
        'e.broadcast_id',
        'b.started_at',
        eb.fn.sum<string>('e.coins').as('coins'),
        eb.fn.countAll<string>().as('gifts'),
        eb.fn.max('e.at').as('last'),
      ])
      .where('e.anchor_id', '=', anchorId)
      .groupBy(['e.broadcast_id', 'b.started_at'])
      .orderBy('last', 'desc')
      .limit(20)
      .execute();
    // China days: a fixed +8 h offset, so the day is the floor of (at + 8 h) / 24 h.
    const since = ctx.now() - 14 * 86_400_000;
    const days = await db
      .selectFrom('vlive_anchor_earnings')
      .select(['at', 'coins'])
      .where('anchor_id', '=', anchorId)
      .where('at', '>=', since)
      .execute();
    const perDay = new Map<string, { coins: number; gifts: number }>();
    for (const r of days) {
      const d = chinaDay(Number(r.at));
      const v = perDay.get(d) ?? { coins: 0, gifts: 0 };
      v.coins += r.coins;
      v.gifts += 1;
      perDay.set(d, v);
    }
    return {
      total: Number(a.earnings),
      sharePct: o.anchorSharePct,
      byBroadcast: byBroadcast.map((r) => ({
        broadcastId: r.broadcast_id,
        startedAt: r.started_at === null ? null : Number(r.started_at),
        coins: Number(r.coins),
        gifts: Number(r.gifts),
      })),
      byDay: [...perDay.entries()].sort((x, y) => (x[0] < y[0] ? 1 : -1)).map(([day, v]) => ({ day, ...v })),
    };
  };
  const consoleOf = async (roomId: string): Promise<AnchorConsole> => {
    const room = await db
      .selectFrom('vlive_rooms')
      .select(['id', 'title', 'category_id', 'cover', 'live', 'anchor_id'])
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    let key = await db
      .selectFrom('vlive_stream_keys')
      .select('stream_key')
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    if (!key) {
      key = await db
        .insertInto('vlive_stream_keys')
        .values({ room_id: roomId, stream_key: newKey(), created_at: ctx.now() })
        .onConflict((oc) => oc.column('room_id').doNothing())
        .returning('stream_key')
        .executeTakeFirst();
      key ??= await db
        .selectFrom('vlive_stream_keys')
        .select('stream_key')
        .where('room_id', '=', roomId)
        .executeTakeFirstOrThrow();
    }
    const on = await db
      .selectFrom('vlive_broadcasts')
      .select('started_at')
      .where('room_id', '=', roomId)
      .where('ended_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return {
      roomId,
      title: room.title,
      categoryId: room.category_id,
      cover: room.cover,
      ingestUrl: o.ingestUrl,
      streamKey: key.stream_key,
      live: room.live,
      liveSince: room.live && on ? Number(on.started_at) : null,
      // Cluster mode: every gateway's sockets on the room (each publishes its counts with its beat).
      viewers: ctx.gateways
        ? await ctx.gateways.viewers(Topics.room(roomId))
        : hub.subscriberCount(Topics.room(roomId)),
      push: o.pushState(roomId),
      earnings: await earningsOf(room.anchor_id),
    };
  };

  app.get(BroadcastPaths.console, async (req) => ok(await consoleOf((await anchorOf(req)).roomId)));
  app.post(BroadcastPaths.consoleKey, async (req) => {
    const { roomId } = await anchorOf(req);
    await db
      .insertInto('vlive_stream_keys')
      .values({ room_id: roomId, stream_key: newKey(), created_at: ctx.now() })
      .onConflict((oc) => oc.column('room_id').doUpdateSet({ stream_key: newKey(), created_at: ctx.now() }))
      .execute();
    return ok(await consoleOf(roomId), '推流密钥已重置，旧密钥已失效');
  });
  app.post(BroadcastPaths.consoleRoom, async (req) => {
    const { userId, roomId } = await anchorOf(req);
    const b = parseInput(
      z.object({
        title: z.string().trim().min(2, '标题至少2个字').max(30, '标题最多30个字'),
        categoryId: z.coerce.number().int().min(1, '分类不正确').max(99, '分类不正确'),
        coverId: z
          .string()
          .regex(/^[a-f0-9]{32}$/, '封面图片不正确，请重新上传')
          .optional()
          .or(z.literal('').transform(() => undefined)),
      }),
      req.body,
    );
    const cat = await db.selectFrom('vlive_categories').select('id').where('id', '=', b.categoryId).executeTakeFirst();
    if (!cat) throw new BizError(Code.NOT_FOUND, '分类不存在');
    let cover: string | undefined;
    if (b.coverId) {
      const up = await db
        .selectFrom('user_uploads')
        .select(['file_name', 'width', 'height'])
        .where('id', '=', b.coverId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!up) throw new BizError(Code.NOT_FOUND, '封面图片不存在，请重新上传');
      if (up.width < COVER_MIN_WIDTH || up.height < COVER_MIN_HEIGHT)
        throw new BizError(Code.BAD_INPUT, `封面太小，宽高至少 ${COVER_MIN_WIDTH}×${COVER_MIN_HEIGHT} 像素`);
      if (up.width < up.height) throw new BizError(Code.BAD_INPUT, '封面请用横图（宽不小于高）');
      cover = uploadUrl(up.file_name);
    }
    await db
      .updateTable('vlive_rooms')
      .set({ title: b.title, category_id: b.categoryId, ...(cover ? { cover } : {}) })
      .where('id', '=', roomId)
      .execute();
    o.invalidateRoom(roomId);
    return ok(await consoleOf(roomId), '已保存');
  });

  if (!opsEnabled(ctx.config)) return;
  app.post(embeddedUrl(BroadcastPaths.opsAnchor), async (req) => {
    requireOps(ctx.config, req);
    const b = parseInput(
      z.object({ userId: z.coerce.number().int().min(1), roomId: z.string().regex(ROOM_ID, '直播间编号不正确') }),
      req.body,
    );
    const user = await db.selectFrom('users').select('id').where('id', '=', b.userId).executeTakeFirst();
    if (!user) throw new BizError(Code.NOT_FOUND, '用户不存在');
    const room = await db.selectFrom('vlive_rooms').select('id').where('id', '=', b.roomId).executeTakeFirst();
    if (!room) throw new BizError(Code.NOT_FOUND, '直播间不存在');
    await db
      .insertInto('vlive_anchor_users')
      .values({ user_id: b.userId, room_id: b.roomId, at: ctx.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ room_id: b.roomId, at: ctx.now() }))
      .execute();
    return ok(await consoleOf(b.roomId));
  });
}
