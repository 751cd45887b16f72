/** AI predictions area (issue 5): predictions as they were made, kept so they can be scored. */
export interface AiTables {
  ai_predictions: {
    match_id: number;
    league_id: number;
    /** Kick-off, unix seconds. */
    kickoff: number;
    /** Unix ms. */
    made_at: number;
    p_home: number;
    p_draw: number;
    p_away: number;
    xg_home: number;
    xg_away: number;
    score_home: number;
    score_away: number;
    score_prob: number;
    /** 'live': asked for before kick-off; 'backtest': walk-forward fit on results before that day. */
    source: 'live' | 'backtest';
  };
}
