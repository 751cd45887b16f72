/**
 * Live-score REST paths (main API, /live). All GET unless marked. Bodies: `../live.ts` (lists,
 * header, text live, stats, odds), `./live-detail.ts` (lineup, injuries, analysis, table,
 * intelligence, basketball rank / section difference / player stats), `./ai.ts` (AI).
 */
export const LivePaths = {
  // football lists
  zqLive: '/live/zq/list', // ?platform=4 — today's list: live first, then upcoming, then finished
  zqByDate: '/live/zq/date', // ?date=YYYY-MM-DD
  zqLottery: '/live/zq/lottery',
  zqJczq: '/live/zq/jczq',
  zqBjdc: '/live/zq/bjdc',
  zqFilter: '/live/zq/filter', // ?type=all|jx|jczq|bjdc&date= → FilterGroup[]
  // football detail
  zqHeader: '/live/zq/header/:id',
  zqNavigation: '/live/zq/navigation/:id',
  zqTextLive: '/live/zq/textLive/:id',
  zqStats: '/live/zq/stats/:id',
  zqFuture: '/live/zq/analysis/future/:id',
  zqTable: '/live/zq/analysis/table/:id',
  zqHistory: '/live/zq/analysis/history/:id',
  zqOdds: '/live/zq/odds/:id', // ?type=1|2|3 → OddsBoard
  zqOddsCompany: '/live/zq/odds/company',
  zqOddsHistory: '/live/zq/odds/history/:id', // ?type=&companyId= → OddsRow[] newest first
  zqLineup: '/live/zq/lineup/:id',
  zqIntelligence: '/live/zq/intelligence/:id',
  zqInjury: '/live/zq/injury/:id',
  zqPlayerStats: '/live/zq/playerStats/:id',
  // basketball
  lqList: '/live/lq/list', // ?date=&type=
  lqFilter: '/live/lq/filter',
  lqHeader: '/live/lq/header/:id',
  lqAnalysis: '/live/lq/analysis/:id',
  lqOdds: '/live/lq/odds/:id',
  lqStats: '/live/lq/stats/:id',
  lqIntel: '/live/lq/intel/:id',
  lqTextLive: '/live/lq/textLive/:id',
  lqRank: '/live/lq/rank/:id',
  lqSectionDiff: '/live/lq/sectionDiff/:id',
  // both
  hotSchedule: '/live/hot/schedule',
  hotColumn: '/live/hot/column',
  video: '/live/video/:id', // code 20001 → no video
  follow: '/live/follow', // POST { matchId, sport } toggles; GET → followed ids
  aiList: '/live/ai/list',
  aiDetail: '/live/ai/:id',
  aiCalibration: '/live/ai/calibration',
} as const;

/** Filter group (spec §3): letter, countList of (leagueId, count, isChecked). */
export interface FilterGroup {
  letter: string;
  countList: Array<{ leagueId: number; leagueName: string; count: number; isChecked: boolean }>;
}

/**
 * Bodies the core reads (workers/core/core.ts). Lists: GET zqLive / zqByDate / lqList /
 * hotSchedule → `Match[]` (wire rows of ../live.ts; `{ list: Match[] }` is accepted too).
 * Text live → `TextLiveLine[]`, stats → `StatEntry[]`, odds → `OddsBoard` (../live.ts).
 */
export interface MatchHeaderBody {
  match: import('../live').Match;
  /** Incidents so far, oldest first. */
  incidents: import('../live').Incident[];
}

/** GET LivePaths.follow → the user's followed match ids; POST toggles → `{ followed: boolean }`. */
export interface FollowedIds {
  zq: number[];
  lq: number[];
}

/** GET LivePaths.zqNavigation → which detail tabs have data, and whether there is a video. */
export interface MatchNavigation {
  textLive: boolean;
  stats: boolean;
  lineup: boolean;
  odds: boolean;
  analysis: boolean;
  intelligence: boolean;
  video: boolean;
}

/** GET LivePaths.hotColumn → the 比赛 home's match columns (焦点, 直播中, 即将开赛). */
export interface HotColumn {
  key: 'focus' | 'live' | 'soon';
  title: string;
  matches: import('../live').Match[];
}

/**
 * GET LivePaths.video → a playable stream URL (code 20001 when the match has none): the live
 * anchor room bound to the match.
 */
export interface MatchVideo {
  url: string;
  /** The anchor room whose stream this is. */
  roomId: string;
  /**
   * The room's cover, the player's poster: painted at once, before the stream's first frame (the
   * first screen's largest paint on a match with video, issue 29).
   */
  cover: string;
  /** True for the built-in test stream (no media server): the player labels it 测试信号. */
  test: boolean;
}

/** Crest of a team (generated SVG, served by the embedded server). */
export const CrestPath = '/media/crest/:teamId.svg';

/**
 * Generated images (crests, anchor avatars, covers, banners, gift icons) coming on screen
 * together, in one SVG with a `<view>` each (issue 29: one request instead of one per image):
 * `?i=crest/12,art/cover/5`, and `#crest-12` shows one of them. server/media/sprite.ts.
 */
export const SpritePath = '/media/sprite.svg';
/** At most this many images in one sprite (more than a screen of rows). */
export const SPRITE_MAX_ITEMS = 48;
const SPRITE_SRC = /^\/media\/(crest\/\d{1,10}|art\/(?:avatar|cover|banner|gift)\/\d{1,6})\.svg$/;

/** The sprite item of a generated image's own URL (`/media/crest/12.svg` → `crest/12`), or null. */
export function spriteItemOf(src: string): string | null {
  return SPRITE_SRC.exec(src)?.[1] ?? null;
}

/** The `<view>` id of a sprite item: `crest/12` → `crest-12` (the image URL's fragment). */
export const spriteViewId = (item: string): string => item.replace(/\//g, '-');

/** The URL showing `item` out of the sprite of `items` (sorted, so a batch has one URL). */
export function spriteUrl(items: readonly string[], item: string): string {
  return `${SpritePath}?i=${[...new Set(items)].sort().join(',')}#${spriteViewId(item)}`;
}

/**
 * Operator API of the names table (OPS_TOKEN): a provider's league / team / player / bookmaker id
 * → Chinese name, per sport (a provider numbers football and basketball apart). GET names:
 * ?provider=&untranslated=1 → NameEntry[]; POST names { provider, sport? ('zq' when absent), kind,
 * providerId, nameZh, shortZh? } → NameEntry.
 */
export const OpsLivePaths = {
  names: '/ops/live/names',
} as const;

export interface NameEntry {
  provider: 'nami' | 'apisports';
  sport: 'zq' | 'lq';
  kind: 'match' | 'league' | 'team' | 'player' | 'company';
  providerId: string;
  /** null: not translated yet (the provider's name shows meanwhile). */
  nameZh: string | null;
  shortZh: string | null;
  providerName: string;
}
