/**
 * Client-side checks, so a form can say what is wrong at once. The rules are the protocol's
 * (workers/protocol/field-rules.ts), the same functions the server's schemas are built from;
 * only the phone and code prompts are worded for the form.
 */
import { PHONE_RE, SMS_CODE_RE, nicknameProblem, passwordProblem } from '../../../workers/protocol/field-rules';
import { USER_TEXT } from './strings';

const E = USER_TEXT.errors;
export { NICKNAME_RE, PHONE_RE } from '../../../workers/protocol/field-rules';

export const phoneError = (v: string) => (PHONE_RE.test(v.trim()) ? null : E.phone);
export const codeError = (v: string) => (SMS_CODE_RE.test(v.trim()) ? null : E.code);
export const passwordError = (v: string): string | null => passwordProblem(v);
export const nicknameError = (v: string): string | null => nicknameProblem(v);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** Shape and GB 11643 check character (the server checks the birth date and age too). */
export function idNumberError(raw: string): string | null {
  const v = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(v)) return E.idNumber;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return '10X98765432'[sum % 11] === v[17] ? null : '身份证号校验位不正确，请核对后重新输入';
}
export const realNameError = (v: string) =>
  /^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/.test(v.trim()) &&
  Array.from(v.trim()).length >= 2 &&
  Array.from(v.trim()).length <= 20
    ? null
    : E.name;
