/**
 * Blocking playlist reload (HLS's `CAN-BLOCK-RELOAD`, issue 31): a live media playlist says the
 * server can hold a reload, and the player then asks for the next fragment's media sequence
 * number (`?_HLS_msn=N`) right after each answer instead of polling every target duration. The
 * app holds that request until nginx has listed fragment N, so a new fragment reaches the player
 * as soon as it is cut: polling found it up to a whole fragment (1 s) late, half a second on
 * average, and that wait was part of every viewer's latency.
 *
 * A hold ends after PLAYLIST_HOLD_MS even if N never comes (a stalled push): the player gets the
 * unchanged playlist and asks again, as it would have polled. Many viewers waiting on one
 * playlist share its reads (one read per READ_EVERY_MS per file).
 */
import fs from 'node:fs';
import { HLS_FRAGMENT_S } from './nginx-conf';

/** The longest a reload is held (three target durations, as the HLS spec suggests). */
export const PLAYLIST_HOLD_MS = 3 * HLS_FRAGMENT_S * 1000;
/** How often a held playlist is read again while someone waits on it. */
const READ_EVERY_MS = 40;
/** `_HLS_msn` as the player sends it: a media sequence number. */
export const HLS_MSN = /^\d{1,9}$/;

const SERVER_CONTROL = '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES';

/** The media sequence number of a live playlist's last fragment (-1: none yet). */
export function lastSequence(text: string): number {
  const first = /^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(text);
  const count = text.split('\n').filter((l) => /^#EXTINF:/.test(l.trim())).length;
  return count === 0 ? -1 : Number(first?.[1] ?? 0) + count - 1;
}

/** A live media playlist as served: it says the server can hold reloads. */
export function withServerControl(text: string): string {
  if (text.includes('#EXT-X-SERVER-CONTROL') || text.includes('#EXT-X-ENDLIST')) return text;
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith('#EXT-X-TARGETDURATION'));
  lines.splice(at >= 0 ? at + 1 : 1, 0, SERVER_CONTROL);
  return lines.join('\n');
}

const cache = new Map<string, { at: number; text: string | null }>();

function readShared(file: string): string | null {
  const hit = cache.get(file);
  if (hit && Date.now() - hit.at < READ_EVERY_MS) return hit.text;
  let text: string | null;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    text = null;
  }
  cache.set(file, { at: Date.now(), text });
  // Forgotten once nobody has asked for a while (ended broadcasts' files go).
  if (cache.size > 1000) for (const [k, v] of cache) if (Date.now() - v.at > 10_000) cache.delete(k);
  return text;
}

/**
 * The playlist at `file` once it lists fragment `msn`, or as it is when `holdMs` has passed,
 * `stillLive()` turns false (the push ended) or `gone()` says the player hung up. Null: no file.
 */
export async function holdPlaylist(
  file: string,
  msn: number,
  o: { holdMs?: number; stillLive: () => boolean; gone: () => boolean },
): Promise<string | null> {
  const end = Date.now() + (o.holdMs ?? PLAYLIST_HOLD_MS);
  for (;;) {
    const text = readShared(file);
    if (text === null || lastSequence(text) >= msn || Date.now() >= end || !o.stillLive() || o.gone()) return text;
    await new Promise((r) => setTimeout(r, READ_EVERY_MS / 2));
  }
}
