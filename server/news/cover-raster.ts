/**
 * Article covers as JPEG: the same design as the SVG covers (column colour to a per-article hue,
 * a pitch or court drawn in chalk), drawn pixel by pixel. A list scrolled through hundreds of
 * articles shows a new cover every few frames; an SVG image is a whole document the browser lays
 * out and paints on the main thread (long tasks while scrolling), a JPEG is decoded off it.
 *
 * Covers come in COVER_HUES hues per column and sport, so every variant is drawn once per process
 * and kept (a few hundred at most, ~10 KB each).
 */
import jpeg from 'jpeg-js';
import { columnOf } from './columns';
import { isBasketballCover } from './cover';

export const COVER_WIDTH = 480;
export const COVER_HEIGHT = 270;
/**
 * Widths a cover is drawn at (`?w=`): the full one, and half for a list's 120 px thumbnail (240
 * device pixels, enough up to a 2× screen; issue 29: a news list's 7 full covers were 85 KB of
 * its first view's 216).
 */
export const COVER_WIDTHS = [COVER_WIDTH, COVER_WIDTH / 2] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];
const COVER_HUES = 12;
const CHALK_ALPHA = 0.35;

type Shape = (x: number, y: number) => number;
/** Distance from (x, y) to the outline of a rectangle / circle / segment. */
const rectLine =
  (x0: number, y0: number, w: number, h: number): Shape =>
  (x, y) => {
    const dx = Math.max(x0 - x, 0, x - (x0 + w));
    const dy = Math.max(y0 - y, 0, y - (y0 + h));
    const outside = Math.hypot(dx, dy);
    const inside = Math.min(x - x0, x0 + w - x, y - y0, y0 + h - y);
    return outside > 0 ? outside : inside;
  };
const ring =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    Math.abs(Math.hypot(x - cx, y - cy) - r);
const segment =
  (x0: number, y0: number, x1: number, y1: number): Shape =>
  (x, y) => {
    const [vx, vy] = [x1 - x0, y1 - y0];
    const t = Math.max(0, Math.min(1, ((x - x0) * vx + (y - y0) * vy) / (vx * vx + vy * vy)));
    return Math.hypot(x - (x0 + t * vx), y - (y0 + t * vy));
  };

const inside =
  (cx: number, cy: number, r: number, shape: Shape): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) <= r ? shape(x, y) : Infinity;

/** The chalk of the SVG design (480 × 270 units), with each stroke's width. */
function motif(basketball: boolean): Array<[Shape, number]> {
  if (basketball)
    return [
      [ring(240, 135, 70), 6],
      [segment(170, 135, 310, 135), 5],
      [segment(240, 65, 240, 205), 5],
      // The seams: arcs of larger circles, kept inside the ball.
      [inside(240, 135, 70, ring(130, 135, 75)), 5],
      [inside(240, 135, 70, ring(350, 135, 75)), 5],
    ];
  return [
    [rectLine(40, 30, 400, 210), 4],
    [segment(240, 30, 240, 240), 4],
    [ring(240, 135, 45), 4],
    [rectLine(40, 85, 50, 100), 4],
    [rectLine(390, 85, 50, 100), 4],
  ];
}

function hexRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hslRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** How much chalk covers each pixel (0…1), per motif and width: drawn once, shared by every colour. */
const chalkMasks = new Map<string, Float32Array>();
function chalkMask(basketball: boolean, w: number, h: number): Float32Array {
  const key = `${basketball}:${w}`;
  let mask = chalkMasks.get(key);
  if (mask) return mask;
  // The motif is in 480 × 270 design units: a pixel is `unit` of them.
  const unit = COVER_WIDTH / w;
  mask = new Float32Array(w * h);
  for (const [shape, width] of motif(basketball)) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        // Anti-aliased: full inside the stroke, fading over one pixel at its edge.
        const cover = (width / 2 - shape((x + 0.5) * unit, (y + 0.5) * unit)) / unit + 0.5;
        const i = y * w + x;
        if (cover > mask[i]!) mask[i] = Math.min(1, cover);
      }
    }
  }
  chalkMasks.set(key, mask);
  return mask;
}

function draw(
  from: [number, number, number],
  to: [number, number, number],
  basketball: boolean,
  w: CoverWidth,
): Buffer {
  const h = Math.round((w * COVER_HEIGHT) / COVER_WIDTH);
  const data = Buffer.alloc(w * h * 4);
  const mask = chalkMask(basketball, w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // The SVG's diagonal gradient (x1=0 y1=0 → x2=1 y2=1 over the box).
      const t = (x / w + y / h) / 2;
      const chalk = CHALK_ALPHA * mask[y * w + x]!;
      const i = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) {
        const base = from[c]! + (to[c]! - from[c]!) * t;
        data[i + c] = Math.round(base + (255 - base) * chalk);
      }
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width: w, height: h }, 82).data;
}

const drawn = new Map<string, Buffer>();

/** The JPEG cover of an article at a width (drawn once per variant). */
export function coverJpeg(a: { id: number; type: number; sport: string | null }, w: CoverWidth = COVER_WIDTH): Buffer {
  const col = columnOf(a.type) ?? columnOf(1002)!;
  const basketball = isBasketballCover(a);
  const hue = ((a.id % COVER_HUES) * 360) / COVER_HUES;
  const key = `${col.type}:${basketball ? 'lq' : 'zq'}:${hue}:${w}`;
  let jpg = drawn.get(key);
  if (!jpg) {
    jpg = draw(hexRgb(col.color), hslRgb(hue, 0.45, 0.28), basketball, w);
    drawn.set(key, jpg);
  }
  return jpg;
}
