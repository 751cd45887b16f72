/**
 * The room page's player against a real media server (issue 31): nginx + libnginx-mod-rtmp from
 * the generated config (default ladder), ffmpeg pushing as an anchor, Chromium at 375×812.
 *
 * - A viewer whose playlist stops advancing recovers by itself: its socket goes quiet (every frame
 *   from the server dropped, as on a phone whose connection silently died) and the broadcast's
 *   playlists stop advancing for it (served frozen, as a stale cache would); the anchor's push
 *   ends and a new broadcast starts. The page is never told, yet plays the new broadcast within
 *   STALL_BOUND_MS of it going live: its player noticed the picture had stopped (LivePlayer's
 *   STALL_MS) and the page read the room's source again. No reload of the page.
 * - Latency over two minutes, read from a clock burned into the picture
 *   (tests/helpers/broadcast-clock.ts), for a viewer waiting before the push and one joining
 *   after 40 s: p95 under P95_BOUND_S and no growth beyond GROWTH_BOUND_S (before issue 31 it
 *   was 5–7 s and crept up).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { VlivePaths, fillPath, type VliveVideo } from '../../workers/protocol/index';
import { startBroadcastApp, type BroadcastApp } from '../helpers/broadcast-app';
import {
  clockPushArgs,
  clockDiagnosis,
  clockSamples,
  formatFigures,
  latencyFigures,
  readClockInPage,
} from '../helpers/broadcast-clock';
import { pushTestSource, until } from '../helpers/rtmp';
import { launchBrowser, newPhonePage, screenshot } from '../helpers/e2e';

/**
 * From the new broadcast being live to its first frame on the stalled viewer's screen: the
 * buffer it still had (~2.5 s), STALL_MS (8 s) without a moving picture, the detector's 1 s tick,
 * then the room's source read again and the new broadcast started (1–3 s on a loaded machine).
 */
const STALL_BOUND_MS = 20_000;
/** p95 of the glass-to-glass latency: the target (about 2.8 s measured on the loaded 2-core machine). */
const P95_BOUND_S = 4;
/** Mean latency of the last 30 s minus the first 30 s. */
const GROWTH_BOUND_S = 1;
const PUSH_S = 120;

let app: BroadcastApp;
let browser: Browser;
let roomId = '';
let key = '';

beforeAll(async () => {
  app = await startBroadcastApp('player-e2e');
  browser = await launchBrowser();
  ({ roomId, key } = await app.anchorRoom('13655550181', 'anchor2026y'));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

type Sample = { at: number; src: string; el: string; r: number; g: number; b: number };

describe('the room page player with a media server', () => {
  it('a viewer whose playlist stopped advancing, told nothing, plays the room’s next broadcast by itself without a reload', async () => {
    const page = await newPhonePage(browser);
    // The core runs in the page (`?core=inline`), so the test can hold its socket's frames back.
    let deaf = false;
    const dropped: string[] = [];
    await page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((m) => {
        if (deaf) dropped.push(String(m));
        else ws.send(m);
      });
      ws.onMessage((m) => server.send(m));
    });
    await page.goto(`${app.server.url}/vlive/detail/${roomId}?core=inline`);
    await page.waitForSelector('.vl-novideo', { timeout: 15_000 });
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });
    // What the viewer sees, ten times a second: the picture's colour and the player's URL.
    await page.evaluate(() => {
      const w = window as unknown as { __samples: unknown[]; __samePage: boolean };
      w.__samePage = true;
      w.__samples = [];
      const c = document.createElement('canvas');
      c.width = c.height = 1;
      const g = c.getContext('2d', { willReadFrequently: true })!;
      setInterval(() => {
        const v = document.querySelector<HTMLVideoElement>('.vl-stage video');
        if (!v || v.readyState < 2) return;
        // Which video element: a player started over is a new one.
        v.dataset.el ??= String(w.__samples.length);
        g.drawImage(v, 0, 0, 1, 1);
        const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
        w.__samples.push({ at: Date.now(), src: v.dataset.src, el: v.dataset.el, r, g: gr, b });
      }, 100);
    });
    const firstOf = (colour: 'red' | 'blue', src?: string) =>
      page
        .waitForFunction(
          ([c, s]) =>
            (window as unknown as { __samples: Sample[] }).__samples.find(
              (x) => (!s || x.src === s) && (c === 'red' ? x.r > 180 && x.b < 80 : x.b > 180 && x.r < 80),
            ),
          [colour, src] as const,
          { polling: 100, timeout: 60_000 },
        )
        .then((h) => h.jsonValue() as Promise<Sample>);

    const a = pushTestSource(app.rtmpPort, key, { audio: true, color: 'red' });
    let b: ReturnType<typeof pushTestSource> | null = null;
    try {
      const red = await firstOf('red');
      await page.waitForTimeout(3_000);
      // The socket goes quiet and, for this viewer, the broadcast's playlists stop advancing.
      deaf = true;
      const base = red.src.replace(/[^/]+$/, '');
      const frozen = new Map<string, string>();
      await page.route(
        (u) => u.pathname.startsWith(base) && u.pathname.endsWith('.m3u8'),
        async (route) => {
          const p = new URL(route.request().url()).pathname;
          // As it was while live: a rendition first asked for now must not bring the end with it.
          if (!frozen.has(p)) frozen.set(p, (await (await route.fetch()).text()).replace('#EXT-X-ENDLIST', ''));
          await route.fulfill({ status: 200, contentType: 'application/vnd.apple.mpegurl', body: frozen.get(p)! });
        },
      );
      // A reload already on its way when the route was set is answered first (held at most 3 s).
      await until('the playlist frozen', async () => frozen.size > 0, 10_000);
      await page.waitForTimeout(1_000);
      // The anchor's push ends and a new one starts: a new broadcast, a new URL.
      a.proc.kill('SIGINT');
      await a.exit;
      b = pushTestSource(app.rtmpPort, key, { audio: true, color: 'blue' });
      const next = await until(
        'the second broadcast to be live',
        async () => {
          const v = await app.call<VliveVideo>('GET', fillPath(VlivePaths.video, { id: roomId }));
          return v.code === 200 && v.data.url !== red.src ? { url: v.data.url, at: Date.now() } : null;
        },
        30_000,
      );
      const blue = await firstOf('blue', next.url).catch(async (e: unknown) => {
        const stage = await page.evaluate(() => {
          const v = document.querySelector<HTMLVideoElement>('.vl-stage video');
          return v
            ? `video ${JSON.stringify({ ...v.dataset })} t=${v.currentTime} paused=${v.paused}`
            : (document.querySelector('.vl-stage')?.textContent ?? '');
        });
        throw new Error(`${String(e)}\nstage: ${stage}\nnginx: ${app.media.logTail()}`);
      });
      const samples = await page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);
      const lastRed = samples.filter((s) => s.src === red.src && s.r > 180 && s.b < 80).at(-1)!;
      console.log(
        `stalled viewer: last frame of the first broadcast ${lastRed.at - next.at} ms, first frame of the second ${blue.at - next.at} ms after it went live; ${dropped.length} socket frames held back`,
      );
      // The room's word that it changed never reached the page: the player found out alone.
      expect(dropped.some((m) => m.includes('"live"'))).toBe(true);
      expect(blue.at - next.at).toBeLessThan(STALL_BOUND_MS);
      expect(samples.filter((s) => s.src === next.url && s.r > 180 && s.b < 80)).toEqual([]);
      // The stalled player was replaced by the new broadcast's, not started over on the old URL
      // (which would have replayed its last seconds).
      expect(new Set(samples.filter((s) => s.src === red.src).map((s) => s.el)).size).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(navigations).toBe(0);
      await screenshot(page, 'broadcast-stall-recovered');
    } finally {
      deaf = false;
      a.proc.kill('SIGINT');
      b?.proc.kill('SIGINT');
      await a.exit;
      await b?.exit;
      await page.close();
    }
  }, 180_000);

  it(
    `latency over ${PUSH_S} s: p95 under ${P95_BOUND_S} s with no growth, waiting from before the push and joining late`,
    // One more try of the whole two minutes if a viewer read too little or too slowly: the figure
    // is taken on a 2-core machine shared by the encoder, nginx and two browsers, and CI once
    // read too few frames (the message now says why). Two misses in a row still fail.
    { timeout: 300_000, retry: 1 },
    async () => {
      // The last broadcast's end is over (the room is offline) before the viewers open it.
      await until(
        'the room to be offline',
        async () => (await app.call('GET', fillPath(VlivePaths.video, { id: roomId }))).code !== 200,
        30_000,
      );
      const open = async () => {
        const page = await newPhonePage(browser);
        await page.goto(`${app.server.url}/vlive/detail/${roomId}`);
        await readClockInPage(page);
        return page;
      };
      const early = await open();
      const spawnedAt = Date.now();
      const ffmpeg = spawn('ffmpeg', clockPushArgs(`rtmp://127.0.0.1:${app.rtmpPort}/live/${key}`, PUSH_S), {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let log = '';
      ffmpeg.stderr.on('data', (d: Buffer) => (log += d.toString()));
      const exited = new Promise((r) => ffmpeg.once('exit', r));
      await new Promise((r) => setTimeout(r, (PUSH_S / 3) * 1000));
      const late = await open();
      await exited;
      const end = Date.now();
      try {
        for (const [name, page] of [
          ['waiting from before the push', early],
          [`joined after ${PUSH_S / 3} s`, late],
        ] as const) {
          const read = await clockSamples(page);
          const f = latencyFigures(read, spawnedAt, end);
          const why = `${name}: too few readable frames; ${clockDiagnosis(read, end)}; ffmpeg: ${log || '(no errors)'}`;
          console.log(f ? `${name}: ${formatFigures(f)}` : why);
          // The reason goes into the failure itself: CI shows only the end of the output.
          expect(f, why).not.toBeNull();
          expect(f!.p95).toBeLessThan(P95_BOUND_S);
          expect(f!.growth).toBeLessThan(GROWTH_BOUND_S);
        }
      } finally {
        // A failed try leaves no viewer behind to load the machine during the next.
        await Promise.all([early.close(), late.close()]);
      }
    },
  );
});
