/**
 * AI predictions (main API, /live/ai…). The paths are in `LivePaths` (aiList, aiDetail,
 * aiCalibration); these are the bodies. Football only: the model predicts home/draw/away.
 */

export interface AiTeam {
  id: number;
  name: string;
  logo: string;
}

/** One upcoming match with the model's numbers. Probabilities sum to 1. */
export interface AiScoreChance {
  score: [number, number];
  p: number;
}

/** The top scores are 'flat' when the first is less than this far ahead of the third. */
export const FLAT_SCORE_GAP = 0.03;

export interface AiPrediction {
  matchId: number;
  leagueName: string;
  leagueColor: string;
  /** Kick-off, unix seconds. */
  ot: number;
  home: AiTeam;
  away: AiTeam;
  pHome: number;
  pDraw: number;
  pAway: number;
  xgHome: number;
  xgAway: number;
  /** Most likely exact score [home, away] and its probability. */
  score: [number, number];
  scoreProb: number;
  /**
   * The three most likely scores, most likely first. Two evenly matched average sides make 1-1
   * the most likely score of most matches; when the top scores are this close, the app shows
   * them all rather than a single score that reads as a forecast.
   */
  topScores: AiScoreChance[];
  /** Unix ms the prediction was made (it is frozen at the first ask before kick-off). */
  madeAt: number;
}

export interface AiFactor {
  key: 'attack' | 'defence' | 'home' | 'table' | 'form' | 'h2h' | 'sample';
  /** Chinese label. */
  label: string;
  /** Chinese explanation with the numbers. */
  text: string;
  /** Which side the factor favours. */
  favours: 'home' | 'away' | 'none';
}

export interface AiFormEntry {
  matchId: number;
  /** 'W' | 'D' | 'L' from the team's point of view. */
  result: 'W' | 'D' | 'L';
  opponent: string;
  score: [number, number];
  home: boolean;
  ot: number;
}

export interface AiDetail extends AiPrediction {
  /** P(home = i, away = j), i, j in 0..5 (the rest of the mass is omitted). */
  grid: number[][];
  factors: AiFactor[];
  form: { home: AiFormEntry[]; away: AiFormEntry[] };
  h2h: AiFormEntry[];
  model: { homeAdvantage: number; baseRate: number; sampleSize: number; fittedAt: number };
}

export interface AiCalibrationBucket {
  from: number;
  to: number;
  count: number;
  predicted: number;
  observed: number;
}

export interface AiCalibration {
  /** Finished matches that had a prediction made before kick-off. */
  matches: number;
  hitRate: number;
  brier: number;
  logLoss: number;
  buckets: AiCalibrationBucket[];
  /** The most recent scored predictions, newest first. */
  recent: Array<AiPrediction & { finalScore: [number, number]; hit: boolean }>;
}
