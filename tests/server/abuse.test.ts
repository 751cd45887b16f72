/**
 * Abuse cases of issue 11 against a real server with the production limits: parallel password
 * guesses, SMS bursts over many phones, telling known from unknown phones. (Topic churn:
 * ./topic-churn.test.ts; upload flood and captured password bodies: their own files.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, SystemPaths, UserPaths, embeddedUrl } from '../../workers/protocol/index';
import { loadConfig } from '../../server/config';
import { takeLoginAttempt } from '../../server/accounts/login-limits';
import { call, sealPasswords, startTestServer, type TestServer } from '../helpers/ws-client';

const P = (p: string) => embeddedUrl(p);
// Production limits, except the iv budget: every sealed password here comes from 127.0.0.1.
const PROD_LIMITS = { ...loadConfig({} as NodeJS.ProcessEnv).limits, smsPerHour: 40, passwordIvPerMinute: 100_000 };

let srv: TestServer;
let clock = 0;
let seq = 0;
const phone = () => `135${String(process.pid % 1e4).padStart(4, '0')}${String(seq++).padStart(4, '0')}`;

beforeAll(async () => {
  srv = await startTestServer({ config: { limits: PROD_LIMITS, trustProxy: true }, now: () => Date.now() + clock });
}, 180_000);
afterAll(async () => {
  await srv?.close();
}, 180_000);

/** Requests from another client address: this server trusts X-Forwarded-For (TRUST_PROXY), like one behind a proxy. */
async function from(address: string, method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
  const res = await fetch(srv.base + path, {
    method,
    headers: {
      'x-forwarded-for': address,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

async function register(address: string): Promise<{ phone: string; password: string }> {
  const p = phone();
  expect((await from(address, 'POST', P(UserPaths.smsSend), { phone: p, scene: 'register' })).body.code).toBe(200);
  const code = await call<{ code: string }>(srv.base, 'GET', SystemPaths.devSms, { query: { phone: p } });
  const { iv, sealed } = await sealPasswords(srv.base, 'goal2026x');
  const res = await from(address, 'POST', P(UserPaths.register), {
    phone: p,
    code: code.body.data.code,
    password: sealed[0],
    iv,
  });
  expect(res.body.code).toBe(200);
  return { phone: p, password: 'goal2026x' };
}

describe('login', () => {
  it('evaluates at most 3 of 30 parallel guesses, and the right password then needs the slide too', async () => {
    const user = await register('10.0.0.1');
    const guesses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const { iv, sealed } = await sealPasswords(srv.base, `wrong${1000 + i}x`);
        return from('10.0.0.2', 'POST', P(UserPaths.login), { phone: user.phone, password: sealed[0], iv });
      }),
    );
    const evaluated = guesses.filter((g) => g.body.msg === '手机号或密码错误').length;
    // Past 3 attempts a phone's logins need a solved 滑动验证 each (tests/server/slide.test.ts).
    const held = guesses.filter((g) => g.body.code === Code.SLIDE_REQUIRED || g.body.code === Code.RATE_LIMITED).length;
    expect(guesses.every((g) => g.status === 200)).toBe(true);
    expect(evaluated).toBeLessThanOrEqual(3);
    expect(evaluated + held).toBe(30);
    const { iv, sealed } = await sealPasswords(srv.base, user.password);
    const right = await from('10.0.0.2', 'POST', P(UserPaths.login), { phone: user.phone, password: sealed[0], iv });
    expect(right.body.code).toBe(Code.SLIDE_REQUIRED);
  });

  it('lets free attempts through whatever order their clocks were read in (one address, two phones)', async () => {
    // Two requests in flight at once: the second read its clock 1 ms before the first, but took the
    // lock after it. Both are free attempts, so neither waits.
    const limits = { freePerPhone: 5, freePerAddress: 20, slideAfterPerPhone: 3 };
    const t = Date.now() + clock;
    await takeLoginAttempt(srv.ts.storage.db, limits, phone(), '10.0.3.1', t);
    await expect(takeLoginAttempt(srv.ts.storage.db, limits, phone(), '10.0.3.1', t - 1)).resolves.toBeUndefined();
  });

  it('throttles one address guessing across many phones', async () => {
    const results: number[] = [];
    for (let i = 0; i < 24; i++) {
      const { iv, sealed } = await sealPasswords(srv.base, 'wrong1234x');
      const res = await from('10.0.1.1', 'POST', P(UserPaths.login), { phone: phone(), password: sealed[0], iv });
      results.push(res.body.code);
    }
    expect(results.slice(0, 20).every((c) => c === Code.REFUSED)).toBe(true);
    expect(results.slice(21)).toEqual([Code.RATE_LIMITED, Code.RATE_LIMITED, Code.RATE_LIMITED]);
  });
});

describe('SMS and account discovery', () => {
  it('answers known and unknown phones alike for SMS and password login', async () => {
    const known = await register('10.0.2.1');
    const unknown = phone();
    const sms = async (p: string, scene: string) =>
      (await from('10.0.2.2', 'POST', P(UserPaths.smsSend), { phone: p, scene })).body;
    clock += 61_000; // past the known phone's resend timer (it just got its register code)
    expect(await sms(known.phone, 'login')).toEqual(await sms(unknown, 'login'));
    const login = async (p: string) => {
      const { iv, sealed } = await sealPasswords(srv.base, 'notright12');
      return (await from('10.0.2.3', 'POST', P(UserPaths.login), { phone: p, password: sealed[0], iv })).body;
    };
    expect(await login(known.phone)).toEqual(await login(phone()));
  });

  it('sends at most 10 codes per address per hour, over any number of phones', async () => {
    const answers = [];
    for (let i = 0; i < 14; i++)
      answers.push((await from('10.0.3.1', 'POST', P(UserPaths.smsSend), { phone: phone(), scene: 'register' })).body);
    expect(answers.slice(0, 10).every((a) => a.code === 200)).toBe(true);
    expect(answers.slice(10)).toEqual(
      Array(4).fill({ code: Code.RATE_LIMITED, msg: '当前网络获取验证码次数过多，请一小时后再试', data: null }),
    );
  });

  it('caps the whole server per hour, whatever the addresses (a burst of parallel sends)', async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        from(`10.1.${i}.1`, 'POST', P(UserPaths.smsSend), { phone: phone(), scene: 'register' }),
      ),
    );
    const sent = await srv.ts.storage.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBeLessThanOrEqual(PROD_LIMITS.smsPerHour);
    expect(burst.some((b) => b.body.msg === '验证码发送繁忙，请稍后再试')).toBe(true);
    expect(burst.every((b) => b.status === 200)).toBe(true);
  });
});
