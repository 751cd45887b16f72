/** Pluggable SMS sender. The embedded default keeps a dev outbox and logs. */
export interface SmsSender {
  send(phone: string, text: string, code: string): Promise<void>;
  /** Last code sent to a phone (dev control GET /_dev/sms?phone=). */
  lastCode(phone: string): string | null;
}

export function createOutboxSms(log: (msg: string) => void = console.log): SmsSender {
  const outbox = new Map<string, string>();
  return {
    async send(phone, text, code) {
      outbox.set(phone, code);
      log(`[sms] to ${phone.slice(0, 3)}****${phone.slice(-4)}: ${text}`);
    },
    lastCode: (phone) => outbox.get(phone) ?? null,
  };
}
