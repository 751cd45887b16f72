/** '刚刚', '5分钟前', '3小时前', '昨天 20:15', '11-20 08:00', '2025-11-20' (China time). Pure: pass `now`. */
import { formatChinaTime } from './chinese-format';

export function relativeTimeText(ms: number, now: number): string {
  const diff = now - ms;
  if (diff < 60_000) return '刚刚';
  if (diff < 3600_000) return `${Math.floor(diff / 60_000)}分钟前`;
  const day = (t: number) => formatChinaTime(t, 'YYYY-MM-DD');
  if (diff < 24 * 3600_000 && day(ms) === day(now)) return `${Math.floor(diff / 3600_000)}小时前`;
  if (day(ms) === day(now - 86_400_000)) return `昨天 ${formatChinaTime(ms, 'HH:mm')}`;
  if (formatChinaTime(ms, 'YYYY') === formatChinaTime(now, 'YYYY')) return formatChinaTime(ms, 'MM-DD HH:mm');
  return day(ms);
}
