import { PNG } from 'pngjs';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, embeddedUrl } from '../../workers/protocol/index';
import { PORTRAIT_MAX_BYTES, PortraitAudit, UserCentrePaths as P } from '../../workers/protocol/api/user-centre';
import { runAuditCli } from '../../server/user/audit-cli';
import {
  createUser,
  form,
  makeJpeg,
  makeJpegHeader,
  makePng,
  multipart,
  startUserCentre,
  validId,
  type UserCentreHarness,
} from './user-centre-helpers';

let h: UserCentreHarness;
beforeAll(async () => {
  h = await startUserCentre();
});
afterAll(async () => {
  await h?.close();
});

const url = (p: string) => embeddedUrl(p);
const uploadsOnDisk = () => {
  const dir = path.join(h.ts.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
async function call(
  method: 'GET' | 'POST',
  p: string,
  token?: string,
  extra: { payload?: string | Buffer; headers?: Record<string, string>; query?: Record<string, string> } = {},
) {
  const res = await h.app.inject({
    method,
    url: url(p),
    query: extra.query,
    payload: extra.payload,
    headers: { ...(token ? { accesstoken: token } : {}), ...(extra.headers ?? {}) },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any }, res };
}
const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s);

describe('auth on every user-centre call', () => {
  it('answers the no-token code with a Chinese message when the token is missing or dead', async () => {
    for (const [method, p] of [
      ['GET', P.summary],
      ['GET', P.portrait],
      ['GET', P.realName],
      ['GET', P.history],
      ['GET', P.messages],
      ['GET', P.feedbackList],
      ['POST', P.historyClear],
    ] as const) {
      const a = await call(method, p);
      expect(a.body.code, p).toBe(Code.NO_TOKEN);
      expect(hasChinese(a.body.msg)).toBe(true);
      const b = await call(method, p, 'A'.repeat(43));
      expect(b.body.code, p).toBe(Code.NO_TOKEN);
    }
  });
});

describe('summary', () => {
  it('gives the hub its numbers', async () => {
    const u = await createUser(h, '汇总球迷');
    const { body } = await call('GET', P.summary, u.token);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      id: u.id,
      nickName: '汇总球迷',
      balance: 0,
      certified: false,
      unreadMessages: 0,
      historyCount: 0,
      portraitAudit: 0,
    });
  });
});

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

describe('real name', () => {
  it('checks the GB 11643 checksum, stores only the masked values, once', async () => {
    const u = await createUser(h);
    const id = validId('11010519900307123');
    const wrongCheck = id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: '张三', idNumber: wrongCheck }, '身份证号校验位不正确，请核对后重新输入'],
      [{ name: '张三', idNumber: '1101051990030712' }, '身份证号应为18位，最后一位可以是X'],
      [{ name: '张三', idNumber: validId('11010519901307123') }, '身份证号中的出生日期不正确'],
      [{ name: '张三', idNumber: validId('01010519900307123') }, '身份证号地区码不正确'],
      [{ name: 'Zhang San', idNumber: id }, '姓名只能是汉字（少数民族姓名可含“·”）'],
      [{ name: '张', idNumber: id }, '姓名至少 2 个汉字'],
      [{ name: '张三' }, '请输入身份证号'],
      [{ name: '张三', idNumber: validId('11010520150307123') }, '未满 18 周岁不能进行实名认证'],
    ];
    for (const [body, msg] of cases) {
      const r = await call('POST', P.realName, u.token, form(body));
      expect(r.body.code, JSON.stringify(body)).not.toBe(200);
      expect(r.body.msg).toBe(msg);
    }
    expect((await call('GET', P.realName, u.token)).body.data.certified).toBe(false);

    const okRes = await call('POST', P.realName, u.token, form({ name: '张小三', idNumber: id.toLowerCase() }));
    expect(okRes.body.code).toBe(200);
    expect(okRes.body.data).toMatchObject({
      certified: true,
      name: '张*三',
      idNumber: '1101**********' + id.slice(-4),
    });
    const row = await h.ts.storage.db
      .selectFrom('user_real_names')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(id.slice(4, 14));
    expect(JSON.stringify(row)).not.toContain('小');

    const twice = await call('POST', P.realName, u.token, form({ name: '李四', idNumber: id }));
    expect(twice.body.code).toBe(Code.REFUSED);
    expect(twice.body.msg).toBe('您已完成实名认证，不能重复认证');
    expect((await call('GET', P.realName, u.token)).body.data.name).toBe('张*三');
  });

  it('accepts X as the check character', async () => {
    const u = await createUser(h);
    // Search a birth serial whose check character is X.
    let id = '';
    for (let s = 100; s < 999 && !id; s++) {
      const cand = validId(`440305198805${String(12).padStart(2, '0')}${s}`);
      if (cand.endsWith('X')) id = cand;
    }
    const r = await call('POST', P.realName, u.token, form({ name: '欧阳娜娜', idNumber: id }));
    expect(r.body.code).toBe(200);
    expect(r.body.data.name).toBe('欧**娜');
    expect(r.body.data.idNumber.endsWith('X')).toBe(true);
  });
});

describe('feedback', () => {
  it('takes screenshots, then the feedback that refers to them', async () => {
    const u = await createUser(h);
    const img = await call(
      'POST',
      P.feedbackImage,
      u.token,
      multipart({ filename: 's.png', type: 'image/png', data: makePng(100, 200) }),
    );
    expect(img.body.code).toBe(200);
    expect(img.body.data.id).toMatch(/^[a-f0-9]{32}$/);
    const add = await call(
      'POST',
      P.feedbackAdd,
      u.token,
      form({ kind: 'bug', content: '比分页面偶尔不刷新', contact: 'qq 123', images: img.body.data.id }),
    );
    expect(add.body.code).toBe(200);
    expect(add.body.msg).toBe('提交成功，感谢您的反馈');
    expect(add.body.data.images).toEqual([img.body.data.url]);
    const list = await call('GET', P.feedbackList, u.token);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ kind: 'bug', content: '比分页面偶尔不刷新', status: 0 });
  });

  it('refuses bad feedback and stores nothing', async () => {
    const u = await createUser(h);
    const other = await createUser(h);
    const theirs = await call(
      'POST',
      P.feedbackImage,
      other.token,
      multipart({ filename: 's.png', type: 'image/png', data: makePng(50, 50) }),
    );
    const cases: Array<[Record<string, string>, string]> = [
      [{ kind: 'bug', content: '短' }, '反馈内容至少 5 个字'],
      [{ kind: 'nope', content: '这是一条足够长的反馈' }, '请选择反馈类型'],
      [{ kind: 'bug', content: 'x'.repeat(501) }, '反馈内容不能超过 500 字'],
      [{ kind: 'bug', content: '这是一条足够长的反馈', images: theirs.body.data.id }, '截图不存在，请重新上传'],
      [{ kind: 'bug', content: '这是一条足够长的反馈', images: '../../etc/passwd' }, '截图编号不正确'],
      [
        { kind: 'bug', content: '这是一条足够长的反馈', images: Array(5).fill(theirs.body.data.id).join(',') },
        '最多上传 4 张截图',
      ],
    ];
    for (const [body, msg] of cases) {
      const r = await call('POST', P.feedbackAdd, u.token, form(body));
      expect(r.body.code).toBe(Code.BAD_INPUT);
      expect(r.body.msg).toBe(msg);
    }
    expect((await call('GET', P.feedbackList, u.token)).body.data).toEqual([]);
    expect((await call('GET', P.messages, u.token)).body.data.total).toBe(0);
  });
});

describe('history', () => {
  it('records visits (latest first, one row per target) and clears them', async () => {
    const u = await createUser(h);
    await call(
      'POST',
      P.history,
      u.token,
      form({ kind: 'match', targetId: '101', title: '阿森纳 vs 切尔西', link: '/live/zq/detail/101' }),
    );
    h.clock.now += 1000;
    await call(
      'POST',
      P.history,
      u.token,
      form({ kind: 'room', targetId: 'r1', title: '英超夜话', link: '/vlive/detail/r1' }),
    );
    h.clock.now += 1000;
    await call(
      'POST',
      P.history,
      u.token,
      form({ kind: 'match', targetId: '101', title: '阿森纳 2-1 切尔西', link: '/live/zq/detail/101' }),
    );
    const list = await call('GET', P.history, u.token);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((i: { title: string }) => i.title)).toEqual(['阿森纳 2-1 切尔西', '英超夜话']);
    const bad = await call(
      'POST',
      P.history,
      u.token,
      form({ kind: 'match', targetId: '1', title: 't', link: 'https://evil.example/' }),
    );
    expect(bad.body.msg).toBe('链接不是本站页面');
    const bad2 = await call(
      'POST',
      P.history,
      u.token,
      form({ kind: 'video', targetId: '1', title: 't', link: '/live/zq/detail/1' }),
    );
    expect(bad2.body.msg).toBe('记录类型不正确');
    expect((await call('GET', P.history, u.token, { query: { page: '0' } })).body.msg).toBe('页码不正确');
    expect((await call('GET', P.history, u.token)).body.data.total).toBe(2);
    const cleared = await call('POST', P.historyClear, u.token);
    expect(cleared.body.data.cleared).toBe(2);
    expect((await call('GET', P.history, u.token)).body.data.list).toEqual([]);
  });
});

describe('system messages', () => {
  it("marks one or all read, and refuses someone else's message", async () => {
    const u = await createUser(h);
    const other = await createUser(h);
    await call('POST', P.feedbackAdd, u.token, form({ kind: 'other', content: '希望增加更多联赛' }));
    await call('POST', P.feedbackAdd, u.token, form({ kind: 'other', content: '希望增加夜间模式' }));
    const list = await call('GET', P.messages, u.token);
    expect(list.body.data.unread).toBe(2);
    const first = list.body.data.list[0].id;
    expect((await call('POST', P.messagesRead, other.token, form({ id: first }))).body.msg).toBe('消息不存在');
    expect((await call('POST', P.messagesRead, u.token, form({ id: first }))).body.data.unread).toBe(1);
    expect((await call('POST', P.messagesRead, u.token, form({}))).body.data.unread).toBe(0);
  });
});

describe('faq and author pages', () => {
  it('lists questions without answers and opens one', async () => {
    const list = await call('GET', P.faq);
    expect(list.body.data.length).toBeGreaterThan(5);
    expect(list.body.data[0].answer).toBeUndefined();
    const one = await call('GET', P.faqItem.replace(':id', '2'));
    expect(one.body.data.answer).toContain('验证码');
    expect((await call('GET', P.faqItem.replace(':id', '999'))).body.msg).toBe('该问题不存在');
    expect((await call('GET', P.faqItem.replace(':id', 'abc'))).body.code).toBe(Code.BAD_INPUT);
  });

  it('shows a public profile, 4004 for unknown users', async () => {
    const u = await createUser(h, '作者主页');
    const r = await call('GET', P.author.replace(':id', String(u.id)));
    expect(r.body.data).toMatchObject({ id: u.id, nickName: '作者主页', certified: false });
    expect(JSON.stringify(r.body.data)).not.toContain('139');
    expect((await call('GET', P.author.replace(':id', '99999'))).body.msg).toBe('该用户不存在');
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
