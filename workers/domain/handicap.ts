/**
 * Asian handicap names, 0 to 14 goals in quarter steps (平手, 平手/半球, 半球, 半球/一球, 一球 …).
 * A negative line is the away side giving the handicap: shown with 受 (受半球).
 */
const GOALS = ['', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四'];

/** Name of a half-goal step: 0 平手, 0.5 半球, 1 一球, 1.5 球半, 2 两球, 2.5 两球半 … */
function stepName(halves: number): string {
  if (halves === 0) return '平手';
  if (halves === 1) return '半球';
  if (halves === 3) return '球半';
  const whole = Math.floor(halves / 2);
  return halves % 2 === 0 ? `${GOALS[whole]}球` : `${GOALS[whole]}球半`;
}

export const MAX_HANDICAP = 14;

/** Chinese handicap name; '' when out of the 0–14 table or not on a quarter step. */
export function handicapName(line: number): string {
  if (!Number.isFinite(line)) return '';
  const abs = Math.abs(line);
  const quarters = Math.round(abs * 4);
  if (Math.abs(quarters - abs * 4) > 1e-6 || abs > MAX_HANDICAP) return '';
  const text =
    quarters % 2 === 0 ? stepName(quarters / 2) : `${stepName((quarters - 1) / 2)}/${stepName((quarters + 1) / 2)}`;
  return line < 0 && quarters !== 0 ? `受${text}` : text;
}

/** The whole table, 0 to 14 goals in quarter steps (57 lines). */
export function handicapTable(): Array<{ line: number; name: string }> {
  const rows: Array<{ line: number; name: string }> = [];
  for (let q = 0; q <= MAX_HANDICAP * 4; q++) rows.push({ line: q / 4, name: handicapName(q / 4) });
  return rows;
}

/** Over/under line: 2.5 → '2.5', 2.25 → '2/2.5', 2.75 → '2.5/3'. */
export function overUnderText(line: number): string {
  const quarters = Math.round(line * 4);
  if (quarters % 2 === 0) return String(quarters / 4);
  return `${(quarters - 1) / 4}/${(quarters + 1) / 4}`;
}

/** Basketball's point lines live in the protocol: the server says them too. */
export { pointSpreadText, totalPointsText } from '../protocol/point-lines';
