/**
 * A real broadcast in Chromium at 375×812 (issue 17): the server runs with VLIVE_HLS_DIR, nginx
 * with libnginx-mod-rtmp is started from a generated config on a free port, an anchor granted by
 * the operator API takes a stream key from the console API, and ffmpeg pushes `-f lavfi testsrc`
 * (with a `sine` tone as AAC, as an anchor's stream has sound).
 * The open room page turns from 未开播 to a playing video (currentTime advancing) once the
 * server marks the room live, and back to offline when the push stops, with a replay made.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
  type VliveBagItem,
  type VlivePage,
  type VliveReplay,
  type VliveRoomDetail,
} from '../../workers/protocol/index';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import { parseLadder } from '../../server/vlive/ladder';
import {
  TEST_RTMP_SECRET,
  pushTestSource,
  requireMediaServer,
  startMediaServer,
  type MediaServer,
} from '../helpers/rtmp';
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
const FAN_PHONE = '13655550172';
const FAN_PASSWORD = 'fan2026xyz';
let server: RunningServer;
let browser: Browser;
let media: MediaServer | null = null;
let tmp = '';
let rtmpPort = 0;
let roomId = '';
let streamKey = '';
let anchorToken = '';

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

/** ffmpeg pushing `-f lavfi testsrc` with a `sine` tone (1 s GOP, so 1 s fragments). */
function push(key: string) {
  const p = pushTestSource(rtmpPort, key, { audio: true });
  return { ffmpeg: p.proc, exited: p.exit };
}

/** Registers a user (SMS code from the dev outbox) and logs it in over the API. */
async function registerUser(phone: string, password: string) {
  expect((await call('POST', embeddedUrl(UserPaths.smsSend), { phone, scene: 'register' })).code).toBe(200);
  const code = await call<{ code: string }>('GET', `${SystemPaths.devSms}?phone=${phone}`);
  const reg = await call('POST', embeddedUrl(UserPaths.register), {
    phone,
    code: code.data.code,
    ...(await seal(password)),
  });
  if (reg.code !== 200) throw new Error(`register failed: ${reg.msg}`);
  return call<{ token: string; user: { id: number } }>('POST', embeddedUrl(UserPaths.login), {
    phone,
    ...(await seal(password)),
  });
}

/** Logs a phone page in through the login form. */
async function loginInPage(page: Page, phone: string, password: string) {
  await page.goto(`${server.url}/user/login`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  const agree = page.getByRole('checkbox');
  if (await agree.count()) await agree.check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 15_000 });
}

beforeAll(async () => {
  requireMediaServer();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-e2e-rtmp-'));
  const hlsDir = path.join(tmp, 'hls');
  fs.mkdirSync(hlsDir);
  rtmpPort = await freePort();
  server = await startServer({
    env: {
      VLIVE_HLS_DIR: hlsDir,
      RTMP_INGEST_URL: `rtmp://127.0.0.1:${rtmpPort}/live`,
      RTMP_CALLBACK_SECRET: TEST_RTMP_SECRET,
      OPS_TOKEN: OPS,
    },
  });
  // The default ladder (VLIVE_LADDER unset on both sides): the player gets a master playlist.
  media = await startMediaServer({ dir: tmp, hlsDir, appUrl: server.url, ladder: parseLadder(undefined), rtmpPort });
  browser = await launchBrowser();

  // An offline room (one that streams only on its schedule).
  for (let i = 1001; i <= 1030 && !roomId; i++) {
    const r = await call<VliveRoomDetail>('GET', fillPath(VlivePaths.room, { id: String(i) }));
    if (r.code === 200 && !r.data.live) roomId = String(i);
  }
  if (!roomId) throw new Error('no offline room to broadcast to');

  // The anchor: registered, granted the room by the operator, key from the console.
  const login = await registerUser(PHONE_NO, PASSWORD);
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
  anchorToken = login.data.token;
}, 240_000);

afterAll(async () => {
  media?.proc.kill('SIGTERM');
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
    const hlsRequests: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith(`/media/rtmp/${roomId}/`)) hlsRequests.push(p);
    });

    const { ffmpeg, exited } = push(streamKey);
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
          polling: 100,
          timeout: 20_000,
        })
        .catch(async (e: unknown) => {
          const stage = await page.evaluate(() => {
            const v = document.querySelector('video')!;
            return `error=${v.error?.code}:${v.error?.message} ready=${v.readyState} net=${v.networkState} paused=${v.paused} t=${v.currentTime}`;
          });
          const hls = await fetch(`${server.url}/media/rtmp/${roomId}/master.m3u8`);
          throw new Error(
            `${String(e)}\nstage: ${stage}\nmaster: ${hls.status} ${(await hls.text()).slice(0, 300)}\nrequests: ${hlsRequests.join(' ')}\nnginx: ${media?.logTail()}`,
          );
        });
      const t0 = await page.evaluate(() => document.querySelector('video')!.currentTime);
      await page.waitForFunction((t) => document.querySelector('video')!.currentTime > t + 2, t0, {
        polling: 100,
        timeout: 15_000,
      });
      await screenshot(page, 'broadcast-live');
      // The player went through the ladder's master playlist to one rendition's playlist and fragments.
      expect(hlsRequests[0]).toBe(`/media/rtmp/${roomId}/master.m3u8`);
      const rendition = new RegExp(`^/media/rtmp/${roomId}/(src|\\d+)/(index\\.m3u8|\\d+\\.ts)$`);
      expect(hlsRequests.some((p) => rendition.test(p) && p.endsWith('index.m3u8'))).toBe(true);
      expect(hlsRequests.some((p) => rendition.test(p) && p.endsWith('.ts'))).toBe(true);
      // Chromium before 141 has no native HLS and uses hls.js, which reads the master's three
      // renditions (src/480/360); Debian's Chromium 156 plays the master natively (it picks the
      // rendition itself, seen in the requests above).
      const player = await page.evaluate(() => ({ ...document.querySelector('video')!.dataset }));
      console.log(`player: ${JSON.stringify(player)}; HLS requests: ${hlsRequests.slice(0, 6).join(' ')}`);
      expect(['native', 'hls.js']).toContain(player.engine);
      if (player.engine === 'hls.js') {
        expect(player.renditions).toBe('3');
        expect(['0', '1', '2']).toContain(player.rendition);
      }
    } finally {
      ffmpeg.kill('SIGINT');
      await exited;
    }
    await page.waitForSelector('.vl-novideo', { timeout: 10_000 });
    const replays = await call<VlivePage<VliveReplay>>('GET', `${VlivePaths.replays}?roomId=${roomId}`);
    expect(replays.data.list.some((r) => r.title.startsWith('回放：'))).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the anchor console and /vlive/0 follow a push over the socket: the card goes live within 2 s, chat and gifts reach the console, a reset key is refused', async () => {
    const fan = await registerUser(FAN_PHONE, FAN_PASSWORD);
    const room = await call<VliveRoomDetail>('GET', fillPath(VlivePaths.room, { id: roomId }));
    const follow = await call<{ follow: 0 | 1 }>(
      'POST',
      VlivePaths.attention,
      { anchorId: room.data.anchor.id },
      { accessToken: fan.data.token },
    );
    expect(follow.data.follow).toBe(1);

    const desk = await newPhonePage(browser);
    const consoleErrors = collectErrors(desk);
    await loginInPage(desk, PHONE_NO, PASSWORD);
    await desk.goto(`${server.url}/user/anchor`);
    await desk.waitForSelector('[data-live="0"]', { timeout: 15_000 });
    expect(await desk.locator('[data-ingest-url]').textContent()).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
    await desk.getByRole('button', { name: '显示' }).click();
    expect(await desk.locator('[data-stream-key]').getAttribute('data-stream-key')).toBe(streamKey);
    await screenshot(desk, 'anchor-console-offline');

    const list = await newPhonePage(browser);
    const listErrors = collectErrors(list);
    await loginInPage(list, FAN_PHONE, FAN_PASSWORD);
    await list.goto(`${server.url}/vlive/0`);
    await list.waitForSelector('[data-testid="vlive-rooms"] [data-room-id]', { timeout: 15_000 });
    // Timestamps taken in the page, as the DOM changes: the card turning live, the reminder.
    await list.evaluate((id) => {
      const w = window as unknown as Record<string, number>;
      const check = () => {
        const card = document.querySelector(`[data-testid="vlive-rooms"] [data-room-id="${id}"] .vl-badge--live`);
        if (card && !w.__liveAt) w.__liveAt = Date.now();
        if (w.__liveAt && !card && !w.__offAt) w.__offAt = Date.now();
        if (!w.__reminderAt && document.querySelector('.qs-toast')?.textContent?.includes('您关注的主播开播了'))
          w.__reminderAt = Date.now();
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    }, roomId);
    expect(await list.evaluate(() => (window as unknown as Record<string, number>).__liveAt)).toBeUndefined();

    const pushedAt = Date.now();
    const { ffmpeg, exited } = push(streamKey);
    let stoppedAt = 0;
    try {
      const liveAt = await list
        .waitForFunction(() => (window as unknown as Record<string, number>).__liveAt, undefined, {
          polling: 100,
          timeout: 20_000,
        })
        .then((h) => h.jsonValue() as Promise<number>);
      const reminderAt = await list
        .waitForFunction(() => (window as unknown as Record<string, number>).__reminderAt, undefined, {
          polling: 100,
          timeout: 10_000,
        })
        .then((h) => h.jsonValue() as Promise<number>);
      // From the server marking the room live (nginx's on_publish) to the page; and from ffmpeg's
      // start, which adds its own start-up and the RTMP handshake on a loaded machine.
      const since = await call<AnchorConsole>('GET', BroadcastPaths.console, undefined, { accessToken: anchorToken });
      const liveSince = since.data.liveSince!;
      console.log(
        `publish → card live on /vlive/0 ${liveAt - liveSince} ms, → follower's reminder ${reminderAt - liveSince} ms (from ffmpeg's start: ${liveAt - pushedAt} / ${reminderAt - pushedAt} ms)`,
      );
      expect(liveSince).toBeGreaterThanOrEqual(pushedAt);
      expect(liveAt - liveSince).toBeLessThan(2_000);
      expect(reminderAt - liveSince).toBeLessThan(2_000);
      await screenshot(list, 'vlive-list-live');

      await desk.waitForSelector('[data-live="1"]', { timeout: 5_000 });
      // The fan opens the room: one more socket on the room's topic, and says something.
      const watch = await list.context().newPage();
      await watch.goto(`${server.url}/vlive/detail/${roomId}`);
      await watch.getByLabel('说点什么…').fill('主播好，今晚看谁赢？');
      await watch.getByRole('button', { name: '发送' }).click();
      await desk.locator('.vl-chat-list').getByText('主播好，今晚看谁赢？').waitFor({ timeout: 5_000 });
      await desk.waitForFunction(
        () => Number(document.querySelector('[data-viewers]')?.getAttribute('data-viewers')) >= 2,
        undefined,
        { polling: 100, timeout: 15_000 },
      );
      const bag = await call<VliveBagItem[]>('GET', VlivePaths.bag, undefined, { accessToken: fan.data.token });
      const item = bag.data.find((b) => b.count > 0)!;
      const gift = await call(
        'POST',
        VlivePaths.giftSend,
        { roomId, giftId: item.giftId, count: 1, fromBag: 1, idemKey: `e2e-${Date.now()}` },
        { accessToken: fan.data.token },
      );
      expect(gift.code).toBe(200);
      await desk.locator('[data-gift-event]').getByText(item.name, { exact: false }).waitFor({ timeout: 5_000 });
      await screenshot(desk, 'anchor-console-live');
      await watch.close();
    } finally {
      // From the stop signal: the media server can drop the card before this process sees ffmpeg exit.
      stoppedAt = Date.now();
      ffmpeg.kill('SIGINT');
      await exited;
    }
    await desk.waitForSelector('[data-live="0"]', { timeout: 10_000 });
    const offAt = await list
      .waitForFunction(() => (window as unknown as Record<string, number>).__offAt, undefined, {
        polling: 100,
        timeout: 10_000,
      })
      .then((h) => h.jsonValue() as Promise<number>);
    console.log(`push stopped → card gone from 推荐 ${offAt - stoppedAt} ms`);

    // A reset key: the console shows the new one, and the old one is refused by the media server.
    await desk.getByRole('button', { name: '重置密钥' }).click();
    await desk.getByRole('button', { name: '确认重置' }).click();
    await desk.waitForFunction(
      (old) => {
        const k = document.querySelector('[data-stream-key]')?.getAttribute('data-stream-key');
        return k && k !== old;
      },
      streamKey,
      { polling: 100, timeout: 10_000 },
    );
    const refused = push(streamKey);
    const code = await Promise.race([
      refused.exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 8_000)),
    ]);
    if (code === 'running') refused.ffmpeg.kill('SIGKILL');
    expect(code).not.toBe('running');
    expect(code).not.toBe(0);
    expect((await call<VliveRoomDetail>('GET', fillPath(VlivePaths.room, { id: roomId }))).data.live).toBe(false);
    expect(consoleErrors).toEqual([]);
    expect(listErrors).toEqual([]);
  }, 180_000);
});
