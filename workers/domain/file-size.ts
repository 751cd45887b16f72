/** File sizes as B / KB / MB / GB (1024 based), two decimals truncated, trailing zeros dropped. */
import { truncateDecimals } from './number-format';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export function fileSizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0B';
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const text = i === 0 ? String(Math.floor(v)) : truncateDecimals(v, 2).replace(/\.?0+$/, '');
  return `${text}${UNITS[i]}`;
}
