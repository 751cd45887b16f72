/**
 * Reads an image's type and size from its first bytes (never from the file name or the
 * client's content type). PNG, JPEG and WebP only; anything else is not an image to us.
 */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

export interface SniffedImage {
  mime: ImageMime;
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

export function sniffImage(buf: Buffer): SniffedImage | null {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.readUInt32BE(4) === 0x0d0a1a0a) {
    if (buf.toString('latin1', 12, 16) !== 'IHDR') return null;
    return dims('image/png', 'png', buf.readUInt32BE(16), buf.readUInt32BE(20));
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return sniffJpeg(buf);
  if (buf.length >= 30 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return sniffWebp(buf);
  return null;
}

function dims(mime: ImageMime, ext: SniffedImage['ext'], width: number, height: number): SniffedImage | null {
  return width > 0 && height > 0 ? { mime, ext, width, height } : null;
}

function sniffJpeg(buf: Buffer): SniffedImage | null {
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end or scan before a frame header
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const len = buf.readUInt16BE(i + 2);
    if (len < 2) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 9 > buf.length) return null;
      return dims('image/jpeg', 'jpg', buf.readUInt16BE(i + 7), buf.readUInt16BE(i + 5));
    }
    i += 2 + len;
  }
  return null;
}

function sniffWebp(buf: Buffer): SniffedImage | null {
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null;
    return dims('image/webp', 'webp', buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return null;
    const b = buf.readUInt32LE(21);
    return dims('image/webp', 'webp', (b & 0x3fff) + 1, ((b >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const w = 1 + (buf[24]! | (buf[25]! << 8) | (buf[26]! << 16));
    const h = 1 + (buf[27]! | (buf[28]! << 8) | (buf[29]! << 16));
    return dims('image/webp', 'webp', w, h);
  }
  return null;
}
