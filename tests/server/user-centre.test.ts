/**
 * The user centre (issue 7) on its real routes with a real PGlite: auth on every call, the
 * summary, real name, feedback, history, system messages, the FAQ and author pages. Portrait
 * upload, audit and upload serving are in user-centre-portrait.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../workers/protocol/index';
import { UserCentrePaths as P } from '../../workers/protocol/api/user-centre';
import { createUser, form, makePng, multipart, hasChinese, useUserCentre, validId } from './user-centre-helpers';
const { h, call } = useUserCentre();

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
