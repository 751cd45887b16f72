/**
 * The calls a tab can make, by domain (Actual Budget style): each module's handlers are one
 * interface here, and `CoreHandlers` joins them. The tab client (`src/core/core-client.ts`) and
 * the port (`port-api.ts`) are typed by `CoreHandlers`, so an argument or answer type set here
 * reaches both ends. Re-exported by ./api.ts.
 */
import type { ChatAnswer, ChatMessage, Envelope, ImMessage, OddsType, Sport, UserInfo } from '../protocol/index';
import type { LiveSettings, OddsRowView, StreamKey, StreamValue } from './api';
import type { NewsHandlers } from './modules/news';

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
  /** A solved 滑动验证 (UserPaths.vertoken), once the server answered Code.SLIDE_REQUIRED. */
  vertoken?: string;
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

export interface WalletHandlers {
  /** A balance the server just answered (a gift sent, nobility bought): every tab shows it. */
  noteBalance(balance: number): Promise<void>;
}

export interface AssistantHandlers {
  /**
   * Asks the ChatGPT assistant: the turn appears at once in every tab's `assistant` stream, its
   * text grows as the server streams tokens, and the whole conversation is kept in the offline
   * store. Resolves with the answer (or the server's refusal: the limit, bad input).
   */
  askAssistant(question: string): Promise<ActionResult<ChatAnswer | null>>;
  /** Empties the conversation (stored too). */
  clearAssistant(): Promise<void>;
}

/** Whom a message goes to: one user or one group. */
export type ChatTarget = { toUserId: number } | { groupId: number };

export interface MessagingHandlers {
  /**
   * Queues a private message in the offline outbox and sends it; a message whose answer never
   * came is sent again (same client id, stored once) on the next socket open or core start.
   */
  sendPrivate(toUserId: number, text: string): Promise<ActionResult<ImMessage | null>>;
  /** Queues a message to a group I am in, through the same outbox as private ones. */
  sendGroup(groupId: number, text: string): Promise<ActionResult<ImMessage | null>>;
  /**
   * Queues a picture message through the same outbox: its bytes wait in the offline store until
   * the server has stored it (a reload or a worker restart sends it again, same client id, which
   * the tab chose so it can show the picture while it is unsent).
   */
  sendPicture(target: ChatTarget, file: Blob, clientId: string): Promise<ActionResult<ImMessage | null>>;
  /** Sends a failed outbox message again. */
  retryPrivate(clientId: string): Promise<ActionResult<ImMessage | null>>;
  /** Drops a failed message from the outbox. */
  discardPrivate(clientId: string): Promise<void>;
  /** Moves my read marker; every tab's unread count follows the server's counts event. */
  markChatRead(chatId: string, seq: number): Promise<void>;
  /**
   * Loads the page of messages just older than what an open conversation holds (offline store
   * first, then the server) into its stream; answers how many it added (0: nothing older).
   */
  loadOlderMessages(chatId: string): Promise<ActionResult<number>>;
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
  NewsHandlers &
  SettingsHandlers &
  WalletHandlers &
  AssistantHandlers &
  MessagingHandlers;
/** The handler names a tab may call through the port. */
export type RpcMethod = keyof CoreHandlers;

/** Everything a tab can call. */
export type CoreApi = CoreHandlers & TabHandlers & StreamHandlers;

/** Error thrown (rejected) by the tab client when the core does not answer in time. */
export const CORE_TIMEOUT_MSG = '核心服务无响应，请稍后重试';
