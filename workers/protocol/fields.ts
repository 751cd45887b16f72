/**
 * The zod field schemas every server route builds its input from (issue 11 #8): bounded ids,
 * text without control characters, money, phone, SMS code, nickname, password, page. The rules
 * themselves live in ./field-rules.ts, which the client's forms use directly.
 */
import { z } from 'zod';
import {
  FieldText,
  MAX_DB_INT,
  NICKNAME_RE,
  PHONE_RE,
  SMS_CODE_RE,
  hasControlChars,
  passwordProblem,
  textProblem,
  type TextMessages,
} from './field-rules';
import { realNameProblem } from './id-number';

/**
 * A database id from a path, query or form (digits as text or a number); 1…2^31-1. `missing`
 * words the answer when the field is absent or empty.
 */
export const idField = (label = '编号', missing?: string) => {
  const id = z.coerce
    .number({ error: FieldText.id(label) })
    .int(FieldText.id(label))
    .min(1, FieldText.id(label))
    .max(MAX_DB_INT, FieldText.id(label));
  if (!missing) return id;
  return z
    .unknown()
    .refine((v) => v !== undefined && v !== '', { message: missing, abort: true })
    .pipe(id);
};

/** A non-negative int (sequence numbers, indexes, counters); 0…2^31-1. */
export const countField = (label: string, max = MAX_DB_INT) =>
  z.coerce
    .number({ error: FieldText.id(label) })
    .int(FieldText.id(label))
    .min(0, FieldText.id(label))
    .max(max, FieldText.id(label));

/** An amount of coins: a whole number from 1 to `max` (never past the int columns). */
export const moneyField = (label = '金额', max = 10_000_000) =>
  z.coerce
    .number({ error: FieldText.money(label) })
    .int(FieldText.money(label))
    .min(1, FieldText.money(label))
    .max(Math.min(max, MAX_DB_INT), FieldText.money(label));

/** Free text: trimmed, `min`…`max` characters, no control characters (NUL never reaches SQL). */
export const textField = (opts: { label: string; min?: number; max: number; multiline?: boolean } & TextMessages) =>
  z
    .string({
      error: opts.missing ?? (opts.min ? `请填写${opts.label}` : FieldText.textLength(opts.label, 0, opts.max)),
    })
    .superRefine((v, ctx) => {
      const problem = textProblem(v, opts);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v.trim());

/** A short token-like value (ids of rooms, idempotency keys): ASCII word characters only. */
export const keyField = (label: string, max = 64) =>
  z
    .string({ error: `缺少${label}` })
    .min(1, `缺少${label}`)
    .max(max, `${label}不正确`)
    .regex(/^[A-Za-z0-9_:.-]+$/, `${label}不正确`);

export const phoneField = () => z.string({ error: '缺少手机号' }).trim().regex(PHONE_RE, FieldText.phone);
export const smsCodeField = () => z.string({ error: '缺少验证码' }).trim().regex(SMS_CODE_RE, FieldText.code);
export const nicknameField = () => z.string({ error: '缺少昵称' }).trim().regex(NICKNAME_RE, FieldText.nickname);
/** A real name for 实名认证 (the protocol's rule in ./id-number.ts), trimmed. */
export const realNameField = () =>
  z
    .string({ error: '请输入真实姓名' })
    .trim()
    .superRefine((v, ctx) => {
      const problem = realNameProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
/** A plaintext password (after transit decryption). */
export const passwordField = () =>
  z.string({ error: '缺少密码' }).superRefine((v, ctx) => {
    const problem = passwordProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** `?page=`: 1-based, at most 1000. */
export const pageField = () => z.coerce.number().int().min(1, '页码不正确').max(1000, '页码不正确').default(1);

/** True when any string anywhere in a parsed body, query or params holds a control character. */
export function anyControlChars(value: unknown, depth = 0): boolean {
  return controlCharsAt(value, depth) !== null;
}

/**
 * The top-level field whose value (at any depth) or name holds a control character: its name,
 * '' when the value itself is such a string, null when none does.
 */
export function controlCharsAt(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return hasControlChars(value, true) ? '' : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (hasControlChars(k) || controlCharsAt(v, depth + 1) !== null) return depth === 0 ? k : '';
  }
  return null;
}
