/**
 * Who sends SMS codes. One of three, chosen at start (`createSmsSender`):
 * - a real provider when its settings are in the environment: Aliyun SMS (阿里云短信, dysmsapi
 *   `SendSms`, RPC-style signed GET) — ./sms-aliyun.ts;
 * - else, under DEV_CONTROL only, the dev outbox (GET /_dev/sms reads it);
 * - else none: every send is refused with a clear message, and the server says so at start.
 * Codes never reach a log line: the outbox logs the masked phone only.
 */
import { Code } from '../../workers/protocol/index';
import type { Config } from '../config';
import { BizError } from '../http/reply';
import { createAliyunSms } from './sms-aliyun';
import { AccountText } from './text';
import { maskPhone } from './users';

export interface SmsSender {
  /** 'aliyun', 'outbox' or 'off'. */
  readonly kind: string;
  /** False when sending is refused (no provider, no dev outbox): callers refuse before anything else. */
  readonly available: boolean;
  /** Sends the text (a provider may send its own template filled with `code` instead). */
  send(phone: string, text: string, code: string): Promise<void>;
  /** Last code sent to a phone: only the dev outbox keeps them (null elsewhere). */
  lastCode(phone: string): string | null;
}

export function createOutboxSms(log: (msg: string) => void = console.log): SmsSender {
  const outbox = new Map<string, string>();
  return {
    kind: 'outbox',
    available: true,
    async send(phone, _text, code) {
      outbox.set(phone, code);
      log(`[sms] dev outbox: code for ${maskPhone(phone)} (GET /_dev/sms)`);
    },
    lastCode: (phone) => outbox.get(phone) ?? null,
  };
}

export function createDisabledSms(): SmsSender {
  return {
    kind: 'off',
    available: false,
    async send() {
      throw new BizError(Code.REFUSED, AccountText.smsUnavailable);
    },
    lastCode: () => null,
  };
}

/** The sender this configuration asks for; `log` gets one line saying which (never a code). */
export function createSmsSender(config: Config, log: (msg: string) => void): SmsSender {
  if (config.smsProvider) {
    log(`[sms] sending codes through Aliyun SMS (${config.smsProvider.endpoint})`);
    return createAliyunSms(config.smsProvider);
  }
  if (config.devControl) {
    log('[sms] no SMS provider set: codes go to the dev outbox (DEV_CONTROL)');
    return createOutboxSms(log);
  }
  log('[sms] no SMS provider set (ALIYUN_SMS_*) and DEV_CONTROL off: SMS codes are refused');
  return createDisabledSms();
}
