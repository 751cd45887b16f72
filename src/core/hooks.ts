/**
 * React hooks over the core's streams. Pages use these; leaf components take props only.
 * State streams go through `useSyncExternalStore`; event streams take a handler.
 */
import { use, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type {
  AlertEvent,
  ChatBatch,
  ConnectionValue,
  ExceptionEvent,
  AssistantValue,
  FollowedValue,
  ConversationValue,
  ConversationsValue,
  InboxValue,
  ListFilter,
  ListTab,
  LiveSettings,
  MatchDetailValue,
  MatchListValue,
  MatchView,
  NavigationEvent,
  OddsBoardView,
  ReminderEvent,
  RoomEventValue,
  RoomLiveEvent,
  SessionValue,
  StandingsValue,
  StatsValue,
  StreamKey,
  StreamValue,
  TextLiveValue,
  UnreadValue,
} from '../../workers/core/api';
import { streamKeyId } from '../../workers/core/api';
import type { ChatMessage, OddsType, Sport, StandingsScope } from '../../workers/protocol/index';
import { getCore } from './get-core';
import { seededStream, serverRender } from './ssr';

const isLoading = (v: unknown) => typeof v === 'object' && v !== null && (v as { loading?: unknown }).loading === true;

/** The current value of a state stream (undefined until the first value), or undefined for a null key. */
export function useStream<K extends StreamKey>(key: K | null): StreamValue<K> | undefined {
  const id = key ? streamKeyId(key) : '';
  // The key object changes every render; its id does not.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableKey = useMemo(() => key, [id]);
  const cache = getCore().cache;
  const subscribe = useMemo(
    () => (onChange: () => void) => (stableKey ? cache.watch(stableKey, onChange) : () => undefined),
    [cache, stableKey],
  );
  // Server rendering (issue 29): the server renders the value it computed; hydration starts from
  // the same value, which stays on screen until the core's own first value replaces it.
  const server = serverRender();
  const rendered = server && stableKey ? use(server.stream(stableKey)) : undefined;
  const seeded = () =>
    (stableKey ? (server ? rendered : seededStream(stableKey)) : undefined) as StreamValue<K> | undefined;
  // A value the core is still loading (or a row it has not read yet: null) never replaces what
  // the server rendered (no flash back to 加载中 after hydration): the seed stays until the core
  // has its own answer.
  const getSnapshot = () => {
    if (!stableKey) return undefined;
    const live = cache.peek(stableKey);
    const first = seeded();
    return first !== undefined && (live == null || isLoading(live)) ? first : live;
  };
  return useSyncExternalStore(subscribe, getSnapshot, seeded);
}

/** Calls `handler` for each event of an event stream while mounted. */
export function useStreamEvents<K extends StreamKey>(key: K | null, handler: (value: StreamValue<K>) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  const id = key ? streamKeyId(key) : '';
  useEffect(() => {
    if (!key) return;
    return getCore().cache.watch(key, (v) => ref.current(v));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
}

export interface MatchListOptions {
  date?: string;
  filter?: ListFilter;
}

export function useMatchList(sport: Sport, tab: ListTab, opts: MatchListOptions = {}): MatchListValue | undefined {
  const key: StreamKey = { kind: 'matchList', sport, tab };
  if (opts.date) key.date = opts.date;
  if (opts.filter) key.filter = opts.filter;
  return useStream(key) as MatchListValue | undefined;
}

/** One row, with every derivation (status text, minute text, flash time). Re-renders only that row. */
export function useMatch(id: number, sport: Sport): MatchView | null | undefined {
  return useStream({ kind: 'match', id, sport });
}

export function useMatchDetail(matchId: number | null, sport: Sport): MatchDetailValue | undefined {
  return useStream(matchId ? { kind: 'matchDetail', matchId, sport } : null);
}

export function useTextLive(matchId: number | null, sport: Sport): TextLiveValue | undefined {
  return useStream(matchId ? { kind: 'textLive', matchId, sport } : null);
}

export function useStats(matchId: number | null, sport: Sport): StatsValue | undefined {
  return useStream(matchId ? { kind: 'stats', matchId, sport } : null);
}

export function useOdds(matchId: number | null, sport: Sport, type: OddsType): OddsBoardView | undefined {
  return useStream(matchId ? { kind: 'odds', matchId, sport, type } : null);
}

export function useConnection(): ConnectionValue | undefined {
  return useStream({ kind: 'connection' });
}

export function useUnread(): number {
  const v: UnreadValue | undefined = useStream({ kind: 'unread' });
  return v?.total ?? 0;
}

export function useInbox(): InboxValue | undefined {
  return useStream({ kind: 'inbox' });
}

/** My private conversations (issue 13), pinned first then by last message. */
export function useConversations(): ConversationsValue | undefined {
  return useStream({ kind: 'conversations' });
}

/** One private conversation: stored messages by seq, then the outbox's. */
export function useConversation(chatId: string | null): ConversationValue | undefined {
  return useStream(chatId ? { kind: 'conversation', chatId } : null);
}

export function useSession(): SessionValue {
  const v = useStream({ kind: 'session' });
  // Before the core has read its store its session reads "logged out" only because it does not
  // know yet: keep the auth cookie's answer until then, so guards never bounce a logged-in user.
  return v?.ready ? v : getCore().initialSession();
}

export function useSettings(): LiveSettings | undefined {
  return useStream({ kind: 'settings' });
}

/** The logged-in user's coin balance, the same in every tab (null: visitor or not read yet). */
export function useWallet(): number | null {
  return useStream({ kind: 'wallet' })?.balance ?? null;
}

/** The ChatGPT conversation of this browser (the same in every tab; undefined until the core answers). */
export function useAssistant(): AssistantValue | undefined {
  return useStream({ kind: 'assistant' });
}

export function useFollowed(): FollowedValue | undefined {
  return useStream({ kind: 'followed' });
}

/** Chat of a room: history on join, then appended in order. Keeps the last `limit` messages. */
export function useChat(roomId: string | null, limit = 300): ChatMessage[] {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [room, setRoom] = useState(roomId);
  if (room !== roomId) {
    setRoom(roomId);
    setMessages([]);
  }
  useStreamEvents(roomId ? { kind: 'chat', roomId } : null, (batch: ChatBatch) => {
    setMessages((prev) => {
      const base = batch.reset ? [] : prev;
      const seen = new Set(base.map((m) => m.id));
      const next = base.concat(batch.messages.filter((m) => !seen.has(m.id)));
      return next.length > limit ? next.slice(next.length - limit) : next;
    });
  });
  return messages;
}

/** Gifts, notices and live/offline changes of a room. */
export function useRoomEvents(roomId: string | null, handler: (event: RoomEventValue) => void): void {
  useStreamEvents(roomId ? { kind: 'roomEvents', roomId } : null, handler);
}

/** Every anchor room's live/offline changes, for the room lists (topic `vlive`). */
export function useRoomListEvents(handler: (event: RoomLiveEvent) => void): void {
  useStreamEvents({ kind: 'roomList' }, handler);
}

/** Alerts decided by the core (once per incident across all tabs, after settings and delay). */
export function useAlerts(handler: (alert: AlertEvent) => void): void {
  useStreamEvents({ kind: 'alerts' }, handler);
}

/** Reserved broadcasts that started: every tab gets each once; `system` is set in exactly one. */
export function useReminders(handler: (reminder: ReminderEvent) => void): void {
  useStreamEvents({ kind: 'reminders' }, handler);
}

/** Non-200 answers and core failures, for the one toast. */
export function useExceptions(handler: (e: ExceptionEvent) => void): void {
  useStreamEvents({ kind: 'exceptions' }, handler);
}

/** Logout (no-token) and HTTP 400 redirect-home requests from the core. */
export function useNavigationEvents(handler: (e: NavigationEvent) => void): void {
  useStreamEvents({ kind: 'navigation' }, handler);
}

/** A league table, live: it moves within a second of a goal in that league (null id: nothing). */
export function useStandings(leagueId: number | null, sport: Sport, scope: StandingsScope): StandingsValue | undefined {
  return useStream(leagueId === null ? null : { kind: 'standings', leagueId, sport, scope });
}
