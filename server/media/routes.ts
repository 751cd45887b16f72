/**
 * Media routes: the live HLS origin, replay VOD playlists and generated art. Which rooms stream
 * is the caller's business (`liveEpochOf`); this module only serves bytes.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MediaPaths, fillPath } from '../../workers/protocol/index';
import { ART_KINDS, artSvg, type ArtKind } from './art';
import { livePlaylist, liveSegment, loadClip, vodPlaylist, type Clip } from './hls';
import { countField, idField } from '../../workers/protocol/fields';

export interface MediaOptions {
  now: () => number;
  /** The stream epoch of a room served by the embedded origin, or null when it does not stream. */
  liveEpochOf: (roomId: string) => Promise<number | null>;
  /** Loop count of a replay's VOD playlist, or null when there is no such replay. */
  replayLoopsOf: (replayId: number) => Promise<number | null>;
  clip?: Clip;
}

const roomParam = z.object({ roomId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
const segParam = roomParam.extend({ seq: countField('分片编号') });
const replayParam = z.object({ replayId: idField('回放编号') });
const vodSegParam = replayParam.extend({ index: countField('分片编号') });
const artParam = z.object({
  kind: z.enum(ART_KINDS as [ArtKind, ...ArtKind[]]),
  file: z.string().regex(/^\d{1,6}\.svg$/),
});

const M3U8 = 'application/vnd.apple.mpegurl';

function notFound(reply: FastifyReply, what: string) {
  return reply.status(404).type('text/plain; charset=utf-8').send(`${what}不存在`);
}

export function registerMedia(app: FastifyInstance, opts: MediaOptions): Clip {
  const clip = opts.clip ?? loadClip();

  app.get(MediaPaths.live, async (req, reply) => {
    const p = roomParam.safeParse(req.params);
    if (!p.success) return notFound(reply, '直播流');
    const epoch = await opts.liveEpochOf(p.data.roomId);
    if (epoch === null) return notFound(reply, '直播流');
    const body = livePlaylist(clip, epoch, opts.now(), (seq) => `${seq}.ts`);
    return reply.type(M3U8).header('cache-control', 'no-cache').header('access-control-allow-origin', '*').send(body);
  });

  app.get(MediaPaths.liveSegment, async (req, reply) => {
    const p = segParam.safeParse(req.params);
    if (!p.success) return notFound(reply, '分片');
    const epoch = await opts.liveEpochOf(p.data.roomId);
    const bytes = epoch === null ? null : liveSegment(clip, epoch, opts.now(), p.data.seq);
    if (!bytes) return notFound(reply, '分片');
    return reply
      .type('video/mp2t')
      .header('cache-control', 'public, max-age=60')
      .header('access-control-allow-origin', '*')
      .send(bytes);
  });

  app.get(MediaPaths.replay, async (req, reply) => {
    const p = replayParam.safeParse(req.params);
    if (!p.success) return notFound(reply, '回放');
    const loops = await opts.replayLoopsOf(p.data.replayId);
    if (loops === null) return notFound(reply, '回放');
    return reply
      .type(M3U8)
      .header('cache-control', 'public, max-age=300')
      .send(vodPlaylist(clip, loops, (i) => `${i}.ts`));
  });

  app.get(MediaPaths.replaySegment, async (req, reply) => {
    const p = vodSegParam.safeParse(req.params);
    if (!p.success) return notFound(reply, '分片');
    const loops = await opts.replayLoopsOf(p.data.replayId);
    if (loops === null || p.data.index >= loops * clip.segments.length) return notFound(reply, '分片');
    return reply
      .type('video/mp2t')
      .header('cache-control', 'public, max-age=86400')
      .send(clip.segments[p.data.index % clip.segments.length]);
  });

  app.get('/media/art/:kind/:file', async (req, reply) => {
    const p = artParam.safeParse(req.params);
    if (!p.success) return notFound(reply, '图片');
    const id = Number(p.data.file.slice(0, -4));
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(artSvg(p.data.kind, id));
  });

  return clip;
}

export const liveUrl = (roomId: string): string => fillPath(MediaPaths.live, { roomId });
export const replayUrl = (replayId: number): string => fillPath(MediaPaths.replay, { replayId });
