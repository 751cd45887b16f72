/**
 * Glass-to-glass latency of a broadcast, read from the picture (issue 31), for the latency
 * benchmark and the browser test: ffmpeg pushes a picture that carries two clocks as 16 black or
 * white bars each, and a Chromium viewer draws the video into a canvas twice a second and reads
 * them back.
 *
 * - Top half: the wall clock when ffmpeg made the frame (`RTCTIME`, tenths of a second, modulo an
 *   hour). latency = the viewer's wall clock − the frame's: what a camera pointed at a clock and a
 *   phone beside it would show, ffmpeg's start-up not included.
 * - Bottom half: the frame's own time from the start of the push (frame number / 25), as the
 *   first benchmark burned in. Wall clock − stream time is the moment ffmpeg's clock started;
 *   minus the moment ffmpeg was spawned, its start-up (which that benchmark counted as latency).
 *
 * The viewer also counts its rebuffering: every `waiting` of a video after it first played.
 */
import type { Page } from 'playwright-core';

export const CLOCK_BARS = 16;
/** The wall clock is burned in modulo this (tenths fit 16 bits). */
const PERIOD_S = 3600;
const FPS = 25;

/**
 * `-f lavfi -i` source: 640×360 at 25 fps, drawn at 160×90 (geq per pixel is costly on a loaded
 * machine) and scaled up without smoothing, so each bar stays a flat 40-pixel stripe.
 */
export function clockSource(): string {
  const bit = `pow(2\\,floor(X*${CLOCK_BARS}/W))`;
  const tenths = `if(lt(Y\\,H/2)\\,floor(T*10)\\,floor(N*10/${FPS}))`;
  const geq = `geq=lum='255*mod(floor(${tenths}/${bit})\\,2)':cb=128:cr=128`;
  return [
    `color=c=black:s=160x90:r=${FPS}`,
    'settb=1/1000000',
    // The frame's time becomes the wall clock (µs, modulo the period) while geq draws it …
    `setpts='mod(RTCTIME\\,${PERIOD_S * 1_000_000})'`,
    'format=yuv444p',
    geq,
    // … and back to 25 fps from zero for the encoder.
    `settb=1/${FPS}`,
    'setpts=N',
    'scale=640:360:flags=neighbor',
  ].join(',');
}

/** ffmpeg's arguments for a push of the clock picture (`seconds` long, `-re`, 1 s GOP). */
export function clockPushArgs(rtmpUrl: string, seconds: number): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', clockSource(), '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', String(FPS), '-pix_fmt', 'yuv420p'],
    ...['-f', 'flv', rtmpUrl],
  ];
}

export interface ClockSample {
  at: number;
  /** Wall clock of the frame, seconds modulo the period. */
  wall: number;
  /** The frame's time from the start of the push, seconds. */
  stream: number;
}

/** Starts reading the room page's video in `page` (call after it loaded). */
export async function readClockInPage(page: Page): Promise<void> {
  await page.evaluate((bars) => {
    const w = window as unknown as { __clock: unknown[]; __waits: number[] };
    w.__clock = [];
    w.__waits = [];
    const played = new WeakSet<EventTarget>();
    document.addEventListener('playing', (e) => played.add(e.target!), true);
    // Media events do not bubble; a capturing listener on the document sees every video's.
    document.addEventListener(
      'waiting',
      (e) => {
        if (played.has(e.target!)) w.__waits.push(Date.now());
      },
      true,
    );
    const c = document.createElement('canvas');
    c.width = bars;
    c.height = 2;
    const g = c.getContext('2d', { willReadFrequently: true })!;
    // No named function in here: tsx's keepNames would wrap it in a helper the page lacks.
    setInterval(() => {
      const v = document.querySelector<HTMLVideoElement>('.vl-stage video');
      if (!v || v.readyState < 2 || v.videoWidth === 0) return;
      g.drawImage(v, 0, v.videoHeight / 4, v.videoWidth, 1, 0, 0, bars, 1);
      g.drawImage(v, 0, (v.videoHeight * 3) / 4, v.videoWidth, 1, 0, 1, bars, 1);
      const px = g.getImageData(0, 0, bars, 2).data;
      const t = [0, 0];
      for (let y = 0; y < 2; y++) for (let i = 0; i < bars; i++) if (px[(y * bars + i) * 4]! > 128) t[y]! += 2 ** i;
      w.__clock.push({ at: Date.now(), wall: t[0]! / 10, stream: t[1]! / 10 });
    }, 500);
  }, CLOCK_BARS);
}

export async function clockSamples(page: Page): Promise<{ samples: ClockSample[]; waits: number[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __clock: ClockSample[]; __waits: number[] };
    return { samples: w.__clock, waits: w.__waits };
  });
}

export interface LatencyFigures {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** Mean of the last 30 s minus mean of the first 30 s after the viewer started playing. */
  growth: number;
  /** The same p95 measured from ffmpeg's spawn with the stream clock (the first benchmark's way). */
  p95FromSpawn: number;
  /** ffmpeg's start-up: from its spawn to its first frame (median over the samples). */
  startupS: number;
  /** Times the video waited for data after it had started playing (rebuffering). */
  rebuffers: number;
  /** When each of them began: seconds after the viewer's first frame read. */
  rebufferAtS: number[];
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Seconds from `b` to `a` on the burned-in wall clock (modulo the period, −half…+half). */
function wallDiff(a: number, b: number): number {
  const d = (((a - b) % PERIOD_S) + PERIOD_S) % PERIOD_S;
  return d > PERIOD_S / 2 ? d - PERIOD_S : d;
}

/**
 * Figures of the samples taken before `until` (ms, wall clock); null with fewer than ten readable
 * frames. A sample is trusted when both clocks moved forward by the same small step from the one
 * before (a misread bar would jump).
 */
export function latencyFigures(
  read: { samples: ClockSample[]; waits: number[] },
  spawnedAt: number,
  until: number,
): LatencyFigures | null {
  const { samples } = read;
  const ok = samples.filter((s, i) => {
    const p = samples[i - 1];
    if (!p || s.at > until) return false;
    const dw = wallDiff(s.wall, p.wall);
    const ds = s.stream - p.stream;
    return dw >= 0 && dw < 3 && ds >= 0 && Math.abs(dw - ds) < 0.25;
  });
  if (ok.length < 10) return null;
  const lat = ok.map((s) => ({ at: s.at, l: wallDiff(s.at / 1000, s.wall) }));
  const sorted = lat.map((x) => x.l).sort((a, b) => a - b);
  const first = lat.filter((x) => x.at - lat[0]!.at < 30_000);
  const last = lat.filter((x) => lat.at(-1)!.at - x.at < 30_000);
  const mean = (xs: Array<{ l: number }>) => xs.reduce((a, x) => a + x.l, 0) / xs.length;
  // When ffmpeg's stream clock started, on the wall clock: frame wall time − its stream time.
  const starts = ok.map((s) => wallDiff(s.wall - s.stream, spawnedAt / 1000)).sort((a, b) => a - b);
  const startupS = pct(starts, 50);
  const fromSpawn = ok.map((s) => (s.at - (spawnedAt + s.stream * 1000)) / 1000).sort((a, b) => a - b);
  const firstAt = ok[0]!.at;
  return {
    frames: ok.length,
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    max: sorted.at(-1)!,
    growth: mean(last) - mean(first),
    p95FromSpawn: pct(fromSpawn, 95),
    startupS,
    rebuffers: read.waits.filter((t) => t > firstAt && t <= until).length,
    rebufferAtS: read.waits.filter((t) => t > firstAt && t <= until).map((t) => (t - firstAt) / 1000),
  };
}

/**
 * Why `latencyFigures` found too few frames it could trust: how many samples the page took, how
 * many before `until`, and the first and last of them (a page whose video never played has none;
 * a misread picture or an encoder slower than real time shows clocks that jump or drift apart).
 */
export function clockDiagnosis(read: { samples: ClockSample[]; waits: number[] }, until: number): string {
  const before = read.samples.filter((s) => s.at <= until);
  const show = (xs: ClockSample[]) =>
    xs.map((s) => `${s.at % 100_000}:${s.wall.toFixed(1)}/${s.stream.toFixed(1)}`).join(' ');
  return (
    `${read.samples.length} samples (${before.length} before the end), ${read.waits.length} waits; ` +
    `first [${show(before.slice(0, 6))}] last [${show(before.slice(-6))}]`
  );
}

export function formatFigures(f: LatencyFigures): string {
  const s = (x: number) => x.toFixed(2);
  return (
    `${f.frames} frames read; latency p50 ${s(f.p50)} s, p95 ${s(f.p95)} s, max ${s(f.max)} s; ` +
    `growth (last 30 s − first 30 s) ${s(f.growth)} s; rebuffering ${f.rebuffers}×${f.rebuffers ? ` (at ${f.rebufferAtS.map((t) => `${t.toFixed(0)} s`).join(', ')})` : ''}; ` +
    `measured from ffmpeg's spawn p95 ${s(f.p95FromSpawn)} s (its start-up ${s(f.startupS)} s)`
  );
}
