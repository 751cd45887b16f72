/**
 * Real broadcasts (issue 17) with Debian's nginx + libnginx-mod-rtmp and ffmpeg: nginx is
 * started by the test on a free port from a generated nginx.conf in a temp dir, with its
 * on_publish / on_update / on_publish_done callbacks pointing at the real vlive area. ffmpeg
 * pushes a generated test source (`-f lavfi testsrc`). A bad key is refused; a good key turns the
 * room live over the socket within 2 s and reminds followers; HLS comes out in fragments of
 * 2 s or less; a reset key stops working; stopping the push turns the room offline with a replay.
 * Issue 31: no room is live before a push; each push is its own stream (its own URL and
 * fragments: two broadcasts in a row never mix, told apart by their colour), an ended
 * broadcast's playlist closes with ENDLIST, and a replay lasts what was pushed (within 1 s).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BroadcastPaths,
  Frame,
  Topics,
  VlivePaths,
  type AnchorConsole,
  type VliveVideo,
} from '../../workers/protocol/index';
import {
  pushTestSource,
  refusedPushExit,
  requireMediaServer,
  startMediaServer,
  until,
  type MediaServer,
} from '../helpers/rtmp';
import { PLAYLIST_HOLD_MS, lastSequence } from '../../server/vlive/playlist-hold';
import { Sock, api, createUser, recordedReplay, startVlive, type VliveHarness } from './vlive-harness';

const ROOM = '1003';
let h: VliveHarness;
let media: MediaServer;
let tmp = '';
let anchor: { id: number; token: string };
let fan: { id: number; token: string };
const push = (key: string, o: { color?: string; seconds?: number } = {}) => pushTestSource(media.rtmpPort, key, o);
const SECRET = 'callback-secret-broadcast-test';

/** The mean colour of a fragment's first frame, as [r, g, b] (ffmpeg scales it to one pixel). */
function fragmentColour(bytes: Buffer): number[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-frames:v', '1', '-vf', 'scale=1:1'];
  const out = execFileSync('ffmpeg', [...args, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    input: bytes,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  return [...out];
}

const roomLive = async () =>
  (await h.ts.storage.db.selectFrom('vlive_rooms').select('live').where('id', '=', ROOM).executeTakeFirstOrThrow())
    .live;

beforeAll(async () => {
  requireMediaServer();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-rtmp-'));
  const hlsDir = path.join(tmp, 'hls');
  fs.mkdirSync(hlsDir);
  process.env.VLIVE_HLS_DIR = hlsDir;
  process.env.RTMP_INGEST_URL = 'rtmp://127.0.0.1/live';
  // One rendition (the anchor's push as is); the ladder is tests/server/broadcast-ladder.test.ts.
  process.env.VLIVE_LADDER = 'off';
  process.env.RTMP_CALLBACK_SECRET = SECRET;
  h = await startVlive(Date.now());
  h.clock.now = Date.now();
  media = await startMediaServer({ dir: tmp, hlsDir, appUrl: h.base, ladder: [], callbackSecret: SECRET });
  anchor = await createUser(h, { nickName: '主播小王' });
  fan = await createUser(h, { nickName: '铁杆粉' });
  await h.ts.storage.db
    .insertInto('vlive_anchor_users')
    .values({ user_id: anchor.id, room_id: ROOM, at: Date.now() })
    .execute();
  const room = await h.ts.storage.db
    .selectFrom('vlive_rooms')
    .select('anchor_id')
    .where('id', '=', ROOM)
    .executeTakeFirstOrThrow();
  await h.ts.storage.db
    .insertInto('vlive_follows')
    .values({ user_id: fan.id, anchor_id: room.anchor_id, at: Date.now() })
    .execute();
}, 60_000);

afterAll(async () => {
  delete process.env.VLIVE_HLS_DIR;
  delete process.env.RTMP_INGEST_URL;
  delete process.env.RTMP_CALLBACK_SECRET;
  delete process.env.VLIVE_LADDER;
  media?.proc.kill('SIGTERM');
  await h?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('broadcasting through nginx-rtmp', () => {
  let key = '';

  it('with a media server no room is live before an anchor pushes (seeded rooms and schedules included)', async () => {
    const live = await h.ts.storage.db.selectFrom('vlive_rooms').select('id').where('live', '=', true).execute();
    expect(live).toEqual([]);
    const recommended = await api<{ list: unknown[] }>(h, 'GET', VlivePaths.rooms, {
      query: { type: 0, page: 1, size: 50 },
    });
    expect(recommended.data.list).toEqual([]);
    expect((await api(h, 'GET', VlivePaths.video.replace(':id', ROOM))).code).toBe(20001);
  });

  it('the anchor console gives the ingest address and a stream key; others are refused', async () => {
    const res = await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ roomId: ROOM, ingestUrl: 'rtmp://127.0.0.1/live', live: false });
    expect(res.data.streamKey).toMatch(/^live_[A-Za-z0-9_-]{24}$/);
    key = res.data.streamKey;
    const notAnchor = await api(h, 'GET', BroadcastPaths.console, { token: fan.token });
    expect(notAnchor.msg).toBe('您还不是主播，请联系运营开通');
  });

  it('refuses a push with an unknown key', async () => {
    const code = await refusedPushExit(media.rtmpPort, 'live_not_a_real_key_0000000000');
    expect(code).not.toBe('running');
    expect(code).not.toBe(0);
    expect(await roomLive()).toBe(false);
  }, 15_000);

  it('a push with the key turns the room live over the socket within 2 s, reminds followers, and serves ≤2 s HLS; stopping it makes a replay', async () => {
    const watcher = await Sock.connect(h);
    await watcher.subscribe(Topics.room(ROOM));
    const fanSock = await Sock.connect(h, fan.token);
    await fanSock.subscribe(Topics.inbox);
    const p = push(key);
    const started = Date.now();
    try {
      const liveFrame = await watcher.next(
        (f) => f.code === Frame.EVENT && f.data.kind === 'live' && f.data.live === true,
        10_000,
      );
      expect(liveFrame).toBeTruthy();
      // From ffmpeg's start (process spawn, RTMP handshake, first packets) to the socket frame.
      const liveAfter = Date.now() - started;
      console.log(`room live on the socket ${liveAfter} ms after ffmpeg started`);
      expect(liveAfter).toBeLessThan(2_000);
      const reminder = await fanSock.next((f) => f.code === Frame.EVENT && f.data.kind === 'reminder', 3_000);
      expect(JSON.stringify(reminder)).toContain('您关注的主播开播了');

      const video = await api<VliveVideo>(h, 'GET', VlivePaths.video.replace(':id', ROOM));
      expect(video.code).toBe(200);
      expect(video.data.url).toMatch(new RegExp(`^/media/rtmp/${ROOM}/\\d+/index\\.m3u8$`));
      expect(video.data.test).toBe(false);
      const playlist = await until(
        'an HLS playlist with 3 fragments',
        async () => {
          const res = await fetch(h.base + video.data.url);
          if (res.status !== 200) return null;
          const text = await res.text();
          return (text.match(/#EXTINF/g) ?? []).length >= 3 ? text : null;
        },
        15_000,
      ).catch((e: unknown) => {
        const files = fs.readdirSync(tmp, { recursive: true }).join(' ');
        throw new Error(`${String(e)}\nfiles: ${files}\nnginx: ${media.logTail()}\nffmpeg: ${p.log()}`);
      });
      const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1]);
      expect(target).toBeLessThanOrEqual(2);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      expect(Math.max(...durations)).toBeLessThanOrEqual(2);
      const frag = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
      const seg = await fetch(h.base + video.data.url.replace('index.m3u8', frag));
      expect(seg.headers.get('content-type')).toBe('video/mp2t');
      expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      // Blocking reload: the live playlist offers it, and a reload asking for the next fragment
      // is answered with it as soon as nginx lists it (within a fragment or so), not with the old one.
      expect(playlist).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
      const now = await (await fetch(h.base + video.data.url)).text();
      const next = lastSequence(now) + 1;
      const asked = Date.now();
      const held = await (await fetch(`${h.base}${video.data.url}?_HLS_msn=${next}`)).text();
      console.log(`reload for fragment ${next} answered after ${Date.now() - asked} ms`);
      expect(lastSequence(held)).toBeGreaterThanOrEqual(next);
      expect(Date.now() - asked).toBeLessThan(PLAYLIST_HOLD_MS);
      // Let it run a little so the recording has several fragments.
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      p.proc.kill('SIGINT');
      await p.exit;
    }
    await watcher.next((f) => f.code === Frame.EVENT && f.data.kind === 'live' && f.data.live === false, 10_000);
    expect(await roomLive()).toBe(false);
    expect((await api(h, 'GET', VlivePaths.video.replace(':id', ROOM))).code).toBe(20001);
    const rec = await recordedReplay(h, ROOM, 5_000);
    expect(rec.replay.duration).toBeGreaterThanOrEqual(4);
    expect(rec.vod).toContain('#EXT-X-ENDLIST');
    expect(rec.status).toBe(200);
    watcher.close();
    fanSock.close();
  }, 60_000);

  it('two broadcasts in a row are two streams: new URL, only its own fragments, the first closed with ENDLIST; each replay lasts its push within 1 s', async () => {
    const runs: Array<{ url: string; colour: string; seconds: number }> = [];
    for (const [colour, seconds] of [
      ['red', 8],
      ['blue', 6],
    ] as const) {
      const p = push(key, { color: colour, seconds });
      const url = await until(
        `broadcast ${runs.length + 1} live`,
        async () => {
          const v = await api<VliveVideo>(h, 'GET', VlivePaths.video.replace(':id', ROOM));
          return v.code === 200 && !runs.some((r) => r.url === v.data.url) ? v.data.url : null;
        },
        15_000,
      );
      // Every fragment the player is offered now is this broadcast's colour: none of the last one.
      const playlist = await until(
        'a playlist with fragments',
        async () => {
          const res = await fetch(h.base + url);
          const text = res.status === 200 ? await res.text() : '';
          return text.includes('.ts') ? text : null;
        },
        15_000,
      ).catch((e: unknown) => {
        const files = fs.readdirSync(tmp, { recursive: true }).join(' ');
        throw new Error(
          `${String(e)} (${colour}, ${url})\nfiles: ${files}\nnginx: ${media.logTail()}\nffmpeg: ${p.log()}`,
        );
      });
      for (const frag of playlist.split('\n').filter((l) => l.endsWith('.ts'))) {
        const bytes = Buffer.from(await (await fetch(h.base + url.replace('index.m3u8', frag))).arrayBuffer());
        const [r, , b] = fragmentColour(bytes);
        if (colour === 'red') expect(r! > 200 && b! < 50, `${frag}: ${r},${b}`).toBe(true);
        else expect(b! > 200 && r! < 50, `${frag}: ${r},${b}`).toBe(true);
      }
      expect(await p.exit).toBe(0);
      runs.push({ url, colour, seconds });
      // Ended: the room is offline and the broadcast's playlist says it is over (players play out its end).
      await until('the room offline', async () => !(await roomLive()), 10_000);
      const closing = await (await fetch(h.base + url)).text();
      expect(closing.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    }
    expect(runs[0]!.url).not.toBe(runs[1]!.url);
    // Replays: one per broadcast, start to end.
    const rows = await until(
      'two recordings',
      async () => {
        const r = await h.ts.storage.db
          .selectFrom('vlive_broadcasts')
          .innerJoin('vlive_replays', 'vlive_replays.id', 'vlive_broadcasts.replay_id')
          .select(['vlive_broadcasts.id', 'vlive_replays.url', 'vlive_replays.duration'])
          .where('vlive_broadcasts.room_id', '=', ROOM)
          .orderBy('vlive_broadcasts.id', 'desc')
          .limit(2)
          .execute();
        return r.length === 2 &&
          r[0]!.url !== r[1]!.url &&
          r.every((x) => runs.some((u) => u.url.includes(`/${x.id}/`)))
          ? r.reverse()
          : null;
      },
      30_000,
    );
    for (const [i, row] of rows.entries()) {
      const vod = await (await fetch(h.base + row.url!)).text();
      const total = [...vod.matchAll(/#EXTINF:([\d.]+)/g)].reduce((t, m) => t + Number(m[1]), 0);
      console.log(`replay ${i + 1}: pushed ${runs[i]!.seconds} s, recorded ${total.toFixed(2)} s`);
      expect(Math.abs(total - runs[i]!.seconds)).toBeLessThanOrEqual(1);
      const first = vod.split('\n').find((l) => l.endsWith('.ts'))!;
      const last = vod
        .split('\n')
        .filter((l) => l.endsWith('.ts'))
        .at(-1)!;
      for (const f of [first, last]) {
        const bytes = Buffer.from(await (await fetch(h.base + row.url!.replace('index.m3u8', f))).arrayBuffer());
        const [r, , b] = fragmentColour(bytes);
        expect(runs[i]!.colour === 'red' ? r! > 200 : b! > 200, `replay ${i + 1} ${f}: ${r},${b}`).toBe(true);
      }
    }
  }, 120_000);

  it('a reset key replaces the old one: the old key is refused', async () => {
    const reset = await api<AnchorConsole>(h, 'POST', BroadcastPaths.consoleKey, { token: anchor.token });
    expect(reset.data.streamKey).not.toBe(key);
    const code = await refusedPushExit(media.rtmpPort, key);
    expect(code).not.toBe('running');
    expect(await roomLive()).toBe(false);
  }, 15_000);
});
