/**
 * Re-encodes an uploaded image so nothing but its pixels survives: EXIF (camera, GPS), XMP, ICC
 * profiles, comments and any bytes hidden after the image data are gone. Pure JavaScript
 * (pngjs, jpeg-js), no native builds. WebP has no pure-JS codec here, so its RIFF container is
 * rebuilt from the image chunks only (VP8/VP8L/ALPH/ANIM/ANMF), with the metadata flags cleared.
 *
 * Callers check the pixel count first (UPLOAD_MAX_PIXELS): decoding allocates width × height × 4
 * bytes, which is what a decompression bomb aims at.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { SniffedImage } from './image-sniff';

/** Decoding budget per image: 16.7 megapixels (4096²) ≈ 64 MB of RGBA. */
export const UPLOAD_MAX_PIXELS = 4096 * 4096;

export function reencodeImage(buf: Buffer, image: SniffedImage): Buffer | null {
  try {
    if (image.mime === 'image/png') {
      const png = PNG.sync.read(buf);
      if (png.width !== image.width || png.height !== image.height) return null;
      return PNG.sync.write(png, { colorType: 6 });
    }
    if (image.mime === 'image/jpeg') {
      const raw = jpeg.decode(buf, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: UPLOAD_MAX_PIXELS / 1e6,
        maxMemoryUsageInMB: 256,
      });
      if (raw.width !== image.width || raw.height !== image.height) return null;
      return jpeg.encode({ data: Buffer.from(raw.data), width: raw.width, height: raw.height }, 90).data;
    }
    return stripWebp(buf);
  } catch {
    return null;
  }
}

const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);

/** A WebP with only its image chunks; null when the container is malformed. */
export function stripWebp(buf: Buffer): Buffer | null {
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunks: Buffer[] = [];
  let i = 12;
  while (i + 8 <= buf.length) {
    const id = buf.toString('latin1', i, i + 4);
    const size = buf.readUInt32LE(i + 4);
    const end = i + 8 + size + (size % 2);
    if (i + 8 + size > buf.length) return null;
    if (WEBP_IMAGE_CHUNKS.has(id)) {
      const chunk = Buffer.from(buf.subarray(i, Math.min(end, buf.length)));
      // VP8X flags: ICC (0x20), EXIF (0x08), XMP (0x04) are no longer present.
      if (id === 'VP8X') chunk[8] = chunk[8]! & ~(0x20 | 0x08 | 0x04);
      chunks.push(chunk);
    }
    i = end;
  }
  if (!chunks.some((c) => c.toString('latin1', 0, 4) !== 'VP8X')) return null;
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
