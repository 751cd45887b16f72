/**
 * Glass-to-glass latency of a broadcast (issue 31): the app with a media server (nginx +
 * libnginx-mod-rtmp from the generated config, the default ladder), an anchor's push of a picture
 * that carries its own clocks (tests/helpers/broadcast-clock.ts), and Chromium viewers of the
 * room page at 375×812.
 *
 * The picture carries the wall clock at which ffmpeg made each frame: latency = the viewer's
 * clock − the frame's, read twice a second. (The first version of this benchmark burned in the
 * frame's time from the push's start and counted from ffmpeg's spawn, so it added ffmpeg's
 * start-up, 0.3–1 s on a loaded machine; that figure is printed beside it.)
 *
 * One viewer waits in the room from before the push; a second joins at a third of the run (a
 * late joiner). Printed per viewer: p50 / p95 / max latency, growth (mean of the last 30 s minus
 * mean of the first 30 s after it started playing; a steady player: about 0) and how often its
 * video waited for data after it had started (rebuffering).
 *
 *   npm run build && npx tsx tests/bench/broadcast-latency.ts [--seconds 120]
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import {
  clockPushArgs,
  clockSamples,
  formatFigures,
  latencyFigures,
  readClockInPage,
} from '../helpers/broadcast-clock';
import { startBroadcastApp } from '../helpers/broadcast-app';
import { launchBrowser, newPhonePage } from '../helpers/e2e';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const SECONDS = Number(arg('seconds', '120'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const app = await startBroadcastApp('latency-bench');
  const browser = await launchBrowser();
  try {
    const { roomId, key } = await app.anchorRoom('13655550991', 'bench2026x');
    const openViewer = async () => {
      const page = await newPhonePage(browser);
      await page.goto(`${app.server.url}/vlive/detail/${roomId}`);
      await readClockInPage(page);
      return page;
    };
    const early = await openViewer();
    const spawnedAt = Date.now();
    const ffmpeg = spawn('ffmpeg', clockPushArgs(`rtmp://127.0.0.1:${app.rtmpPort}/live/${key}`, SECONDS), {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await sleep((SECONDS / 3) * 1000);
    const late = await openViewer();
    await new Promise((r) => ffmpeg.once('exit', r));
    const until = Date.now();
    for (const [name, page] of [
      ['waiting from the start', early],
      [`joined after ${Math.round(SECONDS / 3)} s`, late],
    ] as const) {
      const f = latencyFigures(await clockSamples(page), spawnedAt, until);
      console.log(`${name}: ${f ? formatFigures(f) : 'too few readable frames'}`);
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
