/**
 * The media server for broadcast tests (issue 17): Debian's nginx + libnginx-mod-rtmp started
 * from the generated config on a free port, and ffmpeg pushing a generated test source the way
 * an anchor's OBS does (1 s GOP, so nginx can cut 1 s fragments).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { nginxRtmpConf, RTMP_MODULE } from '../../server/vlive/nginx-conf';
import type { LadderHeight } from '../../server/vlive/ladder';
import { freePort } from './e2e';

/**
 * The RTMP callbacks' secret the broadcast tests run with: the app refuses to start with ingest
 * configured and no secret, and refuses callbacks that do not carry it.
 */
export const TEST_RTMP_SECRET = 'test-rtmp-callback-secret';

/** Throws with the install line when ffmpeg, nginx or the RTMP module is missing. */
export function requireMediaServer(): void {
  if (!fs.existsSync('/usr/bin/ffmpeg') || !fs.existsSync('/usr/sbin/nginx') || !fs.existsSync(RTMP_MODULE)) {
    throw new Error(
      'ffmpeg, nginx and libnginx-mod-rtmp are needed: apt-get install -y ffmpeg nginx libnginx-mod-rtmp',
    );
  }
}

/** Polls `fn` every 100 ms until it gives a value (for files and rows, not for timings). */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface MediaServer {
  proc: ChildProcess;
  rtmpPort: number;
  /** The generated nginx.conf. */
  conf: string;
  /** The last lines of nginx's error log (for failure messages). */
  logTail(): string;
}

/** Starts nginx from the generated config in `dir` (its prefix), HLS into `hlsDir`; resolves once it listens. */
export async function startMediaServer(o: {
  dir: string;
  hlsDir: string;
  appUrl: string;
  ladder: readonly LadderHeight[];
  rtmpPort?: number;
  /** Listen on every address, as an operator taking pushes from the internet would (docs/streaming.md). */
  listenAll?: boolean;
  /** RTMP_CALLBACK_SECRET of the app (added to the callback URLs). */
  callbackSecret?: string;
}): Promise<MediaServer> {
  const rtmpPort = o.rtmpPort ?? (await freePort());
  const confFile = path.join(o.dir, 'nginx.conf');
  let conf = nginxRtmpConf({
    rtmpPort,
    hlsDir: o.hlsDir,
    appUrl: o.appUrl,
    prefix: o.dir,
    ladder: o.ladder,
    callbackSecret: o.callbackSecret ?? TEST_RTMP_SECRET,
  });
  if (o.listenAll) conf = conf.replace(`listen 127.0.0.1:${rtmpPort};`, `listen ${rtmpPort};`);
  fs.writeFileSync(confFile, conf);
  const errorLog = path.join(o.dir, 'error.log');
  const proc = spawn('nginx', ['-p', o.dir, '-e', errorLog, '-c', confFile], { stdio: 'ignore' });
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
  const logTail = () =>
    fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8').split('\n').slice(-15).join('\n') : '';
  return { proc, rtmpPort, conf, logTail };
}

export interface Push {
  proc: ChildProcess;
  exit: Promise<number | null>;
  log(): string;
}

/**
 * ffmpeg pushing `-f lavfi testsrc` (320×240 unless `size`; a `sine` tone as AAC when `audio`) to
 * `rtmp://<host>/<app>/<key>` (127.0.0.1 and `live` unless given). `color` pushes a flat colour
 * instead (a broadcast a viewer can tell from another by its pixels); `seconds` stops the push
 * after that much video (it runs in real time, `-re`).
 */
export function pushTestSource(
  rtmpPort: number,
  key: string,
  o: { audio?: boolean; size?: string; host?: string; app?: string; color?: string; seconds?: number } = {},
): Push {
  const audio = o.audio
    ? ['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-c:a', 'aac', '-b:a', '64k']
    : [];
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
      o.color
        ? `color=c=${o.color}:size=${o.size ?? '320x240'}:rate=25`
        : `testsrc=size=${o.size ?? '320x240'}:rate=25`,
      ...audio,
      ...(o.seconds ? ['-t', String(o.seconds)] : []),
    ]
      .concat(['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'])
      .concat(['-f', 'flv', `rtmp://${o.host ?? '127.0.0.1'}:${rtmpPort}/${o.app ?? 'live'}/${key}`]),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  proc.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  const exit = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, exit, log: () => log };
}

/** A push that nginx should refuse: resolves its exit code, or 'running' if it still runs after 8 s. */
export async function refusedPushExit(
  rtmpPort: number,
  key: string,
  to: { host?: string; app?: string } = {},
): Promise<number | null | 'running'> {
  const p = pushTestSource(rtmpPort, key, to);
  const code = await Promise.race([p.exit, new Promise<'running'>((r) => setTimeout(() => r('running'), 8_000))]);
  if (code === 'running') p.proc.kill('SIGKILL');
  return code;
}
