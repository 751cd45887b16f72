/**
 * Alipay (支付宝) mobile-web payment, spoken as Alipay's open platform defines it:
 *
 * - start: a GET link to the gateway with `method=alipay.trade.wap.pay`, the order in
 *   `biz_content`, signed RSA2 (SHA256withRSA) with the app's private key over the sorted
 *   `key=value&…` of every non-empty parameter but `sign`;
 * - notify: Alipay POSTs a form to `notify_url`, signed RSA2 with Alipay's private key over the
 *   sorted parameters but `sign` and `sign_type`; we verify with Alipay's public key, check
 *   `app_id`, and the order service checks `out_trade_no` and `total_amount`; we answer the text
 *   `success` (Alipay stops resending) or `failure`;
 * - refund: `alipay.trade.refund` POSTed to the gateway, whose JSON answer is verified with
 *   Alipay's public key (`sign` over the exact text of `alipay_trade_refund_response`).
 *
 * Configuration: ALIPAY_APP_ID, ALIPAY_APP_PRIVATE_KEY and ALIPAY_PUBLIC_KEY (PEM text, or a
 * path to a PEM file), ALIPAY_GATEWAY (default https://openapi.alipay.com/gateway.do),
 * ALIPAY_NOTIFY_URL (the public address of `/main/pay/notify/alipay`), ALIPAY_RETURN_URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Code } from '../../workers/protocol/index';
import { BizError } from '../http/reply';
import { fenToYuan, yuanToFen, type PaymentProvider, type VerifiedNotification } from './provider';
import { chinaWallClock } from '../../workers/protocol/china-time';

export interface AlipayConfig {
  appId: string;
  /** PEM (PKCS#8 or PKCS#1) of the app's private key. */
  appPrivateKey: string;
  /** PEM (SPKI) of Alipay's public key. */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  returnUrl: string;
}

const pem = (v: string) => (v.includes('-----BEGIN') ? v : fs.readFileSync(v, 'utf8'));

/** The Alipay configuration from the environment; null when it is not set. */
export function alipayConfigFromEnv(env: NodeJS.ProcessEnv, defaultBase: string): AlipayConfig | null {
  const { ALIPAY_APP_ID: appId, ALIPAY_APP_PRIVATE_KEY: priv, ALIPAY_PUBLIC_KEY: pub } = env;
  if (!appId || !priv || !pub) return null;
  return {
    appId,
    appPrivateKey: pem(priv),
    alipayPublicKey: pem(pub),
    gateway: env.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
    notifyUrl: env.ALIPAY_NOTIFY_URL ?? `${defaultBase}/main/pay/notify/alipay`,
    returnUrl: env.ALIPAY_RETURN_URL ?? `${defaultBase}/user/recharge`,
  };
}

/** The text Alipay signs: non-empty parameters but the excluded ones, sorted by key, `k=v&…`. */
export function alipaySignContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKeyPem: string): string {
  return crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKeyPem: string): boolean {
  try {
    return crypto.createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** China time as Alipay writes it: 'yyyy-MM-dd HH:mm:ss'. */
function alipayTime(ms: number): string {
  return chinaWallClock(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export type NotificationCheck = { ok: true; value: VerifiedNotification } | { ok: false; reason: string };

export interface AlipayProvider extends PaymentProvider {
  /** Checks a notification's signature, app and fields (not yet the order: the service does). */
  checkNotification(params: Record<string, string>): NotificationCheck;
}

export function createAlipayProvider(cfg: AlipayConfig, fetchImpl: typeof fetch = fetch): AlipayProvider {
  const common = (method: string, now: number) => ({
    app_id: cfg.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTime(now),
    version: '1.0',
  });
  const signed = (params: Record<string, string>) => ({
    ...params,
    sign: rsa2Sign(alipaySignContent(params, ['sign']), cfg.appPrivateKey),
  });

  return {
    id: 'alipay',
    name: '支付宝',
    async start(order, now) {
      const minutes = Math.max(1, Math.ceil((order.expiresAt - now) / 60_000));
      const params = signed({
        ...common('alipay.trade.wap.pay', now),
        notify_url: cfg.notifyUrl,
        return_url: cfg.returnUrl,
        biz_content: JSON.stringify({
          out_trade_no: order.id,
          total_amount: fenToYuan(order.priceFen),
          subject: order.subject,
          product_code: 'QUICK_WAP_WAY',
          timeout_express: `${minutes}m`,
        }),
      });
      return { payUrl: `${cfg.gateway}?${new URLSearchParams(params).toString()}`, settledTradeNo: null };
    },

    async refund(order, now) {
      const params = signed({
        ...common('alipay.trade.refund', now),
        biz_content: JSON.stringify({
          out_trade_no: order.id,
          refund_amount: fenToYuan(order.priceFen),
          out_request_no: `R${order.id}`,
        }),
      });
      let text: string;
      try {
        const res = await fetchImpl(cfg.gateway, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
          body: new URLSearchParams(params).toString(),
          signal: AbortSignal.timeout(10_000),
        });
        text = await res.text();
      } catch {
        throw new BizError(Code.SERVER_ERROR, '支付宝退款接口无法访问，请稍后再试');
      }
      // The signature covers the exact text of the response object, so cut it out of the body.
      const m = /"alipay_trade_refund_response"\s*:\s*(\{[^{}]*\})\s*,\s*"sign"\s*:\s*"([^"]+)"/.exec(text);
      if (!m || !rsa2Verify(m[1]!, m[2]!, cfg.alipayPublicKey)) {
        throw new BizError(Code.SERVER_ERROR, '支付宝退款应答验签失败');
      }
      const answer = JSON.parse(m[1]!) as { code?: string; sub_msg?: string; msg?: string };
      if (answer.code !== '10000') {
        throw new BizError(Code.REFUSED, `支付宝拒绝退款：${answer.sub_msg ?? answer.msg ?? answer.code}`);
      }
    },

    checkNotification(params) {
      const sign = params.sign;
      if (!sign || params.sign_type !== 'RSA2') return { ok: false, reason: 'bad-sign-type' };
      if (!rsa2Verify(alipaySignContent(params, ['sign', 'sign_type']), sign, cfg.alipayPublicKey)) {
        return { ok: false, reason: 'bad-signature' };
      }
      if (params.app_id !== cfg.appId) return { ok: false, reason: 'other-app' };
      const totalFen = yuanToFen(params.total_amount ?? '');
      if (!params.out_trade_no || !params.trade_no || !params.notify_id || totalFen === null) {
        return { ok: false, reason: 'missing-fields' };
      }
      const status = params.trade_status;
      return {
        ok: true,
        value: {
          notifyId: params.notify_id,
          orderId: params.out_trade_no,
          tradeNo: params.trade_no,
          totalFen,
          paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
        },
      };
    },
  };
}
