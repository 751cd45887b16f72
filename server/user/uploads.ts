/**
 * Image uploads: validated from their bytes (type, size, dimensions), stored under
 * DATA_DIR/uploads with random names, and served with headers that keep a browser from ever
 * treating them as anything but an inert image.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '../../workers/protocol/index';
import {
  PORTRAIT_MAX_BYTES,
  PORTRAIT_MAX_SIDE,
  PORTRAIT_MIN_SIDE,
  UploadPaths,
  type UploadedImage,
} from '../../workers/protocol/api/user-centre';
import type { AppContext } from '../context';
import { BizError } from '../http/reply';
import { sniffImage, type SniffedImage } from './image-sniff';
import { UPLOAD_MAX_PIXELS, reencodeImage } from './image-reencode';

export const UPLOAD_NAME_RE = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/**
 * A form field listing uploaded images as comma-separated ids ('' for none), parsed into the
 * array of ids: each must look like an upload id (`badId`), at most `max` of them (`tooMany`),
 * and, with `repeated`, no id twice.
 */
export function uploadIdList(opts: { badId: string; max: number; tooMany: string; repeated?: string }) {
  const ids = z.array(z.string().regex(/^[a-f0-9]{32}$/, opts.badId)).max(opts.max, opts.tooMany);
  const { repeated } = opts;
  return z
    .string({ error: opts.badId })
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(repeated ? ids.refine((list) => new Set(list).size === list.length, repeated) : ids);
}
const MIME_BY_EXT = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

export function uploadsDir(ctx: Pick<AppContext, 'config'>): string {
  return path.join(ctx.config.dataDir, 'uploads');
}

export function uploadUrl(fileName: string): string {
  return UploadPaths.file.replace(':name', fileName);
}

export interface ReadUpload {
  buf: Buffer;
  image: SniffedImage;
  fields: Record<string, string>;
}

/** Reads the single `file` part of a multipart request and checks it is an acceptable image. */
export async function readImageUpload(
  req: FastifyRequest,
  limits: { minSide?: number; maxSide?: number } = {},
): Promise<ReadUpload> {
  if (!req.isMultipart()) throw new BizError(Code.BAD_INPUT, '请选择要上传的图片');
  let buf: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || buf) {
          part.file.resume();
          throw new BizError(Code.BAD_INPUT, '一次只能上传一张图片');
        }
        buf = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof BizError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new BizError(Code.BAD_INPUT, `图片不能超过 ${PORTRAIT_MAX_BYTES / 1024 / 1024}MB`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new BizError(Code.BAD_INPUT, '一次只能上传一张图片');
    throw new BizError(Code.BAD_INPUT, '上传内容格式不正确');
  }
  if (!buf || buf.length === 0) throw new BizError(Code.BAD_INPUT, '请选择要上传的图片');
  if (buf.length > PORTRAIT_MAX_BYTES)
    throw new BizError(Code.BAD_INPUT, `图片不能超过 ${PORTRAIT_MAX_BYTES / 1024 / 1024}MB`);
  const image = sniffImage(buf);
  if (!image) throw new BizError(Code.BAD_INPUT, '只支持 PNG、JPG、WebP 格式的图片');
  const min = limits.minSide ?? PORTRAIT_MIN_SIDE;
  const max = limits.maxSide ?? PORTRAIT_MAX_SIDE;
  if (image.width < min || image.height < min) throw new BizError(Code.BAD_INPUT, `图片太小，宽高至少 ${min} 像素`);
  if (image.width > max || image.height > max) throw new BizError(Code.BAD_INPUT, `图片太大，宽高不能超过 ${max} 像素`);
  // Checked from the header, before anything is decoded: a small file may declare a huge canvas.
  if (image.width * image.height > UPLOAD_MAX_PIXELS)
    throw new BizError(Code.BAD_INPUT, `图片像素太多，不能超过 ${Math.round(UPLOAD_MAX_PIXELS / 1e6)} 百万像素`);
  // Only the pixels are kept: metadata (EXIF with GPS, comments, trailing bytes) is dropped.
  const clean = reencodeImage(buf, image);
  if (!clean) throw new BizError(Code.BAD_INPUT, '图片已损坏或格式不正确，请换一张');
  return { buf: clean, image, fields };
}

/** Writes the file (random name) and its row; the row insert runs in the caller's transaction. */
export async function storeUpload(
  ctx: AppContext,
  db: AppContext['db'],
  userId: number,
  purpose: 'portrait' | 'feedback' | 'post' | 'im',
  upload: ReadUpload,
): Promise<UploadedImage & { fileName: string }> {
  const id = crypto.randomBytes(16).toString('hex');
  const fileName = `${id}.${upload.image.ext}`;
  const dir = uploadsDir(ctx);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, fileName);
  await fs.promises.writeFile(file, upload.buf, { flag: 'wx', mode: 0o644 });
  try {
    await db
      .insertInto('user_uploads')
      .values({
        id,
        user_id: userId,
        purpose,
        mime: upload.image.mime,
        file_name: fileName,
        bytes: upload.buf.length,
        width: upload.image.width,
        height: upload.image.height,
        created_at: ctx.now(),
      })
      .execute();
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
  return { id, fileName, url: uploadUrl(fileName), width: upload.image.width, height: upload.image.height };
}

/** Removes a stored upload's file (replaced or rejected); a missing file is fine. */
export async function deleteUploadFile(ctx: Pick<AppContext, 'config'>, url: string | null): Promise<void> {
  const name = url?.slice(url.lastIndexOf('/') + 1) ?? '';
  if (!UPLOAD_NAME_RE.test(name)) return;
  await fs.promises.rm(path.join(uploadsDir(ctx), name), { force: true });
}

/** GET /media/uploads/:name — only names we generated, only with inert headers. */
export function registerUploadServing(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { name: string } }>(UploadPaths.file, async (req, reply) => {
    const name = req.params.name;
    if (!UPLOAD_NAME_RE.test(name)) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    const file = path.join(uploadsDir(ctx), name);
    let body: Buffer;
    try {
      body = await fs.promises.readFile(file);
    } catch {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    const ext = name.slice(name.lastIndexOf('.') + 1) as keyof typeof MIME_BY_EXT;
    return reply
      .header('content-type', MIME_BY_EXT[ext])
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });
}
