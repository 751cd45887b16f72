/**
 * Aliyun SMS (阿里云短信服务) `SendSms`, API version 2017-05-25, over its RPC-style HTTP API:
 * a GET to the endpoint with the parameters in the query, signed with HMAC-SHA1 of
 * `GET&%2F&<percent-encoded canonical query>` keyed by `<AccessKeySecret>&`. The code travels in
 * `TemplateParam` for the approved template; the answer is JSON whose `Code` is `OK` on success.
 *
 * Errors are reported without the request (it holds the code): the provider's error code only.
 */
import crypto from 'node:crypto';
import { Code } from '../../workers/protocol/index';
import { BizError } from '../http/reply';
import type { SmsSender } from './sms';
import { AccountText } from './text';

export interface AliyunSmsConfig {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Request timeout (default 5 s). */
  timeoutMs?: number;
}

/** RFC 3986 encoding as Aliyun's signature wants it (encodeURIComponent leaves !'()* alone). */
export function aliyunPercentEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

/** The signature of a parameter set (without `Signature`), as the provider recomputes it. */
export function aliyunSignature(params: Record<string, string>, secret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k])}`)
    .join('&');
  const toSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonical)}`;
  return crypto.createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** Provider answers that are the user's input, not our fault: told as such. */
const PHONE_PROBLEMS = new Set(['isv.MOBILE_NUMBER_ILLEGAL', 'isv.MOBILE_COUNT_OVER_LIMIT']);
const PROVIDER_LIMITS = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL']);

export function createAliyunSms(cfg: AliyunSmsConfig, now: () => Date = () => new Date()): SmsSender {
  return {
    kind: 'aliyun',
    available: true,
    async send(phone, _text, code) {
      const params: Record<string, string> = {
        AccessKeyId: cfg.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: 'cn-hangzhou',
        SignName: cfg.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: crypto.randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: cfg.templateCode,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: now()
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const query = new URLSearchParams({ ...params, Signature: aliyunSignature(params, cfg.accessKeySecret) });
      let answer: { Code?: string; Message?: string };
      try {
        const res = await fetch(`${cfg.endpoint.replace(/\/$/, '')}/?${query}`, {
          signal: AbortSignal.timeout(cfg.timeoutMs ?? 5_000),
        });
        answer = (await res.json()) as { Code?: string; Message?: string };
      } catch (err) {
        console.error(`[sms] Aliyun SMS unreachable: ${(err as Error).name}`);
        throw new BizError(Code.SERVER_ERROR, AccountText.smsFailed);
      }
      if (answer.Code === 'OK') return;
      console.error(`[sms] Aliyun SMS refused: ${answer.Code ?? 'no code'}`);
      if (answer.Code && PHONE_PROBLEMS.has(answer.Code)) throw new BizError(Code.BAD_INPUT, AccountText.phoneFormat);
      if (answer.Code && PROVIDER_LIMITS.has(answer.Code))
        throw new BizError(Code.RATE_LIMITED, AccountText.smsDailyCap);
      throw new BizError(Code.SERVER_ERROR, AccountText.smsFailed);
    },
    lastCode: () => null,
  };
}
