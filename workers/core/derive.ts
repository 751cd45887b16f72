/** Wire match → MatchView: every derivation the views show, computed here once. Pure (pass now). */
import type { Match, OddsBoard, OddsRow, Sport } from '../protocol/index';
import type { MatchView, OddsBoardView, OddsRowView } from './api';
import { hasKickedOff, isFinished, isLive, isUpcoming, isVoid } from '../protocol/index';
import { basketballStatusText } from '../domain/basketball-status';
import { footballStatusText } from '../domain/football-status';
import { basketballClockText, matchMinuteText } from '../domain/minute-text';
import { formatChinaTime } from '../domain/chinese-format';
import { rowTrend } from '../domain/odds-trend';
import { handicapName, overUnderText, pointSpreadText, totalPointsText } from '../domain/handicap';

export interface MatchExtras {
  scoreChangedAt: number;
  lastScorer: 'home' | 'away' | null;
  followed: boolean;
}

export function deriveMatch(m: Match, extras: MatchExtras, nowMs: number): MatchView {
  if (m.sport === 'zq') {
    return {
      ...m,
      statusText: footballStatusText(m.s),
      minuteText: matchMinuteText(m, nowMs),
      clockText: '',
      isLive: isLive('zq', m.s),
      isFinished: isFinished('zq', m.s),
      isVoid: isVoid('zq', m.s),
      isUpcoming: isUpcoming('zq', m.s),
      hasKickedOff: hasKickedOff('zq', m.s),
      openTimeText: formatChinaTime(m.ot * 1000, 'HH:mm'),
      ...extras,
    };
  }
  return {
    ...m,
    statusText: basketballStatusText(m.s),
    minuteText: '',
    clockText: basketballClockText(m),
    isLive: isLive('lq', m.s),
    isFinished: isFinished('lq', m.s),
    isVoid: isVoid('lq', m.s),
    isUpcoming: isUpcoming('lq', m.s),
    hasKickedOff: hasKickedOff('lq', m.s),
    openTimeText: formatChinaTime(m.ot * 1000, 'HH:mm'),
    ...extras,
  };
}

/**
 * The line shown for a row: the handicap (type 1) and the total (type 3), none for European.
 * Football names goals (半球, 球半, 2.5); basketball counts points (让5.5分, 210.5分).
 */
export function lineText(sport: Sport, type: number, middle: number): string {
  if (type === 1) return sport === 'lq' ? pointSpreadText(middle) : handicapName(middle);
  if (type === 3) return sport === 'lq' ? totalPointsText(middle) : overUnderText(middle);
  return '';
}

export function oddsRowView(sport: Sport, type: number, row: OddsRow, next: OddsRow | undefined): OddsRowView {
  return { ...row, trend: rowTrend(row, next), lineText: lineText(sport, type, row.middle) };
}

/** A board: each company's live line coloured against its opening line. */
export function oddsBoardView(sport: Sport, board: OddsBoard, loading = false): OddsBoardView {
  return {
    matchId: board.matchId,
    sport,
    type: board.type,
    loading,
    companies: board.companies.map((c) => ({
      companyId: c.companyId,
      nameZh: c.nameZh,
      open: oddsRowView(sport, board.type, c.open, undefined),
      live: oddsRowView(sport, board.type, c.live, c.open),
    })),
  };
}
