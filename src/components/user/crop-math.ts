/** Square crop geometry (pure): the image is laid out at `scale`, top-left at (x, y), under a square viewport. */
export interface CropLayout {
  scale: number;
  x: number;
  y: number;
}

/** Smallest scale at which the image still covers the viewport. */
export const coverScale = (w: number, h: number, viewport: number) => viewport / Math.min(w, h);

/** Keeps the image covering the viewport (no empty edge can be cropped in). */
export function clampLayout(l: CropLayout, w: number, h: number, viewport: number): CropLayout {
  const scale = Math.max(l.scale, coverScale(w, h, viewport));
  const minX = viewport - w * scale;
  const minY = viewport - h * scale;
  return { scale, x: Math.min(0, Math.max(minX, l.x)), y: Math.min(0, Math.max(minY, l.y)) };
}

/** The centred layout at cover scale. */
export function initialLayout(w: number, h: number, viewport: number): CropLayout {
  const scale = coverScale(w, h, viewport);
  return { scale, x: (viewport - w * scale) / 2, y: (viewport - h * scale) / 2 };
}

/** Zooms around the viewport centre, then clamps. */
export function zoomTo(l: CropLayout, scale: number, w: number, h: number, viewport: number): CropLayout {
  const c = viewport / 2;
  const k = scale / l.scale;
  return clampLayout({ scale, x: c - (c - l.x) * k, y: c - (c - l.y) * k }, w, h, viewport);
}

/** The source rectangle (in image pixels) that the viewport shows. */
export function sourceRect(l: CropLayout, viewport: number): { sx: number; sy: number; size: number } {
  return { sx: -l.x / l.scale, sy: -l.y / l.scale, size: viewport / l.scale };
}
