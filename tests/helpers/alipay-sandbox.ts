/**
 * A local stand-in for Alipay's open platform gateway, speaking its protocol with its own RSA
 * key pair: it checks the app's RSA2 signature on `alipay.trade.wap.pay` links and on
 * `alipay.trade.refund` calls, "pays" a trade when told to, and then POSTs the signed
 * asynchronous notification to the order's `notify_url`, as Alipay does.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySignContent, rsa2Sign, rsa2Verify } from '../../server/pay/alipay';

export interface SandboxTrade {
  outTradeNo: string;
  totalAmount: string;
  notifyUrl: string;
  tradeNo: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  refunded: boolean;
}

export interface AlipaySandbox {
  url: string;
  appId: string;
  /** The app's key pair (the server signs with the private key). */
  appPrivateKey: string;
  /** Alipay's public key (the server verifies notifications with it). */
  alipayPublicKey: string;
  trades: Map<string, SandboxTrade>;
  /** The buyer pays: the trade succeeds and the notification is POSTed; the server's answer text. */
  pay(outTradeNo: string): Promise<string>;
  /** The signed notification form of a trade (for replays and tampering). */
  notification(outTradeNo: string, overrides?: Record<string, string>): Record<string, string>;
  /** POSTs a form to a notify URL; the answer text. */
  post(notifyUrl: string, form: Record<string, string>): Promise<string>;
  sign(params: Record<string, string>, privateKey?: string): Record<string, string>;
  close(): Promise<void>;
}

const keyPair = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const chinaTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startAlipaySandbox(appId = '2021000000000001'): Promise<AlipaySandbox> {
  const app = keyPair();
  const alipay = keyPair();
  const trades = new Map<string, SandboxTrade>();
  let tradeSeq = 0;

  const verifyApp = (params: Record<string, string>) =>
    params.app_id === appId &&
    params.sign_type === 'RSA2' &&
    rsa2Verify(alipaySignContent(params, ['sign']), params.sign ?? '', app.publicKey);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const params = Object.fromEntries(
        new URLSearchParams(req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search),
      );
      if (!verifyApp(params)) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<p>错误代码 invalid-signature 验签出错</p>');
        return;
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      if (params.method === 'alipay.trade.wap.pay') {
        const existing = trades.get(biz.out_trade_no!);
        if (!existing) {
          tradeSeq++;
          trades.set(biz.out_trade_no!, {
            outTradeNo: biz.out_trade_no!,
            totalAmount: biz.total_amount!,
            notifyUrl: params.notify_url!,
            tradeNo: `2026112422001${String(tradeSeq).padStart(8, '0')}`,
            status: 'WAIT_BUYER_PAY',
            refunded: false,
          });
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<h1>支付宝收银台</h1><p>${biz.subject} ¥${biz.total_amount}</p>`);
        return;
      }
      if (params.method === 'alipay.trade.refund') {
        const t = trades.get(biz.out_trade_no!);
        const answer =
          t && t.status === 'TRADE_SUCCESS' && !t.refunded && biz.refund_amount === t.totalAmount
            ? {
                code: '10000',
                msg: 'Success',
                trade_no: t.tradeNo,
                out_trade_no: t.outTradeNo,
                refund_fee: t.totalAmount,
                fund_change: 'Y',
              }
            : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
        if (t && answer.code === '10000') t.refunded = true;
        const text = JSON.stringify(answer);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(`{"alipay_trade_refund_response":${text},"sign":"${rsa2Sign(text, alipay.privateKey)}"}`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"error_response":{"code":"40002","msg":"Invalid Arguments"}}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  const sign = (params: Record<string, string>, privateKey = alipay.privateKey) => ({
    ...params,
    sign_type: 'RSA2',
    sign: rsa2Sign(alipaySignContent(params, ['sign', 'sign_type']), privateKey),
  });
  const notification = (outTradeNo: string, overrides: Record<string, string> = {}) => {
    const t = trades.get(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    const now = Date.now();
    return sign({
      notify_time: chinaTime(now),
      notify_type: 'trade_status_sync',
      notify_id: `ac05099524730693a8b330c5ecf72da${t.tradeNo.slice(-6)}`,
      app_id: appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      trade_status: t.status,
      total_amount: t.totalAmount,
      receipt_amount: t.totalAmount,
      buyer_pay_amount: t.totalAmount,
      subject: '球币',
      gmt_create: chinaTime(now - 5000),
      gmt_payment: chinaTime(now),
      seller_id: '2088102147948060',
      ...overrides,
    });
  };
  const post = async (notifyUrl: string, form: Record<string, string>) => {
    const res = await fetch(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(form).toString(),
    });
    return res.text();
  };

  return {
    url: `http://127.0.0.1:${port}/gateway.do`,
    appId,
    appPrivateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    trades,
    sign,
    notification,
    post,
    async pay(outTradeNo) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`no trade ${outTradeNo}`);
      t.status = 'TRADE_SUCCESS';
      return post(t.notifyUrl, notification(outTradeNo));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
