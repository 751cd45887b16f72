/**
 * The HLS bitrate ladder (issue 17): VLIVE_LADDER is parsed strictly; the generated nginx config
 * transcodes each publish to `live` with one `exec_push` ffmpeg into a loopback-only `ladder`
 * application carrying the `hls_variant`s; and a real push (nginx + ffmpeg, 640×360 testsrc,
 * ladder 360,240) gives the room a master playlist, without the key, listing the source and each
 * rung with BANDWIDTH/RESOLUTION, each rung's own playlist in fragments of 2 s or less, the 240
 * rung really 240 lines high; the replay is made from the source rendition.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BroadcastPaths,
  VlivePaths,
  fillPath,
  type AnchorConsole,
  type VliveVideo,
} from '../../workers/protocol/index';
import { nginxRtmpConf } from '../../server/vlive/nginx-conf';
import { DEFAULT_LADDER, parseLadder, roomMasterPlaylist } from '../../server/vlive/ladder';
import {
  pushTestSource,
  refusedPushExit,
  requireMediaServer,
  startMediaServer,
  until,
  type MediaServer,
  TEST_RTMP_SECRET,
} from '../helpers/rtmp';
import { api, createUser, recordedReplay, startVlive, type VliveHarness } from './vlive-harness';

const ROOM = '1005';
/** This machine's first non-loopback IPv4 address: pushes from it are not from 127.0.0.1. */
const OUTSIDE = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const LADDER = [360, 240] as const;

/** The height of the first video stream of an MPEG-TS fragment, by ffprobe. */
function videoHeight(file: string, bytes: Buffer): number {
  fs.writeFileSync(file, bytes);
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height', '-of', 'csv=p=0', file];
  return parseInt(execFileSync('ffprobe', args).toString(), 10);
}

describe('VLIVE_LADDER and the generated config', () => {
  it('parses off, heights (deduplicated, high to low) and the default; refuses anything else in Chinese', () => {
    expect(parseLadder('off')).toEqual([]);
    expect(parseLadder(' 360, 720,360 ')).toEqual([720, 360]);
    expect(parseLadder(undefined)).toEqual([...DEFAULT_LADDER]);
    expect(() => parseLadder('720,500')).toThrow(/VLIVE_LADDER 配置有误/);
    expect(() => parseLadder('on')).toThrow(/应为 off 或以逗号分隔的高度/);
  });

  it('with a ladder: `live` keeps the key check and runs the transcoder; `ladder` takes loopback pushes only and lists every rung', () => {
    const conf = nginxRtmpConf({
      rtmpPort: 1935,
      hlsDir: '/h',
      appUrl: 'http://a',
      prefix: '/p',
      ladder: [480, 360],
      callbackSecret: 's&1',
    });
    const live = conf.slice(conf.indexOf('application live'), conf.indexOf('application ladder'));
    const ladder = conf.slice(conf.indexOf('application ladder'));
    expect(live).toContain('on_publish http://a/media/rtmp/on_publish?secret=s%261;');
    expect(live).toContain('hls off;');
    expect(live).toMatch(/exec_push \/usr\/bin\/ffmpeg .*-i rtmp:\/\/127\.0\.0\.1:1935\/live\/\$name /);
    for (const rung of ['src', '480', '360']) expect(live).toContain(`rtmp://127.0.0.1:1935/ladder/$name_${rung}`);
    expect(live).toContain(`"[0:v]split=2[s480][s360];[s480]scale=-2:'min(ih,480)'[v480];`);
    expect(ladder).not.toContain('on_publish');
    expect(ladder).toContain('allow publish 127.0.0.1;\n      deny publish all;');
    expect(ladder).toContain('hls_fragment 1s;');
    expect(ladder).toContain('hls_variant _src BANDWIDTH=4000000;');
    expect(ladder).toContain('hls_variant _480 BANDWIDTH=1128000,RESOLUTION=854x480;');
    expect(ladder).toContain('hls_variant _360 BANDWIDTH=728000,RESOLUTION=640x360;');
    // Off: no transcoder, but the push is still copied (`-c copy`, no encoding) to `ladder`, which
    // writes the HLS under the broadcast's own stream name (nginx-rtmp's HLS in `live` would take
    // the key's name: it runs before on_publish's rename).
    const off = nginxRtmpConf({
      rtmpPort: 1935,
      hlsDir: '/h',
      appUrl: 'http://a',
      prefix: '/p',
      ladder: [],
      callbackSecret: 's',
    });
    const offLive = off.slice(off.indexOf('application live'), off.indexOf('application ladder'));
    expect(offLive).toContain('hls off;');
    expect(offLive).toMatch(/exec_push .* -c copy -f flv rtmp:\/\/127\.0\.0\.1:1935\/ladder\/\$name_src;/);
    expect(offLive).not.toContain('libx264');
    expect(off.slice(off.indexOf('application ladder'))).not.toContain('hls_variant');
    // Every push recorded whole for its replay, and the callbacks carry the secret when one is set.
    expect(offLive).toContain('record all;\n      record_path /h/rec;');
    const signed = nginxRtmpConf({
      rtmpPort: 1935,
      hlsDir: '/h',
      appUrl: 'http://a',
      prefix: '/p',
      ladder: [],
      callbackSecret: 's e',
    });
    expect(signed).toContain('on_publish_done http://a/media/rtmp/on_publish_done?secret=s%20e;');
  });

  it('the master playlist served to players names renditions by rung, never by key', () => {
    const nginxMaster = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=4000000',
      'live_k_src/index.m3u8',
      '#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=728000,RESOLUTION=640x360',
      'live_k_360/index.m3u8',
      '#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=1',
      'other_360/index.m3u8',
    ].join('\n');
    expect(roomMasterPlaylist(nginxMaster, 'live_k')).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=4000000',
        'src/index.m3u8',
        '#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=728000,RESOLUTION=640x360',
        '360/index.m3u8',
        '',
      ].join('\n'),
    );
  });
});

describe('a push through the ladder', () => {
  let h: VliveHarness;
  let media: MediaServer;
  let tmp = '';
  let key = '';

  beforeAll(async () => {
    requireMediaServer();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-ladder-'));
    const hlsDir = path.join(tmp, 'hls');
    fs.mkdirSync(hlsDir);
    process.env.VLIVE_HLS_DIR = hlsDir;
    process.env.RTMP_CALLBACK_SECRET = TEST_RTMP_SECRET;
    process.env.VLIVE_LADDER = LADDER.join(',');
    process.env.RTMP_CALLBACK_SECRET = 'callback-secret-ladder-test';
    h = await startVlive(Date.now());
    h.clock.now = Date.now();
    // Listening on every address (as for pushes from the internet): the transcoder still reaches
    // nginx on 127.0.0.1, and an outside address can be tried against the `ladder` application.
    media = await startMediaServer({
      dir: tmp,
      hlsDir,
      appUrl: h.base,
      ladder: LADDER,
      listenAll: true,
      callbackSecret: 'callback-secret-ladder-test',
    });
    const anchor = await createUser(h, { nickName: '主播阿梯' });
    await h.ts.storage.db
      .insertInto('vlive_anchor_users')
      .values({ user_id: anchor.id, room_id: ROOM, at: Date.now() })
      .execute();
    await h.ts.storage.db.updateTable('vlive_rooms').set({ live: false }).where('id', '=', ROOM).execute();
    key = (await api<AnchorConsole>(h, 'GET', BroadcastPaths.console, { token: anchor.token })).data.streamKey;
  }, 60_000);

  afterAll(async () => {
    delete process.env.VLIVE_HLS_DIR;
    delete process.env.RTMP_CALLBACK_SECRET;
    delete process.env.VLIVE_LADDER;
    delete process.env.RTMP_CALLBACK_SECRET;
    media?.proc.kill('SIGTERM');
    await h?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the room plays a master playlist of src, 360 and 240, each rung in ≤2 s fragments; the replay is the source', async () => {
    const p = pushTestSource(media.rtmpPort, key, { size: '640x360', audio: true });
    const text = async (url: string) => {
      const res = await fetch(h.base + url);
      return res.status === 200 ? res.text() : null;
    };
    const rungs = ['src', ...LADDER.map(String)];
    try {
      const video = await until(
        'the room to go live',
        async () => {
          const v = await api<VliveVideo>(h, 'GET', VlivePaths.video.replace(':id', ROOM));
          return v.code === 200 ? v.data : null;
        },
        15_000,
      );
      const broadcastId = Number(/\/(\d+)\/master\.m3u8$/.exec(video.url)?.[1]);
      expect(video.url).toBe(fillPath(BroadcastPaths.hls, { roomId: ROOM, broadcastId, file: 'master.m3u8' }));
      const master = await until(
        'a master playlist with every rung',
        async () => {
          const m = await text(video.url);
          return m && rungs.every((r) => m.includes(`\n${r}/index.m3u8`)) ? m : null;
        },
        20_000,
      ).catch((e: unknown) => {
        throw new Error(`${String(e)}\nnginx: ${media.logTail()}\nffmpeg: ${p.log()}`);
      });
      expect(master).not.toContain(key);
      expect(master).toContain('#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=4000000\nsrc/index.m3u8');
      expect(master).toContain('BANDWIDTH=728000,RESOLUTION=640x360\n360/index.m3u8');
      expect(master).toContain('BANDWIDTH=428000,RESOLUTION=426x240\n240/index.m3u8');

      for (const rung of rungs) {
        const url = fillPath(BroadcastPaths.hlsRendition, { roomId: ROOM, broadcastId, rung, file: 'index.m3u8' });
        const playlist = await until(
          `the ${rung} playlist with 3 fragments`,
          async () => {
            const t = await text(url);
            return t && (t.match(/#EXTINF/g) ?? []).length >= 3 ? t : null;
          },
          20_000,
        );
        expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1])).toBeLessThanOrEqual(2);
        const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
        expect(Math.max(...durations)).toBeLessThanOrEqual(2);
        const frag = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
        const seg = await fetch(h.base + url.replace('index.m3u8', frag));
        expect(seg.headers.get('content-type')).toBe('video/mp2t');
        const bytes = Buffer.from(await seg.arrayBuffer());
        const height = videoHeight(path.join(tmp, `probe-${rung}.ts`), bytes);
        // The source and the 360 rung stay 360 lines (a rung never scales up); 240 is transcoded.
        expect(height).toBe(rung === '240' ? 240 : 360);
      }
      // The room's index.m3u8 is the source rendition; an unknown rung is a 404.
      expect(await text(fillPath(BroadcastPaths.hls, { roomId: ROOM, broadcastId, file: 'index.m3u8' }))).toContain(
        '#EXTINF',
      );
      const bad = await fetch(
        h.base + fillPath(BroadcastPaths.hlsRendition, { roomId: ROOM, broadcastId, rung: 'x', file: 'a.ts' }),
      );
      expect(bad.status).toBe(404);
      await new Promise((r) => setTimeout(r, 2_000));
    } finally {
      p.proc.kill('SIGINT');
      await p.exit;
    }
    const rec = await recordedReplay(h, ROOM, 10_000);
    expect(rec.replay.duration).toBeGreaterThanOrEqual(3);
    expect(rec.vod).toContain('#EXT-X-ENDLIST');
    expect(rec.status).toBe(200);
    // The recording is the push itself (nginx's record of it, remuxed), not a rung: 360 lines.
    expect(videoHeight(path.join(tmp, 'probe-replay.ts'), rec.bytes)).toBe(360);
  }, 90_000);

  it.skipIf(!OUTSIDE)(
    'the ladder application takes no push from another address, key or not',
    async () => {
      for (const name of [`${key}_src`, 'anything_480']) {
        const code = await refusedPushExit(media.rtmpPort, name, { host: OUTSIDE, app: 'ladder' });
        expect(code).not.toBe('running');
        expect(code).not.toBe(0);
      }
      expect(fs.existsSync(path.join(tmp, 'hls', 'anything_480'))).toBe(false);
      expect(fs.existsSync(path.join(tmp, 'hls', 'anything.m3u8'))).toBe(false);
    },
    30_000,
  );
});
