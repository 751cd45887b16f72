/**
 * The coins area's test server (issue 17), shared by the pay tests: the real pay routes, the real
 * vlive gift and nobility routes and a real hub on an ephemeral port, a local Alipay gateway that
 * signs with its own RSA key pair, and a real PGlite (and PostgreSQL at
 * PG_TEST_URL) on a clock the tests move. `usePay(engine, …)` starts it before the calling `describe`'s
 * tests and closes it after; its helpers call the running server.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import {
  OPS_TOKEN_HEADER,
  PayPaths,
  RECHARGE_PAGE,
  VlivePaths,
  embeddedUrl,
  type Envelope,
  type PayOrder,
} from '../../workers/protocol/index';
import { installErrorHandler } from '../../server/http/reply';
import type { AppContext } from '../../server/context';
import { createHub } from '../../server/ws/create-hub';
import { createTopicCatalog } from '../../server/ws/topic-catalog';
import { createMetrics } from '../../server/metrics';
import { vlivePlugin } from '../../server/vlive/index';
import { createPayArea } from '../../server/pay/routes';
import { createAlipayProvider } from '../../server/pay/alipay';
import { runOpsCli } from '../../server/ops/cli';
import { verifyAccessToken } from '../../server/accounts/tokens';
import { createTestStorage, ENGINES, type Engine, type TestStorage } from '../helpers/test-db';
import { startAlipaySandbox, type AlipaySandbox } from '../helpers/alipay-sandbox';
import { createUser } from './vlive-harness';

export const OPS = 'ops-token-for-pay-tests';

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface PayHarness {
  app: FastifyInstance;
  ts: TestStorage;
  base: string;
  gateway: AlipaySandbox;
  clock: { now: number };
  close(): Promise<void>;
}

export async function startPay(engine: Engine): Promise<PayHarness> {
  const ts = await createTestStorage(engine, { opsToken: OPS });
  const gateway = await startAlipaySandbox();
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const db = ts.storage.db;
  const metrics = createMetrics();
  const hub = createHub({
    metrics,
    now,
    authenticate: (token) => verifyAccessToken(db, token, now()),
    catalog: createTopicCatalog(db),
  });
  const ctx = { config: ts.config, storage: ts.storage, db, metrics, hub, now } as unknown as AppContext;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const alipay = createAlipayProvider({
    appId: gateway.appId,
    appPrivateKey: gateway.appPrivateKey,
    alipayPublicKey: gateway.alipayPublicKey,
    gateway: gateway.url,
    notifyUrl: `${base}${embeddedUrl(PayPaths.notifyAlipay)}`,
    returnUrl: `${base}${RECHARGE_PAGE}`,
  });
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  installErrorHandler(app);
  await app.register(formbody);
  await app.register(websocket);
  hub.register(app);
  await vlivePlugin(app, ctx);
  await createPayArea({ alipay })(app, ctx);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    ts,
    base,
    gateway,
    clock,
    async close() {
      await hub.close();
      await app.close();
      await gateway.close();
      await ts.cleanup();
    },
  };
}

/** A signed-in user with no coins. */
export const newUser = (h: PayHarness) => createUser(h);

export async function call<T = unknown>(
  h: PayHarness,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; form?: Record<string, string | number>; json?: unknown; ops?: boolean } = {},
): Promise<Envelope<T>> {
  const res = await fetch(h.base + path, {
    method,
    headers: {
      ...(opts.token ? { accessToken: opts.token } : {}),
      ...(opts.ops ? { [OPS_TOKEN_HEADER]: OPS } : {}),
      ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.form
      ? new URLSearchParams(Object.entries(opts.form).map(([k, v]) => [k, String(v)])).toString()
      : opts.json !== undefined
        ? JSON.stringify(opts.json)
        : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

export const idem = () => crypto.randomBytes(8).toString('hex');
export const order = (h: PayHarness, token: string, packageId: number, provider: 'alipay' | 'dev', key = idem()) =>
  call<PayOrder>(h, 'POST', embeddedUrl(PayPaths.order), { token, form: { packageId, provider, idemKey: key } });
export const balance = async (h: PayHarness, token: string) =>
  (await call<{ balance: number }>(h, 'GET', VlivePaths.balance, { token })).data.balance;
export const ledgerOf = (h: PayHarness, userId: number) =>
  h.ts.storage.db.selectFrom('vlive_balance_log').selectAll().where('user_id', '=', userId).orderBy('id').execute();
export const orderState = async (h: PayHarness, id: string) =>
  (await h.ts.storage.db.selectFrom('pay_orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
export const notifyUrl = (h: PayHarness) => h.base + embeddedUrl(PayPaths.notifyAlipay);

/** An Alipay order whose checkout page the user opened (the gateway knows the trade). */
export async function alipayOrder(h: PayHarness, token: string, packageId = 1): Promise<PayOrder> {
  const res = await order(h, token, packageId, 'alipay');
  expect(res.code).toBe(200);
  expect(res.data.state).toBe('created');
  expect(res.data.payUrl!.startsWith(h.gateway.url)).toBe(true);
  const page = await (await fetch(res.data.payUrl!)).text();
  expect(page).toContain('支付宝收银台');
  return res.data;
}

export async function audit(h: PayHarness): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOpsCli(['audit-ledger'], { base: h.base, token: OPS, out: (l) => lines.push(l) });
  return { code, lines };
}

/**
 * The pay tests' `describe`: once per engine ('coins on pglite', and 'coins on postgres' on
 * the machine's PostgreSQL), each with its own harness started before its tests and closed after.
 * `h` is filled in when the harness starts, so tests read it, never the definitions.
 */
export function describeCoins(tests: (h: PayHarness) => void): void {
  describe.each(ENGINES)('coins on %s', (engine) => {
    const h = {} as PayHarness;
    beforeAll(async () => {
      Object.assign(h, await startPay(engine));
    }, 60_000);
    afterAll(async () => {
      await h.close?.();
    });
    tests(h);
  });
}
