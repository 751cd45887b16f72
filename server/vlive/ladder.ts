/**
 * The HLS bitrate ladder (issue 17): nginx-rtmp cannot transcode, so on each publish to `live`
 * it runs one ffmpeg (`exec_push`) that reads the anchor's stream back from nginx, passes the
 * source through untouched and encodes each lower rung with x264 (one decode, one scale and one
 * encode per rung), pushing every rendition to the `ladder` application. That application takes
 * pushes from loopback only and needs no key: the key is checked once, on the anchor's push.
 * `ladder` writes each rendition's HLS to `<hls_path>/<key>_<rung>/index.m3u8` and, through
 * `hls_variant`, a master playlist `<hls_path>/<key>.m3u8`; the app serves that master under the
 * room id with the key taken out of its URLs (`roomMasterPlaylist`).
 *
 * `VLIVE_LADDER` picks the rungs: heights from LADDER_RUNGS, comma-separated (`480,360`), or
 * `off` for one rendition (the anchor's push, no transcoder). The default comes from the CPU
 * figures in docs/streaming.md (tests/bench/ladder.ts measures them).
 */

/** What each rung is encoded at: the height, a 16:9 width for the master's RESOLUTION, kbit/s. */
export const LADDER_RUNGS = {
  1080: { width: 1920, videoKbps: 4500 },
  720: { width: 1280, videoKbps: 2500 },
  480: { width: 854, videoKbps: 1000 },
  360: { width: 640, videoKbps: 600 },
  240: { width: 426, videoKbps: 300 },
} as const;
export type LadderHeight = keyof typeof LADDER_RUNGS;

/** The ladder when VLIVE_LADDER is unset (see the CPU figures in docs/streaming.md). */
export const DEFAULT_LADDER: readonly LadderHeight[] = [480, 360];
/** The source rendition's name in the ladder (the anchor's push, copied, never re-encoded). */
export const SOURCE_RUNG = 'src';
/** BANDWIDTH declared for the source: what an anchor's OBS pushes at most (we cannot know it). */
export const SOURCE_BANDWIDTH = 4_000_000;
/** Audio is copied into every rung; counted in each rung's BANDWIDTH. */
const AUDIO_BPS = 128_000;
/** The application the renditions are pushed to (loopback only, no key). */
export const LADDER_APP = 'ladder';
/** A rendition's name in a URL: `src` or a rung's height. */
export const RUNG_NAME = /^(src|\d{3,4})$/;

/** Parses VLIVE_LADDER; throws on anything but `off` or known heights (a bad config must not start). */
export function parseLadder(raw: string | undefined): LadderHeight[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_LADDER];
  if (raw.trim() === 'off') return [];
  const known = Object.keys(LADDER_RUNGS).join(', ');
  const heights = raw.split(',').map((s) => Number(s.trim()));
  const rungs: LadderHeight[] = [];
  for (const h of heights) {
    if (!(h in LADDER_RUNGS)) {
      throw new Error(`VLIVE_LADDER 配置有误：“${raw}”，应为 off 或以逗号分隔的高度（${known}）`);
    }
    if (!rungs.includes(h as LadderHeight)) rungs.push(h as LadderHeight);
  }
  return rungs.sort((a, b) => b - a);
}

/** `BANDWIDTH=…,RESOLUTION=…` of a rung, as `hls_variant` writes it into the master playlist. */
function variantParams(h: LadderHeight): string {
  const r = LADDER_RUNGS[h];
  return `BANDWIDTH=${r.videoKbps * 1000 + AUDIO_BPS},RESOLUTION=${r.width}x${h}`;
}

/** The `hls_variant` lines of the ladder application: the source first, then rungs high to low. */
export function hlsVariantLines(rungs: readonly LadderHeight[]): string[] {
  return [
    `hls_variant _${SOURCE_RUNG} BANDWIDTH=${SOURCE_BANDWIDTH};`,
    ...rungs.map((h) => `hls_variant _${h} ${variantParams(h)};`),
  ];
}

/**
 * ffmpeg's arguments for one publish: read `live/<name>` from nginx, copy it to `ladder/<name>_src`
 * and encode each rung to `ladder/<name>_<height>`. A rung never scales up (`min(ih,h)`); keyframes
 * are forced every second whatever the source's GOP, so every rung cuts 1 s fragments.
 * `name` is nginx-rtmp's `$name` in the config, a real stream name in the benchmark.
 */
export function ladderFfmpegArgs(rtmpPort: number, rungs: readonly LadderHeight[], name = '$name'): string[] {
  const base = `rtmp://127.0.0.1:${rtmpPort}`;
  // Probe the push for at most 1.5 s (ffmpeg's default holds the whole broadcast back 5 s). `live`
  // starts its players on a video keyframe (wait_key, wait_video in nginx-conf.ts), so the video
  // stream is seen at once; too short a probe saw only the audio and the transcoder died.
  const args = ['-hide_banner', '-loglevel', 'error', '-analyzeduration', '1500000', '-i', `${base}/live/${name}`];
  if (rungs.length > 0) {
    const split = rungs.length > 1 ? `[0:v]split=${rungs.length}${rungs.map((h) => `[s${h}]`).join('')};` : '';
    const scales = rungs.map((h) => `[${rungs.length > 1 ? `s${h}` : '0:v'}]scale=-2:'min(ih,${h})'[v${h}]`);
    args.push('-filter_complex', split + scales.join(';'));
  }
  args.push('-map', '0:v', '-map', '0:a?', '-c', 'copy', '-f', 'flv', `${base}/${LADDER_APP}/${name}_${SOURCE_RUNG}`);
  for (const h of rungs) {
    const kbps = LADDER_RUNGS[h].videoKbps;
    args.push('-map', `[v${h}]`, '-map', '0:a?', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency');
    args.push('-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`, '-pix_fmt', 'yuv420p');
    args.push('-force_key_frames', 'expr:gte(t,n_forced*1)', '-sc_threshold', '0', '-c:a', 'copy');
    args.push('-f', 'flv', `${base}/${LADDER_APP}/${name}_${h}`);
  }
  return args;
}

/** One argument as an nginx config token (quoted when it holds what nginx would split on). */
export function nginxToken(arg: string): string {
  return /^[A-Za-z0-9_\-.:/$,=*+?]+$/.test(arg) ? arg : `"${arg.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * nginx's master playlist with the stream key taken out: `<key>_480/index.m3u8` becomes
 * `480/index.m3u8` (served by BroadcastPaths.hlsRendition). Lines naming another stream are dropped.
 */
export function roomMasterPlaylist(text: string, streamName: string): string {
  const out: string[] = [];
  let inf: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF')) inf = line;
    else if (line.startsWith('#') || !line) {
      if (line) out.push(line);
    } else if (inf) {
      const rung = line.startsWith(`${streamName}_`) ? line.slice(streamName.length + 1).split('/')[0] : '';
      if (RUNG_NAME.test(rung)) out.push(inf, `${rung}/index.m3u8`);
      inf = null;
    }
  }
  return out.join('\n') + '\n';
}
