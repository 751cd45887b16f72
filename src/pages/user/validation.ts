/**
 * Client-side checks, so a form can say what is wrong at once. The rules are the protocol's
 * (workers/protocol/field-rules.ts), the same functions the server's schemas are built from;
 * only the phone, code and ID-number-shape prompts are worded for the form.
 */
import { PHONE_RE, SMS_CODE_RE, nicknameProblem, passwordProblem } from '../../../workers/protocol/field-rules';
import { ID_NUMBER_RE, idNumberProblem, realNameProblem } from '../../../workers/protocol/id-number';
import { USER_TEXT } from './strings';

const E = USER_TEXT.errors;
export { NICKNAME_RE, PHONE_RE } from '../../../workers/protocol/field-rules';

export const phoneError = (v: string) => (PHONE_RE.test(v.trim()) ? null : E.phone);
export const codeError = (v: string) => (SMS_CODE_RE.test(v.trim()) ? null : E.code);
export const passwordError = (v: string): string | null => passwordProblem(v);
export const nicknameError = (v: string): string | null => nicknameProblem(v);

/** The form's own prompt for a wrong shape, then the protocol's rule (birth date, check character). */
export const idNumberError = (raw: string): string | null =>
  ID_NUMBER_RE.test(raw.trim().toUpperCase()) ? idNumberProblem(raw, Date.now()) : E.idNumber;
export const realNameError = (v: string): string | null => realNameProblem(v);
