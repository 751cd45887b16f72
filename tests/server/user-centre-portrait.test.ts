/**
 * Portraits in the user centre (issue 7) on the real routes with a real PGlite: upload (sniffed,
 * size-checked, re-encoded under DATA_DIR with a random name, served inertly), approve and
 * reject, serving only generated names, and the audit CLI's argument checks.
 */
import { PNG } from 'pngjs';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { PORTRAIT_MAX_BYTES, PortraitAudit, UserCentrePaths as P } from '../../workers/protocol/api/user-centre';
import { runAuditCli } from '../../server/user/audit-cli';
import {
  createUser,
  form,
  makeJpeg,
  makeJpegHeader,
  makePng,
  multipart,
  hasChinese,
  useUserCentre,
} from './user-centre-helpers';
const { h, call } = useUserCentre();
const uploadsOnDisk = () => {
  const dir = path.join(h.ts.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

describe('portrait upload and audit', () => {
  it('stores a PNG under DATA_DIR with a random name, pending audit, and serves it inertly', async () => {
    const u = await createUser(h);
    const png = makePng(320, 320);
    const { body } = await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 'me.png', type: 'image/png', data: png }),
    );
    expect(body.code).toBe(200);
    expect(body.data.portraitAudit).toBe(PortraitAudit.PENDING);
    expect(body.data.portrait).toBe('');
    expect(body.data.portraitNew).toMatch(/^\/media\/uploads\/[a-f0-9]{32}\.png$/);
    const file = path.join(h.ts.dataDir, 'uploads', path.basename(body.data.portraitNew));
    // Re-encoded (metadata gone), same picture size.
    const stored = fs.readFileSync(file);
    expect(PNG.sync.read(stored)).toMatchObject({ width: 320, height: 320 });

    const served = await h.app.inject({ method: 'GET', url: body.data.portraitNew });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(stored)).toBe(true);

    // The public author page still shows the old (empty) portrait until approval.
    expect((await call('GET', P.author.replace(':id', String(u.id)))).body.data.portrait).toBe('');
  });

  it('refuses a file that is not an image whatever its name and type say, and writes nothing', async () => {
    const u = await createUser(h);
    const before = uploadsOnDisk();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const { body } = await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 'x.png', type: 'image/png', data: html }),
    );
    expect(body.code).toBe(Code.BAD_INPUT);
    expect(body.msg).toBe('只支持 PNG、JPG、WebP 格式的图片');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1');
    expect(
      (await call('POST', P.portraitUpload, u.token, multipart({ filename: 'a.gif', type: 'image/gif', data: gif })))
        .body.code,
    ).toBe(Code.BAD_INPUT);
    expect(uploadsOnDisk()).toBe(before);
    expect((await call('GET', P.portrait, u.token)).body.data).toEqual({
      portrait: '',
      portraitNew: null,
      portraitAudit: 0,
    });
  });

  it('refuses an image over 2 MB, too small, too large in pixels or not square-ish; nothing changes', async () => {
    const u = await createUser(h);
    const before = uploadsOnDisk();
    const big = Buffer.concat([makePng(300, 300), Buffer.alloc(PORTRAIT_MAX_BYTES)]);
    const tooBig = await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 'big.png', type: 'image/png', data: big }),
    );
    expect(tooBig.body.code).toBe(Code.BAD_INPUT);
    expect(tooBig.body.msg).toBe('图片不能超过 2MB');
    const small = await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 's.png', type: 'image/png', data: makePng(20, 20) }),
    );
    expect(small.body.msg).toContain('图片太小');
    const huge = await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 'h.jpg', type: 'image/jpeg', data: makeJpegHeader(5000, 5000) }),
    );
    expect(huge.body.msg).toContain('图片太大');
    const wide = await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 'w.png', type: 'image/png', data: makePng(600, 100) }),
    );
    expect(wide.body.msg).toContain('宽高比例');
    const none = await call('POST', P.portraitUpload, u.token, multipart(null, { note: 'x' }));
    expect(none.body.msg).toBe('请选择要上传的图片');
    const notMultipart = await call('POST', P.portraitUpload, u.token, form({ file: 'abc' }));
    expect(notMultipart.body.code).not.toBe(200);
    expect(hasChinese(notMultipart.body.msg)).toBe(true);
    expect(uploadsOnDisk()).toBe(before);
    expect((await call('GET', P.portrait, u.token)).body.data.portraitAudit).toBe(0);
  });

  it('sniffs JPEG dimensions from the frame header', async () => {
    const u = await createUser(h);
    const { body } = await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 'a.jpg', type: 'application/octet-stream', data: makeJpeg(400, 300) }),
    );
    expect(body.code).toBe(200);
    expect(body.data.portraitNew).toMatch(/\.jpg$/);
  });

  it('approve makes it the portrait and tells the user; reject keeps the old one', async () => {
    const u = await createUser(h);
    const up = await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 'me.png', type: 'image/png', data: makePng(128, 128) }),
    );
    const newUrl = up.body.data.portraitNew;
    const pending = await h.app.inject({ method: 'GET', url: '/_dev/user/portrait/pending' });
    expect(pending.json().data.some((p: { userId: number }) => p.userId === u.id)).toBe(true);
    const approve = await h.app.inject({
      method: 'POST',
      url: '/_dev/user/portrait/audit',
      ...form({ userId: u.id, decision: 'approve' }),
    });
    expect(approve.json().data).toEqual({ portrait: newUrl, portraitNew: null, portraitAudit: 0 });
    expect((await call('GET', P.author.replace(':id', String(u.id)))).body.data.portrait).toBe(newUrl);

    await call(
      'POST',
      P.portraitUpload,
      u.token,
      multipart({ filename: 'me2.png', type: 'image/png', data: makePng(200, 200) }),
    );
    const reject = await h.app.inject({
      method: 'POST',
      url: '/_dev/user/portrait/audit',
      ...form({ userId: u.id, decision: 'reject', reason: '图片不清晰' }),
    });
    expect(reject.json().data).toEqual({ portrait: newUrl, portraitNew: null, portraitAudit: PortraitAudit.REJECTED });

    const again = await h.app.inject({
      method: 'POST',
      url: '/_dev/user/portrait/audit',
      ...form({ userId: u.id, decision: 'approve' }),
    });
    expect(again.json().code).toBe(Code.NOT_FOUND);
    expect(again.json().msg).toBe('该用户没有待审核的头像');
    const bad = await h.app.inject({
      method: 'POST',
      url: '/_dev/user/portrait/audit',
      ...form({ userId: u.id, decision: 'maybe' }),
    });
    expect(bad.json().code).toBe(Code.BAD_INPUT);

    const msgs = await call('GET', P.messages, u.token);
    expect(msgs.body.data.list.map((m: { title: string }) => m.title)).toEqual(['头像审核未通过', '头像审核通过']);
    expect(msgs.body.data.list[0].content).toContain('图片不清晰');
    expect(msgs.body.data.unread).toBe(2);
  });
});

describe('upload serving', () => {
  it('serves only generated names', async () => {
    for (const name of ['..%2F..%2Fpglite', 'abc.png', 'a'.repeat(32) + '.svg', 'a'.repeat(32) + '.png']) {
      const r = await h.app.inject({ method: 'GET', url: `/media/uploads/${name}` });
      expect(r.statusCode, name).toBe(404);
    }
  });
});

describe('audit CLI', () => {
  it('rejects bad arguments without opening storage', async () => {
    const out: string[] = [];
    expect(await runAuditCli(['approve', 'abc'], (l) => out.push(l))).toBe(2);
    expect(out.join('\n')).toContain('用户编号不正确');
    expect(await runAuditCli(['frobnicate'], (l) => out.push(l))).toBe(2);
  });
});
