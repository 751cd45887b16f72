/**
 * SMS senders: the Aliyun SMS adapter against a local HTTP server that speaks its protocol (and
 * checks its signature), the choice at start, and a server with no sender refusing SMS plainly.
 * Codes must never reach a log line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, UserPaths, embeddedUrl } from '../../workers/protocol/index';
import { aliyunSignature, createAliyunSms, type AliyunSmsConfig } from '../../server/accounts/sms-aliyun';
import { createSmsSender } from '../../server/accounts/sms';
import { loadConfig } from '../../server/config';
import { buildServer } from '../../server/app';
import { createTestStorage, type TestStorage } from '../helpers/test-db';
import { call } from '../helpers/ws-client';

/** A stand-in for dysmsapi.aliyuncs.com: verifies the request as Aliyun does and records it. */
function fakeAliyun(secret: string) {
  const received: Array<Record<string, string>> = [];
  let answer: Record<string, string> = { Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const params = Object.fromEntries(url.searchParams);
    const { Signature, ...rest } = params;
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'GET' || aliyunSignature(rest, secret) !== Signature) {
      res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' }));
      return;
    }
    received.push(params);
    res.end(JSON.stringify(answer));
  });
  return {
    received,
    answerWith: (a: Record<string, string>) => (answer = a),
    async start(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const SECRET = 'test-secret-value';
let provider: ReturnType<typeof fakeAliyun>;
let cfg: AliyunSmsConfig;

beforeAll(async () => {
  provider = fakeAliyun(SECRET);
  cfg = {
    endpoint: await provider.start(),
    accessKeyId: 'LTAI-test',
    accessKeySecret: SECRET,
    signName: '球赛直播',
    templateCode: 'SMS_123456789',
  };
});
afterAll(async () => {
  await provider.stop();
});

describe('Aliyun SMS adapter', () => {
  it('sends a signed SendSms request with the code in the template parameters', async () => {
    const sms = createAliyunSms(cfg);
    await sms.send('13912345678', '验证码', '402913');
    const req = provider.received.at(-1)!;
    expect(req).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13912345678',
      SignName: '球赛直播',
      TemplateCode: 'SMS_123456789',
      SignatureMethod: 'HMAC-SHA1',
      AccessKeyId: 'LTAI-test',
    });
    expect(JSON.parse(req.TemplateParam)).toEqual({ code: '402913' });
    expect(req.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('turns provider refusals into clear messages, and a wrong secret fails', async () => {
    provider.answerWith({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' });
    await expect(createAliyunSms(cfg).send('13912345678', '', '111111')).rejects.toMatchObject({
      code: Code.RATE_LIMITED,
    });
    provider.answerWith({ Code: 'OK', Message: 'OK' });
    await expect(
      createAliyunSms({ ...cfg, accessKeySecret: 'wrong' }).send('13912345678', '', '111111'),
    ).rejects.toMatchObject({
      code: Code.SERVER_ERROR,
      message: '验证码发送失败，请稍后再试',
    });
  });
});

describe('choosing a sender at start', () => {
  it('prefers the provider, then the dev outbox, else none, and says which', () => {
    const lines: string[] = [];
    const base = loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv);
    expect(createSmsSender({ ...base, smsProvider: cfg, devControl: true }, (l) => lines.push(l)).kind).toBe('aliyun');
    expect(createSmsSender({ ...base, smsProvider: null, devControl: true }, (l) => lines.push(l)).kind).toBe('outbox');
    const off = createSmsSender({ ...base, smsProvider: null, devControl: false }, (l) => lines.push(l));
    expect(off).toMatchObject({ kind: 'off', available: false });
    expect(lines.at(-1)).toContain('SMS codes are refused');
  });

  it('reads the provider from ALIYUN_SMS_* only when complete', () => {
    const env = {
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
      ALIYUN_SMS_SIGN_NAME: '球赛',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    expect(loadConfig(env as NodeJS.ProcessEnv).smsProvider?.endpoint).toBe('https://dysmsapi.aliyuncs.com');
    expect(loadConfig({ ...env, ALIYUN_SMS_SIGN_NAME: '' } as NodeJS.ProcessEnv).smsProvider).toBeNull();
  });
});

describe('a production server', () => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await createTestStorage('pglite', { devControl: false });
  }, 180_000);
  afterAll(async () => {
    await ts?.cleanup();
  }, 180_000);

  async function serve(smsProvider: AliyunSmsConfig | null, log: (l: string) => void) {
    const config = { ...ts.config, smsProvider };
    const built = await buildServer(config, {
      storage: ts.storage,
      client: false,
      logger: false,
      sms: createSmsSender(config, log),
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    return { built, base: `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}` };
  }

  it('with a provider: the code reaches the provider and no log line', async () => {
    const logged: string[] = [];
    const spies = (['log', 'warn', 'error', 'info'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void logged.push(a.map(String).join(' '))),
    );
    const { built, base } = await serve(cfg, (l) => logged.push(l));
    try {
      const before = provider.received.length;
      const res = await call(base, 'POST', embeddedUrl(UserPaths.smsSend), {
        form: { phone: '13911112222', scene: 'register' },
      });
      expect(res.body).toMatchObject({ code: 200, msg: '验证码已发送' });
      expect(provider.received.length).toBe(before + 1);
      const code = JSON.parse(provider.received.at(-1)!.TemplateParam).code as string;
      expect(code).toMatch(/^\d{6}$/);
      expect(logged.join('\n')).not.toContain(code);
      // No dev route without DEV_CONTROL.
      expect((await fetch(`${base}/_dev/sms?phone=13911112222`)).status).toBe(404);
    } finally {
      await built.close();
      for (const s of spies) s.mockRestore();
    }
  });

  it('without a provider: refuses SMS for every phone with a clear message and says so at start', async () => {
    const lines: string[] = [];
    const { built, base } = await serve(null, (l) => lines.push(l));
    try {
      expect(lines.join('\n')).toContain('SMS codes are refused');
      for (const scene of ['register', 'login']) {
        const res = await call(base, 'POST', embeddedUrl(UserPaths.smsSend), {
          form: { phone: '13933334444', scene },
        });
        expect(res.body).toMatchObject({
          code: Code.REFUSED,
          msg: '短信服务未开通，暂时无法发送验证码，请使用密码登录',
        });
      }
      const rows = await ts.storage.db
        .selectFrom('sms_codes')
        .select('id')
        .where('phone', '=', '13933334444')
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await built.close();
    }
  });
});
