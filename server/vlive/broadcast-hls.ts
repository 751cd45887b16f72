/**
 * A broadcast's HLS as players fetch it: the live (or just ended) playlists and fragments under
 * `/media/rtmp/<room>/<broadcast>/…`, a ladder's master playlist and renditions, and the
 * recordings of ended broadcasts. Which broadcast may still be played live is broadcast.ts's to
 * say (LiveBroadcasts); this file only reads what nginx and ffmpeg wrote.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BroadcastPaths } from '../../workers/protocol/index';
import { RUNG_NAME, SOURCE_RUNG, roomMasterPlaylist } from './ladder';
import { HLS_MSN, holdPlaylist, withServerControl } from './playlist-hold';

const ROOM_ID = /^[A-Za-z0-9_-]{1,40}$/;
const BROADCAST_ID = /^\d{1,9}$/;
/** A playlist or fragment file name. */
export const HLS_FILE = /^[A-Za-z0-9_-]{1,80}\.(m3u8|ts)$/;
/** The player URL's file under a ladder: the master playlist. */
export const MASTER = 'master.m3u8';
/** How long a playlist asked for in the first seconds of a broadcast is waited for (ms). */
const FIRST_PLAYLIST_WAIT_MS = 15_000;

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

/** The directory of a stream's rendition: `<name>_src` (the push, copied) or one rung of it. */
export const renditionDir = (hlsDir: string, streamName: string, rung: string = SOURCE_RUNG) =>
  path.join(hlsDir, `${streamName}_${rung}`);

/** The broadcasts that may be played live, as broadcast.ts keeps them. */
export interface LiveBroadcasts {
  /**
   * The broadcast a URL names, if it belongs to that room and may still be played live (open, or
   * just ended): the name nginx writes its HLS under.
   */
  find(roomId: string, broadcastId: number): { streamName: string } | null;
  /** Its push is still open. */
  isOpen(broadcastId: number): boolean;
}

const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').send('不存在');

export function registerBroadcastHls(
  app: FastifyInstance,
  o: { hlsDir: string | null; recordingsDir: string; ladder: boolean },
  live: LiveBroadcasts,
): void {
  const sendFile = (reply: FastifyReply, file: string, kind: 'live' | 'ended' | 'vod', held?: string) => {
    if (held === undefined && !fs.existsSync(file)) return notFound(reply);
    const m3u8 = file.endsWith('.m3u8');
    let body: Buffer | string = held ?? fs.readFileSync(file);
    // A live media playlist offers blocking reloads (playlist-hold.ts); the master lists no fragments.
    if (m3u8 && kind === 'live') {
      const text = body.toString('utf8');
      body = text.includes('#EXTINF') ? withServerControl(text) : text;
    }
    if (m3u8 && kind === 'ended') {
      const text = body.toString('utf8');
      // An ended broadcast's media playlist says so: the player plays out its end, then stops.
      body =
        text.includes('#EXT-X-STREAM-INF') || text.includes('#EXT-X-ENDLIST')
          ? text
          : `${text.trimEnd()}\n#EXT-X-ENDLIST\n`;
    }
    return reply
      .type(m3u8 ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
      .header('cache-control', m3u8 && kind !== 'vod' ? 'no-cache' : 'public, max-age=3600, immutable')
      .send(body);
  };
  /**
   * The room turns live as the push starts, a second or two before the transcoder has cut the
   * first fragment: a player asking then waits instead of giving up on a 404.
   */
  const firstFile = async (broadcastId: number, file: string) => {
    for (let i = 0; i < FIRST_PLAYLIST_WAIT_MS / 100 && live.isOpen(broadcastId) && !fs.existsSync(file); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    return file;
  };
  /**
   * A fragment or media playlist of a live (or just ended) broadcast. A reload asking for the next
   * fragment (`_HLS_msn`) is held until nginx lists it (playlist-hold.ts); the broadcast may end
   * meanwhile, and its playlist then says so.
   */
  const sendLive = async (req: FastifyRequest, reply: FastifyReply, file: string, broadcastId: number) => {
    const msn = (req.query as Record<string, unknown> | undefined)?._HLS_msn;
    let held: string | undefined;
    if (file.endsWith('.m3u8') && typeof msn === 'string' && HLS_MSN.test(msn) && live.isOpen(broadcastId)) {
      const text = await holdPlaylist(file, Number(msn), {
        stillLive: () => live.isOpen(broadcastId),
        gone: () => req.socket.destroyed,
      });
      if (text !== null) held = text;
    }
    return sendFile(reply, file, live.isOpen(broadcastId) ? 'live' : 'ended', held);
  };
  const hlsParams = z.object({
    roomId: z.string().regex(ROOM_ID),
    broadcastId: z.string().regex(BROADCAST_ID).transform(Number),
    file: z.string().regex(HLS_FILE),
  });
  app.get(BroadcastPaths.hls, async (req, reply) => {
    const p = hlsParams.safeParse(req.params);
    const b = p.success && o.hlsDir ? live.find(p.data.roomId, p.data.broadcastId) : null;
    if (!p.success || !b) return notFound(reply);
    if (o.ladder && p.data.file === MASTER) {
      const master = await firstFile(p.data.broadcastId, path.join(o.hlsDir!, `${b.streamName}.m3u8`));
      if (!fs.existsSync(master)) return notFound(reply);
      return reply
        .type('application/vnd.apple.mpegurl')
        .header('cache-control', 'no-cache')
        .send(roomMasterPlaylist(fs.readFileSync(master, 'utf8'), b.streamName));
    }
    const file = await firstFile(p.data.broadcastId, path.join(renditionDir(o.hlsDir!, b.streamName), p.data.file));
    return sendLive(req, reply, file, p.data.broadcastId);
  });
  app.get(BroadcastPaths.hlsRendition, async (req, reply) => {
    const p = hlsParams.extend({ rung: z.string().regex(RUNG_NAME) }).safeParse(req.params);
    const b = p.success && o.hlsDir && o.ladder ? live.find(p.data.roomId, p.data.broadcastId) : null;
    if (!p.success || !b) return notFound(reply);
    const dir = renditionDir(o.hlsDir!, b.streamName, p.data.rung);
    const file = await firstFile(p.data.broadcastId, path.join(dir, p.data.file));
    return sendLive(req, reply, file, p.data.broadcastId);
  });
  app.get(BroadcastPaths.recording, async (req, reply) => {
    const p = z.object({ id: z.string().regex(/^\d{1,9}$/), file: z.string().regex(HLS_FILE) }).safeParse(req.params);
    if (!p.success) return reply.status(404).send('不存在');
    return sendFile(reply, path.join(o.recordingsDir, p.data.id, p.data.file), 'vod');
  });
}
