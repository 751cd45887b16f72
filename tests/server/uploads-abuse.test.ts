/**
 * Abuse cases of portrait and image uploads (issue 11 #9): a flood is limited per user per
 * hour, replaced and rejected files leave the disk, a small file declaring a huge canvas is
 * refused before anything is decoded, and metadata (EXIF with GPS, PNG text) does not survive.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { UserCentrePaths as P } from '../../workers/protocol/api/user-centre';
import {
  createUser,
  makeJpeg,
  makePng,
  multipart,
  pngChunk,
  startUserCentre,
  type UserCentreHarness,
} from './user-centre-helpers';

let h: UserCentreHarness;
beforeAll(async () => {
  h = await startUserCentre();
}, 180_000);
afterAll(async () => {
  await h?.close();
}, 180_000);

async function upload(path: string, token: string, data: Buffer, filename = 'me.png', type = 'image/png') {
  const body = multipart({ filename, type, data });
  const res = await h.app.inject({
    method: 'POST',
    url: `/main${path}`,
    headers: { accessToken: token, ...body.headers },
    payload: body.payload,
  });
  return res.json() as { code: number; msg: string; data: { portraitNew: string | null; url?: string } };
}

const uploadsOnDisk = () => fs.readdirSync(path.join(h.ts.dataDir, 'uploads'));

describe('portrait uploads', () => {
  it('stops a flood: 10 portraits per user per hour, the 11th is refused and stores nothing', async () => {
    const u = await createUser(h);
    for (let i = 0; i < 10; i++)
      expect((await upload(P.portraitUpload, u.token, makePng(100 + i, 100))).code).toBe(200);
    const filesBefore = uploadsOnDisk().length;
    const eleventh = await upload(P.portraitUpload, u.token, makePng(99, 99));
    expect(eleventh).toMatchObject({ code: Code.RATE_LIMITED, msg: '头像上传太频繁，请一小时后再试' });
    expect(uploadsOnDisk().length).toBe(filesBefore);
    // Each new upload replaced the one waiting before it: one file left on disk for this user.
    const rows = await h.ts.storage.db
      .selectFrom('user_uploads')
      .select('file_name')
      .where('user_id', '=', u.id)
      .execute();
    expect(rows.filter((r) => uploadsOnDisk().includes(r.file_name))).toHaveLength(1);
  });

  it('deletes a rejected portrait, and the old one when a new one is approved', async () => {
    const u = await createUser(h);
    const audit = (decision: 'approve' | 'reject') =>
      h.app.inject({ method: 'POST', url: '/_dev/user/portrait/audit', payload: { userId: u.id, decision } });
    const first = (await upload(P.portraitUpload, u.token, makePng(120, 120))).data.portraitNew!;
    await audit('approve');
    const second = (await upload(P.portraitUpload, u.token, makePng(130, 130))).data.portraitNew!;
    await audit('reject');
    expect(uploadsOnDisk()).toContain(path.basename(first));
    expect(uploadsOnDisk()).not.toContain(path.basename(second));
    const third = (await upload(P.portraitUpload, u.token, makePng(140, 140))).data.portraitNew!;
    await audit('approve');
    expect(uploadsOnDisk()).toContain(path.basename(third));
    expect(uploadsOnDisk()).not.toContain(path.basename(first));
  });
});

describe('image contents', () => {
  it('refuses a small file that declares a decompression-bomb canvas, before decoding it', async () => {
    const u = await createUser(h);
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(6000, 0);
    ihdr.writeUInt32BE(6000, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    // 36 megapixels of zeros: ~100 KB deflated, ~108 MB once decoded.
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1024 * 1024))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    const res = await upload(P.feedbackImage, u.token, bomb, 'bomb.png');
    expect(res.code).toBe(Code.BAD_INPUT);
    expect(res.msg).toContain('像素太多');
  });

  it('strips EXIF from JPEGs and text chunks from PNGs by re-encoding', async () => {
    const u = await createUser(h);
    const secret = 'GPS 31.2304N 121.4737E iPhone';
    const jpg = await upload(P.feedbackImage, u.token, makeJpeg(200, 150, secret), 'a.jpg', 'image/jpeg');
    expect(jpg.code).toBe(200);
    const png = makePng(200, 150);
    const withText = Buffer.concat([
      png.subarray(0, png.length - 12),
      pngChunk('tEXt', Buffer.from(`Comment\0${secret}`, 'latin1')),
      png.subarray(png.length - 12),
    ]);
    const p = await upload(P.feedbackImage, u.token, withText, 'b.png');
    expect(p.code).toBe(200);
    for (const url of [jpg.data.url!, p.data.url!]) {
      const stored = fs.readFileSync(path.join(h.ts.dataDir, 'uploads', path.basename(url)));
      expect(stored.toString('latin1')).not.toContain('GPS 31.2304');
    }
  });

  it('refuses a file whose header promises an image its data does not hold', async () => {
    const u = await createUser(h);
    const truncated = makeJpeg(200, 200).subarray(0, 400);
    const res = await upload(P.feedbackImage, u.token, truncated, 't.jpg', 'image/jpeg');
    expect(res).toMatchObject({ code: Code.BAD_INPUT, msg: '图片已损坏或格式不正确，请换一张' });
  });
});
