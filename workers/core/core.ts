/**
 * The composition root of the core: a kernel (clock, timers, REST, store, socket, topic counts,
 * stream registry) and one module per domain, wired together here and nowhere else. Each module
 * owns its state, streams and handlers; the maps below are where they meet the tab contract:
 * `StreamBuilders` must name a builder for every stream kind and `CoreHandlers` a handler for
 * every RPC, so a missing one fails the typecheck. workers/README.md says how to add a module.
 */
import type { Observable } from 'rxjs';
import { skip } from 'rxjs';
import type { CoreHandlers, CoreMode, StreamKey } from './api';
import { createInbound } from './inbound';
import { createKernel, type CoreDeps, type StreamBuilders } from './kernel';
import { createAlertsModule } from './modules/alerts';
import { createChatModule } from './modules/chat';
import { createFollowsModule } from './modules/follows';
import { createInboxModule } from './modules/inbox';
import { createLiveListsModule } from './modules/live-lists';
import { createMatchDetailModule } from './modules/match-detail';
import { createMatchStore } from './modules/matches';
import { newsHandler } from './modules/news';
import { createMessagingModule } from './modules/messaging';
import { createSessionModule } from './modules/session';
import { createStandingsModule } from './modules/standings';
import { createVliveModule } from './modules/vlive';
import { createWalletModule } from './modules/wallet';
import { createAssistantModule } from './modules/assistant';
import type { CoreSocket } from './socket';

export type { CoreDeps } from './kernel';
export type { CoreHandlers } from './api';

/** How much the core holds right now (tests check that it all goes when the tabs let go). */
export interface CoreFootprint {
  sharedStreams: number;
  matches: number;
  extras: number;
  rows: number;
  lists: number;
  details: number;
  chatRooms: number;
  rooms: number;
}

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
  footprint(): CoreFootprint;
  dispose(): void;
}

export function createCore(deps: CoreDeps): Core {
  const kernel = createKernel(deps);

  // --- modules (each registers its snapshot, socket and dispose hooks with the kernel) -------
  const session = createSessionModule(kernel);
  const follows = createFollowsModule(kernel, session.session$);
  const store = createMatchStore(kernel, follows.isFollowed);
  const lists = createLiveListsModule(kernel, store, follows.followed$);
  const detail = createMatchDetailModule(kernel, store);
  const alerts = createAlertsModule(kernel, follows.isFollowed);
  const chat = createChatModule(kernel, () => session.session$.value);
  const vlive = createVliveModule(kernel);
  const inbox = createInboxModule(kernel, session.session$);
  const wallet = createWalletModule(kernel, session.session$);
  const assistant = createAssistantModule(kernel, session.session$);
  const standings = createStandingsModule(kernel);
  const messaging = createMessagingModule(kernel, session.session$, inbox.readLocally);

  // A follow toggled anywhere re-derives the rows on screen (their `followed` flag).
  const followRows = follows.followed$.pipe(skip(1)).subscribe(() => store.refreshViews());
  kernel.onDispose(() => followRows.unsubscribe());

  kernel.useInbound(
    createInbound({ store, detail, alerts, chat, vlive, inbox, messaging, session, wallet, standings }),
  );

  // --- the tab contract ------------------------------------------------------------------------
  const streams: StreamBuilders = {
    ...lists.streams,
    ...store.streams,
    ...detail.streams,
    ...alerts.streams,
    ...chat.streams,
    ...vlive.streams,
    ...inbox.streams,
    ...follows.streams,
    ...wallet.streams,
    ...assistant.streams,
    ...standings.streams,
    ...messaging.streams,
    session: () => session.session$,
    connection: () => kernel.connection$,
    exceptions: () => kernel.exceptions$,
    navigation: () => kernel.navigation$,
  };
  kernel.serve(streams);

  const handlers: CoreHandlers = {
    request: (req) => kernel.request(req),
    cachedRequest: (req) => kernel.cachedRequest(req),
    ...session.handlers,
    ...follows.handlers,
    ...detail.handlers,
    ...chat.handlers,
    ...alerts.handlers,
    ...wallet.handlers,
    ...assistant.handlers,
    news: newsHandler((req) => kernel.request(req)),
    ...messaging.handlers,
  };

  const ready = session.boot(Promise.all([alerts.booted, follows.booted]));

  return {
    instanceId: deps.instanceId,
    mode: deps.mode,
    startedAt: kernel.startedAt,
    handlers,
    stream: kernel.stream,
    socket: kernel.socket,
    ready,
    wake: () => kernel.socket.wake(),
    setOnline(online) {
      kernel.connection$.next({ ...kernel.connection$.value, online, since: kernel.now() });
      kernel.socket.setOnline(online);
    },
    footprint: () => {
      const { matches, extras, rows } = store.footprint();
      return {
        sharedStreams: kernel.sharedStreamCount(),
        matches,
        extras,
        rows,
        lists: lists.footprint().lists,
        details: detail.footprint().details,
        chatRooms: chat.footprint().rooms,
        rooms: vlive.footprint().rooms,
      };
    },
    dispose: () => kernel.dispose(),
  };
}
