/**
 * The anchor live area (issue 6): rooms, anchors, schedules, gifts, nobility, replays over REST
 * (live API family, `/api/live/…`), the room chat on the hub, and the embedded HLS origin.
 */
import { z } from 'zod';
import type { AreaPlugin } from '../context';
import { scheduleJob } from '../jobs';
import { withSeedLock } from '../db/seed-lock';
import { parseInput } from '../http/reply';
import { ok } from '../../workers/protocol/index';
import { vodDuration } from '../media/hls';
import { registerMedia } from '../media/routes';
import { createChatService } from './chat';
import { setStreamOverrideRooms } from './catalog';
import { bindRoomMatch, createMatchBinder } from './match-binder';
import { registerMatchVideo } from './match-video';
import { registerVliveRoutes } from './routes';
import { ensureSchedules, tickSchedules } from './schedules';
import { credit, parseAnchorSharePct } from './wallet';
import { broadcastOptionsFromEnv, registerBroadcast } from './broadcast';
import { idField, moneyField } from '../../workers/protocol/fields';

/** How often schedules are started/ended and rooms re-bound to live matches. */
export const VLIVE_TICK_MS = 5_000;
/** Every room's live stream starts from this instant (plus a per-room offset), so players agree. */
const STREAM_EPOCH = Date.UTC(2026, 0, 1);

/** `VLIVE_STREAM_URLS='{"1001":"https://…/live.m3u8"}'` points rooms at other streams. */
export function parseStreamOverrides(raw: string | undefined): Map<string, string> {
  if (!raw) return new Map();
  const parsed = z.record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), z.string().url()).safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error('VLIVE_STREAM_URLS must be a JSON object of roomId → stream URL');
  return new Map(Object.entries(parsed.data));
}

function roomEpoch(roomId: string): number {
  let h = 0;
  for (const ch of roomId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return STREAM_EPOCH + (h % 97) * 2_000;
}

export const vlivePlugin: AreaPlugin = async (app, ctx) => {
  const { db, hub, now } = ctx;
  const chat = createChatService({ db, hub, now, clustered: ctx.clustered });
  hub.onChat((userId, frame) => chat.handle(userId, frame));

  // The origin answers every few seconds per viewer: keep room stream state for a moment.
  const streamCache = new Map<string, { epoch: number | null; at: number }>();
  const invalidateRoom = (roomId: string) => streamCache.delete(roomId);
  const clip = registerMedia(app, {
    now,
    async liveEpochOf(roomId) {
      const hit = streamCache.get(roomId);
      if (hit && now() - hit.at < 2_000) return hit.epoch;
      const room = await db
        .selectFrom('vlive_rooms')
        .select(['live', 'stream_url'])
        .where('id', '=', roomId)
        .executeTakeFirst();
      const epoch = room && room.live && room.stream_url === null ? roomEpoch(roomId) : null;
      streamCache.set(roomId, { epoch, at: now() });
      return epoch;
    },
    async replayLoopsOf(replayId) {
      const row = await db
        .selectFrom('vlive_replays')
        .select(['duration', 'url'])
        .where('id', '=', replayId)
        .executeTakeFirst();
      if (!row || row.url !== null) return null;
      return Math.max(1, Math.round(row.duration / vodDuration(clip, 1)));
    },
  });

  const streamOverrides = parseStreamOverrides(process.env.VLIVE_STREAM_URLS);
  setStreamOverrideRooms(streamOverrides.keys());
  const anchorSharePct = parseAnchorSharePct(process.env.ANCHOR_GIFT_SHARE_PCT);
  registerVliveRoutes(app, ctx, { chat, streamOverrides, invalidateRoom, anchorSharePct });
  registerMatchVideo(app, ctx, streamOverrides);

  const broadcast = broadcastOptionsFromEnv(process.env, ctx.config.dataDir, { chat, invalidateRoom, anchorSharePct });
  registerBroadcast(app, ctx, broadcast);
  // With a media server, only a push makes a room live: schedules remind and list, never fake a broadcast.
  const mediaServer = broadcast.hlsDir !== null;

  const binder = createMatchBinder(app, db);
  // The schedules exist before the first tick (in every process: it only adds missing ones).
  app.addHook('onReady', async () => {
    await withSeedLock(ctx.storage, () => ensureSchedules(db, now()));
  });

  const tick = async () => {
    const t = now();
    await ensureSchedules(db, t);
    await tickSchedules(db, hub, chat, t, vodDuration(clip, 1), { mediaServer });
    streamCache.clear();
    await binder.rebind();
  };
  // Outside tests: schedules started/ended and rooms re-bound every VLIVE_TICK_MS (leader only).
  scheduleJob(app, ctx, { name: 'vlive-schedules', everyMs: VLIVE_TICK_MS, runAtStart: true, run: tick });
  if (ctx.config.devControl) {
    app.post('/_dev/vlive/credit', async (req) => {
      const b = parseInput(
        z.object({
          userId: idField('用户编号'),
          amount: moneyField(),
        }),
        req.body,
      );
      const balance = await credit(db, b.userId, b.amount, 'dev', now());
      ctx.hub.publishToUser(b.userId, { kind: 'wallet', balance });
      return ok({ balance });
    });
    app.post('/_dev/vlive/bind', async (req) => {
      const b = parseInput(
        z.object({
          roomId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
          matchId: idField('比赛编号'),
          sport: z.enum(['zq', 'lq']),
        }),
        req.body,
      );
      return ok(await bindRoomMatch(db, b.roomId, b.matchId, b.sport, true));
    });
    app.post('/_dev/vlive/tick', async () => {
      await tick();
      return ok(null);
    });
  }
};
