/** Number filters: truncate (never round) to 1, 2 or 3 decimals. */
export function truncateDecimals(value: number, digits: 1 | 2 | 3): string {
  if (!Number.isFinite(value)) return `0.${'0'.repeat(digits)}`;
  // Work on the decimal string so 1.005 stays 1.00 and 0.29 does not become 0.28.
  const [intPart, frac = ''] = Math.abs(value).toFixed(10).split('.');
  const sign = value < 0 && /[1-9]/.test(intPart + frac.slice(0, digits)) ? '-' : '';
  return `${sign}${intPart}.${frac.slice(0, digits)}`;
}

export const toFixed1 = (v: number): string => truncateDecimals(v, 1);
export const toFixed2 = (v: number): string => truncateDecimals(v, 2);
export const toFixed3 = (v: number): string => truncateDecimals(v, 3);

/** Percent with one decimal, truncated: 0.4567 → '45.6%'. */
export function percentText(ratio: number): string {
  return `${truncateDecimals(ratio * 100, 1)}%`;
}
