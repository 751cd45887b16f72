/**
 * Coins (issue 17) spent and audited, on the real routes, a real hub and a real PGlite (and
 * PostgreSQL at PG_TEST_URL): refunds through the operator API, nobility and gifts
 * on the recharged balance, the append-only ledger, and a storm of concurrent gifts, recharges
 * and a refund on one account checked by `npm run ops -- audit-ledger`. The shared server is
 * pay-harness.ts.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  Code,
  PayPaths,
  RECHARGE_PAGE,
  VlivePaths,
  embeddedUrl,
  type InsufficientBalance,
  type PayOrder,
} from '../../workers/protocol/index';
import { runOpsCli } from '../../server/ops/cli';
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
  it('refunds through the operator API: coins taken back, money returned at Alipay, once', async () => {
    const u = await newUser(h);
    const o = await alipayOrder(h, u.token, 2);
    await h.gateway.pay(o.id);
    const noOps = await call(h, 'POST', embeddedUrl(PayPaths.opsRefund), { json: { orderId: o.id } });
    // No operator token: the operator API's one guard answers NO_TOKEN (HTTP 401).
    expect(noOps.code).toBe(Code.NO_TOKEN);
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
