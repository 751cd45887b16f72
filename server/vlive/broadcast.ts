/**
 * Real broadcasts: the media server (nginx-rtmp) asks `on_publish` whether a stream key may
 * publish; a known key gets a 200, an unknown or replaced key a 403. nginx writes the HLS under
 * the stream's name (the key); the app serves it under the room id, so the key never appears in
 * a URL the player sees.
 * A publish marks the room live (room topic, followers' reminders); `on_update` keeps a list of
 * the fragments the broadcast produced; `on_publish_done` marks the room offline and copies the
 * fragments into a recording, which becomes the room's newest replay.
 *
 * With a bitrate ladder (VLIVE_LADDER, see ladder.ts) the room's player URL is a master playlist
 * (`master.m3u8`, nginx's `hls_variant` playlist with the key taken out) listing every rendition
 * (`<rung>/index.m3u8`); the recording is made from the source rendition.
 *
 * Configuration: VLIVE_HLS_DIR (nginx's hls_path; without it no publish is accepted and rooms
 * keep the built-in test stream), RTMP_INGEST_URL (shown to anchors, e.g. rtmp://host:1935/live),
 * RTMP_CALLBACK_SECRET (callbacks must carry ?secret=; required once ingest is configured, and
 * the server refuses to start without it: a loopback caller is no proof of being nginx, any
 * process on the machine or a proxied request is one too),
 * VLIVE_LADDER (must match the one nginx's config was generated with).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BroadcastPaths, fillPath } from '../../workers/protocol/index';
import type { AppContext } from '../context';
import type { ChatService } from './chat';
import { registerAnchorConsole } from './anchor-console';
import { announceLive } from './live-state';
import { RUNG_NAME, SOURCE_RUNG, parseLadder, roomMasterPlaylist } from './ladder';
import { RTMP_SECRET_MISSING } from './nginx-conf';

export interface BroadcastOptions {
  hlsDir: string | null;
  ingestUrl: string | null;
  callbackSecret: string | null;
  recordingsDir: string;
  /** nginx transcodes a ladder: renditions under `<key>_<rung>`, a master playlist `<key>.m3u8`. */
  ladder: boolean;
  chat: ChatService;
  invalidateRoom(roomId: string): void;
}

export function broadcastOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  deps: Pick<BroadcastOptions, 'chat' | 'invalidateRoom'>,
): BroadcastOptions {
  const ingest = Boolean(env.VLIVE_HLS_DIR || env.RTMP_INGEST_URL);
  if (ingest && !env.RTMP_CALLBACK_SECRET) throw new Error(RTMP_SECRET_MISSING);
  return {
    hlsDir: env.VLIVE_HLS_DIR ? path.resolve(env.VLIVE_HLS_DIR) : null,
    ingestUrl: env.RTMP_INGEST_URL || null,
    callbackSecret: env.RTMP_CALLBACK_SECRET || null,
    recordingsDir: path.join(dataDir, 'recordings'),
    ladder: parseLadder(env.VLIVE_LADDER).length > 0,
    ...deps,
  };
}

const ROOM_ID = /^[A-Za-z0-9_-]{1,40}$/;
const FILE = /^[A-Za-z0-9_-]{1,80}\.(m3u8|ts)$/;
/** The player URL's file under a ladder: the master playlist. */
const MASTER = 'master.m3u8';
/** How long a playlist asked for in the first seconds of a broadcast is waited for (ms). */
const FIRST_PLAYLIST_WAIT_MS = 8_000;

interface Fragment {
  file: string;
  seconds: number;
}

/** Fragments of an HLS media playlist, in order. */
export function playlistFragments(text: string): Fragment[] {
  const out: Fragment[] = [];
  let seconds: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const m = /^#EXTINF:([\d.]+)/.exec(line);
    if (m) seconds = Number(m[1]);
    else if (line && !line.startsWith('#') && seconds !== null) {
      out.push({ file: line, seconds });
      seconds = null;
    }
  }
  return out;
}

export function registerBroadcast(app: FastifyInstance, ctx: AppContext, o: BroadcastOptions): void {
  const { db, hub } = ctx;
  /** Fragments seen per live room during the current broadcast. */
  const seen = new Map<string, { broadcastId: number; streamName: string; fragments: Map<string, number> }>();
  /** The name nginx writes a room's HLS under (the key it was published with). */
  const streamNameOf = async (roomId: string): Promise<string | null> =>
    seen.get(roomId)?.streamName ??
    (await db.selectFrom('vlive_stream_keys').select('stream_key').where('room_id', '=', roomId).executeTakeFirst())
      ?.stream_key ??
    null;
  /** The directory of a stream's rendition: the push itself, or (with a ladder) one rung of it. */
  const renditionDir = (streamName: string, rung: string = SOURCE_RUNG) =>
    path.join(o.hlsDir!, o.ladder ? `${streamName}_${rung}` : streamName);

  // No secret means no ingest (broadcastOptionsFromEnv refuses one without the other): refused.
  const callbackAllowed = (req: FastifyRequest) => {
    if (!o.callbackSecret) return false;
    const q = (req.query ?? {}) as Record<string, unknown>;
    const given = Buffer.from(typeof q.secret === 'string' ? q.secret : '');
    const want = Buffer.from(o.callbackSecret);
    return given.length === want.length && crypto.timingSafeEqual(given, want);
  };
  const form = (req: FastifyRequest) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    return { app: String(b.app ?? ''), name: String(b.name ?? '') };
  };
  const refuse = (reply: FastifyReply, why: string) => reply.status(403).type('text/plain; charset=utf-8').send(why);

  const collect = (roomId: string) => {
    const entry = seen.get(roomId);
    if (!entry || !o.hlsDir) return;
    try {
      const text = fs.readFileSync(path.join(renditionDir(entry.streamName), 'index.m3u8'), 'utf8');
      for (const f of playlistFragments(text)) if (FILE.test(f.file)) entry.fragments.set(f.file, f.seconds);
    } catch {
      // No playlist yet (the first fragment is still being cut).
    }
  };

  app.post(BroadcastPaths.onPublish, async (req, reply) => {
    if (!callbackAllowed(req)) return refuse(reply, 'forbidden');
    const { app: appName, name } = form(req);
    if (!o.hlsDir) return refuse(reply, '未配置 VLIVE_HLS_DIR');
    if (appName !== 'live' || !name) return refuse(reply, 'bad stream');
    const key = await db
      .selectFrom('vlive_stream_keys')
      .select('room_id')
      .where('stream_key', '=', name)
      .executeTakeFirst();
    if (!key) {
      req.log.warn({ app: appName }, 'publish refused: unknown stream key');
      return refuse(reply, 'unknown key');
    }
    const roomId = key.room_id;
    const now = ctx.now();
    const room = await db
      .updateTable('vlive_rooms')
      .set({ live: true, stream_url: fillPath(BroadcastPaths.hls, { roomId, file: o.ladder ? MASTER : 'index.m3u8' }) })
      .where('id', '=', roomId)
      .returning(['anchor_id', 'title'])
      .executeTakeFirstOrThrow();
    const b = await db
      .insertInto('vlive_broadcasts')
      .values({ room_id: roomId, started_at: now, ended_at: null, replay_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    seen.set(roomId, { broadcastId: b.id, streamName: name, fragments: new Map() });
    o.invalidateRoom(roomId);
    announceLive(hub, roomId, true);
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
    for (const f of followers) {
      hub.publishToUser(f.user_id, {
        kind: 'reminder',
        title: '您关注的主播开播了',
        text: `${anchor?.name ?? ''}：${room.title}`,
        path: detail,
        at: now,
      });
    }
    await o.chat.systemLine(roomId, 'notice', `${anchor?.name ?? '主播'} 开播啦：${room.title}`);
    return reply.status(200).send('ok');
  });

  app.post(BroadcastPaths.onUpdate, async (req, reply) => {
    if (!callbackAllowed(req)) return refuse(reply, 'forbidden');
    const { name } = form(req);
    for (const [roomId, entry] of seen) if (entry.streamName === name) collect(roomId);
    return reply.status(200).send('ok');
  });

  app.post(BroadcastPaths.onPublishDone, async (req, reply) => {
    if (!callbackAllowed(req)) return refuse(reply, 'forbidden');
    const { name } = form(req);
    // The key may have been reset while live: find the broadcast by the name it published with.
    const roomId = [...seen.entries()].find(([, e]) => e.streamName === name)?.[0];
    if (!roomId) return reply.status(200).send('ok');
    collect(roomId);
    const entry = seen.get(roomId);
    seen.delete(roomId);
    const now = ctx.now();
    const room = await db
      .updateTable('vlive_rooms')
      .set({ live: false })
      .where('id', '=', roomId)
      .returning(['title', 'cover'])
      .executeTakeFirst();
    if (!room) return reply.status(200).send('ok');
    o.invalidateRoom(roomId);
    announceLive(hub, roomId, false);
    if (entry && entry.fragments.size > 0 && o.hlsDir) {
      const dir = path.join(o.recordingsDir, String(entry.broadcastId));
      const source = renditionDir(entry.streamName);
      fs.mkdirSync(dir, { recursive: true });
      const frags = [...entry.fragments.entries()]
        .filter(([file]) => fs.existsSync(path.join(source, file)))
        .sort((a, b) => Number(/(\d+)\.ts$/.exec(a[0])?.[1] ?? 0) - Number(/(\d+)\.ts$/.exec(b[0])?.[1] ?? 0));
      for (const [file] of frags) fs.copyFileSync(path.join(source, file), path.join(dir, file));
      const target = Math.max(1, Math.ceil(Math.max(...frags.map(([, s]) => s))));
      const lines = [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        `#EXT-X-TARGETDURATION:${target}`,
        '#EXT-X-MEDIA-SEQUENCE:0',
      ];
      for (const [file, s] of frags) lines.push(`#EXTINF:${s.toFixed(3)},`, file);
      lines.push('#EXT-X-ENDLIST', '');
      fs.writeFileSync(path.join(dir, 'index.m3u8'), lines.join('\n'));
      const duration = Math.round(frags.reduce((t, [, s]) => t + s, 0));
      const b = await db
        .selectFrom('vlive_broadcasts')
        .select('started_at')
        .where('id', '=', entry.broadcastId)
        .executeTakeFirstOrThrow();
      const replay = await db
        .insertInto('vlive_replays')
        .values({
          room_id: roomId,
          title: `回放：${room.title}`,
          cover: room.cover,
          duration,
          at: Number(b.started_at),
          url: fillPath(BroadcastPaths.recording, { id: entry.broadcastId, file: 'index.m3u8' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('vlive_broadcasts')
        .set({ ended_at: now, replay_id: replay.id })
        .where('id', '=', entry.broadcastId)
        .execute();
    } else if (entry) {
      await db.updateTable('vlive_broadcasts').set({ ended_at: now }).where('id', '=', entry.broadcastId).execute();
    }
    return reply.status(200).send('ok');
  });

  const sendFile = (reply: FastifyReply, file: string, live: boolean) => {
    if (!fs.existsSync(file)) return reply.status(404).type('text/plain; charset=utf-8').send('不存在');
    const m3u8 = file.endsWith('.m3u8');
    return reply
      .type(m3u8 ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
      .header('cache-control', m3u8 && live ? 'no-cache' : 'public, max-age=3600')
      .send(fs.readFileSync(file));
  };
  /**
   * The room turns live as the push starts, a second or two before nginx (or, with a ladder, the
   * transcoder) has cut the first fragment: a player asking then waits instead of giving up on a 404.
   */
  const firstFile = async (roomId: string, file: string) => {
    for (let i = 0; i < FIRST_PLAYLIST_WAIT_MS / 100 && seen.has(roomId) && !fs.existsSync(file); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    return file;
  };
  app.get(BroadcastPaths.hls, async (req, reply) => {
    const p = z.object({ roomId: z.string().regex(ROOM_ID), file: z.string().regex(FILE) }).safeParse(req.params);
    const name = p.success && o.hlsDir ? await streamNameOf(p.data.roomId) : null;
    if (!p.success || !name) return reply.status(404).send('不存在');
    if (o.ladder && p.data.file === MASTER) {
      const master = await firstFile(p.data.roomId, path.join(o.hlsDir!, `${name}.m3u8`));
      if (!fs.existsSync(master)) return reply.status(404).type('text/plain; charset=utf-8').send('不存在');
      return reply
        .type('application/vnd.apple.mpegurl')
        .header('cache-control', 'no-cache')
        .send(roomMasterPlaylist(fs.readFileSync(master, 'utf8'), name));
    }
    return sendFile(reply, await firstFile(p.data.roomId, path.join(renditionDir(name), p.data.file)), true);
  });
  app.get(BroadcastPaths.hlsRendition, async (req, reply) => {
    const p = z
      .object({ roomId: z.string().regex(ROOM_ID), rung: z.string().regex(RUNG_NAME), file: z.string().regex(FILE) })
      .safeParse(req.params);
    const name = p.success && o.hlsDir && o.ladder ? await streamNameOf(p.data.roomId) : null;
    if (!p.success || !name) return reply.status(404).send('不存在');
    return sendFile(
      reply,
      await firstFile(p.data.roomId, path.join(renditionDir(name, p.data.rung), p.data.file)),
      true,
    );
  });
  app.get(BroadcastPaths.recording, async (req, reply) => {
    const p = z.object({ id: z.string().regex(/^\d{1,9}$/), file: z.string().regex(FILE) }).safeParse(req.params);
    if (!p.success) return reply.status(404).send('不存在');
    return sendFile(reply, path.join(o.recordingsDir, p.data.id, p.data.file), false);
  });

  registerAnchorConsole(app, ctx, { ingestUrl: o.ingestUrl, invalidateRoom: o.invalidateRoom });
}
