/**
 * Glass-to-glass latency of a broadcast (issue 31): the app with a media server (nginx +
 * libnginx-mod-rtmp from the generated config, the default ladder), an anchor's push of a picture
 * that carries its own clock, and Chromium viewers of the room page at 375×812.
 *
 * The pushed picture is 16 vertical bars, white or black: the bits of the frame's time in tenths of
 * a second (ffmpeg `geq` on the frame time T, pushed with `-re`, so frame time + the push's start
 * is the wall clock it was "filmed" at). Each viewer draws the video into a 1×1-per-bar canvas
 * twice a second and reads the bars back: latency = now − (push start + frame time). It over-reads
 * by ffmpeg's own start-up (a few hundred ms), so the figures are an upper bound.
 *
 * One viewer waits in the room from before the push; a second joins at a third of the run (a
 * late joiner). Printed per viewer: p50 / p95 / max latency, and growth: mean of the last 30 s
 * minus mean of the first 30 s after it started playing (a steady player: about 0).
 *
 *   npm run build && npx tsx tests/bench/broadcast-latency.ts [--seconds 120]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BroadcastPaths,
  OPS_TOKEN_HEADER,
  SystemPaths,
  UserPaths,
  embeddedUrl,
  type AnchorConsole,
  type Envelope,
} from '../../workers/protocol/index';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import { parseLadder } from '../../server/vlive/ladder';
import { requireMediaServer, startMediaServer } from '../helpers/rtmp';
import { freePort, launchBrowser, newPhonePage, startServer } from '../helpers/e2e';

const BARS = 16;
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const SECONDS = Number(arg('seconds', '120'));
const SECRET = 'bench-callback-secret';
const OPS = 'bench-ops-token';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  requireMediaServer();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-latency-'));
  const hlsDir = path.join(tmp, 'hls');
  fs.mkdirSync(hlsDir);
  const rtmpPort = await freePort();
  const server = await startServer({
    env: {
      VLIVE_HLS_DIR: hlsDir,
      RTMP_INGEST_URL: `rtmp://127.0.0.1:${rtmpPort}/live`,
      RTMP_CALLBACK_SECRET: SECRET,
      OPS_TOKEN: OPS,
    },
  });
  const media = await startMediaServer({
    dir: tmp,
    hlsDir,
    appUrl: server.url,
    ladder: parseLadder(undefined),
    rtmpPort,
    callbackSecret: SECRET,
  });
  const browser = await launchBrowser();
  const call = async <T>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + p, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Envelope<T>;
  };
  const seal = async (password: string) => {
    const iv = await call<PasswordIv>('GET', embeddedUrl(UserPaths.passwordIv));
    return { password: await encodeTransitPassword(password, iv.data), iv: iv.data.iv };
  };
  try {
    const phone = '13655550991';
    await call('POST', embeddedUrl(UserPaths.smsSend), { phone, scene: 'register' });
    const code = await call<{ code: string }>('GET', `${SystemPaths.devSms}?phone=${phone}`);
    await call('POST', embeddedUrl(UserPaths.register), { phone, code: code.data.code, ...(await seal('bench2026x')) });
    const login = await call<{ token: string; user: { id: number } }>('POST', embeddedUrl(UserPaths.login), {
      phone,
      ...(await seal('bench2026x')),
    });
    const roomId = '1005';
    await call(
      'POST',
      embeddedUrl(BroadcastPaths.opsAnchor),
      { userId: login.data.user.id, roomId },
      {
        [OPS_TOKEN_HEADER]: OPS,
      },
    );
    const cons = await call<AnchorConsole>('GET', BroadcastPaths.console, undefined, { accessToken: login.data.token });

    const openViewer = async () => {
      const page = await newPhonePage(browser);
      await page.goto(`${server.url}/vlive/detail/${roomId}`);
      await page.evaluate((bars) => {
        const w = window as unknown as { __t: Array<{ at: number; t: number }> };
        w.__t = [];
        const c = document.createElement('canvas');
        c.width = bars;
        c.height = 1;
        const g = c.getContext('2d', { willReadFrequently: true })!;
        setInterval(() => {
          const v = document.querySelector<HTMLVideoElement>('.vl-stage video');
          if (!v || v.readyState < 2 || v.videoWidth === 0) return;
          g.drawImage(v, 0, v.videoHeight / 2, v.videoWidth, 1, 0, 0, bars, 1);
          const px = g.getImageData(0, 0, bars, 1).data;
          let t = 0;
          for (let i = 0; i < bars; i++) if (px[i * 4]! > 128) t += 2 ** i;
          w.__t.push({ at: Date.now(), t: t / 10 });
        }, 500);
      }, BARS);
      return page;
    };
    const early = await openViewer();
    // The clock picture: bar i white when bit i of the frame time in tenths is set.
    const geq = `geq=lum='255*mod(floor(floor(T*10)/pow(2\\,floor(X*${BARS}/W)))\\,2)':cb=128:cr=128`;
    const startedAt = Date.now();
    const ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi'],
        ...['-i', `color=c=black:s=640x360:r=25,format=yuv444p,${geq}`, '-t', String(SECONDS)],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'],
        ...['-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${cons.data.streamKey}`],
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await sleep((SECONDS / 3) * 1000);
    const late = await openViewer();
    await new Promise((r) => ffmpeg.once('exit', r));
    for (const [name, page] of [
      ['waiting from the start', early],
      [`joined after ${Math.round(SECONDS / 3)} s`, late],
    ] as const) {
      const samples = await page.evaluate(() => (window as unknown as { __t: Array<{ at: number; t: number }> }).__t);
      // A sample is trusted when its clock moves forward from the last one (a misread bar would jump).
      const lat = samples
        .filter(
          (s, i) =>
            i > 0 && s.t >= samples[i - 1]!.t && s.t - samples[i - 1]!.t < 3 && s.at - startedAt < SECONDS * 1000,
        )
        .map((s) => ({ at: s.at, l: (s.at - (startedAt + s.t * 1000)) / 1000 }));
      if (lat.length < 10) {
        console.log(`${name}: too few readable frames (${lat.length})`);
        continue;
      }
      const sorted = lat.map((x) => x.l).sort((a, b) => a - b);
      const first = lat.filter((x) => x.at - lat[0]!.at < 30_000);
      const last = lat.filter((x) => lat.at(-1)!.at - x.at < 30_000);
      const mean = (xs: Array<{ l: number }>) => xs.reduce((a, x) => a + x.l, 0) / xs.length;
      console.log(
        `${name}: ${lat.length} frames read; latency p50 ${pct(sorted, 50).toFixed(2)} s, p95 ${pct(sorted, 95).toFixed(2)} s, max ${sorted.at(-1)!.toFixed(2)} s; growth (last 30 s − first 30 s) ${(mean(last) - mean(first)).toFixed(2)} s`,
      );
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    await browser.close();
    media.proc.kill('SIGTERM');
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
