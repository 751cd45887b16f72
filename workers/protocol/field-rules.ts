/**
 * The rules of every form field, as plain functions (no zod: the core and the views import this
 * without bundling zod). ./fields.ts builds the server's zod schemas from the same rules, so a
 * form and the route it posts to never disagree. Each rule answers null when the value is fine,
 * else the Chinese message a person reads.
 */

/** Ids and counts live in PostgreSQL `int` columns: nothing past this reaches a query. */
export const MAX_DB_INT = 2_147_483_647;

export const PHONE_RE = /^1[3-9]\d{9}$/;
export const SMS_CODE_RE = /^\d{6}$/;
export const NICKNAME_RE = /^[\u4e00-\u9fa5A-Za-z0-9_]{2,12}$/;

/** Password length bounds: the forms, the server and the 注册服务协议 all read these. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

export const FieldText = {
  phone: '手机号格式不正确',
  code: '验证码为6位数字',
  passwordLength: `密码长度为${PASSWORD_MIN}-${PASSWORD_MAX}位`,
  passwordChars: '密码只能包含字母、数字和常用符号，不能有空格',
  passwordMix: '密码需同时包含字母和数字',
  nickname: '昵称为2-12位中文、字母、数字或下划线',
  controlChars: (label: string) => `${label}含有不支持的字符`,
  textLength: (label: string, min: number, max: number) =>
    min > 0 ? `${label}长度为${min}-${max}个字` : `${label}不能超过${max}个字`,
  id: (label: string) => `${label}不正确`,
  money: (label: string) => `${label}不正确`,
} as const;

/**
 * Control characters: C0 (NUL included) and C1, DEL, and the Unicode non-characters that
 * PostgreSQL or a terminal would choke on. Multi-line text may keep tab and line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's job
const CONTROL_ANY = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;
/** A lone surrogate half cannot be stored as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasControlChars(v: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL_ANY).test(v) || LONE_SURROGATE.test(v);
}

/** Messages a form may word its own way; the defaults say the label and the bounds. */
export interface TextMessages {
  /** The field is absent. */
  missing?: string;
  short?: string;
  long?: string;
}

/** Free text (posts, tips, feedback, chat): length in characters, no control characters. */
export function textProblem(
  v: string,
  opts: { label: string; min?: number; max: number; multiline?: boolean } & TextMessages,
): string | null {
  if (hasControlChars(v, opts.multiline)) return FieldText.controlChars(opts.label);
  const min = opts.min ?? 0;
  const len = Array.from(v.trim()).length;
  if (len < min) return opts.short ?? FieldText.textLength(opts.label, min, opts.max);
  if (len > opts.max) return opts.long ?? FieldText.textLength(opts.label, min, opts.max);
  return null;
}

/** 8–20 characters, at least one letter and one digit, printable ASCII without spaces. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return FieldText.passwordLength;
  if (!/^[\x21-\x7e]+$/.test(password)) return FieldText.passwordChars;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return FieldText.passwordMix;
  return null;
}

export const phoneProblem = (v: string): string | null => (PHONE_RE.test(v.trim()) ? null : FieldText.phone);
export const smsCodeProblem = (v: string): string | null => (SMS_CODE_RE.test(v.trim()) ? null : FieldText.code);
export const nicknameProblem = (v: string): string | null => (NICKNAME_RE.test(v.trim()) ? null : FieldText.nickname);

/** A database id: a whole number from 1 to MAX_DB_INT. */
export function isDbId(v: number): boolean {
  return Number.isSafeInteger(v) && v >= 1 && v <= MAX_DB_INT;
}
