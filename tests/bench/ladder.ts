/**
 * Bitrate ladder benchmark (issue 17): what the transcoder costs on this machine, per ladder.
 * For each setting it starts Debian's nginx + libnginx-mod-rtmp from the generated config (the
 * callbacks answered 200 by a stand-in, so the app need not run), pushes a 1280×720 25 fps
 * `testsrc` with a sine tone for `--seconds` (as an anchor's OBS would), and prints:
 * the CPU of the `exec_push` ffmpeg (% of one core, from /proc over the push after a 5 s warm-up),
 * nginx's CPU, and per rendition its fragment lengths (max / mean of its playlist's EXTINF) and
 * how many fragments it cut in all (a rung that falls behind real time cuts fewer than `src`).
 *
 *   npx tsx tests/bench/ladder.ts [--seconds 30] [--settings off,360,480,480+360,720+480+360] [--noise]
 *
 * `--noise` adds moving grain to the test pattern (`noise=alls=12:allf=t`), which x264 finds as
 * hard as a camera's picture; plain `testsrc` is flat colour and cheap to encode.
 * The pushing ffmpeg (the anchor's encoder) runs on the same machine; its CPU is not counted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { nginxRtmpConf } from '../../server/vlive/nginx-conf';
import { SOURCE_RUNG, parseLadder, type LadderHeight } from '../../server/vlive/ladder';
import { playlistFragments } from '../../server/vlive/broadcast-hls';
import { freePort } from '../helpers/e2e';

const TICKS = 100; // USER_HZ on Linux
const WARMUP_S = 5;

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
}

/** utime + stime of a process, in ticks (null once it is gone). */
function cpuTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function anchorPush(port: number, seconds: number, noise: boolean): ChildProcess {
  return spawn(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25']
      .concat(['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-c:a', 'aac', '-b:a', '128k'])
      .concat(noise ? ['-vf', 'noise=alls=12:allf=t'] : [])
      .concat(['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-b:v', '2500k'])
      .concat(['-pix_fmt', 'yuv420p', '-t', String(seconds), '-f', 'flv', `rtmp://127.0.0.1:${port}/live/bench`]),
    { stdio: 'ignore' },
  );
}

async function measure(ladder: LadderHeight[] | null, seconds: number, appUrl: string, noise: boolean) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qs-ladder-bench-'));
  const hlsDir = path.join(tmp, 'hls');
  fs.mkdirSync(hlsDir);
  const rtmpPort = await freePort();
  const conf = path.join(tmp, 'nginx.conf');
  fs.writeFileSync(
    conf,
    nginxRtmpConf({ rtmpPort, hlsDir, appUrl, prefix: tmp, ladder: ladder ?? [], callbackSecret: 'ladder-bench' }),
  );
  const nginx = spawn('nginx', ['-p', tmp, '-e', path.join(tmp, 'error.log'), '-c', conf], { stdio: 'ignore' });
  await sleep(500);
  const pusher = anchorPush(rtmpPort, seconds + WARMUP_S + 2, noise);
  await sleep(WARMUP_S * 1000);
  // Every setting has one exec_push ffmpeg now (`off`: a copy of the push, issue 31).
  const transcoder = childrenOf(nginx.pid!)[0];
  const t0 = { at: Date.now(), nginx: cpuTicks(nginx.pid!) ?? 0, tr: transcoder ? (cpuTicks(transcoder) ?? 0) : 0 };
  await sleep(seconds * 1000);
  const wall = (Date.now() - t0.at) / 1000;
  const pct = (ticks: number) => ((ticks / TICKS / wall) * 100).toFixed(0).padStart(4) + ' %';
  const trPct = transcoder ? pct((cpuTicks(transcoder) ?? t0.tr) - t0.tr) : '   – ';
  const ngPct = pct((cpuTicks(nginx.pid!) ?? t0.nginx) - t0.nginx);
  const rungs = [SOURCE_RUNG, ...(ladder ?? []).map(String)];
  const frags = rungs.map((r) => {
    const dir = path.join(hlsDir, `bench_${r}`);
    const file = path.join(dir, 'index.m3u8');
    const d = fs.existsSync(file) ? playlistFragments(fs.readFileSync(file, 'utf8')).map((f) => f.seconds) : [];
    if (d.length === 0) return `${r || 'source'}: no playlist`;
    const mean = d.reduce((a, b) => a + b, 0) / d.length;
    const cut = fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).length;
    return `${r || 'source'} ${Math.max(...d).toFixed(2)}/${mean.toFixed(2)} s ×${cut}`;
  });
  pusher.kill('SIGINT');
  nginx.kill('SIGTERM');
  await sleep(500);
  fs.rmSync(tmp, { recursive: true, force: true });
  const name = ladder ? `src+${ladder.join('+') || '(copy only)'}` : 'off';
  return `${name.padEnd(18)} transcoder ${trPct}   nginx ${ngPct}   fragments max/mean ×count: ${frags.join(', ')}`;
}

async function main() {
  for (const bin of ['/usr/bin/ffmpeg', '/usr/sbin/nginx']) if (!fs.existsSync(bin)) throw new Error(`${bin} missing`);
  const seconds = Number(arg('seconds', '30'));
  const settings = arg('settings', 'off,360,480,480+360,720+480+360').split(',');
  const noise = process.argv.includes('--noise');
  const stub = http.createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const appUrl = `http://127.0.0.1:${(stub.address() as { port: number }).port}`;
  const what = noise ? 'testsrc + grain' : 'testsrc';
  console.log(`ladder benchmark: 1280x720 25 fps ${what} push, ${seconds} s per setting, ${os.cpus().length} cores`);
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const s of settings) {
    const ladder = s === 'off' ? null : s === 'copy' ? [] : parseLadder(s.replaceAll('+', ','));
    console.log(await measure(ladder, seconds, appUrl, noise));
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  stub.close();
}

await main();
