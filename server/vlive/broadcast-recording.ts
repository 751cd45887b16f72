/**
 * A broadcast's replay, made from nginx's recording of the whole push (`rec/<name>.flv`, first
 * frame to last): once the file has stopped growing, ffmpeg remuxes it (no re-encoding) into 1 s
 * HLS fragments with a VOD playlist under DATA_DIR, and the replay row points at it. The live HLS,
 * which starts when the transcoder has connected and ends when it is stopped, would lose a second
 * at either end.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BroadcastPaths, fillPath } from '../../workers/protocol/index';
import type { Db } from '../db/index';
import { playlistFragments } from './broadcast-hls';
import { HLS_FRAGMENT_S } from './nginx-conf';

/** The recording waits until the file has not changed for this long (ms)… */
const SETTLED_MS = 2_500;
/** …but not longer than this after on_publish_done (ms). */
const SETTLE_MAX_MS = 15_000;

/** Waits until the media server has stopped writing `file` (or SETTLE_MAX_MS has passed). */
export async function untilWritten(file: string): Promise<void> {
  const start = Date.now();
  let last = '';
  let stableSince = Date.now();
  while (Date.now() - start < SETTLE_MAX_MS) {
    const st = fs.existsSync(file) ? fs.statSync(file) : null;
    const sig = st ? `${st.size}:${st.mtimeMs}` : '';
    if (sig !== last) {
      last = sig;
      stableSince = Date.now();
    } else if (st && Date.now() - stableSince >= SETTLED_MS) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Remuxes the recorded push into the room's newest replay, once: a broadcast that already has
 * one, or whose recording is missing or holds no fragment, gets none. The recording is removed.
 */
export async function saveReplay(
  db: Db,
  recordingsDir: string,
  b: { broadcastId: number; roomId: string },
  flv: string,
): Promise<void> {
  const row = await db
    .selectFrom('vlive_broadcasts as b')
    .innerJoin('vlive_rooms as r', 'r.id', 'b.room_id')
    .select(['b.started_at', 'b.replay_id', 'r.title', 'r.cover'])
    .where('b.id', '=', b.broadcastId)
    .executeTakeFirst();
  if (!row || row.replay_id !== null || !fs.existsSync(flv)) return;
  const dir = path.join(recordingsDir, String(b.broadcastId));
  fs.mkdirSync(dir, { recursive: true });
  await remuxToHls(flv, dir);
  const frags = playlistFragments(fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8'));
  if (frags.length === 0) return;
  const duration = Math.round(frags.reduce((t, f) => t + f.seconds, 0));
  await db.transaction().execute(async (trx) => {
    const replay = await trx
      .insertInto('vlive_replays')
      .values({
        room_id: b.roomId,
        title: `回放：${row.title}`,
        cover: row.cover,
        duration,
        at: Number(row.started_at),
        url: fillPath(BroadcastPaths.recording, { id: b.broadcastId, file: 'index.m3u8' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('vlive_broadcasts').set({ replay_id: replay.id }).where('id', '=', b.broadcastId).execute();
  });
  fs.rmSync(flv, { force: true });
}

/**
 * ffmpeg (Debian's, as the media server's transcoder) copies a recorded push into HLS: fragments
 * `0.ts`, `1.ts`, … cut at keyframes about every second (anchors push a 1 s GOP) and a VOD playlist.
 */
function remuxToHls(flv: string, dir: string): Promise<void> {
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', flv, '-map', '0:v', '-map', '0:a?', '-c', 'copy'];
  args.push('-f', 'hls', '-hls_time', String(HLS_FRAGMENT_S), '-hls_list_size', '0', '-hls_playlist_type', 'vod');
  args.push('-hls_segment_filename', path.join(dir, '%d.ts'), path.join(dir, 'index.m3u8'));
  return new Promise((resolve, reject) => {
    const p = spawn(process.env.FFMPEG_PATH || 'ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.once('error', reject);
    p.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err.slice(-500)}`))));
  });
}
