/**
 * Resident ID numbers (GB 11643-1999): 17 digits + a check character from the ISO 7064
 * MOD 11-2 checksum. Pure functions; `now` is passed in for the birth-date check.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** Null when valid, else the Chinese reason. */
export function idNumberProblem(raw: string, now: number): string | null {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return '身份证号应为18位，最后一位可以是X';
  if (!/^[1-8]/.test(id)) return '身份证号地区码不正确';
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
    return '身份证号中的出生日期不正确';
  }
  if (idCheckChar(id) !== id[17]) return '身份证号校验位不正确，请核对后重新输入';
  return null;
}

/** Adult check: real-name certification is for people aged 18 or over. */
export function ageOn(idNumber: string, now: number): number {
  const y = Number(idNumber.slice(6, 10));
  const m = Number(idNumber.slice(10, 12));
  const d = Number(idNumber.slice(12, 14));
  const t = new Date(now);
  let age = t.getUTCFullYear() - y;
  if (t.getUTCMonth() + 1 < m || (t.getUTCMonth() + 1 === m && t.getUTCDate() < d)) age--;
  return age;
}

/** 1101**********1234: region prefix and last four kept. */
export function maskIdNumber(id: string): string {
  const v = id.trim().toUpperCase();
  return v.slice(0, 4) + '*'.repeat(v.length - 8) + v.slice(-4);
}

/** 张三 → 张*, 张小三 → 张*三, 欧阳小明 → 欧**明. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return chars[0] + '*';
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}

/** Chinese names: 2–20 CJK characters, optionally with the middle dot of minority names. */
export const REAL_NAME_RE = /^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/;
