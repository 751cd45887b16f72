/**
 * The tab-facing contract of the core: what `src/core/` (and only it) calls. Views reach it
 * through `getCore()` and the hooks; they never see the transport.
 *
 * Like Actual Budget's `Handlers`, each domain lists its calls in one interface and `CoreApi`
 * joins them. Streams are keyed by `StreamKey`; `StreamValue<K>` is the typed value a key yields.
 *
 * Must not import DOM or Node code: both the worker (webworker lib) and the tab (dom lib) use it.
 */
import type {
  ChatMessage,
  RoomEvent,
  ImMessage,
  Incident,
  IncidentType,
  Match,
  OddsRow,
  OddsType,
  Pair,
  Sport,
  Standings,
  StandingsScope,
  StatEntry,
  TextLiveLine,
  UserInfo,
} from '../protocol/index';
import type { ChatListItem } from '../protocol/api/message';
import type { ChatAnswer } from '../protocol/api/chatgpt';

// ---------------------------------------------------------------------------------------------
// Derived shapes (computed in the worker, never in views)
// ---------------------------------------------------------------------------------------------

/** A match row as the views show it: the wire match plus every derivation. */
export type MatchView = Match & {
  /** Chinese status text (spec §4), e.g. '上半场', '第三节', '完场'. */
  statusText: string;
  /** Football: '23', '45+', '90+', '中场', '' when not in play. Basketball: '' (see clockText). */
  minuteText: string;
  /** Basketball: period label + game clock, e.g. '第二节 05:12'; '' for football. */
  clockText: string;
  /** In progress per spec §4 (football 2–7; basketball 2–9). */
  isLive: boolean;
  /** Played to the end (football 8, basketball 10). */
  isFinished: boolean;
  /** Postponed, abandoned or cancelled: final, but no result (protocol `STATUS_TABLE`). */
  isVoid: boolean;
  /** Not started yet, or the time is still to be determined. */
  isUpcoming: boolean;
  /** Kicked off (live, finished, interrupted, abandoned): the score is shown, not 'VS'. */
  hasKickedOff: boolean;
  /** Kick-off as 'HH:mm' (Asia/Shanghai). */
  openTimeText: string;
  /** Unix ms of the last score change seen by the core (for the flash); 0 when none. */
  scoreChangedAt: number;
  /** Side that scored last, for the flash colour. */
  lastScorer: 'home' | 'away' | null;
  /** Followed by this user (server side when logged in, offline store otherwise). */
  followed: boolean;
};

export type ListTab = 'js' | 'sc' | 'result' | 'follow' | 'hot';

/** List filter: spec §3 filterType (all / 精选 jx / 竞彩 jczq / 北单 bjdc) plus chosen leagues. */
export interface ListFilter {
  type: 'all' | 'jx' | 'jczq' | 'bjdc';
  /** Leagues shown; null = all leagues. */
  leagueIds: number[] | null;
}

export interface MatchListValue {
  /** Ordered ids: live first, then upcoming, then finished (per tab rules). Rows come via `match`. */
  ids: number[];
  /** How many rows per state in this list (for tab badges and the hidden-count option). */
  counts: { total: number; live: number; upcoming: number; finished: number; hidden: number };
  /** Per league counts before the league filter (for the filter sheet). */
  leagues: Array<{ leagueId: number; leagueName: string; leagueLetter: string; count: number }>;
  /** True while the first snapshot is being fetched and nothing is cached yet. */
  loading: boolean;
  /** True when painted from the offline store and not yet refreshed. */
  stale: boolean;
}

/** Odds up/down colour of spec §4: red falls, green rises, relative to the next (older) row. */
export type Trend = 'up' | 'down' | 'same';

export interface OddsRowView extends OddsRow {
  trend: { left: Trend; middle: Trend; right: Trend };
  /** Asian handicap / over-under line in Chinese (e.g. '半球/一球'); '' for European. */
  lineText: string;
}

export interface OddsBoardView {
  matchId: number;
  /** Basketball boards name their lines and columns in points, not goals. */
  sport: Sport;
  type: OddsType;
  companies: Array<{ companyId: number; nameZh: string; open: OddsRowView; live: OddsRowView }>;
  loading: boolean;
}

export interface MatchDetailValue {
  match: MatchView | null;
  /** Incidents (goals, cards, …) oldest first. */
  incidents: Incident[];
  loading: boolean;
}

export interface TextLiveValue {
  /** Newest first. */
  lines: TextLiveLine[];
  loading: boolean;
}

export interface StatsValue {
  stats: StatEntry[];
  loading: boolean;
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface ConnectionValue {
  state: ConnectionState;
  /** navigator.onLine as the worker sees it. */
  online: boolean;
  /** Unix ms of the last state change. */
  since: number;
  /** Reconnect attempts since the last open. */
  attempts: number;
  /** Which hosting mode serves this tab. */
  mode: CoreMode;
  /** Id of the running core instance. */
  instanceId: string;
}

export type CoreMode = 'shared' | 'leader' | 'inline';

export interface UnreadValue {
  total: number;
}

/** Chat stream: an ordered list of batches. `reset` batches replace (history on join). */
export interface ChatBatch {
  roomId: string;
  reset: boolean;
  messages: ChatMessage[];
}

/** A room's events other than chat (chat arrives as ChatBatch on its own stream). */
export type RoomEventValue = Exclude<RoomEvent, { kind: 'chat' }>;

/** An anchor room went live or offline (the room lists' topic). */
export interface RoomLiveEvent {
  roomId: string;
  live: boolean;
}

export interface AlertEvent {
  /** The incident id: fired once per incident across all tabs. */
  id: string;
  matchId: number;
  sport: Sport;
  type: IncidentType;
  home: string;
  away: string;
  /** Football: when it happened, ready to show ("67'", "45+1'", '90+'); '' for basketball. */
  minuteText: string;
  score: Pair;
  /** Chinese toast text, e.g. '进球！ 阿森纳 2-1 切尔西 67''. */
  text: string;
  /** Unix ms when the core released it (after the alert delay). */
  at: number;
  /** A correction took the incident back (a goal 进球无效, VAR): a tab showing this alert drops it. */
  withdrawn?: true;
}

/** A reserved broadcast started (spec: 预约 → 开播时会通知您). */
export interface ReminderEvent {
  /** Stable per reminder: a replay after a reconnect is dropped by the core. */
  id: string;
  title: string;
  text: string;
  /** App route that opens the room. */
  path: string;
  at: number;
  /** True in exactly one tab (chosen by the core): that tab raises the system notification. */
  system: boolean;
}

export interface ExceptionEvent {
  code: number;
  msg: string;
  /** The request path that failed ('' for socket errors). */
  path: string;
  at: number;
}

/** App-level navigation the core asks for (spec §8): no-token logout, HTTP 400 → home. */
export type NavigationEvent =
  { kind: 'logout'; reason: 'no-token' | 'user' | 'elsewhere' } | { kind: 'redirect-home'; path: string };

export interface SessionValue {
  loggedIn: boolean;
  user: UserInfo | null;
  token: string | null;
  /** False until the worker has read its store (guards wait for it; the cookie covers first paint). */
  ready: boolean;
}

/** Live alert settings (spec §3 flags) plus our additions. */
export interface LiveSettings {
  goalChecked: boolean;
  redChecked: boolean;
  /** Yellow card alert. */
  hpChecked: boolean;
  /** Corner alert. */
  jqChecked: boolean;
  /** Show ranking beside team names. */
  pmChecked: boolean;
  /** Seconds (0–60) alerts wait so they don't run ahead of a delayed stream. */
  alertDelaySec: number;
  /** Alerts only for followed matches. */
  followedOnly: boolean;
  sound: boolean;
  vibrate: boolean;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  goalChecked: true,
  redChecked: true,
  hpChecked: true,
  jqChecked: true,
  pmChecked: false,
  alertDelaySec: 0,
  followedOnly: false,
  sound: true,
  vibrate: true,
};

export interface FollowedValue {
  zq: number[];
  lq: number[];
}

/** The logged-in user's coin balance; null for a visitor or before the first answer. */
export interface WalletValue {
  balance: number | null;
}

/** One question to the ChatGPT assistant and its answer, as the tokens come. */
export interface AssistantTurn {
  id: string;
  question: string;
  /** The answer text so far (grows while streaming; the final text once answered). */
  text: string;
  /** Set when the answer is complete (with its links). */
  answer: ChatAnswer | null;
  /** Set when the question was refused or the answer failed. */
  error: string | null;
}

/** The ChatGPT conversation of this browser, kept in the offline store (it survives a reload). */
export interface AssistantValue {
  /** False until the stored conversation has been read. */
  ready: boolean;
  turns: AssistantTurn[];
}

/** My private conversations (issue 13), pinned first then by last message, as the server orders them. */
export interface ConversationsValue {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: ChatListItem[];
  /** Counts the `group` events seen: a group page fetches its detail again when it moves. */
  groupRev?: number;
}

/** A message as a conversation shows it: stored ones are 'sent'; the outbox's are 'sending' or 'failed'. */
export type ConversationMessage = ImMessage & {
  state: 'sent' | 'sending' | 'failed';
  error?: string;
  /** An unsent picture: its bytes wait in the offline store (the tab that picked it may show it). */
  unsentPicture?: true;
};

/** One conversation: messages in seq order (stored), then what is still in the outbox. */
export interface ConversationValue {
  /** 'removed': a group I am no longer in (Code.NOT_MEMBER); nothing of it is held or shown. */
  status: 'loading' | 'ready' | 'error' | 'removed';
  chatId: string;
  messages: ConversationMessage[];
  /** My read marker. */
  readSeq: number;
  /** Older messages exist than the ones here (`loadOlderMessages` brings the next page). */
  hasOlder: boolean;
}

export interface InboxValue {
  /** Newest last, the last 200. */
  messages: ImMessage[];
}

// ---------------------------------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------------------------------

/** A league table (database pages): the latest answer, live while the league has a match in play. */
export interface StandingsValue {
  standings: Standings | null;
  loading: boolean;
  /** Code of the last failed load (null while none failed). */
  code: number | null;
  msg: string;
}

export type StreamKey =
  | { kind: 'matchList'; sport: Sport; tab: ListTab; date?: string; filter?: ListFilter }
  | { kind: 'match'; id: number; sport: Sport }
  | { kind: 'matchDetail'; matchId: number; sport: Sport }
  | { kind: 'textLive'; matchId: number; sport: Sport }
  | { kind: 'stats'; matchId: number; sport: Sport }
  | { kind: 'odds'; matchId: number; sport: Sport; type: OddsType }
  | { kind: 'connection' }
  | { kind: 'unread' }
  | { kind: 'inbox' }
  | { kind: 'chat'; roomId: string }
  | { kind: 'roomEvents'; roomId: string }
  | { kind: 'roomList' }
  | { kind: 'alerts' }
  | { kind: 'reminders' }
  | { kind: 'exceptions' }
  | { kind: 'navigation' }
  | { kind: 'session' }
  | { kind: 'settings' }
  | { kind: 'followed' }
  | { kind: 'wallet' }
  | { kind: 'assistant' }
  | { kind: 'standings'; leagueId: number; sport: Sport; scope: StandingsScope }
  | { kind: 'conversations' }
  | { kind: 'conversation'; chatId: string };

export type StreamKind = StreamKey['kind'];

/** Value delivered for each stream kind. Event kinds (chat, alerts, …) deliver one event per call. */
export interface StreamValues {
  matchList: MatchListValue;
  match: MatchView | null;
  matchDetail: MatchDetailValue;
  textLive: TextLiveValue;
  stats: StatsValue;
  odds: OddsBoardView;
  connection: ConnectionValue;
  unread: UnreadValue;
  inbox: InboxValue;
  conversations: ConversationsValue;
  conversation: ConversationValue;
  chat: ChatBatch;
  roomEvents: RoomEventValue;
  roomList: RoomLiveEvent;
  alerts: AlertEvent;
  reminders: ReminderEvent;
  exceptions: ExceptionEvent;
  navigation: NavigationEvent;
  session: SessionValue;
  settings: LiveSettings;
  followed: FollowedValue;
  wallet: WalletValue;
  assistant: AssistantValue;
  standings: StandingsValue;
}

export type StreamValue<K extends StreamKey> = StreamValues[K['kind']];

/** Kinds whose values are state (latest wins, replayed on subscribe) vs events (each delivered). */
export const EVENT_KINDS: ReadonlySet<StreamKind> = new Set<StreamKind>([
  'chat',
  'roomEvents',
  'roomList',
  'alerts',
  'reminders',
  'exceptions',
  'navigation',
]);

/** Stable string for a key (same key → same string), used to share one source per key. */
export function streamKeyId(key: StreamKey): string {
  const k = key as unknown as Record<string, unknown>;
  return Object.keys(k)
    .sort()
    .map((name) => `${name}=${JSON.stringify(k[name])}`)
    .join('&');
}

// RPCs, by domain: ./handlers.ts (one interface per module, joined into `CoreHandlers`).
export * from './handlers';
