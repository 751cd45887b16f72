/**
 * Odds colours of spec §4: a row is red when its value falls relative to the next row, green
 * when it rises. Rows are newest first, so "the next row" is the older line before it.
 */
import type { OddsRow } from '../protocol/index';

export type Trend = 'up' | 'down' | 'same';

export function oddsDirection(value: number, next: number | undefined): Trend {
  if (next === undefined || !Number.isFinite(next) || value === next) return 'same';
  return value > next ? 'up' : 'down';
}

export interface RowTrend {
  left: Trend;
  middle: Trend;
  right: Trend;
}

export function rowTrend(row: OddsRow, next: OddsRow | undefined): RowTrend {
  return {
    left: oddsDirection(row.left, next?.left),
    middle: oddsDirection(row.middle, next?.middle),
    right: oddsDirection(row.right, next?.right),
  };
}

/** Trend of every row of a history (newest first); the oldest row has nothing to compare with. */
export function oddsHistoryTrends(rows: readonly OddsRow[]): RowTrend[] {
  return rows.map((row, i) => rowTrend(row, rows[i + 1]));
}

/** CSS colour name per trend: red falls, green rises. */
export const TREND_COLOR: Readonly<Record<Trend, 'red' | 'green' | 'inherit'>> = {
  up: 'green',
  down: 'red',
  same: 'inherit',
};
