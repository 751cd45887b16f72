/**
 * What `getCore()` gives the views (issue 29): the tab's stream cache and every call of the core,
 * while the client that reaches the core (Comlink, the SharedWorker / leader / in-tab hosts, the
 * conversation patches: ./core-client, ./hosts, ./core-start) is loaded on the first call.
 *
 * Views call the core only from effects and handlers, never while rendering, so on a page the
 * server rendered that first call comes after hydration: React hydrates the HTML with the shell
 * and the page's own code, and the client of the core follows as its own chunk. Until it answers,
 * the hooks show the server's values (the seed), which the core's streams then continue.
 */
import type { CoreApi, SessionValue } from '../../workers/core/api';
import type { CoreClient } from './core-client';
import { StreamCache } from './stream-cache';

export class CoreFront implements CoreApi {
  readonly cache: StreamCache;
  private client: Promise<CoreClient> | null = null;

  constructor(
    private readonly start: () => Promise<CoreClient>,
    /** Session guess for the first paint (the auth cookie), before the core answers. */
    private readonly firstSession: () => SessionValue,
  ) {
    this.cache = new StreamCache(this);
  }

  /** The core's client, loaded and started on first use; a failed load (offline) is tried again. */
  linked(): Promise<CoreClient> {
    if (!this.client) {
      const started = this.start();
      this.client = started;
      started.catch(() => {
        if (this.client === started) this.client = null;
      });
    }
    return this.client;
  }

  initialSession(): SessionValue {
    return this.firstSession();
  }

  /** A call of the core's client, made once it is loaded (its own signature, from CoreApi). */
  private forward<M extends keyof CoreApi>(method: M): CoreApi[M] {
    return ((...args: unknown[]) =>
      this.linked().then((c) => (c[method] as (...a: unknown[]) => unknown).apply(c, args))) as CoreApi[M];
  }

  readonly subscribe = this.forward('subscribe');
  readonly unsubscribe = this.forward('unsubscribe');
  readonly setVisible = this.forward('setVisible');
  readonly ping = this.forward('ping');
  readonly request = this.forward('request');
  readonly cachedRequest = this.forward('cachedRequest');
  readonly login = this.forward('login');
  readonly register = this.forward('register');
  readonly logout = this.forward('logout');
  readonly refreshUser = this.forward('refreshUser');
  readonly follow = this.forward('follow');
  readonly oddsHistory = this.forward('oddsHistory');
  readonly sendChat = this.forward('sendChat');
  readonly noteBalance = this.forward('noteBalance');
  readonly askAssistant = this.forward('askAssistant');
  readonly clearAssistant = this.forward('clearAssistant');
  readonly news = this.forward('news');
  readonly sendPrivate = this.forward('sendPrivate');
  readonly sendGroup = this.forward('sendGroup');
  readonly sendPicture = this.forward('sendPicture');
  readonly retryPrivate = this.forward('retryPrivate');
  readonly discardPrivate = this.forward('discardPrivate');
  readonly markChatRead = this.forward('markChatRead');
  readonly loadOlderMessages = this.forward('loadOlderMessages');
  readonly getSettings = this.forward('getSettings');
  readonly updateSettings = this.forward('updateSettings');
}
