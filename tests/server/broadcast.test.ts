/**
 * Real broadcasts (issue 17) with Debian's nginx + libnginx-mod-rtmp and ffmpeg: nginx is
 * started by the test on a free port from a generated nginx.conf in a temp dir, with its
 * on_publish / on_update / on_publish_done callbacks pointing at the real vlive area. ffmpeg
 * pushes a generated test source (`-f lavfi testsrc`). A bad key is refused; a good key turns the
 * room live over the socket within 2 s and reminds followers; HLS comes out in fragments of
 * 2 s or less; a reset key stops working; stopping the push turns the room offline with a replay.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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
import { nginxRtmpConf, RTMP_MODULE } from '../../server/vlive/nginx-conf';
import { Sock, api, createUser, startVlive, type VliveHarness } from './vlive-harness';

const ROOM = '1003';
let h: VliveHarness;
let nginx: ChildProcess;
let rtmpPort = 0;
let tmp = '';
let anchor: { id: number; token: string };
let fan: { id: number; token: string };

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** ffmpeg pushing a generated 320×240 test pattern with a 1 s GOP (so fragments can be 1 s). */
function push(key: string): { proc: ChildProcess; exit: Promise<number | null>; log: () => string } {
  const proc = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '25',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'flv',
      `rtmp://127.0.0.1:${rtmpPort}/live/${key}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  proc.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  const exit = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, exit, log: () => log };
}

const roomLive = async () =>
  (await h.ts.storage.db.selectFrom('vlive_rooms').select('live').where('id', '=', ROOM).executeTakeFirstOrThrow())
    .live;

beforeAll(async () => {
  for (const bin of ['ffmpeg', 'nginx']) {
    if (!fs.existsSync(`/usr/bin/${bin}`) && !fs.existsSync(`/usr/sbin/${bin}`)) {
      throw new Error(`${bin} is missing: apt-get install -y ffmpeg nginx libnginx-mod-rtmp (.ci/run does)`);
    }
  }
  if (!fs.existsSync(RTMP_MODULE)) throw new Error(`${RTMP_MODULE} is missing: apt-get install -y libnginx-mod-rtmp`);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-rtmp-'));
  const hlsDir = path.join(tmp, 'hls');
  fs.mkdirSync(hlsDir);
  process.env.VLIVE_HLS_DIR = hlsDir;
  process.env.RTMP_INGEST_URL = 'rtmp://127.0.0.1/live';
  h = await startVlive(Date.now());
  h.clock.now = Date.now();
  rtmpPort = await freePort();
  const conf = path.join(tmp, 'nginx.conf');
  fs.writeFileSync(conf, nginxRtmpConf({ rtmpPort, hlsDir, appUrl: h.base, prefix: tmp }));
  nginx = spawn('nginx', ['-p', tmp, '-e', path.join(tmp, 'error.log'), '-c', conf], { stdio: 'ignore' });
  await until(
    'nginx to listen',
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(rtmpPort, '127.0.0.1');
        s.once('connect', () => (s.destroy(), resolve(true)));
        s.once('error', () => resolve(false));
      }),
    10_000,
  );
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
  // Start offline, as a room is before its anchor pushes.
  await h.ts.storage.db.updateTable('vlive_rooms').set({ live: false }).where('id', '=', ROOM).execute();
}, 60_000);

afterAll(async () => {
  delete process.env.VLIVE_HLS_DIR;
  delete process.env.RTMP_INGEST_URL;
  nginx?.kill('SIGTERM');
  await h?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('broadcasting through nginx-rtmp', () => {
  let key = '';

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
    const p = push('live_not_a_real_key_0000000000');
    const code = await Promise.race([p.exit, new Promise<'running'>((r) => setTimeout(() => r('running'), 8_000))]);
    if (code === 'running') p.proc.kill('SIGKILL');
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
      expect(video.data.url).toBe(`/media/rtmp/${ROOM}/index.m3u8`);
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
        const log = fs.readFileSync(path.join(tmp, 'error.log'), 'utf8').split('\n').slice(-15).join('\n');
        throw new Error(`${String(e)}\nfiles: ${files}\nnginx: ${log}\nffmpeg: ${p.log()}`);
      });
      const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1]);
      expect(target).toBeLessThanOrEqual(2);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      expect(Math.max(...durations)).toBeLessThanOrEqual(2);
      const frag = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
      const seg = await fetch(`${h.base}/media/rtmp/${ROOM}/${frag}`);
      expect(seg.headers.get('content-type')).toBe('video/mp2t');
      expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      // Let it run a little so the recording has several fragments.
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      p.proc.kill('SIGINT');
      await p.exit;
    }
    await watcher.next((f) => f.code === Frame.EVENT && f.data.kind === 'live' && f.data.live === false, 10_000);
    expect(await roomLive()).toBe(false);
    expect((await api(h, 'GET', VlivePaths.video.replace(':id', ROOM))).code).toBe(20001);
    const replay = await until(
      'the replay',
      () =>
        h.ts.storage.db
          .selectFrom('vlive_replays')
          .selectAll()
          .where('room_id', '=', ROOM)
          .where('url', 'like', '/media/recordings/%')
          .executeTakeFirst(),
      5_000,
    );
    expect(replay.duration).toBeGreaterThanOrEqual(4);
    const vod = await (await fetch(h.base + replay.url!)).text();
    expect(vod).toContain('#EXT-X-ENDLIST');
    const first = vod.split('\n').find((l) => l.endsWith('.ts'))!;
    expect((await fetch(`${h.base}${replay.url!.replace('index.m3u8', first)}`)).status).toBe(200);
    watcher.close();
    fanSock.close();
  }, 60_000);

  it('a reset key replaces the old one: the old key is refused', async () => {
    const reset = await api<AnchorConsole>(h, 'POST', BroadcastPaths.consoleKey, { token: anchor.token });
    expect(reset.data.streamKey).not.toBe(key);
    const p = push(key);
    const code = await Promise.race([p.exit, new Promise<'running'>((r) => setTimeout(() => r('running'), 8_000))]);
    if (code === 'running') p.proc.kill('SIGKILL');
    expect(code).not.toBe('running');
    expect(await roomLive()).toBe(false);
  }, 15_000);
});
