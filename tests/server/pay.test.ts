/**
 * Coins (issue 17) on the real routes, a real hub and a real PGlite (and the machine's
 * PostgreSQL): packages and orders, Alipay's protocol against a local gateway
 * that signs with its own RSA key pair (forged, tampered, replayed, mismatched and unknown-order
 * notifications are refused and never credit twice), the development provider and expiry.
 * Refunds, spending, the ledger and the storm are in pay-ledger.test.ts; the shared server is
 * pay-harness.ts.
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import {
  Code,
  PayPaths,
  embeddedUrl,
  fillPath,
  type PayOrder,
  type PayPackagesInfo,
} from '../../workers/protocol/index';
import { ORDER_TTL_MS, PAY_PACKAGES } from '../../server/pay/service';
import {
  describeCoins,
  newUser,
  call,
  idem,
  order,
  balance,
  ledgerOf,
  orderState,
  notifyUrl,
  alipayOrder,
  audit,
} from './pay-harness';

describeCoins((h) => {
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

  it('a signed notification for a paid order under another trade number is flagged: logged, recorded, listed by the audit, credited nothing', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 2);
    expect(await h.gateway.pay(o.id)).toBe('success');
    const other = h.gateway.notification(o.id, { trade_no: '2026112722001400000000009999' });
    // Received and verified: acknowledged as Alipay's protocol asks (else it resends for a day) …
    expect(await h.gateway.post(notifyUrl(h), other)).toBe('success');
    expect(await balance(h, u.token)).toBe(300);
    expect(await ledgerOf(h, u.id)).toHaveLength(1);
    // … but not as a plain repeat: recorded with its trade number, and the audit names it.
    const rows = await h.ts.storage.db
      .selectFrom('pay_notifications')
      .select('outcome')
      .where('order_id', '=', o.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.outcome)).toContain('trade-conflict:2026112722001400000000009999');
    const a = await audit(h);
    expect(a.lines.join('\n')).toContain(
      `待处理: 订单 ${o.id} 已支付，又收到交易号 2026112722001400000000009999 的支付通知`,
    );
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
});
