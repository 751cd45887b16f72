/**
 * Coins (issue 17) on the real routes, a real hub and a real PGlite (and PostgreSQL when
 * TEST_DATABASE_URL is set): packages and orders, Alipay's protocol against a local gateway
 * that signs with its own RSA key pair (forged, tampered, replayed, mismatched and unknown-order
 * notifications are refused and never credit twice), the development provider, refunds through
 * the operator API, expiry, the append-only ledger, nobility and gifts on the same balance, and
 * a storm of concurrent gifts, recharges and a refund on one account checked by
 * `npm run ops -- audit-ledger`.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import { sql } from 'kysely';
import {
  Code,
  OPS_TOKEN_HEADER,
  PayPaths,
  RECHARGE_PAGE,
  VlivePaths,
  embeddedUrl,
  fillPath,
  type Envelope,
  type InsufficientBalance,
  type PayOrder,
  type PayPackagesInfo,
} from '../../workers/protocol/index';
import { installErrorHandler } from '../../server/http/reply';
import type { AppContext } from '../../server/context';
import { createHub } from '../../server/ws/create-hub';
import { createTopicCatalog } from '../../server/ws/topic-catalog';
import { createMetrics } from '../../server/metrics';
import { vlivePlugin } from '../../server/vlive/index';
import { createPayArea } from '../../server/pay/routes';
import { createAlipayProvider } from '../../server/pay/alipay';
import { ORDER_TTL_MS, PAY_PACKAGES } from '../../server/pay/service';
import { runOpsCli } from '../../server/ops/cli';
import { createSession, verifyAccessToken } from '../../server/accounts/tokens';
import { createTestStorage, postgresAvailable, type Engine, type TestStorage } from '../helpers/test-db';
import { startAlipaySandbox, type AlipaySandbox } from '../helpers/alipay-sandbox';

const OPS = 'ops-token-for-pay-tests';
const engines: Engine[] = ['pglite', ...(postgresAvailable ? (['postgres'] as const) : [])];

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

interface PayHarness {
  app: FastifyInstance;
  ts: TestStorage;
  base: string;
  gateway: AlipaySandbox;
  clock: { now: number };
  close(): Promise<void>;
}

async function startPay(engine: Engine): Promise<PayHarness> {
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

let phoneSeq = 0;
async function newUser(h: PayHarness): Promise<{ id: number; token: string }> {
  phoneSeq++;
  const row = await h.ts.storage.db
    .insertInto('users')
    .values({
      phone: `136${String(10000000 + phoneSeq).slice(-8)}`,
      nick_name: `充值${phoneSeq}`,
      password_hash: 'x',
      portrait: '',
      portrait_new: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(h.ts.storage.db, row.id, h.clock.now);
  return { id: row.id, token };
}

async function call<T = unknown>(
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

const idem = () => crypto.randomBytes(8).toString('hex');
const order = (h: PayHarness, token: string, packageId: number, provider: 'alipay' | 'dev', key = idem()) =>
  call<PayOrder>(h, 'POST', embeddedUrl(PayPaths.order), { token, form: { packageId, provider, idemKey: key } });
const balance = async (h: PayHarness, token: string) =>
  (await call<{ balance: number }>(h, 'GET', VlivePaths.balance, { token })).data.balance;
const ledgerOf = (h: PayHarness, userId: number) =>
  h.ts.storage.db.selectFrom('vlive_balance_log').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const orderState = async (h: PayHarness, id: string) =>
  (await h.ts.storage.db.selectFrom('pay_orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const notifyUrl = (h: PayHarness) => h.base + embeddedUrl(PayPaths.notifyAlipay);

/** An Alipay order whose checkout page the user opened (the gateway knows the trade). */
async function alipayOrder(h: PayHarness, token: string, packageId = 1): Promise<PayOrder> {
  const res = await order(h, token, packageId, 'alipay');
  expect(res.code).toBe(200);
  expect(res.data.state).toBe('created');
  expect(res.data.payUrl!.startsWith(h.gateway.url)).toBe(true);
  const page = await (await fetch(res.data.payUrl!)).text();
  expect(page).toContain('支付宝收银台');
  return res.data;
}

async function audit(h: PayHarness): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOpsCli(['audit-ledger'], { base: h.base, token: OPS, out: (l) => lines.push(l) });
  return { code, lines };
}

describe.each(engines)('coins on %s', (engine) => {
  let h: PayHarness;
  beforeAll(async () => {
    h = await startPay(engine);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('lists the packages and the providers on offer, with my balance', async () => {
    const u = await newUser(h);
    const res = await call<PayPackagesInfo>(h, 'GET', embeddedUrl(PayPaths.packages), { token: u.token });
    expect(res.code).toBe(200);
    expect(res.data.packages).toEqual(PAY_PACKAGES);
    expect(res.data.providers.map((p) => p.id).sort()).toEqual(['alipay', 'dev']);
    expect(res.data.balance).toBe(0);
    const visitor = await call<PayPackagesInfo>(h, 'GET', embeddedUrl(PayPaths.packages));
    expect(visitor.data.balance).toBeNull();
  });

  it('refuses bad input with Chinese messages, and orders need a login', async () => {
    const u = await newUser(h);
    expect((await order(h, u.token, 42, 'dev')).msg).toBe('充值套餐不存在');
    const badProvider = await call(h, 'POST', embeddedUrl(PayPaths.order), {
      token: u.token,
      form: { packageId: 1, provider: 'wechat', idemKey: idem() },
    });
    expect(badProvider.code).toBe(Code.BAD_INPUT);
    expect(badProvider.msg).toBe('支付方式不正确');
    const noKey = await call(h, 'POST', embeddedUrl(PayPaths.order), {
      token: u.token,
      form: { packageId: 1, provider: 'dev', idemKey: 'x' },
    });
    expect(noKey.msg).toBe('请求编号不正确');
    expect(
      (await call(h, 'POST', embeddedUrl(PayPaths.order), { form: { packageId: 1, provider: 'dev', idemKey: idem() } }))
        .code,
    ).toBe(Code.NO_TOKEN);
    expect(await balance(h, u.token)).toBe(0);
  });

  it('pays through Alipay: signed link, signed notification, credited once with a ledger row', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 3);
    const link = new URL(o.payUrl!);
    expect(link.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(link.searchParams.get('sign_type')).toBe('RSA2');
    expect(JSON.parse(link.searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: o.id,
      total_amount: '98.00',
    });
    // Nothing is credited until Alipay says so.
    expect(await balance(h, u.token)).toBe(0);
    expect(await h.gateway.pay(o.id)).toBe('success');
    expect(await balance(h, u.token)).toBe(1000);
    const detail = await call<PayOrder>(h, 'GET', embeddedUrl(fillPath(PayPaths.orderDetail, { id: o.id })), {
      token: u.token,
    });
    expect(detail.data.state).toBe('credited');
    expect((await ledgerOf(h, u.id)).map((r) => [r.delta, r.balance, r.reason, r.ref])).toEqual([
      [1000, 1000, 'recharge', o.id],
    ]);
    // Another user cannot read the order.
    const other = await newUser(h);
    const peek = await call(h, 'GET', embeddedUrl(fillPath(PayPaths.orderDetail, { id: o.id })), {
      token: other.token,
    });
    expect(peek.code).toBe(Code.NOT_FOUND);
  });

  it('a replayed notification (again, and many at once) answers success and credits nothing more', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 2);
    expect(await h.gateway.pay(o.id)).toBe('success');
    const form = h.gateway.notification(o.id);
    expect(await h.gateway.post(notifyUrl(h), form)).toBe('success');
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.gateway.post(notifyUrl(h), form)));
    expect(answers.every((a) => a === 'success')).toBe(true);
    expect(await balance(h, u.token)).toBe(300);
    expect(await ledgerOf(h, u.id)).toHaveLength(1);
  });

  it('the same notification arriving many times at once before any credit still credits once', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 1);
    h.gateway.trades.get(o.id)!.status = 'TRADE_SUCCESS';
    const form = h.gateway.notification(o.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.gateway.post(notifyUrl(h), form)));
    expect(answers.every((a) => a === 'success')).toBe(true);
    expect(await balance(h, u.token)).toBe(60);
    expect(await ledgerOf(h, u.id)).toHaveLength(1);
  });

  it('refuses a forged notification (signed with another key) and a tampered one', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 2);
    h.gateway.trades.get(o.id)!.status = 'TRADE_SUCCESS';
    const { privateKey: forger } = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const genuine = h.gateway.notification(o.id);
    const { sign: _s, sign_type: _t, ...unsigned } = genuine;
    expect(await h.gateway.post(notifyUrl(h), h.gateway.sign(unsigned, forger))).toBe('failure');
    // Tampered after signing: a bigger amount, or no signature at all.
    expect(await h.gateway.post(notifyUrl(h), { ...genuine, total_amount: '3000.00' })).toBe('failure');
    expect(await h.gateway.post(notifyUrl(h), unsigned)).toBe('failure');
    expect(await h.gateway.post(notifyUrl(h), { ...genuine, sign_type: 'RSA' })).toBe('failure');
    expect(await balance(h, u.token)).toBe(0);
    expect(await orderState(h, o.id)).toBe('created');
    const logged = await h.ts.storage.db
      .selectFrom('pay_notifications')
      .select('outcome')
      .where('order_id', '=', o.id)
      .execute();
    expect(logged.map((r) => r.outcome)).toContain('bad-signature');
    // The genuine one still works afterwards.
    expect(await h.gateway.post(notifyUrl(h), genuine)).toBe('success');
    expect(await balance(h, u.token)).toBe(300);
  });

  it('refuses a genuinely signed notification with a mismatched amount, an unknown order or another app', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 2);
    h.gateway.trades.get(o.id)!.status = 'TRADE_SUCCESS';
    const resign = (overrides: Record<string, string>) => {
      const { sign: _s, sign_type: _t, ...rest } = h.gateway.notification(o.id, overrides);
      return h.gateway.sign(rest);
    };
    expect(await h.gateway.post(notifyUrl(h), resign({ total_amount: '0.01' }))).toBe('failure');
    expect(await h.gateway.post(notifyUrl(h), resign({ total_amount: '300.00' }))).toBe('failure');
    expect(await h.gateway.post(notifyUrl(h), resign({ out_trade_no: 'Q20260101000000deadbeef00' }))).toBe('failure');
    expect(await h.gateway.post(notifyUrl(h), resign({ app_id: '2021009999999999' }))).toBe('failure');
    expect(await h.gateway.post(notifyUrl(h), resign({ total_amount: '30.001' }))).toBe('failure');
    expect(await balance(h, u.token)).toBe(0);
    expect(await orderState(h, o.id)).toBe('created');
    // A dev order cannot be settled by an Alipay notification.
    const d = await newUser(h);
    const devOrder = await h.ts.storage.db
      .insertInto('pay_orders')
      .values({
        id: 'Q20260101000000devdevdev01',
        user_id: d.id,
        package_id: 1,
        coins: 60,
        price_fen: 600,
        provider: 'dev',
        state: 'created',
        idem_key: idem(),
        trade_no: null,
        created_at: h.clock.now,
        expires_at: h.clock.now + ORDER_TTL_MS,
        paid_at: null,
        credited_at: null,
        refunded_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await h.gateway.post(notifyUrl(h), resign({ out_trade_no: devOrder.id, total_amount: '6.00' }))).toBe(
      'failure',
    );
    expect(await balance(h, d.token)).toBe(0);
  });

  it('acknowledges a not-yet-paid trade status without crediting', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 1);
    expect(await h.gateway.post(notifyUrl(h), h.gateway.notification(o.id))).toBe('success');
    expect(await balance(h, u.token)).toBe(0);
    expect(await orderState(h, o.id)).toBe('created');
  });

  it('the development provider credits at once; the same idemKey is the same order', async () => {
    const u = await newUser(h);
    const key = idem();
    const first = await order(h, u.token, 2, 'dev', key);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ state: 'credited', balance: 300, payUrl: null });
    const again = await order(h, u.token, 2, 'dev', key);
    expect(again.data.id).toBe(first.data.id);
    expect(await balance(h, u.token)).toBe(300);
    expect((await order(h, u.token, 3, 'dev', key)).msg).toBe('请求编号重复，请刷新后重试');
    const list = await call<PayOrder[]>(h, 'GET', embeddedUrl(PayPaths.orders), { token: u.token });
    expect(list.data.map((o) => o.id)).toEqual([first.data.id]);
  });

  it('an unpaid order expires; a payment that still arrives is credited (the money was taken)', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 1);
    h.clock.now += ORDER_TTL_MS + 1000;
    const read = await call<PayOrder>(h, 'GET', embeddedUrl(fillPath(PayPaths.orderDetail, { id: o.id })), {
      token: u.token,
    });
    expect(read.data.state).toBe('expired');
    expect(await h.gateway.pay(o.id)).toBe('success');
    expect(await orderState(h, o.id)).toBe('credited');
    expect(await balance(h, u.token)).toBe(60);
  });

  it('refunds through the operator API: coins taken back, money returned at Alipay, once', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 2);
    await h.gateway.pay(o.id);
    const noOps = await call(h, 'POST', embeddedUrl(PayPaths.opsRefund), { json: { orderId: o.id } });
    expect(noOps.code).toBe(Code.REFUSED);
    const res = await call<PayOrder>(h, 'POST', embeddedUrl(PayPaths.opsRefund), {
      json: { orderId: o.id },
      ops: true,
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ state: 'refunded', balance: 0 });
    expect(h.gateway.trades.get(o.id)!.refunded).toBe(true);
    const twice = await call(h, 'POST', embeddedUrl(PayPaths.opsRefund), { json: { orderId: o.id }, ops: true });
    expect(twice.msg).toContain('只有已到账的订单可以退款');
    // A late replay of the paid notification does not credit a refunded order again.
    expect(await h.gateway.post(notifyUrl(h), h.gateway.notification(o.id))).toBe('success');
    expect(await balance(h, u.token)).toBe(0);
    expect((await ledgerOf(h, u.id)).map((r) => [r.delta, r.reason])).toEqual([
      [300, 'recharge'],
      [-300, 'refund'],
    ]);
  });

  it('refuses a refund once the coins are spent, and rolls back when Alipay refuses', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 1);
    await h.gateway.pay(o.id);
    const gift = await call(h, 'POST', VlivePaths.giftSend, {
      token: u.token,
      form: { roomId: '1001', giftId: 3, count: 1, fromBag: 0, idemKey: idem() },
    });
    expect(gift.code).toBe(200);
    const res = await call(h, 'POST', embeddedUrl(PayPaths.opsRefund), { json: { orderId: o.id }, ops: true });
    expect(res.msg).toBe('该用户的球币已消费，余额不足以退回本单，无法退款');
    expect(await orderState(h, o.id)).toBe('credited');
    expect(await balance(h, u.token)).toBe(50);
    // Alipay refuses (already refunded there): nothing changes here.
    const o2 = await alipayOrder(h, u.token, 1);
    await h.gateway.pay(o2.id);
    h.gateway.trades.get(o2.id)!.refunded = true;
    const refused = await call(h, 'POST', embeddedUrl(PayPaths.opsRefund), { json: { orderId: o2.id }, ops: true });
    expect(refused.msg).toContain('支付宝拒绝退款');
    expect(await orderState(h, o2.id)).toBe('credited');
    expect(await balance(h, u.token)).toBe(110);
  });

  it('nobility and paid gifts spend the recharged balance; too little answers 余额不足 with the recharge link', async () => {
    const u = await newUser(h);
    const gift = await call<unknown>(h, 'POST', VlivePaths.giftSend, {
      token: u.token,
      form: { roomId: '1001', giftId: 6, count: 1, fromBag: 0, idemKey: idem() },
    });
    expect(gift.code).toBe(Code.REFUSED);
    expect(gift.msg).toBe('余额不足：需要 520 球币，当前余额 0 球币，请先充值');
    expect(gift.data as InsufficientBalance).toEqual({ need: 520, balance: 0, recharge: RECHARGE_PAGE });
    const noble = await call(h, 'POST', VlivePaths.nobilityBuy, {
      token: u.token,
      form: { level: 1, idemKey: idem() },
    });
    expect(noble.code).toBe(Code.REFUSED);
    expect((noble.data as InsufficientBalance).recharge).toBe(RECHARGE_PAGE);
    await order(h, u.token, 3, 'dev');
    const bought = await call<{ balance: number }>(h, 'POST', VlivePaths.nobilityBuy, {
      token: u.token,
      form: { level: 1, idemKey: idem() },
    });
    expect(bought.data.balance).toBe(400);
    const renewed = await call<{ balance: number }>(h, 'POST', VlivePaths.nobilityBuy, {
      token: u.token,
      form: { level: 1, idemKey: idem() },
    });
    expect(renewed.code).toBe(Code.REFUSED);
    await order(h, u.token, 1, 'dev');
    await order(h, u.token, 2, 'dev');
    expect(await balance(h, u.token)).toBe(760);
    const sent = await call<{ balance: number }>(h, 'POST', VlivePaths.giftSend, {
      token: u.token,
      form: { roomId: '1001', giftId: 6, count: 1, fromBag: 0, idemKey: idem() },
    });
    expect(sent.data.balance).toBe(240);
    expect((await ledgerOf(h, u.id)).map((r) => r.reason)).toEqual([
      'recharge',
      'noble',
      'recharge',
      'recharge',
      'gift',
    ]);
  });

  it('the ledger is append-only: rows cannot be edited or removed', async () => {
    const u = await newUser(h);
    await order(h, u.token, 1, 'dev');
    const db = h.ts.storage.db;
    await expect(sql`update vlive_balance_log set delta = 1000000 where user_id = ${u.id}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from vlive_balance_log where user_id = ${u.id}`.execute(db)).rejects.toThrow(/append-only/);
    expect(await ledgerOf(h, u.id)).toHaveLength(1);
  });

  it('storm: 50 gifts, recharges and a refund at once on one account; nothing lost, nothing negative, audit clean', async () => {
    const u = await newUser(h);
    // A credited order to refund in the storm, and a starting balance.
    const toRefund = await alipayOrder(h, u.token, 2);
    await h.gateway.pay(toRefund.id);
    await order(h, u.token, 3, 'dev');
    const start = await balance(h, u.token);
    expect(start).toBe(1300);
    const pending = await Promise.all(Array.from({ length: 5 }, () => alipayOrder(h, u.token, 1)));

    const gifts = Array.from({ length: 50 }, () =>
      call<{ balance: number }>(h, 'POST', VlivePaths.giftSend, {
        token: u.token,
        form: { roomId: '1002', giftId: 5, count: 1, fromBag: 0, idemKey: idem() },
      }),
    );
    const alipayPays = pending.map((o) => h.gateway.pay(o.id));
    const devRecharges = Array.from({ length: 5 }, () => order(h, u.token, 1, 'dev'));
    const replays = pending.map((o) => h.gateway.post(notifyUrl(h), h.gateway.notification(o.id)));
    const refund = call<PayOrder>(h, 'POST', embeddedUrl(PayPaths.opsRefund), {
      json: { orderId: toRefund.id },
      ops: true,
    });
    const [g, a, d, , r] = await Promise.all([
      Promise.all(gifts),
      Promise.all(alipayPays),
      Promise.all(devRecharges),
      Promise.all(replays),
      refund,
    ]);
    expect(a.every((x) => x === 'success')).toBe(true);
    expect(d.every((x) => x.code === 200 && x.data.state === 'credited')).toBe(true);
    const giftsOk = g.filter((x) => x.code === 200).length;
    const giftsRefused = g.filter((x) => x.code === Code.REFUSED && x.msg.startsWith('余额不足')).length;
    expect(giftsOk + giftsRefused).toBe(50);
    const refunded = r.code === 200 ? 300 : 0;
    if (r.code !== 200) expect(r.msg).toBe('该用户的球币已消费，余额不足以退回本单，无法退款');
    const expected = start + 10 * 60 - giftsOk * 66 - refunded;
    const final = await balance(h, u.token);
    expect(final).toBe(expected);
    expect(final).toBeGreaterThanOrEqual(0);
    const rows = await ledgerOf(h, u.id);
    expect(rows.reduce((s, x) => s + x.delta, 0)).toBe(final);
    expect(rows.filter((x) => x.reason === 'recharge')).toHaveLength(12);
    expect(rows.filter((x) => x.reason === 'gift')).toHaveLength(giftsOk);
    expect(rows.every((x) => x.balance >= 0)).toBe(true);
    // The running balance is a chain: each row's balance is the previous plus its delta.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.balance).toBe(rows[i - 1]!.balance + rows[i]!.delta);

    const clean = await audit(h);
    expect(clean.lines.at(-1)).toMatch(/0 个账户不一致，0 笔负余额/);
    expect(clean.code).toBe(0);
  }, 60_000);

  it('audit-ledger finds a balance changed outside the ledger, and needs the operator token', async () => {
    const u = await newUser(h);
    await order(h, u.token, 1, 'dev');
    await h.ts.storage.db.updateTable('users').set({ balance: 9999 }).where('id', '=', u.id).execute();
    const bad = await audit(h);
    expect(bad.code).toBe(1);
    expect(bad.lines.join('\n')).toContain(`不一致: 用户 ${u.id} 余额 9999 流水合计 60`);
    await h.ts.storage.db.updateTable('users').set({ balance: 60 }).where('id', '=', u.id).execute();
    const lines: string[] = [];
    expect(await runOpsCli(['audit-ledger'], { base: h.base, token: null, out: (l) => lines.push(l) })).toBe(2);
    expect(await runOpsCli(['audit-ledger'], { base: h.base, token: 'wrong', out: (l) => lines.push(l) })).toBe(2);
    expect((await audit(h)).code).toBe(0);
  });
});
