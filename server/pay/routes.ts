/**
 * The /pay area (main API, mounted under /main): packages, orders, Alipay's notification, and
 * the operator's refund and ledger audit. Providers on offer: Alipay when ALIPAY_* is set, the
 * development provider only under DEV_CONTROL.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, PayPaths, embeddedUrl, ok, type PayPackagesInfo } from '../../workers/protocol/index';
import type { AppContext, AreaPlugin } from '../context';
import { BizError, parseInput } from '../http/reply';
import { opsEnabled, requireOps } from '../ops/guard';
import { balanceOf } from '../vlive/wallet';
import { optionalUser, requireUser } from '../vlive/users';
import { alipayConfigFromEnv, createAlipayProvider, type AlipayProvider } from './alipay';
import { createDevProvider } from './dev-provider';
import type { PaymentProvider } from './provider';
import { PAY_PACKAGES, TRADE_CONFLICT, createPayService, type PayService } from './service';

const u = (p: string) => embeddedUrl(p);
const orderId = z.string().regex(/^[A-Za-z0-9_]{1,64}$/, '订单号不正确');
const orderBody = z.object({
  packageId: z.coerce.number().int('套餐不正确').min(1, '套餐不正确').max(99, '套餐不正确'),
  provider: z.enum(['alipay', 'dev'], { message: '支付方式不正确' }),
  idemKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号不正确'),
});
/** A notification is a flat form of short strings; anything else is not Alipay's. */
const notifyForm = z.record(z.string().max(64), z.string().max(4096));

export interface PayAreaOptions {
  /** Overrides ALIPAY_* from the environment (tests). */
  alipay?: AlipayProvider | null;
}

export function createPayArea(opts: PayAreaOptions = {}): AreaPlugin {
  return async (app, ctx) => {
    const providers = new Map<string, PaymentProvider>();
    const alipay =
      opts.alipay !== undefined
        ? opts.alipay
        : (() => {
            const cfg = alipayConfigFromEnv(process.env, `http://${ctx.config.host}:${ctx.config.port}`);
            return cfg ? createAlipayProvider(cfg) : null;
          })();
    if (alipay) providers.set('alipay', alipay);
    if (ctx.config.devControl) providers.set('dev', createDevProvider());
    registerPayRoutes(app, ctx, createPayService(ctx.db), providers, alipay);
  };
}

export const payArea: AreaPlugin = createPayArea();

function registerPayRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  svc: PayService,
  providers: ReadonlyMap<string, PaymentProvider>,
  alipay: AlipayProvider | null,
): void {
  app.get(u(PayPaths.packages), async (req) => {
    const userId = await optionalUser(ctx, req);
    return ok<PayPackagesInfo>({
      packages: [...PAY_PACKAGES],
      providers: [...providers.values()].map((p) => ({ id: p.id, name: p.name })),
      balance: userId === null ? null : await balanceOf(ctx.db, userId),
    });
  });

  app.post(u(PayPaths.order), async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parseInput(orderBody, req.body);
    const provider = providers.get(b.provider);
    if (!provider) throw new BizError(Code.REFUSED, '该支付方式暂未开通');
    const order = await svc.createOrder(userId, { packageId: b.packageId, provider, idemKey: b.idemKey }, ctx.now());
    if (order.balance !== null) ctx.hub.publishToUser(userId, { kind: 'wallet', balance: order.balance });
    return ok(order);
  });

  app.get(u(PayPaths.orderDetail), async (req) => {
    const userId = await requireUser(ctx, req);
    const { id } = parseInput(z.object({ id: orderId }), req.params);
    return ok(await svc.order(userId, id, ctx.now()));
  });

  app.get(u(PayPaths.orders), async (req) => {
    const userId = await requireUser(ctx, req);
    return ok(await svc.orders(userId, ctx.now()));
  });

  app.post(u(PayPaths.notifyAlipay), async (req, reply) => {
    reply.type('text/plain; charset=utf-8');
    const parsed = notifyForm.safeParse(req.body ?? {});
    if (!alipay || !parsed.success) return 'failure';
    const check = alipay.checkNotification(parsed.data);
    const now = ctx.now();
    const record = (outcome: string, orderIdText: string, notifyId: string) =>
      ctx.db
        .insertInto('pay_notifications')
        .values({
          provider: 'alipay',
          notify_id: notifyId.slice(0, 128),
          order_id: orderIdText.slice(0, 64),
          outcome,
          at: now,
        })
        .execute();
    if (!check.ok) {
      req.log.warn({ reason: check.reason }, 'alipay notification refused');
      await record(check.reason, parsed.data.out_trade_no ?? '', parsed.data.notify_id ?? '');
      return 'failure';
    }
    const n = check.value;
    const out = await svc.settle('alipay', n, now);
    if (out.kind === 'conflict') {
      // Paid twice for one order: credited once, the second payment is the operator's to refund.
      // Recorded with its trade number (the audit lists it); answered `success` as Alipay's
      // protocol asks of a notification received and verified, or it resends for a day.
      req.log.error(
        { orderId: n.orderId, tradeNo: out.tradeNo, paidTradeNo: out.order.trade_no },
        'alipay: a paid order notified under another trade number',
      );
      await record(`${TRADE_CONFLICT}:${out.tradeNo}`, n.orderId, n.notifyId);
      return 'success';
    }
    await record(out.kind === 'refused' ? out.reason : out.kind, n.orderId, n.notifyId);
    if (out.kind === 'credited') ctx.hub.publishToUser(out.userId, { kind: 'wallet', balance: out.balance });
    // A trade that is not paid (yet) is acknowledged: Alipay sends another when it is.
    if (out.kind === 'refused' && out.reason === 'not-paid') return 'success';
    return out.kind === 'refused' ? 'failure' : 'success';
  });

  if (!opsEnabled(ctx.config)) return;
  app.post(u(PayPaths.opsRefund), async (req) => {
    requireOps(ctx.config, req);
    const { orderId: id } = parseInput(z.object({ orderId }), req.body);
    const order = await svc.refund(id, providers, ctx.now());
    const row = await ctx.db.selectFrom('pay_orders').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    if (order.balance !== null) ctx.hub.publishToUser(row.user_id, { kind: 'wallet', balance: order.balance });
    return ok(order);
  });
  app.get(u(PayPaths.opsLedgerAudit), async (req) => {
    requireOps(ctx.config, req);
    return ok(await svc.audit());
  });
}
