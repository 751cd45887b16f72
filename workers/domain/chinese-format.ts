/**
 * Chinese numbers, weekdays and the one date formatter (China time, UTC+8). Pure: pass the time.
 */
import { chinaWallClock } from '../protocol/china-time';

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** 0–9999 in Chinese: 10 → 十, 11 → 十一, 20 → 二十, 105 → 一百零五. */
export function chineseNumber(n: number): string {
  const v = Math.floor(Math.abs(n));
  if (v < 10) return DIGITS[v];
  if (v < 20) return `十${v % 10 ? DIGITS[v % 10] : ''}`;
  if (v < 100) return `${DIGITS[Math.floor(v / 10)]}十${v % 10 ? DIGITS[v % 10] : ''}`;
  if (v < 1000) {
    const rest = v % 100;
    const tail = rest === 0 ? '' : rest < 10 ? `零${DIGITS[rest]}` : chineseTens(rest);
    return `${DIGITS[Math.floor(v / 100)]}百${tail}`;
  }
  if (v < 10000) {
    const rest = v % 1000;
    const tail =
      rest === 0 ? '' : rest < 100 ? `零${rest < 10 ? DIGITS[rest] : chineseTens(rest)}` : chineseNumber(rest);
    return `${DIGITS[Math.floor(v / 1000)]}千${tail}`;
  }
  return String(v);
}

/** Tens inside a larger number keep the 一: 110 → 一百一十. */
function chineseTens(v: number): string {
  return `${DIGITS[Math.floor(v / 10)]}十${v % 10 ? DIGITS[v % 10] : ''}`;
}

const china = chinaWallClock;

/** '周一' … '周日' for a unix ms time (China date). */
export function weekdayText(ms: number, prefix: '周' | '星期' = '周'): string {
  return `${prefix}${WEEKDAYS[china(ms).getUTCDay()]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats China time with YYYY, MM, DD, HH, mm, ss tokens. */
export function formatChinaTime(ms: number, pattern = 'YYYY-MM-DD HH:mm'): string {
  const d = china(ms);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => {
    switch (t) {
      case 'YYYY':
        return String(d.getUTCFullYear());
      case 'MM':
        return pad(d.getUTCMonth() + 1);
      case 'DD':
        return pad(d.getUTCDate());
      case 'HH':
        return pad(d.getUTCHours());
      case 'mm':
        return pad(d.getUTCMinutes());
      default:
        return pad(d.getUTCSeconds());
    }
  });
}
