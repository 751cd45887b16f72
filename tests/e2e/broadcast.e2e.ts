/**
 * A real broadcast in Chromium at 375×812 (issue 17): the server runs with VLIVE_HLS_DIR, nginx
 * with libnginx-mod-rtmp is started from a generated config on a free port, an anchor granted by
 * the operator API takes a stream key from the console API, and ffmpeg pushes `-f lavfi testsrc`
 * (with a `sine` tone as AAC, as an anchor's stream has sound).
 * The open room page turns from 未开播 to a playing video (currentTime advancing) once the
 * server marks the room live, and back to offline when the push stops, with a replay made.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  BroadcastPaths,
  OPS_TOKEN_HEADER,
  SystemPaths,
  UserPaths,
  VlivePaths,
  embeddedUrl,
  fillPath,
  type AnchorConsole,
  type Envelope,
  type VlivePage,
  type VliveReplay,
  type VliveRoomDetail,
} from '../../workers/protocol/index';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import { nginxRtmpConf, RTMP_MODULE } from '../../server/vlive/nginx-conf';
import {
  collectErrors,
  freePort,
  launchBrowser,
  newPhonePage,
  screenshot,
  startServer,
  type RunningServer,
} from '../helpers/e2e';

const OPS = 'ops-token-broadcast-e2e';
const PHONE_NO = '13655550171';
const PASSWORD = 'anchor2026x';
let server: RunningServer;
let browser: Browser;
let nginx: ChildProcess | null = null;
let tmp = '';
let rtmpPort = 0;
let roomId = '';
let streamKey = '';

async function call<T>(method: 'GET' | 'POST', p: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + p, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}
async function seal(password: string) {
  const iv = await call<PasswordIv>('GET', embeddedUrl(UserPaths.passwordIv));
  return { password: await encodeTransitPassword(password, iv.data), iv: iv.data.iv };
}

beforeAll(async () => {
  if (!fs.existsSync('/usr/bin/ffmpeg') || !fs.existsSync('/usr/sbin/nginx') || !fs.existsSync(RTMP_MODULE)) {
    throw new Error(
      'ffmpeg, nginx and libnginx-mod-rtmp are needed: apt-get install -y ffmpeg nginx libnginx-mod-rtmp',
    );
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-e2e-rtmp-'));
  const hlsDir = path.join(tmp, 'hls');
  fs.mkdirSync(hlsDir);
  rtmpPort = await freePort();
  server = await startServer({
    env: { VLIVE_HLS_DIR: hlsDir, RTMP_INGEST_URL: `rtmp://127.0.0.1:${rtmpPort}/live`, OPS_TOKEN: OPS },
  });
  const conf = path.join(tmp, 'nginx.conf');
  fs.writeFileSync(conf, nginxRtmpConf({ rtmpPort, hlsDir, appUrl: server.url, prefix: tmp }));
  nginx = spawn('nginx', ['-p', tmp, '-e', path.join(tmp, 'error.log'), '-c', conf], { stdio: 'ignore' });
  browser = await launchBrowser();

  // An offline room (one that streams only on its schedule).
  for (let i = 1001; i <= 1030 && !roomId; i++) {
    const r = await call<VliveRoomDetail>('GET', fillPath(VlivePaths.room, { id: String(i) }));
    if (r.code === 200 && !r.data.live) roomId = String(i);
  }
  if (!roomId) throw new Error('no offline room to broadcast to');

  // The anchor: registered, granted the room by the operator, key from the console.
  expect((await call('POST', embeddedUrl(UserPaths.smsSend), { phone: PHONE_NO, scene: 'register' })).code).toBe(200);
  const code = await call<{ code: string }>('GET', `${SystemPaths.devSms}?phone=${PHONE_NO}`);
  const reg = await call<{ token: string; user: { id: number } }>('POST', embeddedUrl(UserPaths.register), {
    phone: PHONE_NO,
    code: code.data.code,
    ...(await seal(PASSWORD)),
  });
  if (reg.code !== 200) throw new Error(`register failed: ${reg.msg}`);
  const login = await call<{ token: string; user: { id: number } }>('POST', embeddedUrl(UserPaths.login), {
    phone: PHONE_NO,
    ...(await seal(PASSWORD)),
  });
  const grant = await call<AnchorConsole>(
    'POST',
    embeddedUrl(BroadcastPaths.opsAnchor),
    { userId: login.data.user.id, roomId },
    { [OPS_TOKEN_HEADER]: OPS },
  );
  expect(grant.code).toBe(200);
  const cons = await call<AnchorConsole>('GET', BroadcastPaths.console, undefined, { accessToken: login.data.token });
  expect(cons.data.ingestUrl).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
  streamKey = cons.data.streamKey;
}, 240_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await browser?.close();
  await server?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a broadcast in the browser', () => {
  it('the open room page goes from 未开播 to a playing stream, and back with a replay', async () => {
    const page = await newPhonePage(browser);
    const errors = collectErrors(page);
    await page.goto(`${server.url}/vlive/detail/${roomId}`);
    await page.waitForSelector('.vl-novideo', { timeout: 15_000 });
    await screenshot(page, 'broadcast-offline');
    await new Promise<void>((resolve, reject) => {
      const s = net.connect(rtmpPort, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve()));
      s.once('error', reject);
    });

    const ffmpeg = spawn(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25']
        .concat(['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-c:a', 'aac', '-b:a', '64k'])
        .concat(['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'])
        .concat(['-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`]),
      { stdio: 'ignore' },
    );
    const exited = new Promise<void>((r) => ffmpeg.once('exit', () => r()));
    try {
      const pushedAt = Date.now();
      // The server's word that the room is live …
      for (;;) {
        const r = await call<VliveRoomDetail>('GET', fillPath(VlivePaths.room, { id: roomId }));
        if (r.data.live) break;
        if (Date.now() - pushedAt > 10_000) throw new Error('the room never went live');
        await new Promise((res) => setTimeout(res, 50));
      }
      const liveAt = Date.now();
      // … reaches the open page over the socket: the offline card gives way to the player.
      await page.waitForSelector('.vl-stage video', { timeout: 2_000 });
      const shownAt = Date.now();
      console.log(`push → live ${liveAt - pushedAt} ms; live → player on the page ${shownAt - liveAt} ms`);
      expect(shownAt - liveAt).toBeLessThan(2_000);
      await page
        .waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, {
          timeout: 20_000,
        })
        .catch(async (e: unknown) => {
          const stage = await page.evaluate(() => {
            const v = document.querySelector('video')!;
            return `error=${v.error?.code}:${v.error?.message} ready=${v.readyState} net=${v.networkState} paused=${v.paused} t=${v.currentTime}`;
          });
          const hls = await fetch(`${server.url}/media/rtmp/${roomId}/index.m3u8`);
          throw new Error(`${String(e)}\nstage: ${stage}\nplaylist: ${hls.status} ${(await hls.text()).slice(0, 300)}`);
        });
      const t0 = await page.evaluate(() => document.querySelector('video')!.currentTime);
      await page.waitForFunction((t) => document.querySelector('video')!.currentTime > t + 2, t0, { timeout: 15_000 });
      await screenshot(page, 'broadcast-live');
    } finally {
      ffmpeg.kill('SIGINT');
      await exited;
    }
    await page.waitForSelector('.vl-novideo', { timeout: 10_000 });
    const replays = await call<VlivePage<VliveReplay>>('GET', `${VlivePaths.replays}?roomId=${roomId}`);
    expect(replays.data.list.some((r) => r.title.startsWith('回放：'))).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);
});
