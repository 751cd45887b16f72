/** Live-score area tables (issue 3/5). Filled in by the feed and seed modules. */
export interface LiveTables {}
