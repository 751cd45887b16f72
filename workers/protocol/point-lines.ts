/**
 * Basketball's point lines in words, as the 指数 tab and the ChatGPT tab both say them: the
 * server's answers and the core's derived rows read the same text from here.
 */

/** Basketball spread in points: 5.5 → '让5.5分' (home gives), −5.5 → '受让5.5分', 0 → '平手'. */
export function pointSpreadText(line: number): string {
  if (!Number.isFinite(line)) return '';
  if (line === 0) return '平手';
  return `${line > 0 ? '让' : '受让'}${Math.abs(line)}分`;
}

/** Basketball total points: 210.5 → '210.5分'. */
export function totalPointsText(line: number): string {
  return Number.isFinite(line) ? `${line}分` : '';
}
