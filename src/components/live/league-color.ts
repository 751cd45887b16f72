/**
 * League names are drawn in the league's own colour (from the feed), small, on white rows. Some
 * of those colours (orange, yellow, light green) are too light to read: WCAG AA asks 4.5:1 for
 * small text. This keeps the hue and darkens it just enough.
 */
const MIN_CONTRAST_ON_WHITE = 4.5;

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function contrastOnWhite([r, g, b]: readonly number[]): number {
  const lum = 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  return 1.05 / (lum + 0.05);
}

function parse(color: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(color.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

/** The colour itself when it reads on white, else the same hue darkened to 4.5:1; unknown input passes through. */
export function readableOnWhite(color: string | undefined): string | undefined {
  if (!color) return color;
  const rgb = parse(color);
  if (!rgb) return color;
  let k = 1;
  let out = rgb;
  while (contrastOnWhite(out) < MIN_CONTRAST_ON_WHITE && k > 0) {
    k = Math.max(0, k - 0.04);
    out = rgb.map((c) => Math.round(c * k)) as [number, number, number];
  }
  return k === 1 ? color : `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
