/**
 * Blocking playlist reload (issue 31, server/vlive/playlist-hold.ts): a reload asking for the
 * next fragment is answered as soon as nginx lists it, not a polling interval later; a push that
 * stalls or ends does not hold the player longer than the hold, or at all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdPlaylist, lastSequence, withServerControl } from '../../server/vlive/playlist-hold';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-hold-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** An nginx-rtmp live playlist listing fragments first..last (1 s each). */
function playlist(first: number, last: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-MEDIA-SEQUENCE:${first}`, '#EXT-X-TARGETDURATION:1'];
  for (let i = first; i <= last; i++) lines.push('#EXTINF:1.000,', `${i}.ts`);
  return lines.join('\n') + '\n';
}

describe('playlist hold', () => {
  it('reads the last media sequence number and offers blocking reloads on live playlists only', () => {
    expect(lastSequence(playlist(7, 10))).toBe(10);
    expect(lastSequence('#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n')).toBe(-1);
    const served = withServerControl(playlist(7, 10));
    expect(served.split('\n')[4]).toBe('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
    expect(withServerControl(served)).toBe(served);
    const ended = playlist(7, 10) + '#EXT-X-ENDLIST\n';
    expect(withServerControl(ended)).toBe(ended);
  });

  it('answers a held reload as soon as the fragment it asks for is listed', async () => {
    const file = path.join(tmp, 'a.m3u8');
    fs.writeFileSync(file, playlist(7, 10));
    const asked = Date.now();
    const writeAt = asked + 400;
    setTimeout(() => fs.writeFileSync(file, playlist(8, 11)), 400);
    const text = await holdPlaylist(file, 11, { stillLive: () => true, gone: () => false });
    const answered = Date.now();
    expect(lastSequence(text!)).toBe(11);
    // Held until the write, and answered within a read interval or two of it (not a second later).
    expect(answered).toBeGreaterThanOrEqual(writeAt - 5);
    expect(answered - writeAt).toBeLessThan(250);
  });

  it('gives the unchanged playlist back after the hold, at once when the push ended, and null without a file', async () => {
    const file = path.join(tmp, 'b.m3u8');
    fs.writeFileSync(file, playlist(1, 3));
    const t0 = Date.now();
    const held = await holdPlaylist(file, 4, { holdMs: 300, stillLive: () => true, gone: () => false });
    expect(lastSequence(held!)).toBe(3);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    const t1 = Date.now();
    await holdPlaylist(file, 4, { stillLive: () => false, gone: () => false });
    await holdPlaylist(file, 4, { stillLive: () => true, gone: () => true });
    expect(Date.now() - t1).toBeLessThan(100);
    expect(await holdPlaylist(path.join(tmp, 'none.m3u8'), 1, { stillLive: () => true, gone: () => false })).toBe(null);
  });
});
