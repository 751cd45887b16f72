/**
 * The odds a tip records: quoted by the server at publishing from the live odds board (the first
 * bookmaker with a line), never taken from the client. Football: 胜平负 (type 2), 让球 (type 1,
 * the home side gives a positive line), 大小球 (type 3); basketball: 让分 (type 1), 大小分
 * (type 3). Asian lines are quoted as water (0.9), recorded as decimal odds (1.9).
 */
import type { MarketQuote, OddsBoard, OddsType, Sport, TipMarketCode } from '../../workers/protocol/index';

const round2 = (x: number): number => Math.round(x * 100) / 100;

export const QUOTED_MARKETS: Readonly<Record<Sport, ReadonlyArray<{ market: TipMarketCode; type: OddsType }>>> = {
  zq: [
    { market: 'spf', type: 2 },
    { market: 'rq', type: 1 },
    { market: 'dxq', type: 3 },
  ],
  lq: [
    { market: 'rf', type: 1 },
    { market: 'dxf', type: 3 },
  ],
};

/** One market's quote from its odds board (the live line, or the opening one), or null when none. */
export function quoteFromBoard(
  market: TipMarketCode,
  board: OddsBoard,
  which: 'live' | 'open' = 'live',
): MarketQuote | null {
  const live = board.companies[0]?.[which];
  if (!live) return null;
  if (market === 'spf') {
    return { market, line: null, odds: { home: live.left, draw: live.middle, away: live.right } };
  }
  const line = live.middle;
  if (market === 'dxq' || market === 'dxf') {
    return { market, line, odds: { over: round2(1 + live.left), under: round2(1 + live.right) } };
  }
  return { market, line, odds: { home: round2(1 + live.left), away: round2(1 + live.right) } };
}
