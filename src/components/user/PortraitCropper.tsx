/**
 * Square portrait crop before upload: drag (pointer or arrow keys) to move, slider to zoom; the
 * result is drawn on a canvas at `side`×`side` and handed back as a JPEG blob.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampLayout, coverScale, initialLayout, sourceRect, zoomTo, type CropLayout } from './crop-math';
import { UserDialog } from './UserDialog';

export const CROP_VIEWPORT = 260;

export interface PortraitCropperProps {
  file: Blob;
  side: number;
  texts: { title: string; hint: string; zoom: string; confirm: string; cancel: string; area: string };
  busy?: boolean;
  onConfirm: (blob: Blob) => void;
  onCancel: () => void;
}

export function PortraitCropper({ file, side, texts, busy, onConfirm, onCancel }: PortraitCropperProps) {
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [layout, setLayout] = useState<CropLayout | null>(null);
  const drag = useRef<{ px: number; py: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const el = new Image();
    el.onload = () => {
      setImg(el);
      setLayout(initialLayout(el.naturalWidth, el.naturalHeight, CROP_VIEWPORT));
    };
    el.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const w = img?.naturalWidth ?? 1;
  const h = img?.naturalHeight ?? 1;
  const minScale = coverScale(w, h, CROP_VIEWPORT);
  const move = (dx: number, dy: number) =>
    setLayout((l) => (l ? clampLayout({ ...l, x: l.x + dx, y: l.y + dy }, w, h, CROP_VIEWPORT) : l));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!layout) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, py: e.clientY, x: layout.x, y: layout.y };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !layout) return;
    setLayout(clampLayout({ ...layout, x: d.x + e.clientX - d.px, y: d.y + e.clientY - d.py }, w, h, CROP_VIEWPORT));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 30 : 8;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const d = delta[e.key];
    if (d) {
      e.preventDefault();
      move(d[0], d[1]);
    }
  };

  const confirm = () => {
    if (!img || !layout) return;
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const g = canvas.getContext('2d');
    if (!g) return;
    const r = sourceRect(layout, CROP_VIEWPORT);
    g.fillStyle = '#fff';
    g.fillRect(0, 0, side, side);
    g.drawImage(img, r.sx, r.sy, r.size, r.size, 0, 0, side, side);
    canvas.toBlob((blob) => blob && onConfirm(blob), 'image/jpeg', 0.9);
  };

  return (
    <UserDialog titleId="us-crop-title" className="us-crop" title={texts.title} hint={texts.hint}>
      <div
        className="us-crop__viewport"
        style={{ width: CROP_VIEWPORT, height: CROP_VIEWPORT }}
        tabIndex={0}
        role="application"
        aria-label={texts.area}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        data-testid="crop-viewport"
      >
        {img && layout && (
          <img
            src={img.src}
            alt=""
            draggable={false}
            style={{
              position: 'absolute',
              left: layout.x,
              top: layout.y,
              width: w * layout.scale,
              height: h * layout.scale,
              maxWidth: 'none',
            }}
          />
        )}
        <span className="us-crop__ring" aria-hidden="true" />
      </div>
      <label className="us-crop__zoom">
        <span>{texts.zoom}</span>
        <input
          type="range"
          min={minScale}
          max={minScale * 4}
          step={minScale / 50}
          value={layout?.scale ?? minScale}
          disabled={!layout}
          onChange={(e) => layout && setLayout(zoomTo(layout, Number(e.target.value), w, h, CROP_VIEWPORT))}
        />
      </label>
      <div className="us-crop__actions">
        <button type="button" className="us-btn us-btn--ghost" onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </button>
        <button type="button" className="us-btn" onClick={confirm} disabled={!layout || busy}>
          {texts.confirm}
        </button>
      </div>
    </UserDialog>
  );
}
