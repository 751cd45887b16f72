/**
 * Accounts over real HTTP on a real server (PGlite, and the
 * machine's PostgreSQL): register, login by password and by SMS code, logout, info, nickname, password change and
 * retrieval; bad input, rate limits and lockout change nothing they should not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  Code,
  SystemPaths,
  UserPaths,
  embeddedUrl,
  type AuthResult,
  type UserInfo,
} from '../../workers/protocol/index';
import { encodeTransitPassword, type PasswordIv } from '../../workers/protocol/password-transit';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/accounts/seed';
import { ENGINES } from '../helpers/test-db';
import { call, loginByPassword, sealPasswords, startTestServer, type TestServer } from '../helpers/ws-client';

/** Starting a server creates and migrates a fresh database: slow when the machine is busy. */
const START_MS = 180_000;

const P = (p: string) => embeddedUrl(p);

describe.each(ENGINES)('accounts on %s', (engine) => {
  let srv: TestServer;
  let clock = 0;
  let phoneSeq = 0;
  /** A fresh phone per test, so limits of one test never leak into another. */
  const newPhone = () => `139${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq++).padStart(3, '0')}`;

  beforeAll(async () => {
    srv = await startTestServer({ engine, now: () => Date.now() + clock });
  }, START_MS);
  afterAll(async () => {
    await srv?.close();
  }, START_MS);

  const count = async (table: 'users' | 'sessions') =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(srv.ts.storage.db)).rows[0].n,
    );
  const snapshot = async () => ({
    users: await count('users'),
    sessions: await count('sessions'),
    nicks: await srv.ts.storage.db
      .selectFrom('users')
      .select(['id', 'nick_name', 'password_hash'])
      .orderBy('id')
      .execute(),
  });

  async function sendCode(phone: string, scene: 'register' | 'login' | 'password') {
    const res = await call(srv.base, 'POST', P(UserPaths.smsSend), { form: { phone, scene } });
    return res.body;
  }
  async function lastCode(phone: string): Promise<string> {
    const res = await call<{ code: string }>(srv.base, 'GET', SystemPaths.devSms, { query: { phone } });
    expect(res.body.code).toBe(200);
    return res.body.data.code;
  }
  async function register(phone: string, password: string, code?: string) {
    const { iv, sealed } = await sealPasswords(srv.base, password);
    return call<AuthResult>(srv.base, 'POST', P(UserPaths.register), {
      form: { phone, code: code ?? (await lastCode(phone)), password: sealed[0], iv },
    });
  }
  async function newUser(password = 'goal2026x') {
    const phone = newPhone();
    expect((await sendCode(phone, 'register')).code).toBe(200);
    const res = await register(phone, password);
    expect(res.body.code).toBe(200);
    return { phone, password, auth: res.body.data };
  }

  it('seeds the demo users once, and they can log in', async () => {
    const auth = await loginByPassword(srv.base, DEMO_USERS[0].phone, DEMO_PASSWORD);
    expect(auth.user.nickName).toBe(DEMO_USERS[0].nickName);
    const { seedAccounts } = await import('../../server/accounts/seed');
    expect(await seedAccounts(srv.ts.storage.db)).toBe(0);
  });

  it('registers with an SMS code, gives a 球迷 nickname, and the token works for info', async () => {
    const before = await count('users');
    const { phone, auth } = await newUser();
    expect(await count('users')).toBe(before + 1);
    expect(auth.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.user.nickName).toMatch(/^球迷\d{4,8}$/);
    const info = await call<UserInfo>(srv.base, 'GET', P(UserPaths.info), { token: auth.token });
    expect(info.body.code).toBe(200);
    expect(info.body.data).toMatchObject({
      id: auth.user.id,
      nickName: auth.user.nickName,
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      portraitAudit: 0,
    });
    // Only the token's hash is stored.
    const rows = await srv.ts.storage.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', auth.user.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(auth.token);
  });

  it('answers a protected call without or with a dead token with NO_TOKEN 请先登录', async () => {
    for (const token of [undefined, 'A'.repeat(43), "' or 1=1 --"]) {
      const res = await call(srv.base, 'GET', P(UserPaths.info), { token });
      expect(res.body).toMatchObject({ code: Code.NO_TOKEN, msg: '请先登录' });
    }
  });

  it('logs in by password and by SMS code; logout kills the token', async () => {
    const { phone, password } = await newUser();
    const byPw = await loginByPassword(srv.base, phone, password);
    clock += 61_000;
    expect((await sendCode(phone, 'login')).code).toBe(200);
    const byCode = await call<AuthResult>(srv.base, 'POST', P(UserPaths.login), {
      form: { phone, code: await lastCode(phone) },
    });
    expect(byCode.body.code).toBe(200);
    expect(byCode.body.data.user.id).toBe(byPw.user.id);
    const out = await call(srv.base, 'GET', P(UserPaths.logout), { token: byPw.token });
    expect(out.body.code).toBe(200);
    expect((await call(srv.base, 'GET', P(UserPaths.info), { token: byPw.token })).body.code).toBe(Code.NO_TOKEN);
    expect((await call(srv.base, 'GET', P(UserPaths.info), { token: byCode.body.data.token })).body.code).toBe(200);
  });

  it('refuses a wrong, reused or expired SMS code, and creates nothing', async () => {
    const phone = newPhone();
    await sendCode(phone, 'register');
    const code = await lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await snapshot();
    const r1 = await register(phone, 'goal2026x', wrong);
    expect(r1.body).toMatchObject({ code: Code.REFUSED, msg: '验证码错误' });
    clock += 5 * 60_000 + 1_000;
    const r2 = await register(phone, 'goal2026x', code);
    expect(r2.body).toMatchObject({ code: Code.REFUSED, msg: '验证码已过期，请重新获取' });
    expect(await snapshot()).toEqual(before);
    // A fresh code works once; the same code again is refused.
    await sendCode(phone, 'register');
    const fresh = await lastCode(phone);
    expect((await register(phone, 'goal2026x', fresh)).body.code).toBe(200);
    const again = await call(srv.base, 'POST', P(UserPaths.login), { form: { phone, code: fresh } });
    expect(again.body.code).toBe(Code.REFUSED);
  });

  it('locks the code after 5 wrong guesses', async () => {
    const phone = newPhone();
    await sendCode(phone, 'register');
    const code = await lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await register(phone, 'goal2026x', wrong);
    const res = await register(phone, 'goal2026x', code);
    expect(res.body).toMatchObject({ code: Code.REFUSED, msg: '验证码错误次数过多，请重新获取' });
  });

  it('refuses weak passwords with a clear message', async () => {
    const phone = newPhone();
    await sendCode(phone, 'register');
    const before = await snapshot();
    const cases: Array<[string, string]> = [
      ['abc123', '密码长度为8-20位'],
      ['a1'.repeat(11), '密码长度为8-20位'],
      ['abcdefgh', '密码需同时包含字母和数字'],
      ['12345678', '密码需同时包含字母和数字'],
      ['abcd 1234', '密码只能包含字母、数字和常用符号，不能有空格'],
    ];
    for (const [pw, msg] of cases) {
      const res = await register(phone, pw);
      expect(res.body).toMatchObject({ code: Code.BAD_INPUT, msg });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a taken phone and a taken nickname', async () => {
    const a = await newUser();
    clock += 61_000;
    // The SMS call answers a taken phone like a new one (no account look-up from outside)…
    const codeBefore = await lastCode(a.phone);
    expect(await sendCode(a.phone, 'register')).toMatchObject({ code: 200, msg: '验证码已发送' });
    // …but sends it nothing, so only its owner could go further and learn it is taken.
    expect(await lastCode(a.phone)).toBe(codeBefore);
    const b = await newUser();
    const check = await call<{ available: boolean }>(srv.base, 'GET', P(UserPaths.nicknameCheck), {
      query: { nickName: a.auth.user.nickName },
    });
    expect(check.body.data.available).toBe(false);
    const before = await snapshot();
    const res = await call(srv.base, 'POST', P(UserPaths.nicknameUpdate), {
      token: b.auth.token,
      form: { nickName: a.auth.user.nickName },
    });
    expect(res.body).toMatchObject({ code: Code.REFUSED, msg: '该昵称已被使用' });
    expect(await snapshot()).toEqual(before);
    const free = `新昵称${phoneSeq}`;
    expect(
      (await call<{ available: boolean }>(srv.base, 'GET', P(UserPaths.nicknameCheck), { query: { nickName: free } }))
        .body.data.available,
    ).toBe(true);
    const ok = await call<UserInfo>(srv.base, 'POST', P(UserPaths.nicknameUpdate), {
      token: b.auth.token,
      form: { nickName: free },
    });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.nickName).toBe(free);
  });

  it('refuses a replayed, expired or unknown password iv', async () => {
    const { phone, password } = await newUser();
    const { iv, sealed } = await sealPasswords(srv.base, password);
    const body = { phone, password: sealed[0], iv };
    expect((await call(srv.base, 'POST', P(UserPaths.login), { form: body })).body.code).toBe(200);
    const replay = await call(srv.base, 'POST', P(UserPaths.login), { form: body });
    expect(replay.body).toMatchObject({ code: Code.REFUSED, msg: '密码加密参数已使用，请刷新后重试' });
    const old = await sealPasswords(srv.base, password);
    clock += 5 * 60_000 + 1_000;
    const expired = await call(srv.base, 'POST', P(UserPaths.login), {
      form: { phone, password: old.sealed[0], iv: old.iv },
    });
    expect(expired.body).toMatchObject({ code: Code.REFUSED, msg: '密码加密参数已过期，请刷新后重试' });
    const key = (await call<PasswordIv>(srv.base, 'GET', P(UserPaths.passwordIv))).body.data.publicKey;
    const madeUp = { iv: 'A'.repeat(22), publicKey: key };
    const unknown = await call(srv.base, 'POST', P(UserPaths.login), {
      form: { phone, password: await encodeTransitPassword(password, madeUp), iv: madeUp.iv },
    });
    expect(unknown.body).toMatchObject({ code: Code.REFUSED, msg: '密码加密参数无效，请刷新后重试' });
    // A password sealed with another iv does not open.
    const a = await sealPasswords(srv.base, password);
    const b = await sealPasswords(srv.base, password);
    const crossed = await call(srv.base, 'POST', P(UserPaths.login), {
      form: { phone, password: a.sealed[0], iv: b.iv },
    });
    expect(crossed.body.code).toBe(Code.BAD_INPUT);
  });

  it('sends one code per phone per minute and at most 10 a day', async () => {
    const phone = newPhone();
    expect((await sendCode(phone, 'register')).code).toBe(200);
    const soon = await sendCode(phone, 'register');
    expect(soon.code).toBe(Code.RATE_LIMITED);
    expect(soon.msg).toMatch(/^验证码发送太频繁，请\d+秒后再试$/);
    for (let i = 1; i < 10; i++) {
      clock += 61_000;
      expect((await sendCode(phone, 'register')).code).toBe(200);
    }
    clock += 61_000;
    expect(await sendCode(phone, 'register')).toMatchObject({
      code: Code.RATE_LIMITED,
      msg: '今日验证码发送次数已达上限，请明天再试',
    });
    clock += 24 * 3600_000;
    expect((await sendCode(phone, 'register')).code).toBe(200);
  });

  it('after 5 failures in a row makes the next login wait 30 s, doubling, and never locks for good', async () => {
    const { phone, password } = await newUser();
    // From the 4th attempt on each one needs a solved 滑动验证 (tests/server/slide.test.ts):
    // solved here with the gap read from the database, so the delays themselves are what is tested.
    const tryLogin = async (pw: string) => {
      const attempt = async (vertoken?: string) => {
        const { iv, sealed } = await sealPasswords(srv.base, pw);
        const form: Record<string, string> = { phone, password: sealed[0], iv, ...(vertoken ? { vertoken } : {}) };
        return (await call(srv.base, 'POST', P(UserPaths.login), { form })).body;
      };
      const first = await attempt();
      if (first.code !== Code.SLIDE_REQUIRED) return first;
      const puzzle = (await call<{ id: string }>(srv.base, 'GET', P(UserPaths.slide))).body.data;
      const { gap_x } = await srv.ts.storage.db
        .selectFrom('slide_challenges')
        .select('gap_x')
        .where('id', '=', puzzle.id)
        .executeTakeFirstOrThrow();
      const solved = await call<{ vertoken: string }>(srv.base, 'POST', P(UserPaths.vertoken), {
        form: { id: puzzle.id, x: String(gap_x) },
      });
      return attempt(solved.body.data.vertoken);
    };
    for (let i = 0; i < 5; i++)
      expect(await tryLogin('wrong1234')).toMatchObject({ code: Code.REFUSED, msg: '手机号或密码错误' });
    expect(await tryLogin('wrong1234')).toMatchObject({
      code: Code.RATE_LIMITED,
      msg: '登录尝试次数过多，请30秒后再试',
    });
    expect((await tryLogin(password)).msg).toBe('登录尝试次数过多，请30秒后再试');
    clock += 31_000;
    expect((await tryLogin('wrong1234')).msg).toBe('手机号或密码错误');
    expect((await tryLogin(password)).msg).toBe('登录尝试次数过多，请60秒后再试');
    clock += 61_000;
    expect((await tryLogin(password)).code).toBe(200);
    // A success starts the phone over.
    expect((await tryLogin('wrong1234')).msg).toBe('手机号或密码错误');
  });

  it('changes the password (old one must match) and retrieves it by SMS', async () => {
    const { phone, password, auth } = await newUser();
    const other = await loginByPassword(srv.base, phone, password);
    const change = async (oldPw: string, newPw: string) => {
      const { iv, sealed } = await sealPasswords(srv.base, oldPw, newPw);
      return (
        await call(srv.base, 'POST', P(UserPaths.updatePassword), {
          token: auth.token,
          form: { oldPassword: sealed[0], password: sealed[1], iv },
        })
      ).body;
    };
    expect(await change('notmine123', 'fresh2026y')).toMatchObject({ code: Code.REFUSED, msg: '原密码错误' });
    expect(await change(password, password)).toMatchObject({ code: Code.REFUSED, msg: '新密码不能与原密码相同' });
    expect((await change(password, 'fresh2026y')).code).toBe(200);
    // This device keeps its session; the other one is logged out.
    expect((await call(srv.base, 'GET', P(UserPaths.info), { token: auth.token })).body.code).toBe(200);
    expect((await call(srv.base, 'GET', P(UserPaths.info), { token: other.token })).body.code).toBe(Code.NO_TOKEN);
    await loginByPassword(srv.base, phone, 'fresh2026y');

    clock += 61_000;
    expect((await sendCode(phone, 'password')).code).toBe(200);
    const { iv, sealed } = await sealPasswords(srv.base, 'again2026z');
    const retrieve = await call(srv.base, 'POST', P(UserPaths.retrievePassword), {
      form: { phone, code: await lastCode(phone), password: sealed[0], iv },
    });
    expect(retrieve.body.code).toBe(200);
    expect((await call(srv.base, 'GET', P(UserPaths.info), { token: auth.token })).body.code).toBe(Code.NO_TOKEN);
    await loginByPassword(srv.base, phone, 'again2026z');
    // An unknown phone gets the same answer (and no code).
    expect(await sendCode(newPhone(), 'password')).toMatchObject({ code: 200, msg: '验证码已发送' });
  });

  it('gives bad, hostile and huge inputs a clear non-200 answer and changes nothing', async () => {
    const { auth } = await newUser();
    const before = await snapshot();
    const hostile = [
      "'; drop table users; --",
      '<script>alert(1)</script>',
      "1' or '1'='1",
      '球迷\u0000x',
      'a'.repeat(5000),
    ];
    for (const h of hostile) {
      for (const [path, form] of [
        [UserPaths.smsSend, { phone: h, scene: 'register' }],
        [UserPaths.smsSend, { phone: '13900000000', scene: h }],
        [UserPaths.register, { phone: h, code: h, password: h, iv: h }],
        [UserPaths.login, { phone: h, password: h, iv: h }],
        [UserPaths.login, { phone: '13800000001', code: h }],
        [UserPaths.retrievePassword, { phone: '13800000001', code: '123456', password: h, iv: 'A'.repeat(22) }],
      ] as const) {
        const res = await call(srv.base, 'POST', P(path), { form: form as Record<string, string> });
        expect(res.status === 200 ? res.body.code : 400).not.toBe(200);
      }
      const nick = await call(srv.base, 'POST', P(UserPaths.nicknameUpdate), {
        token: auth.token,
        form: { nickName: h },
      });
      // The nickname's rule, or (a NUL) the edge's control-character refusal naming the field.
      expect(nick.body.code).toBe(Code.BAD_INPUT);
      expect(nick.body.msg).toMatch(/^昵称(为2-12位中文、字母、数字或下划线|含有不支持的字符)$/);
      const check = await call(srv.base, 'GET', P(UserPaths.nicknameCheck), { query: { nickName: h } });
      expect(check.body.code).toBe(Code.BAD_INPUT);
    }
    const missing = await call(srv.base, 'POST', P(UserPaths.register), { form: {} });
    expect(missing.body).toMatchObject({ code: Code.BAD_INPUT, msg: '缺少手机号' });
    const wrongType = await call(srv.base, 'POST', P(UserPaths.login), {
      rawBody: '{"phone": 13800000001, "code": ["1"]}',
      contentType: 'application/json',
    });
    expect(wrongType.body.code).toBe(Code.BAD_INPUT);
    const malformed = await call(srv.base, 'POST', P(UserPaths.login), {
      rawBody: '{"phone": ',
      contentType: 'application/json',
    });
    expect(malformed.status).toBe(400);
    const huge = await call(srv.base, 'POST', P(UserPaths.register), { rawBody: `phone=${'1'.repeat(200_000)}` });
    expect(huge.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});
