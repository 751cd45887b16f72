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
  Envelope,
  GiftEffect,
  ImMessage,
  Incident,
  IncidentType,
  Match,
  OddsRow,
  OddsType,
  Pair,
  Sport,
  StatEntry,
  TextLiveLine,
  UserInfo,
} from '../protocol/index';
import type { ChatListItem } from '../protocol/api/message';

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

export type RoomEventValue =
  | { kind: 'gift'; gift: GiftEffect }
  | { kind: 'notice'; text: string; at: number }
  | { kind: 'live'; roomId: string; live: boolean };

export interface AlertEvent {
  /** The incident id: fired once per incident across all tabs. */
  id: string;
  matchId: number;
  sport: Sport;
  type: IncidentType;
  home: string;
  away: string;
  minuteText: string;
  score: Pair;
  /** Chinese toast text, e.g. '进球！ 阿森纳 2-1 切尔西 67''. */
  text: string;
  /** Unix ms when the core released it (after the alert delay). */
  at: number;
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

/** My private conversations (issue 13), pinned first then by last message, as the server orders them. */
export interface ConversationsValue {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: ChatListItem[];
}

/** A message as a conversation shows it: stored ones are 'sent'; the outbox's are 'sending' or 'failed'. */
export type ConversationMessage = ImMessage & { state: 'sent' | 'sending' | 'failed'; error?: string };

/** One conversation: messages in seq order (stored), then what is still in the outbox. */
export interface ConversationValue {
  status: 'loading' | 'ready' | 'error';
  chatId: string;
  messages: ConversationMessage[];
  /** My read marker. */
  readSeq: number;
}

export interface InboxValue {
  /** Newest last, the last 200. */
  messages: ImMessage[];
}

// ---------------------------------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------------------------------

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
  | { kind: 'alerts' }
  | { kind: 'reminders' }
  | { kind: 'exceptions' }
  | { kind: 'navigation' }
  | { kind: 'session' }
  | { kind: 'settings' }
  | { kind: 'followed' }
  | { kind: 'wallet' }
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
  alerts: AlertEvent;
  reminders: ReminderEvent;
  exceptions: ExceptionEvent;
  navigation: NavigationEvent;
  session: SessionValue;
  settings: LiveSettings;
  followed: FollowedValue;
  wallet: WalletValue;
}

export type StreamValue<K extends StreamKey> = StreamValues[K['kind']];

/** Kinds whose values are state (latest wins, replayed on subscribe) vs events (each delivered). */
export const EVENT_KINDS: ReadonlySet<StreamKind> = new Set<StreamKind>([
  'chat',
  'roomEvents',
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

// ---------------------------------------------------------------------------------------------
// RPCs, by domain
// ---------------------------------------------------------------------------------------------

export interface RestRequest {
  /** A pattern from workers/protocol/api/* (e.g. LivePaths.zqOdds); `:name` filled from params. */
  path: string;
  method?: 'GET' | 'POST';
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** POST body: form-encoded unless `json` (the news list). */
  body?: Record<string, unknown>;
  json?: boolean;
  /**
   * Keep the last successful answer in the offline store (app info, emoji head, activity config,
   * news nav, …); `cachedRequest` returns it at once on a cold start.
   */
  offline?: boolean;
  /** Background call: a non-200 answer is returned but not raised on the exceptions stream. */
  silent?: boolean;
}

export interface RestHandlers {
  /**
   * The one REST client. Resolves with the envelope whatever its code (callers check
   * `code === 200`); side effects of spec §8 happen in the core (no-token → logout, non-200 →
   * exceptions stream, HTTP 400 → navigation 'redirect-home'). Network failure → code 5000.
   */
  request<T = unknown>(req: RestRequest): Promise<Envelope<T>>;
  /** The last stored successful envelope of an `offline` request, or null. */
  cachedRequest<T = unknown>(req: RestRequest): Promise<Envelope<T> | null>;
}

export interface LoginForm {
  phone: string;
  /** Password login (with the one-time iv flow done in the core) … */
  password?: string;
  /** … or SMS code login. */
  code?: string;
}

export interface RegisterForm {
  phone: string;
  code: string;
  password: string;
}

export interface ActionResult<T = null> {
  ok: boolean;
  code: number;
  msg: string;
  data: T;
}

export interface SessionHandlers {
  login(form: LoginForm): Promise<ActionResult<UserInfo | null>>;
  register(form: RegisterForm): Promise<ActionResult<UserInfo | null>>;
  /** Closes the socket, clears user data; every tab sees the session stream change at once. */
  logout(): Promise<void>;
  /** Re-reads user info; a non-200 answer clears auth (spec §4). */
  refreshUser(): Promise<ActionResult<UserInfo | null>>;
}

export interface LiveHandlers {
  /** Toggles following a match (server when logged in, offline store otherwise). */
  follow(matchId: number, sport: Sport): Promise<ActionResult<{ followed: boolean }>>;
  /** One company's odds history, newest first, with the trend colours of spec §4. */
  oddsHistory(matchId: number, type: OddsType, companyId: number): Promise<OddsRowView[]>;
}

export interface ChatHandlers {
  /** Sends on the socket; when offline it is queued in the outbox and delivered once, in order. */
  sendChat(roomId: string, text: string): Promise<ActionResult<ChatMessage | null>>;
}

export interface MessagingHandlers {
  /**
   * Queues a private message in the offline outbox and sends it; a message whose answer never
   * came is sent again (same client id, stored once) on the next socket open or core start.
   */
  sendPrivate(toUserId: number, text: string): Promise<ActionResult<ImMessage | null>>;
  /** Sends a failed outbox message again. */
  retryPrivate(clientId: string): Promise<ActionResult<ImMessage | null>>;
  /** Drops a failed message from the outbox. */
  discardPrivate(clientId: string): Promise<void>;
  /** Moves my read marker; every tab's unread count follows the server's counts event. */
  markChatRead(chatId: string, seq: number): Promise<void>;
}

export interface WalletHandlers {
  /** A balance the server just answered (a gift sent, nobility bought): every tab shows it. */
  noteBalance(balance: number): Promise<void>;
}

export interface SettingsHandlers {
  getSettings(): Promise<LiveSettings>;
  updateSettings(patch: Partial<LiveSettings>): Promise<LiveSettings>;
}

export interface TabHandlers {
  /** The tab became visible/hidden: hidden tabs get counts only, then a snapshot when visible. */
  setVisible(visible: boolean): Promise<void>;
  /** Liveness probe; answers the instance id. */
  ping(): Promise<string>;
}

export interface StreamHandlers {
  /** `cb` is called with each value (state kinds: the current value at once, then changes). */
  subscribe<K extends StreamKey>(key: K, cb: (value: StreamValue<K>) => void): Promise<string>;
  unsubscribe(subId: string): Promise<void>;
}

/**
 * What the core's modules answer: one handler map whose argument and result types are the ones
 * the tab's client (`src/core`) is typed against. A new module adds its interface here.
 */
export type CoreHandlers = RestHandlers &
  SessionHandlers &
  LiveHandlers &
  ChatHandlers &
  SettingsHandlers &
  WalletHandlers &
  MessagingHandlers;
/** The handler names a tab may call through the port. */
export type RpcMethod = keyof CoreHandlers;

/** Everything a tab can call. */
export type CoreApi = CoreHandlers & TabHandlers & StreamHandlers;

/** Error thrown (rejected) by the tab client when the core does not answer in time. */
export const CORE_TIMEOUT_MSG = '核心服务无响应，请稍后重试';
