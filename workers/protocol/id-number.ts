/**
 * Real-name rules (实名认证): resident ID numbers (GB 11643-1999: 17 digits + a check character
 * from the ISO 7064 MOD 11-2 checksum) and Chinese names. One copy for the form and the server
 * (./fields.ts builds the zod schema from it). Pure: `now` is passed in for the birth-date check.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

export const IdText = {
  idShape: '身份证号应为18位，最后一位可以是X',
  idRegion: '身份证号地区码不正确',
  idBirth: '身份证号中的出生日期不正确',
  idCheck: '身份证号校验位不正确，请核对后重新输入',
  nameShort: '姓名至少 2 个汉字',
  nameLong: '姓名不能超过 20 个字',
  nameChars: '姓名只能是汉字（少数民族姓名可含“·”）',
} as const;

/** Chinese names: CJK characters, optionally with the middle dot of minority names. */
export const REAL_NAME_RE = /^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/;
export const ID_NUMBER_RE = /^\d{17}[\dX]$/;

export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** Null when valid, else the Chinese reason. */
export function idNumberProblem(raw: string, now: number): string | null {
  const id = raw.trim().toUpperCase();
  if (!ID_NUMBER_RE.test(id)) return IdText.idShape;
  if (!/^[1-8]/.test(id)) return IdText.idRegion;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (
    y < 1900 ||
    birth.getUTCFullYear() !== y ||
    birth.getUTCMonth() !== m - 1 ||
    birth.getUTCDate() !== d ||
    birth.getTime() > now
  ) {
    return IdText.idBirth;
  }
  if (idCheckChar(id) !== id[17]) return IdText.idCheck;
  return null;
}

/** Null when a real name (2–20 characters, trimmed) is acceptable, else the Chinese reason. */
export function realNameProblem(raw: string): string | null {
  const name = raw.trim();
  const length = Array.from(name).length;
  if (length < 2) return IdText.nameShort;
  if (length > 20) return IdText.nameLong;
  return REAL_NAME_RE.test(name) ? null : IdText.nameChars;
}
