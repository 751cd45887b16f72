/**
 * A live HLS origin over a short committed clip. The clip's segments are looped forever: the
 * segment with media sequence `s` plays clip segment `s mod N`, and sequence numbers advance with
 * the clock, so players see a real live stream (sliding window, no ENDLIST). Each loop point is
 * marked with EXT-X-DISCONTINUITY because timestamps restart there.
 *
 * Pure functions of `now`; the routes in ./routes.ts serve them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sourceFile } from '../source-file';

export interface Clip {
  /** Segment durations, seconds. */
  durations: number[];
  /** Segment bytes, loaded once. */
  segments: Buffer[];
  targetDuration: number;
}

export function loadClip(dir: string = sourceFile('media/assets/clip')): Clip {
  const list = fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8').split('\n');
  const durations: number[] = [];
  const segments: Buffer[] = [];
  for (let i = 0; i < list.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(list[i]!);
    if (!m) continue;
    const file = list[i + 1]!.trim();
    durations.push(Number(m[1]));
    segments.push(fs.readFileSync(path.join(dir, file)));
  }
  if (segments.length < 2) throw new Error(`clip at ${dir} has too few segments`);
  return { durations, segments, targetDuration: Math.ceil(Math.max(...durations)) };
}

/** Segments in a live playlist window. */
export const LIVE_WINDOW = 5;

/**
 * Media sequence of the segment being produced at `now` for a stream that began at `epochMs`.
 * Uses the clip's nominal segment length so the sequence is a simple function of time.
 */
export function liveHeadSequence(clip: Clip, epochMs: number, now: number): number {
  const segMs = clip.targetDuration * 1000;
  return Math.max(0, Math.floor((now - epochMs) / segMs));
}

/** The live playlist at `now`: the last LIVE_WINDOW completed segments. */
export function livePlaylist(clip: Clip, epochMs: number, now: number, segmentUrl: (seq: number) => string): string {
  const n = clip.segments.length;
  // Only completed segments are listed. The loop has no real beginning, so the window is full
  // from the epoch on (sequences never go below 0).
  const head = liveHeadSequence(clip, epochMs, now);
  const first = Math.max(0, head - LIVE_WINDOW);
  const last = Math.max(first + LIVE_WINDOW - 1, head - 1);
  // Discontinuities before `first`: loop points at sequences n, 2n, … below first.
  const discontinuitySeq = first > 0 ? Math.floor((first - 1) / n) : 0;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${clip.targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySeq}`,
  ];
  for (let s = first; s <= last; s++) {
    if (s > 0 && s % n === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${clip.durations[s % n]!.toFixed(3)},`, segmentUrl(s));
  }
  return lines.join('\n') + '\n';
}

/** A VOD playlist of `loops` passes over the clip (replays). */
export function vodPlaylist(clip: Clip, loops: number, segmentUrl: (index: number) => string): string {
  const n = clip.segments.length;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${clip.targetDuration}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  for (let i = 0; i < n * loops; i++) {
    if (i > 0 && i % n === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${clip.durations[i % n]!.toFixed(3)},`, segmentUrl(i));
  }
  lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}

/** Bytes of the segment with media sequence `seq`; null when it is not published yet. */
export function liveSegment(clip: Clip, epochMs: number, now: number, seq: number): Buffer | null {
  if (!Number.isSafeInteger(seq) || seq < 0) return null;
  const head = liveHeadSequence(clip, epochMs, now);
  if (seq > Math.max(head, LIVE_WINDOW)) return null;
  return clip.segments[seq % clip.segments.length]!;
}

export function vodDuration(clip: Clip, loops: number): number {
  return clip.durations.reduce((a, b) => a + b, 0) * loops;
}
