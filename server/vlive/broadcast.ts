/**
 * Real broadcasts: the media server (nginx-rtmp) asks `on_publish` whether a stream key may
 * publish; an unknown or replaced key gets a 403. A known key opens a broadcast row and gets a
 * redirect to the broadcast's own stream name (`b<id>-<random>`), which nginx writes the HLS
 * under; the player URL carries the room and the broadcast id
 * (`/media/rtmp/<room>/<broadcast>/…`). So a room's second broadcast is a new URL with new
 * fragments: no player, cache or playlist can mix it with the first (issue 31), and the key never
 * appears in a URL.
 * A publish marks the room live (room topic, followers' and reservers' reminders); `on_update`
 * keeps a list of the fragments the broadcast produced; `on_publish_done` marks the room offline,
 * closes the broadcast's playlists with EXT-X-ENDLIST (viewers play out its last seconds), and once
 * the media server has written the last fragment copies them all into a recording, the room's
 * newest replay. Live state is true: with a media server only a push makes a room live.
 *
 * With a bitrate ladder (VLIVE_LADDER, see ladder.ts) the room's player URL is a master playlist
 * (`master.m3u8`, nginx's `hls_variant` playlist with the key taken out) listing every rendition
 * (`<rung>/index.m3u8`); the recording is made from the source rendition.
 *
 * This file keeps the open and just-ended broadcasts and answers nginx's callbacks; the HLS is
 * served by broadcast-hls.ts, the replay made by broadcast-recording.ts, the reminders sent by
 * broadcast-announce.ts.
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
import { BroadcastPaths, fillPath, type PushState } from '../../workers/protocol/index';
import type { AppContext } from '../context';
import type { ChatService } from './chat';
import { registerAnchorConsole } from './anchor-console';
import { announceBroadcastStart } from './broadcast-announce';
import { HLS_FILE, MASTER, playlistFragments, registerBroadcastHls, renditionDir } from './broadcast-hls';
import { saveReplay, untilWritten } from './broadcast-recording';
import { announceLive } from './live-state';
import { parseLadder } from './ladder';
import { RECORD_SUBDIR, RTMP_SECRET_MISSING } from './nginx-conf';

export interface BroadcastOptions {
  hlsDir: string | null;
  ingestUrl: string | null;
  callbackSecret: string | null;
  recordingsDir: string;
  /** nginx transcodes a ladder: renditions under `<key>_<rung>`, a master playlist `<key>.m3u8`. */
  ladder: boolean;
  chat: ChatService;
  invalidateRoom(roomId: string): void;
  /** For the console's earnings view (ANCHOR_GIFT_SHARE_PCT). */
  anchorSharePct: number;
}

export function broadcastOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  deps: Pick<BroadcastOptions, 'chat' | 'invalidateRoom' | 'anchorSharePct'>,
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

/** An ended broadcast's playlists (with ENDLIST) stay this long for players finishing it (ms). */
export const ENDED_PLAYLIST_MS = 60_000;
/** No fragment for this long while the push is open: the console says stalled (ms). */
const STALLED_MS = 4_000;
/** A broadcast nginx stopped telling us about (crash, restart) is closed after this long (ms). */
const LOST_PUSH_MS = 30_000;
export function registerBroadcast(app: FastifyInstance, ctx: AppContext, o: BroadcastOptions): void {
  const { db, hub } = ctx;
  // nginx records each push here (nginx-conf.ts) and does not create the directory itself.
  if (o.hlsDir) fs.mkdirSync(path.join(o.hlsDir, RECORD_SUBDIR), { recursive: true });
  /** Open broadcasts by id (restored from the database at start: a restart of the app keeps them). */
  const open = new Map<number, OpenBroadcast>();
  /** Broadcasts that ended in this process: id → wall-clock end (their playlists close with ENDLIST). */
  const ended = new Map<number, { roomId: string; streamName: string; at: number }>();

  const sourcePlaylist = (streamName: string) => path.join(renditionDir(o.hlsDir!, streamName), 'index.m3u8');
  const playerUrl = (roomId: string, broadcastId: number) =>
    fillPath(BroadcastPaths.hls, { roomId, broadcastId, file: o.ladder ? MASTER : 'index.m3u8' });

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
    return {
      app: String(b.app ?? ''),
      name: String(b.name ?? ''),
      call: String(b.call ?? ''),
      clientId: String(b.clientid ?? ''),
    };
  };
  const refuse = (reply: FastifyReply, why: string) => reply.status(403).type('text/plain; charset=utf-8').send(why);

  /** Notes the fragments the source playlist lists now (it only lists the last few seconds). */
  const collect = (b: OpenBroadcast) => {
    if (!o.hlsDir) return;
    try {
      const file = sourcePlaylist(b.streamName);
      const text = fs.readFileSync(file, 'utf8');
      for (const f of playlistFragments(text)) if (HLS_FILE.test(f.file)) b.fragments.set(f.file, f.seconds);
      b.lastFragmentAt = fs.statSync(file).mtimeMs;
    } catch {
      // No playlist yet (the first fragment is still being cut).
    }
  };
  /** The open broadcast nginx's callback is about: by its client id, else by the key it pushed with. */
  const findOpen = (name: string, clientId: string) => {
    const all = [...open.values()];
    return (
      all.find((b) => b.pushKey === name && b.clientId === clientId) ??
      all.find((b) => b.pushKey === name || b.streamName === name)
    );
  };

  // Broadcasts open when the app stopped: nginx may still be pushing them (its callbacks find them
  // again), or they were lost with it (closed after LOST_PUSH_MS without a word).
  app.addHook('onReady', async () => {
    if (!o.hlsDir) return;
    const rows = await db
      .selectFrom('vlive_broadcasts')
      .select(['id', 'room_id', 'stream_name', 'push_key', 'started_at'])
      .where('ended_at', 'is', null)
      .where('stream_name', 'is not', null)
      .execute();
    for (const r of rows) {
      open.set(r.id, opening(r.id, r.room_id, r.stream_name!, r.push_key ?? '', ''));
    }
    // Live tells the truth: with a media server, a room is live only while a push is open.
    const liveRooms = [...new Set(rows.map((r) => r.room_id))];
    await db
      .updateTable('vlive_rooms')
      .set({ live: false })
      .where('live', '=', true)
      .$if(liveRooms.length > 0, (q) => q.where('id', 'not in', liveRooms))
      .execute();
  });
  if (o.hlsDir) {
    const sweep = setInterval(() => {
      for (const b of open.values()) {
        if (Date.now() - b.seenAt > LOST_PUSH_MS) void finish(b).catch((e: unknown) => app.log.error(e));
      }
    }, 5_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }

  app.post(BroadcastPaths.onPublish, async (req, reply) => {
    if (!callbackAllowed(req)) return refuse(reply, 'forbidden');
    const { app: appName, name, clientId } = form(req);
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
    // One push per room: a second encoder on the same key would be a second broadcast at once.
    const current = [...open.values()].find((b) => b.roomId === roomId);
    if (current && Date.now() - current.seenAt <= LOST_PUSH_MS) {
      req.log.warn({ roomId }, 'publish refused: the room is already being pushed');
      return refuse(reply, 'already publishing');
    }
    if (current) await finish(current);
    const now = ctx.now();
    const b = await db
      .insertInto('vlive_broadcasts')
      .values({ room_id: roomId, started_at: now, ended_at: null, replay_id: null, push_key: name })
      .returning('id')
      .executeTakeFirstOrThrow();
    const streamName = `b${b.id}-${crypto.randomBytes(4).toString('hex')}`;
    await db.updateTable('vlive_broadcasts').set({ stream_name: streamName }).where('id', '=', b.id).execute();
    open.set(b.id, opening(b.id, roomId, streamName, name, clientId));
    const room = await db
      .updateTable('vlive_rooms')
      .set({ live: true, stream_url: playerUrl(roomId, b.id) })
      .where('id', '=', roomId)
      .returning(['anchor_id', 'title'])
      .executeTakeFirstOrThrow();
    o.invalidateRoom(roomId);
    announceLive(hub, roomId, true);
    await announceBroadcastStart(ctx, o.chat, { id: roomId, ...room }, now);
    // nginx-rtmp renames the stream to the Location of a 3xx: the transcoder and HLS use this name.
    return reply.status(302).header('location', streamName).send('ok');
  });

  app.post(BroadcastPaths.onUpdate, async (req, reply) => {
    if (!callbackAllowed(req)) return refuse(reply, 'forbidden');
    const { name, call, clientId } = form(req);
    if (call !== 'update_publish') return reply.status(200).send('ok');
    const b = findOpen(name, clientId);
    if (b) {
      b.seenAt = Date.now();
      collect(b);
    }
    return reply.status(200).send('ok');
  });

  app.post(BroadcastPaths.onPublishDone, async (req, reply) => {
    if (!callbackAllowed(req)) return refuse(reply, 'forbidden');
    const { name, clientId } = form(req);
    // The key may have been reset while live: find the broadcast by the key it published with.
    const b = findOpen(name, clientId);
    if (b) await finish(b);
    return reply.status(200).send('ok');
  });

  /**
   * The push ended: the room goes offline at once (lists, console), the broadcast's playlists
   * close with ENDLIST (a viewer plays out what was already cut), and once the media server has
   * written the last fragment the recording is made from every fragment of this broadcast.
   */
  async function finish(b: OpenBroadcast): Promise<void> {
    if (!open.delete(b.broadcastId)) return;
    collect(b);
    ended.set(b.broadcastId, { roomId: b.roomId, streamName: b.streamName, at: Date.now() });
    const now = ctx.now();
    await db.updateTable('vlive_broadcasts').set({ ended_at: now }).where('id', '=', b.broadcastId).execute();
    const room = await db
      .updateTable('vlive_rooms')
      .set({ live: false })
      .where('id', '=', b.roomId)
      .where('stream_url', '=', playerUrl(b.roomId, b.broadcastId))
      .returning(['title', 'cover'])
      .executeTakeFirst();
    if (room) {
      o.invalidateRoom(b.roomId);
      announceLive(hub, b.roomId, false);
    }
    // Not awaited: nginx waits for this answer, and the transcoder is still flushing.
    void record(b).catch((e: unknown) => app.log.error({ err: e, broadcast: b.broadcastId }, 'recording failed'));
  }

  /** The replay, once the media server has written the whole push (broadcast-recording.ts). */
  async function record(b: OpenBroadcast): Promise<void> {
    if (!o.hlsDir) return;
    const flv = path.join(o.hlsDir, RECORD_SUBDIR, `${b.streamName}.flv`);
    await untilWritten(flv);
    // The live HLS stays a minute for players finishing the broadcast, then goes (hls_cleanup is off).
    setTimeout(() => {
      ended.delete(b.broadcastId);
      removeLiveFiles(b.streamName);
    }, ENDED_PLAYLIST_MS).unref();
    await saveReplay(db, o.recordingsDir, b, flv);
  }
  const removeLiveFiles = (streamName: string) => {
    if (!o.hlsDir) return;
    for (const f of fs.readdirSync(o.hlsDir)) {
      if (f === `${streamName}.m3u8` || f.startsWith(`${streamName}_`)) {
        fs.rmSync(path.join(o.hlsDir, f), { recursive: true, force: true });
      }
    }
  };

  /** The push's state for the anchor console. */
  const pushState = (roomId: string): PushState => {
    const b = [...open.values()].find((x) => x.roomId === roomId);
    if (!b) return { state: 'idle', broadcastId: null, seconds: 0, lastFragmentAt: null };
    collect(b);
    const seconds = Math.round([...b.fragments.values()].reduce((t, s) => t + s, 0));
    const state =
      b.lastFragmentAt === null ? 'starting' : Date.now() - b.lastFragmentAt > STALLED_MS ? 'stalled' : 'live';
    return { state, broadcastId: b.broadcastId, seconds, lastFragmentAt: b.lastFragmentAt };
  };

  /**
   * The broadcast a URL names, if it belongs to that room and may still be played live: open, or
   * ended less than ENDED_PLAYLIST_MS ago. An older broadcast is never served as live.
   */
  const liveBroadcast = (roomId: string, broadcastId: number) => {
    const b = open.get(broadcastId);
    if (b && b.roomId === roomId) return { streamName: b.streamName };
    const e = ended.get(broadcastId);
    if (e && e.roomId === roomId && Date.now() - e.at < ENDED_PLAYLIST_MS) return { streamName: e.streamName };
    return null;
  };
  registerBroadcastHls(app, o, { find: liveBroadcast, isOpen: (id) => open.has(id) });

  registerAnchorConsole(app, ctx, {
    ingestUrl: o.ingestUrl,
    invalidateRoom: o.invalidateRoom,
    pushState,
    anchorSharePct: o.anchorSharePct,
  });
}

interface OpenBroadcast {
  broadcastId: number;
  roomId: string;
  /** The name nginx writes the HLS under (`b<id>-<random>`). */
  streamName: string;
  /** The key the push used: nginx's update and done callbacks name the stream by it. */
  pushKey: string;
  /** nginx's id of the publishing connection ('' after a restart of the app). */
  clientId: string;
  /** Fragments seen in the source playlist: file → seconds. */
  fragments: Map<string, number>;
  /** Wall clock of the last callback from nginx about this push. */
  seenAt: number;
  /** mtime of the source playlist when last read (null before the first fragment). */
  lastFragmentAt: number | null;
}

/** A broadcast as its push opens (or is found open again at start): no fragment seen yet. */
function opening(broadcastId: number, roomId: string, streamName: string, pushKey: string, clientId: string) {
  const b: OpenBroadcast = {
    broadcastId,
    roomId,
    streamName,
    pushKey,
    clientId,
    fragments: new Map(),
    seenAt: Date.now(),
    lastFragmentAt: null,
  };
  return b;
}
