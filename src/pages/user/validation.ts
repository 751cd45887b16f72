/** Client-side checks that mirror the server's rules, so a form can say what is wrong at once. */
import { USER_TEXT } from './strings';

const E = USER_TEXT.errors;
export const PHONE_RE = /^1[3-9]\d{9}$/;
export const NICKNAME_RE = /^[\u4e00-\u9fa5A-Za-z0-9_]{2,12}$/;

export const phoneError = (v: string) => (PHONE_RE.test(v.trim()) ? null : E.phone);
export const codeError = (v: string) => (/^\d{6}$/.test(v.trim()) ? null : E.code);
export function passwordError(v: string): string | null {
  if (v.length < 8 || v.length > 20) return E.passwordLength;
  if (!/^[\x21-\x7e]+$/.test(v)) return E.passwordChars;
  if (!/[A-Za-z]/.test(v) || !/\d/.test(v)) return E.passwordMix;
  return null;
}
export const nicknameError = (v: string) => (NICKNAME_RE.test(v.trim()) ? null : E.nickname);

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
