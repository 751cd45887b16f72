/**
 * The core: one per browser profile. Owns the socket, the REST client, the live state and the
 * offline store, and serves every stream as an RxJS Observable keyed by `StreamKey`. The
 * coordinator (./coordinator.ts) fans these out to tabs with coalescing.
 *
 * Must not import DOM-only code or anything under src/ (house rule 1).
 */
import { BehaviorSubject, Observable, Subject, share, ReplaySubject } from 'rxjs';
import { Code } from '../protocol/codes';
import { LivePaths } from '../protocol/api/live';
import { SystemPaths, type SocketAddress } from '../protocol/api/system';
import { Topics, parseTopic, type Topic } from '../protocol/topics';
import { UserPaths, type AuthResult, type UserInfo } from '../protocol/api/user';
import { VlivePaths } from '../protocol/api/vlive';
import { MessagePaths } from '../protocol/api/message';
import type { ApiFamily } from '../protocol/api/paths';
import type { ChatMessage } from '../protocol/chat';
import type { Envelope } from '../protocol/envelope';
import type { Incident, Match, OddsBoard, OddsRow, OddsType, Sport, StatEntry, TextLiveLine } from '../protocol/live';
import type { TopicEvent } from '../protocol/frames';
import {
  DEFAULT_LIVE_SETTINGS,
  EVENT_KINDS,
  streamKeyId,
  type ActionResult,
  type AlertEvent,
  type ChatBatch,
  type ConnectionValue,
  type CoreMode,
  type ExceptionEvent,
  type FollowedValue,
  type InboxValue,
  type ListFilter,
  type LiveSettings,
  type LoginForm,
  type MatchDetailValue,
  type MatchListValue,
  type MatchView,
  type NavigationEvent,
  type OddsBoardView,
  type OddsRowView,
  type RegisterForm,
  type RestRequest,
  type RoomEventValue,
  type SessionValue,
  type StatsValue,
  type StreamKey,
  type TextLiveValue,
  type UnreadValue,
} from './api';
import { newsHandler } from './news';
import type { RpcMethod } from './port-api';
import { encodeTransitPassword } from '../protocol/password-transit';
import { createRestClient, type FetchLike } from './rest';
import { createSocket, socketUrlFrom, type CoreSocket, type SocketCtor } from './socket';
import type { OfflineStore } from './store';
import { deriveMatch, isFinishedMatch, isLiveMatch, oddsBoardView, oddsRowView } from './derive';
import { unreadTotal } from '../domain/unread';
import { Lazy } from './lazy';
import { matchMinuteText } from '../domain/minute-text';
import { chinaDate } from '../domain/chinese-format';

export interface CoreDeps {
  instanceId: string;
  mode: CoreMode;
  fetch: FetchLike;
  /** Where each API family is mounted (embedded default: `${origin}/main`, origin, origin). */
  baseUrl: (family: ApiFamily) => string;
  WebSocket: SocketCtor;
  store: OfflineStore;
  now?: () => number;
  /** Timers of the socket (tests inject a fake clock). */
  setTimeout?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout?: (t: ReturnType<typeof setTimeout>) => void;
  random?: () => number;
  log?: (msg: string, err?: unknown) => void;
  /** Test hook: skip the address call and connect here. */
  resolveSocketUrl?: () => Promise<string>;
  online?: boolean;
  /** How often live rows re-derive their minute text (default 20 s). */
  minuteTickMs?: number;
}

export type CoreHandlers = { [M in RpcMethod]: (...args: any[]) => Promise<unknown> };

export interface Core {
  readonly instanceId: string;
  readonly mode: CoreMode;
  readonly startedAt: number;
  handlers: CoreHandlers;
  stream(key: StreamKey): Observable<unknown>;
  /** Seen a tab become visible: reconnect at once over a dead socket. */
  wake(): void;
  setOnline(online: boolean): void;
  readonly socket: CoreSocket;
  /** Resolves when the stored session and settings are loaded. */
  readonly ready: Promise<void>;
  dispose(): void;
}

interface DetailState {
  incidents: Incident[];
  text: TextLiveLine[];
  stats: StatEntry[];
  odds: Map<OddsType, OddsBoard>;
  loaded: Set<'header' | 'text' | 'stats' | `odds${OddsType}`>;
  changed$: Subject<'header' | 'text' | 'stats' | 'odds'>;
}

interface ListSource {
  key: Extract<StreamKey, { kind: 'matchList' }>;
  ids: Set<number>;
  loading: boolean;
  stale: boolean;
  out$: BehaviorSubject<MatchListValue | undefined>;
  dirty: boolean;
}

const ALERT_TYPES: Record<string, keyof LiveSettings> = {
  goal: 'goalChecked',
  red: 'redChecked',
  yellow: 'hpChecked',
  corner: 'jqChecked',
};
const ALERT_WORD: Record<string, string> = { goal: '进球', red: '红牌', yellow: '黄牌', corner: '角球' };
const LIST_RECOMPUTE_MS = 100;
const FOLLOWED_KEY = 'followed';

/** Pulls a list out of a REST `data` that is an array or `{ list }`. */
function listOf<T>(data: unknown, field = 'list'): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    const v = (data as Record<string, unknown>)[field] ?? (data as Record<string, unknown>).list;
    if (Array.isArray(v)) return v as T[];
  }
  return [];
}

const sportTopic = (sport: Sport): Topic => (sport === 'zq' ? Topics.football : Topics.basketball);

export function createCore(deps: CoreDeps): Core {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((msg: string, err?: unknown) => console.warn(`[core] ${msg}`, err ?? ''));
  const startedAt = now();

  // --- state -------------------------------------------------------------------------------
  const session$ = new BehaviorSubject<SessionValue>({ loggedIn: false, user: null, token: null, ready: false });
  const settings$ = new BehaviorSubject<LiveSettings>({ ...DEFAULT_LIVE_SETTINGS });
  const followed$ = new BehaviorSubject<FollowedValue>({ zq: [], lq: [] });
  const unread$ = new BehaviorSubject<UnreadValue>({ total: 0 });
  const inbox$ = new BehaviorSubject<InboxValue>({ messages: [] });
  const connection$ = new BehaviorSubject<ConnectionValue>({
    state: 'idle',
    online: deps.online ?? true,
    since: startedAt,
    attempts: 0,
    mode: deps.mode,
    instanceId: deps.instanceId,
  });
  const exceptions$ = new Subject<ExceptionEvent>();
  const navigation$ = new Subject<NavigationEvent>();
  const alerts$ = new Subject<AlertEvent>();
  const chat$ = new Map<string, Subject<ChatBatch>>();
  const room$ = new Map<string, Subject<RoomEventValue>>();

  const matches = new Map<number, Match>();
  const extras = new Map<number, { scoreChangedAt: number; lastScorer: 'home' | 'away' | null }>();
  const matchSubs = new Map<number, BehaviorSubject<Lazy<MatchView | null>>>();
  const lazyView = (id: number) => new Lazy(() => viewOf(id));
  const details = new Map<number, DetailState>();
  const lists = new Map<string, ListSource>();
  const alerted = new Set<string>();
  const alertTimers = new Set<ReturnType<typeof setTimeout>>();
  const topicRefs = new Map<Topic, number>();
  const pendingChat = new Map<string, (r: ActionResult<ChatMessage | null>) => void>();

  const token = () => session$.value.token;

  // --- REST --------------------------------------------------------------------------------
  const rest = createRestClient({
    fetch: deps.fetch,
    baseUrl: deps.baseUrl,
    accessToken: token,
    // Only the current session ends: a slow answer to a request sent with the token of a session
    // that has since been replaced (log out, log in again) must not log the new one out.
    onNoToken: (_path, used) => {
      if (used !== null && used === session$.value.token) void endSession('no-token');
    },
    onRedirectHome: (path) => navigation$.next({ kind: 'redirect-home', path }),
    onException: (code, msg, path) => exceptions$.next({ code, msg, path, at: now() }),
  });

  async function request<T>(req: RestRequest): Promise<Envelope<T>> {
    const env = await rest.request<T>(req);
    if (env.code === Code.OK && req.offline) {
      await deps.store.set(cacheKey(req), env).catch((e: unknown) => log('offline store write failed', e));
    }
    return env;
  }
  const cacheKey = (req: RestRequest) => {
    const isUser = req.path.startsWith('/user') || req.path.includes('/imapi');
    return `rest:${isUser ? 'user:' : ''}${req.method ?? 'GET'} ${rest.urlOf(req)}`;
  };

  // --- socket ------------------------------------------------------------------------------
  async function resolveUrl(): Promise<string> {
    if (deps.resolveSocketUrl) return deps.resolveSocketUrl();
    const env = await rest.request<SocketAddress>({ path: SystemPaths.socketAddress, method: 'POST' });
    if (env.code !== Code.OK) throw new Error(`socket address: ${env.code} ${env.msg}`);
    return socketUrlFrom(env.data, SystemPaths.socket);
  }

  const socket = createSocket(
    {
      resolveUrl,
      WebSocket: deps.WebSocket,
      accessToken: token,
      now,
      setTimeout: deps.setTimeout,
      clearTimeout: deps.clearTimeout,
      random: deps.random,
      log,
    },
    {
      onEvent: (topic, _seq, event) => ingest(topic, event),
      onSnapshotRequired: (topic) => void refetchTopic(topic),
      onChatAck: (ack) => {
        const done = pendingChat.get(ack.clientId);
        pendingChat.delete(ack.clientId);
        void deps.store.outboxRemove(ack.clientId);
        if (!ack.ok) exceptions$.next({ code: Code.REFUSED, msg: ack.msg, path: '', at: now() });
        done?.({ ok: ack.ok, code: ack.ok ? Code.OK : Code.REFUSED, msg: ack.msg, data: ack.message ?? null });
      },
      onState: (state, attempts) => {
        connection$.next({ ...connection$.value, state, attempts, since: now() });
        if (state === 'open') void drainOutbox();
      },
      onAuthResult: (ok) => {
        if (!ok && session$.value.loggedIn) void refreshUser();
      },
      onError: (reason, msg) => {
        if (reason !== 'rate_limited') log(`socket error ${reason}: ${msg}`);
      },
    },
  );

  function updateSocketRunning(): void {
    const wanted = topicRefs.size > 0 || session$.value.loggedIn;
    if (wanted) socket.start();
    else socket.stop();
  }

  function watchTopic(topic: Topic): () => void {
    const n = topicRefs.get(topic) ?? 0;
    topicRefs.set(topic, n + 1);
    if (n === 0) {
      socket.watch([topic]);
      updateSocketRunning();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (topicRefs.get(topic) ?? 1) - 1;
      if (left > 0) {
        topicRefs.set(topic, left);
        return;
      }
      topicRefs.delete(topic);
      socket.unwatch([topic]);
      updateSocketRunning();
    };
  }

  // --- live ingest -------------------------------------------------------------------------
  function isFollowed(m: Match): boolean {
    return followed$.value[m.sport].includes(m.id);
  }

  function viewOf(id: number): MatchView | null {
    const m = matches.get(id);
    if (!m) return null;
    const x = extras.get(id) ?? { scoreChangedAt: 0, lastScorer: null };
    return deriveMatch(m, { ...x, followed: isFollowed(m) }, now());
  }

  function upsertMatch(m: Match, fromSnapshot: boolean): void {
    const prev = matches.get(m.id);
    matches.set(m.id, m);
    if (prev && !fromSnapshot) {
      const [h0, a0] = prev.score;
      const [h1, a1] = m.score;
      if (h1 !== h0 || a1 !== a0) {
        extras.set(m.id, { scoreChangedAt: now(), lastScorer: h1 > h0 ? 'home' : a1 > a0 ? 'away' : null });
      }
    }
    const sub = matchSubs.get(m.id);
    if (sub) sub.next(lazyView(m.id));
    if (!prev || prev.s !== m.s) for (const l of lists.values()) if (l.key.sport === m.sport) markListDirty(l);
    const d = details.get(m.id);
    if (d) d.changed$.next('header');
  }

  function ingest(topic: Topic, event: TopicEvent): void {
    switch (event.kind) {
      case 'match':
        upsertMatch(event.match, false);
        if (event.incident) onIncident(event.incident, event.match);
        return;
      case 'text': {
        const d = details.get(event.line.matchId);
        if (d && !d.text.some((l) => l.id === event.line.id)) {
          d.text = [event.line, ...d.text];
          d.changed$.next('text');
        }
        return;
      }
      case 'stats': {
        const d = details.get(event.matchId);
        if (d) {
          d.stats = event.stats;
          d.changed$.next('stats');
        }
        return;
      }
      case 'odds': {
        const d = details.get(event.matchId);
        const board = d?.odds.get(event.type);
        if (d && board) {
          const i = board.companies.findIndex((c) => c.companyId === event.row.companyId);
          const companies = board.companies.slice();
          if (i >= 0) companies[i] = { ...companies[i], live: event.row };
          else
            companies.push({
              companyId: event.row.companyId,
              nameZh: event.row.nameZh,
              open: event.row,
              live: event.row,
            });
          d.odds.set(event.type, { ...board, companies });
          d.changed$.next('odds');
        }
        return;
      }
      case 'chat': {
        const roomId = parseRoom(topic) ?? event.message.roomId;
        chat$.get(roomId)?.next({ roomId, reset: false, messages: [event.message] });
        return;
      }
      case 'gift':
        room$.get(event.gift.roomId)?.next({ kind: 'gift', gift: event.gift });
        return;
      case 'notice': {
        const roomId = parseRoom(topic);
        if (roomId) room$.get(roomId)?.next({ kind: 'notice', text: event.text, at: event.at });
        return;
      }
      case 'live':
        room$.get(event.roomId)?.next({ kind: 'live', roomId: event.roomId, live: event.live });
        return;
      case 'im': {
        const messages = inbox$.value.messages.concat(event.message).slice(-200);
        inbox$.next({ messages });
        return;
      }
      case 'counts':
        unread$.next({ total: unreadTotal(event.chats) });
        return;
      case 'logout':
        void endSession('elsewhere');
        return;
      default:
        return;
    }
  }

  function parseRoom(topic: Topic): string | null {
    const p = parseTopic(topic);
    return p && p.kind === 'room' ? p.roomId : null;
  }

  // --- alerts ------------------------------------------------------------------------------
  function onIncident(inc: Incident, m: Match): void {
    const d = details.get(inc.matchId);
    if (d && !d.incidents.some((x) => x.id === inc.id)) {
      d.incidents = [...d.incidents, inc];
      d.changed$.next('header');
    }
    const flag = ALERT_TYPES[inc.type];
    if (!flag || alerted.has(inc.id)) return;
    const s = settings$.value;
    if (!s[flag]) return;
    if (s.followedOnly && !isFollowed(m)) return;
    alerted.add(inc.id);
    if (alerted.size > 2000) alerted.delete(alerted.values().next().value as string);
    const fire = () => {
      const minuteText = m.sport === 'zq' ? matchMinuteText(m, now()) : '';
      alerts$.next({
        id: inc.id,
        matchId: m.id,
        sport: m.sport,
        type: inc.type,
        home: m.home.name,
        away: m.away.name,
        minuteText,
        score: inc.score,
        text: `${ALERT_WORD[inc.type]}！${m.home.name} ${inc.score[0]}-${inc.score[1]} ${m.away.name}${minuteText ? ` ${minuteText}'` : ''}`,
        at: now(),
      });
    };
    if (s.alertDelaySec > 0) {
      const t = setTimeout(() => {
        alertTimers.delete(t);
        fire();
      }, s.alertDelaySec * 1000);
      alertTimers.add(t);
    } else fire();
  }

  // --- lists -------------------------------------------------------------------------------
  function listRequest(key: ListSource['key']): RestRequest {
    const today = chinaDate(now());
    if (key.sport === 'lq') {
      const query: Record<string, string> = { date: key.date ?? today };
      return { path: LivePaths.lqList, query };
    }
    if (key.tab === 'hot') return { path: LivePaths.hotSchedule, query: { sport: key.sport } };
    if (key.tab === 'sc') return { path: LivePaths.zqByDate, query: { date: key.date ?? chinaDate(now(), 1) } };
    if (key.tab === 'result') return { path: LivePaths.zqByDate, query: { date: key.date ?? today } };
    return { path: LivePaths.zqLive };
  }

  function inTab(key: ListSource['key'], m: Match): boolean {
    switch (key.tab) {
      case 'sc':
        return !isLiveMatch(m) && !isFinishedMatch(m);
      case 'result':
        return isFinishedMatch(m);
      case 'follow':
        return followed$.value[key.sport].includes(m.id);
      case 'hot':
        return m.hot;
      default:
        return true;
    }
  }

  function passesType(filter: ListFilter | undefined, m: Match): boolean {
    if (!filter || filter.type === 'all') return true;
    if (filter.type === 'jx') return m.jx;
    if (filter.type === 'jczq') return m.jc !== null;
    return m.bd;
  }

  function rank(m: Match): number {
    return isLiveMatch(m) ? 0 : isFinishedMatch(m) ? 2 : 1;
  }

  function computeList(l: ListSource): MatchListValue {
    const key = l.key;
    const rows: Match[] = [];
    const leagues = new Map<number, { leagueId: number; leagueName: string; leagueLetter: string; count: number }>();
    let hidden = 0;
    const candidates = key.tab === 'follow' ? followed$.value[key.sport] : [...l.ids];
    for (const id of candidates) {
      const m = matches.get(id);
      if (!m || m.sport !== key.sport || !inTab(key, m) || !passesType(key.filter, m)) continue;
      const lg = leagues.get(m.li) ?? {
        leagueId: m.li,
        leagueName: m.leagueName,
        leagueLetter: m.leagueLetter,
        count: 0,
      };
      lg.count++;
      leagues.set(m.li, lg);
      if (key.filter?.leagueIds && !key.filter.leagueIds.includes(m.li)) {
        hidden++;
        continue;
      }
      rows.push(m);
    }
    rows.sort((a, b) =>
      key.tab === 'result' ? b.ot - a.ot || a.id - b.id : rank(a) - rank(b) || a.ot - b.ot || a.id - b.id,
    );
    let live = 0;
    let upcoming = 0;
    let finished = 0;
    for (const m of rows) {
      const r = rank(m);
      if (r === 0) live++;
      else if (r === 1) upcoming++;
      else finished++;
    }
    return {
      ids: rows.map((m) => m.id),
      counts: { total: rows.length, live, upcoming, finished, hidden },
      leagues: [...leagues.values()].sort(
        (a, b) => a.leagueLetter.localeCompare(b.leagueLetter) || a.leagueId - b.leagueId,
      ),
      loading: l.loading,
      stale: l.stale,
    };
  }

  function markListDirty(l: ListSource): void {
    if (l.dirty) return;
    l.dirty = true;
    setTimeout(() => {
      l.dirty = false;
      if (lists.get(streamKeyId(l.key)) === l) l.out$.next(computeList(l));
    }, LIST_RECOMPUTE_MS);
  }

  async function loadList(l: ListSource): Promise<void> {
    const key = l.key;
    if (key.tab === 'follow') {
      await loadFollowedMatches(key.sport);
      l.loading = false;
      l.out$.next(computeList(l));
      return;
    }
    const env = await rest.request<unknown>(listRequest(key));
    l.loading = false;
    if (env.code === Code.OK) {
      const list = listOf<Match>(env.data);
      l.ids = new Set(list.map((m) => m.id));
      for (const m of list) upsertMatch(m, true);
      l.stale = false;
      const snapshot = list.filter((m) => inTab(key, m));
      void deps.store.set(`list:${streamKeyId({ ...key, filter: undefined })}`, snapshot).catch(() => undefined);
    }
    l.out$.next(computeList(l));
  }

  async function loadFollowedMatches(sport: Sport): Promise<void> {
    const missing = followed$.value[sport].filter((id) => !matches.has(id));
    await Promise.all(
      missing.map(async (id) => {
        const env = await rest.request<unknown>({
          path: sport === 'zq' ? LivePaths.zqHeader : LivePaths.lqHeader,
          params: { id },
          silent: true,
        });
        const m = headerMatch(env);
        if (m) upsertMatch(m, true);
      }),
    );
  }

  function listStream(key: Extract<StreamKey, { kind: 'matchList' }>): Observable<unknown> {
    return new Observable<unknown>((sub) => {
      const id = streamKeyId(key);
      const l: ListSource = {
        key,
        ids: new Set(),
        loading: true,
        stale: false,
        out$: new BehaviorSubject<MatchListValue | undefined>(undefined),
        dirty: false,
      };
      lists.set(id, l);
      const unwatch = watchTopic(sportTopic(key.sport));
      const s = l.out$.subscribe((v) => {
        if (v) sub.next(v);
      });
      void (async () => {
        // Cold start: paint the last known list at once, then refresh.
        const cached = await deps.store
          .get<Match[]>(`list:${streamKeyId({ ...key, filter: undefined })}`)
          .catch(() => undefined);
        if (cached && l.loading && lists.get(id) === l) {
          for (const m of cached) if (!matches.has(m.id)) matches.set(m.id, m);
          l.ids = new Set(cached.map((m) => m.id));
          l.stale = true;
          l.out$.next(computeList(l));
        }
        await loadList(l);
      })().catch((e: unknown) => log('list load failed', e));
      return () => {
        s.unsubscribe();
        unwatch();
        if (lists.get(id) === l) lists.delete(id);
      };
    });
  }

  // --- one match and its detail ------------------------------------------------------------
  function headerMatch(env: Envelope<unknown>): Match | null {
    if (env.code !== Code.OK || !env.data || typeof env.data !== 'object') return null;
    const d = env.data as Record<string, unknown>;
    const m = (d.match ?? d) as Match;
    return typeof m.id === 'number' && typeof m.s === 'number' ? m : null;
  }

  function matchStream(id: number, sport: Sport): Observable<unknown> {
    return new Observable<unknown>((sub) => {
      let subject = matchSubs.get(id);
      if (!subject) {
        subject = new BehaviorSubject<Lazy<MatchView | null>>(lazyView(id));
        matchSubs.set(id, subject);
      }
      const subj = subject;
      const unwatch = watchTopic(sportTopic(sport));
      const s = subj.subscribe((v) => sub.next(v));
      if (!matches.has(id)) {
        void rest
          .request<unknown>({
            path: sport === 'zq' ? LivePaths.zqHeader : LivePaths.lqHeader,
            params: { id },
            silent: true,
          })
          .then((env) => {
            const m = headerMatch(env);
            if (m && !matches.has(id)) upsertMatch(m, true);
          });
      }
      return () => {
        s.unsubscribe();
        unwatch();
        if (!subj.observed) matchSubs.delete(id);
      };
    });
  }

  function detailOf(matchId: number): DetailState {
    let d = details.get(matchId);
    if (!d) {
      d = { incidents: [], text: [], stats: [], odds: new Map(), loaded: new Set(), changed$: new Subject() };
      details.set(matchId, d);
    }
    return d;
  }

  const detailRefs = new Map<number, number>();
  function holdDetail(matchId: number): () => void {
    detailRefs.set(matchId, (detailRefs.get(matchId) ?? 0) + 1);
    const unwatch = watchTopic(Topics.match(matchId));
    return () => {
      unwatch();
      const left = (detailRefs.get(matchId) ?? 1) - 1;
      if (left > 0) detailRefs.set(matchId, left);
      else {
        detailRefs.delete(matchId);
        details.delete(matchId);
      }
    };
  }

  async function loadDetailPart(
    matchId: number,
    sport: Sport,
    part: 'header' | 'text' | 'stats' | OddsType,
  ): Promise<void> {
    const d = detailOf(matchId);
    if (part === 'header') {
      const env = await rest.request<unknown>({
        path: sport === 'zq' ? LivePaths.zqHeader : LivePaths.lqHeader,
        params: { id: matchId },
      });
      const m = headerMatch(env);
      if (m) upsertMatch(m, true);
      const inc = env.code === Code.OK ? listOf<Incident>(env.data, 'incidents') : [];
      if (env.code === Code.OK && env.data && typeof env.data === 'object' && 'incidents' in (env.data as object))
        d.incidents = inc;
      d.loaded.add('header');
      d.changed$.next('header');
    } else if (part === 'text') {
      const env = await rest.request<unknown>({
        path: sport === 'zq' ? LivePaths.zqTextLive : LivePaths.lqTextLive,
        params: { id: matchId },
      });
      if (env.code === Code.OK) {
        const lines = listOf<TextLiveLine>(env.data, 'lines');
        d.text = [...lines].sort((a, b) => b.at - a.at);
      }
      d.loaded.add('text');
      d.changed$.next('text');
    } else if (part === 'stats') {
      const env = await rest.request<unknown>({
        path: sport === 'zq' ? LivePaths.zqStats : LivePaths.lqStats,
        params: { id: matchId },
      });
      if (env.code === Code.OK) d.stats = listOf<StatEntry>(env.data, 'stats');
      d.loaded.add('stats');
      d.changed$.next('stats');
    } else {
      const env = await rest.request<OddsBoard>({
        path: sport === 'zq' ? LivePaths.zqOdds : LivePaths.lqOdds,
        params: { id: matchId },
        query: { type: part },
      });
      if (env.code === Code.OK && env.data && Array.isArray(env.data.companies)) d.odds.set(part, env.data);
      d.loaded.add(`odds${part}`);
      d.changed$.next('odds');
    }
  }

  function detailStream(
    matchId: number,
    sport: Sport,
    part: 'header' | 'text' | 'stats' | OddsType,
    project: (d: DetailState) => unknown,
  ): Observable<unknown> {
    return new Observable<unknown>((sub) => {
      const release = holdDetail(matchId);
      const d = detailOf(matchId);
      const want = typeof part === 'number' ? 'odds' : part;
      const emit = () => sub.next(project(d));
      const s = d.changed$.subscribe((what) => {
        if (what === want) emit();
      });
      const unMatch = part === 'header' ? matchStream(matchId, sport).subscribe(() => emit()) : null;
      emit();
      void loadDetailPart(matchId, sport, part).catch((e: unknown) => log('detail load failed', e));
      return () => {
        s.unsubscribe();
        unMatch?.unsubscribe();
        release();
      };
    });
  }

  // --- chat --------------------------------------------------------------------------------
  function chatStream(roomId: string): Observable<unknown> {
    return new Observable<unknown>((sub) => {
      let subject = chat$.get(roomId);
      if (!subject) {
        subject = new Subject<ChatBatch>();
        chat$.set(roomId, subject);
      }
      const subj = subject;
      const live: ChatBatch[] = [];
      let historyDone = false;
      const s = subj.subscribe((b) => (historyDone ? sub.next(b) : live.push(b)));
      const unwatch = watchTopic(Topics.room(roomId));
      void rest
        .request<ChatMessage[]>({ path: VlivePaths.chatHistory, params: { roomId }, silent: true })
        .then((env) => {
          const history = env.code === Code.OK ? listOf<ChatMessage>(env.data) : [];
          const seen = new Set(history.map((m) => m.id));
          const messages = history.concat(live.flatMap((b) => b.messages).filter((m) => !seen.has(m.id)));
          historyDone = true;
          sub.next({ roomId, reset: true, messages } satisfies ChatBatch);
        });
      return () => {
        s.unsubscribe();
        unwatch();
        if (!subj.observed) chat$.delete(roomId);
      };
    });
  }

  function roomStream(roomId: string): Observable<unknown> {
    return new Observable<unknown>((sub) => {
      let subject = room$.get(roomId);
      if (!subject) {
        subject = new Subject<RoomEventValue>();
        room$.set(roomId, subject);
      }
      const subj = subject;
      const s = subj.subscribe((v) => sub.next(v));
      const unwatch = watchTopic(Topics.room(roomId));
      return () => {
        s.unsubscribe();
        unwatch();
        if (!subj.observed) room$.delete(roomId);
      };
    });
  }

  async function sendChat(roomId: string, text: string): Promise<ActionResult<ChatMessage | null>> {
    if (!session$.value.loggedIn) return { ok: false, code: Code.NO_TOKEN, msg: '请先登录', data: null };
    const clientId = `${deps.instanceId}-${now().toString(36)}-${Math.floor((deps.random ?? Math.random)() * 1e9).toString(36)}`;
    const item = { clientId, roomId, text, at: now() };
    const answer = new Promise<ActionResult<ChatMessage | null>>((resolve) => pendingChat.set(clientId, resolve));
    await deps.store.outboxAdd(item);
    const unwatch = watchTopic(Topics.room(roomId));
    // The outbox drains on every socket open, oldest first; this sends now if the socket is open.
    if (socket.state === 'open') await drainOutbox();
    const result = await Promise.race([
      answer,
      new Promise<ActionResult<ChatMessage | null>>((resolve) =>
        setTimeout(() => resolve({ ok: true, code: Code.OK, msg: '网络恢复后将自动发送', data: null }), 8_000),
      ),
    ]);
    unwatch();
    return result;
  }

  let draining: Promise<void> | null = null;
  function drainOutbox(): Promise<void> {
    draining ??= (async () => {
      try {
        const items = await deps.store.outboxAll();
        for (const it of items) {
          if (!socket.sendChat({ roomId: it.roomId, text: it.text, clientId: it.clientId })) break;
        }
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  // --- session -----------------------------------------------------------------------------
  async function startSession(auth: AuthResult): Promise<void> {
    session$.next({ loggedIn: true, user: auth.user, token: auth.token, ready: true });
    await deps.store.set('session', { token: auth.token, user: auth.user });
    const unwatchInbox = watchTopic(Topics.inbox);
    inboxRelease = unwatchInbox;
    socket.restart();
    updateSocketRunning();
    void refreshUnread();
    void syncFollowsFromServer();
  }
  let inboxRelease: (() => void) | null = null;

  async function endSession(reason: 'no-token' | 'user' | 'elsewhere'): Promise<void> {
    if (!session$.value.loggedIn) return;
    session$.next({ loggedIn: false, user: null, token: null, ready: true });
    inboxRelease?.();
    inboxRelease = null;
    unread$.next({ total: 0 });
    inbox$.next({ messages: [] });
    await deps.store.clearUser().catch((e: unknown) => log('clear user failed', e));
    // Spec §4: the socket is closed on logout; it reopens as a visitor only if live topics are watched.
    socket.stop();
    updateSocketRunning();
    navigation$.next({ kind: 'logout', reason });
  }

  async function refreshUnread(): Promise<void> {
    const env = await rest.request<unknown>({ path: MessagePaths.chatList, silent: true });
    if (env.code === Code.OK) {
      const chats = listOf<{ code: number; messageStatus: number; count: number }>(env.data);
      unread$.next({ total: unreadTotal(chats) });
    }
  }

  async function syncFollowsFromServer(): Promise<void> {
    const env = await rest.request<unknown>({ path: LivePaths.follow, silent: true });
    if (env.code !== Code.OK || !env.data || typeof env.data !== 'object') return;
    const d = env.data as Partial<FollowedValue>;
    if (Array.isArray(d.zq) && Array.isArray(d.lq)) setFollowed({ zq: d.zq, lq: d.lq });
  }

  function setFollowed(v: FollowedValue): void {
    followed$.next(v);
    for (const [id, sub] of matchSubs) sub.next(lazyView(id));
    for (const l of lists.values()) markListDirty(l);
  }

  async function withIv(passwords: string[]): Promise<{ iv: string; sealed: string[] } | Envelope<null>> {
    const ivEnv = await rest.request<unknown>({ path: UserPaths.passwordIv });
    if (ivEnv.code !== Code.OK) return ivEnv as Envelope<null>;
    const d = ivEnv.data as unknown;
    const iv = typeof d === 'string' ? d : String((d as { iv?: unknown })?.iv ?? '');
    const sealed = await Promise.all(passwords.map((p) => encodeTransitPassword(p, iv)));
    return { iv, sealed };
  }

  async function login(form: LoginForm): Promise<ActionResult<UserInfo | null>> {
    const body: Record<string, unknown> = { phone: form.phone };
    if (form.password !== undefined) {
      const r = await withIv([form.password]);
      if ('code' in r) return { ok: false, code: r.code, msg: r.msg, data: null };
      body.password = r.sealed[0];
      body.iv = r.iv;
    } else body.code = form.code;
    const env = await rest.request<AuthResult>({ path: UserPaths.login, method: 'POST', body });
    if (env.code !== Code.OK) return { ok: false, code: env.code, msg: env.msg, data: null };
    await startSession(env.data);
    return { ok: true, code: env.code, msg: env.msg, data: env.data.user };
  }

  async function register(form: RegisterForm): Promise<ActionResult<UserInfo | null>> {
    const r = await withIv([form.password]);
    if ('code' in r) return { ok: false, code: r.code, msg: r.msg, data: null };
    const env = await rest.request<AuthResult>({
      path: UserPaths.register,
      method: 'POST',
      body: { phone: form.phone, code: form.code, password: r.sealed[0], iv: r.iv },
    });
    if (env.code !== Code.OK) return { ok: false, code: env.code, msg: env.msg, data: null };
    await startSession(env.data);
    return { ok: true, code: env.code, msg: env.msg, data: env.data.user };
  }

  async function logout(): Promise<void> {
    if (session$.value.token) await rest.request({ path: UserPaths.logout }).catch(() => undefined);
    await endSession('user');
  }

  async function refreshUser(): Promise<ActionResult<UserInfo | null>> {
    const used = session$.value.token;
    if (!used) return { ok: false, code: Code.NO_TOKEN, msg: '未登录', data: null };
    const env = await rest.request<UserInfo>({ path: UserPaths.info });
    // The session changed while the call was out: its answer is about a session that is gone.
    if (session$.value.token !== used) return { ok: false, code: env.code, msg: env.msg, data: null };
    if (env.code !== Code.OK) {
      // Spec §4: a non-200 user-info answer clears auth. No answer at all (offline, a worker
      // being shut down mid-fetch) or a server fault says nothing about the token: keep it.
      if (env.code === Code.SERVER_ERROR || (env.code >= 500 && env.code < 600)) {
        return { ok: false, code: env.code, msg: env.msg, data: null };
      }
      await endSession(env.code === Code.NO_TOKEN ? 'no-token' : 'elsewhere');
      return { ok: false, code: env.code, msg: env.msg, data: null };
    }
    const s = session$.value;
    session$.next({ ...s, user: env.data });
    await deps.store.set('session', { token: s.token, user: env.data });
    return { ok: true, code: env.code, msg: env.msg, data: env.data };
  }

  // --- follows -----------------------------------------------------------------------------
  async function follow(matchId: number, sport: Sport): Promise<ActionResult<{ followed: boolean }>> {
    const cur = followed$.value;
    const isOn = cur[sport].includes(matchId);
    if (session$.value.loggedIn) {
      const env = await rest.request<{ follow?: number; followed?: boolean }>({
        path: LivePaths.follow,
        method: 'POST',
        body: { matchId, sport },
      });
      if (env.code !== Code.OK) return { ok: false, code: env.code, msg: env.msg, data: { followed: isOn } };
      const on = env.data?.followed ?? (env.data?.follow !== undefined ? env.data.follow === 1 : !isOn);
      setFollowed({
        ...cur,
        [sport]: on ? [...new Set([...cur[sport], matchId])] : cur[sport].filter((x) => x !== matchId),
      });
      return { ok: true, code: Code.OK, msg: env.msg, data: { followed: on } };
    }
    const next = { ...cur, [sport]: isOn ? cur[sport].filter((x) => x !== matchId) : [...cur[sport], matchId] };
    setFollowed(next);
    await deps.store.set(FOLLOWED_KEY, next);
    return { ok: true, code: Code.OK, msg: isOn ? '已取消关注' : '关注成功', data: { followed: !isOn } };
  }

  async function oddsHistory(matchId: number, type: OddsType, companyId: number): Promise<OddsRowView[]> {
    const env = await rest.request<OddsRow[]>({
      path: LivePaths.zqOddsHistory,
      params: { id: matchId },
      query: { type, companyId },
    });
    if (env.code !== Code.OK) return [];
    const rows = listOf<OddsRow>(env.data);
    return rows.map((r, i) => oddsRowView(type, r, rows[i + 1]));
  }

  // --- snapshots after a gap ----------------------------------------------------------------
  async function refetchTopic(topic: Topic): Promise<void> {
    const p = parseTopic(topic);
    if (!p) return;
    if (p.kind === 'football' || p.kind === 'basketball') {
      const sport: Sport = p.kind === 'football' ? 'zq' : 'lq';
      const ls = [...lists.values()].filter((l) => l.key.sport === sport);
      await Promise.all(ls.map((l) => loadList(l)));
      // Rows watched outside any list (widgets) are refreshed from their header.
      const inLists = new Set(ls.flatMap((l) => [...l.ids]));
      await Promise.all(
        [...matchSubs.keys()]
          .filter((id) => !inLists.has(id) && matches.get(id)?.sport === sport)
          .map(async (id) => {
            const m = headerMatch(
              await rest.request<unknown>({
                path: sport === 'zq' ? LivePaths.zqHeader : LivePaths.lqHeader,
                params: { id },
              }),
            );
            if (m) upsertMatch(m, false);
          }),
      );
    } else if (p.kind === 'match') {
      const m = matches.get(p.matchId);
      const sport: Sport = m?.sport ?? 'zq';
      const d = details.get(p.matchId);
      if (!d) return;
      const parts: Array<'header' | 'text' | 'stats' | OddsType> = ['header'];
      if (d.loaded.has('text')) parts.push('text');
      if (d.loaded.has('stats')) parts.push('stats');
      for (const t of [1, 2, 3] as const) if (d.loaded.has(`odds${t}`)) parts.push(t);
      await Promise.all(parts.map((part) => loadDetailPart(p.matchId, sport, part)));
    } else if (p.kind === 'room') {
      const subj = chat$.get(p.roomId);
      if (!subj) return;
      const env = await rest.request<ChatMessage[]>({ path: VlivePaths.chatHistory, params: { roomId: p.roomId } });
      if (env.code === Code.OK) subj.next({ roomId: p.roomId, reset: true, messages: listOf<ChatMessage>(env.data) });
    } else if (p.kind === 'inbox') {
      await refreshUnread();
    }
  }

  // --- minute tick -------------------------------------------------------------------------
  const tick = setInterval(() => {
    for (const [id, sub] of matchSubs) {
      const m = matches.get(id);
      if (m && isLiveMatch(m)) sub.next(lazyView(id));
    }
  }, deps.minuteTickMs ?? 20_000);

  // --- boot --------------------------------------------------------------------------------
  const ready = (async () => {
    try {
      const [stored, settings, followed] = await Promise.all([
        deps.store.get<{ token: string; user: UserInfo }>('session'),
        deps.store.get<LiveSettings>('settings'),
        deps.store.get<FollowedValue>(FOLLOWED_KEY),
      ]);
      if (settings) settings$.next({ ...DEFAULT_LIVE_SETTINGS, ...settings });
      if (followed) followed$.next(followed);
      if (stored?.token) {
        session$.next({ loggedIn: true, user: stored.user, token: stored.token, ready: true });
        inboxRelease = watchTopic(Topics.inbox);
        updateSocketRunning();
        void refreshUser();
        void refreshUnread();
        void syncFollowsFromServer();
      } else session$.next({ ...session$.value, ready: true });
    } catch (e) {
      log('offline store read failed', e);
      session$.next({ ...session$.value, ready: true });
    }
  })();

  // --- streams -----------------------------------------------------------------------------
  const shared = new Map<string, Observable<unknown>>();
  function build(key: StreamKey): Observable<unknown> {
    switch (key.kind) {
      case 'matchList':
        return listStream(key);
      case 'match':
        return matchStream(key.id, key.sport);
      case 'matchDetail':
        return detailStream(key.matchId, key.sport, 'header', (d): MatchDetailValue => ({
          match: viewOf(key.matchId),
          incidents: d.incidents,
          loading: !d.loaded.has('header'),
        }));
      case 'textLive':
        return detailStream(key.matchId, key.sport, 'text', (d): TextLiveValue => ({
          lines: d.text,
          loading: !d.loaded.has('text'),
        }));
      case 'stats':
        return detailStream(key.matchId, key.sport, 'stats', (d): StatsValue => ({
          stats: d.stats,
          loading: !d.loaded.has('stats'),
        }));
      case 'odds':
        return detailStream(key.matchId, key.sport, key.type, (d): OddsBoardView => {
          const board = d.odds.get(key.type);
          const loading = !d.loaded.has(`odds${key.type}`);
          return board
            ? oddsBoardView(board, loading)
            : { matchId: key.matchId, type: key.type, companies: [], loading };
        });
      case 'connection':
        return connection$;
      case 'unread':
        return unread$;
      case 'inbox':
        return inbox$;
      case 'chat':
        return chatStream(key.roomId);
      case 'roomEvents':
        return roomStream(key.roomId);
      case 'alerts':
        // Alerts need the score topics even when no list is open.
        return new Observable((sub) => {
          const a = watchTopic(Topics.football);
          const b = watchTopic(Topics.basketball);
          const s = alerts$.subscribe(sub);
          return () => {
            s.unsubscribe();
            a();
            b();
          };
        });
      case 'exceptions':
        return exceptions$;
      case 'navigation':
        return navigation$;
      case 'session':
        return session$;
      case 'settings':
        return settings$;
      case 'followed':
        return followed$;
    }
  }

  function stream(key: StreamKey): Observable<unknown> {
    const id = streamKeyId(key);
    let o = shared.get(id);
    if (!o) {
      const base = build(key);
      // A match row is already a BehaviorSubject per match: sharing it again would add a second
      // subject on the hottest path (one emission per score event).
      o =
        key.kind === 'match'
          ? base
          : EVENT_KINDS.has(key.kind)
            ? base.pipe(share({ resetOnRefCountZero: true }))
            : base.pipe(share({ connector: () => new ReplaySubject(1), resetOnRefCountZero: true }));
      shared.set(id, o);
    }
    return o;
  }

  const handlers: CoreHandlers = {
    request: (req: RestRequest) => request(req),
    cachedRequest: async (req: RestRequest) => (await deps.store.get<Envelope>(cacheKey(req))) ?? null,
    login,
    register,
    logout,
    refreshUser,
    follow,
    oddsHistory,
    sendChat,
    news: newsHandler(request),
    getSettings: async () => settings$.value,
    updateSettings: async (patch: Partial<LiveSettings>) => {
      const next = { ...settings$.value, ...patch };
      next.alertDelaySec = Math.min(60, Math.max(0, Math.round(Number(next.alertDelaySec) || 0)));
      settings$.next(next);
      await deps.store.set('settings', next);
      return next;
    },
  };

  return {
    instanceId: deps.instanceId,
    mode: deps.mode,
    startedAt,
    handlers,
    stream,
    socket,
    ready,
    wake: () => socket.wake(),
    setOnline(online) {
      connection$.next({ ...connection$.value, online, since: now() });
      socket.setOnline(online);
    },
    dispose() {
      clearInterval(tick);
      for (const t of alertTimers) clearTimeout(t);
      socket.stop();
    },
  };
}
