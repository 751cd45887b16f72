/**
 * Helpers for the user-centre integration tests: the area's routes on a real Fastify with the
 * real error handler and a real PGlite, users with real sessions, and real image bytes.
 */
import jpeg from 'jpeg-js';
import { afterAll, beforeAll } from 'vitest';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { embeddedUrl } from '../../workers/protocol/index';
import { installErrorHandler } from '../../server/http/reply';
import type { AppContext } from '../../server/context';
import { userCentreArea } from '../../server/user/routes';
import { createSession } from '../../server/accounts/tokens';
import { createTestStorage, type Engine, type TestStorage } from '../helpers/test-db';

export interface UserCentreHarness {
  app: FastifyInstance;
  ts: TestStorage;
  ctx: AppContext;
  clock: { now: number };
  close(): Promise<void>;
}

export async function startUserCentre(engine: Engine = 'pglite'): Promise<UserCentreHarness> {
  const ts = await createTestStorage(engine);
  const clock = { now: Date.UTC(2026, 10, 22, 8, 0, 0) };
  // Only config, db and now are used by this area; the hub and feed are not involved.
  const ctx = {
    config: ts.config,
    storage: ts.storage,
    db: ts.storage.db,
    now: () => clock.now,
  } as unknown as AppContext;
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  installErrorHandler(app);
  await app.register(formbody);
  await userCentreArea(app, ctx);
  await app.ready();
  return {
    app,
    ts,
    ctx,
    clock,
    async close() {
      await app.close();
      await ts.cleanup();
    },
  };
}

/**
 * Starts the area before the calling file's tests and closes it after. `h` is filled in when it
 * starts, so tests read it, never the definitions; `call` sends one request to the running area.
 */
export function useUserCentre() {
  const h = {} as UserCentreHarness;
  beforeAll(async () => {
    Object.assign(h, await startUserCentre());
  });
  afterAll(async () => {
    await h.close?.();
  });
  async function call(
    method: 'GET' | 'POST',
    p: string,
    token?: string,
    extra: { payload?: string | Buffer; headers?: Record<string, string>; query?: Record<string, string> } = {},
  ) {
    const res = await h.app.inject({
      method,
      url: embeddedUrl(p),
      query: extra.query,
      payload: extra.payload,
      headers: { ...(token ? { accesstoken: token } : {}), ...(extra.headers ?? {}) },
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any }, res };
  }
  /** A form-encoded request whose answer is the envelope (the posts and tips calls). */
  async function formCall<T = any>(
    method: 'GET' | 'POST',
    p: string,
    token?: string,
    body?: Record<string, string | number>,
    query?: Record<string, string>,
  ) {
    const f = body ? form(body) : null;
    const res = await h.app.inject({
      method,
      url: embeddedUrl(p),
      query,
      payload: f?.payload,
      headers: { ...(token ? { accesstoken: token } : {}), ...(f?.headers ?? {}) },
    });
    return res.json() as { code: number; msg: string; data: T };
  }
  const countRows = async (table: 'user_posts' | 'user_tips') =>
    Number(
      (
        await h.ts.storage.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { h, call, formCall, countRows };
}

export const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s);

let phoneSeq = 0;
/** A user row plus a live session token (as the accounts area would create on login). */
export async function createUser(h: UserCentreHarness, nickName?: string): Promise<{ id: number; token: string }> {
  phoneSeq++;
  const phone = `139${String(10000000 + phoneSeq).slice(-8)}`;
  const row = await h.ts.storage.db
    .insertInto('users')
    .values({
      phone,
      nick_name: nickName ?? `球迷${phoneSeq}`,
      password_hash: 'x',
      portrait: '',
      portrait_new: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(h.ts.storage.db, row.id, h.clock.now);
  return { id: row.id, token };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A real, decodable RGB PNG of the given size (a gradient, so it is not trivially tiny). */
export function makePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x * 255) / width;
      raw[row + 2 + x * 3] = (y * 255) / height;
      raw[row + 3 + x * 3] = 128;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real, decodable baseline JPEG (jpeg-js), with an EXIF segment carrying `exifText` right
 * after SOI when given (where cameras put GPS and the device name).
 */
export function makeJpeg(width: number, height: number, exifText?: string): Buffer {
  const data = Buffer.alloc(width * height * 4, 0x80);
  const jpg = jpeg.encode({ data, width, height }, 85).data;
  if (!exifText) return jpg;
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(exifText, 'latin1')]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpg.subarray(0, 2), app1, payload, jpg.subarray(2)]);
}

/** JPEG header bytes (SOI, APP0, SOF0 with the size): enough for the sniffer. */
export function makeJpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A multipart body with one file part and optional fields. */
export function multipart(
  file: { name?: string; filename: string; type: string; data: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = '----qsboundary' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function form(body: Record<string, string | number>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** Builds a valid 18-digit ID (GB 11643 checksum) from 17 digits. */
export function validId(first17: string): string {
  const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * W[i]!, 0);
  return first17 + '10X98765432'[sum % 11];
}
