/**
 * Server-side uses of resident ID numbers: age and masking. The rules themselves (shape, birth
 * date, check character, names) are the protocol's (workers/protocol/id-number.ts).
 */
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
