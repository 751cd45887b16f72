/**
 * The match rows the core holds, shared by lists, detail, alerts and widgets. A row is kept only
 * while something holds it (a list showing it, a widget or detail page on it): every holder
 * `retain`s the id and `release`s it, and the last release evicts the row and its extras, so a
 * worker that lives as long as the browser does not grow with every match it ever saw.
 */
import { BehaviorSubject, Observable, Subject } from 'rxjs';
import { Code } from '../../protocol/codes';
import { LivePaths } from '../../protocol/api/live';
import type { Envelope } from '../../protocol/envelope';
import type { Match, Sport } from '../../protocol/live';
import { isLive } from '../../protocol/status';
import { Topics, type Topic } from '../../protocol/topics';
import type { MatchView } from '../api';
import { deriveMatch } from '../derive';
import type { Kernel, StreamBuilders } from '../kernel';
import { Lazy } from '../lazy';

export interface MatchChange {
  match: Match;
  /** New to the store, or its status moved (lists re-rank). */
  reranks: boolean;
}

export interface MatchStore {
  get(id: number): Match | undefined;
  /** Stores a row that is held; `fromSnapshot` rows (REST) do not flash a score change. */
  upsert(m: Match, fromSnapshot: boolean): void;
  /** Stores a held row only if none is there yet (a cached list painted before the refresh). */
  seed(m: Match): void;
  retain(id: number): void;
  release(id: number): void;
  view(id: number): MatchView | null;
  readonly changed$: Subject<MatchChange>;
  /** Ids some widget watches (its row stream is open). */
  watchedIds(): number[];
  /** Re-derives every watched row (follows changed). */
  refreshViews(): void;
  /** Fetches a row's header over REST. */
  fetchHeader(id: number, sport: Sport, silent: boolean): Promise<Envelope<unknown>>;
  /** A list of this sport is being read: rows opened meanwhile wait for it before asking alone. */
  noteListLoad(sport: Sport, load: Promise<unknown>): void;
  readonly streams: Pick<StreamBuilders, 'match'>;
  footprint(): { matches: number; extras: number; rows: number };
}

/** How long a row opened without its match waits for a list of its sport to start loading (ms). */
const ROW_WAITS_FOR_LIST_MS = 50;

export const sportTopic = (sport: Sport): Topic => (sport === 'zq' ? Topics.football : Topics.basketball);

/** The match of a header answer (`{ match, incidents }` or a bare `Match`), or null. */
export function headerMatch(env: Envelope<unknown>): Match | null {
  if (env.code !== Code.OK || !env.data || typeof env.data !== 'object') return null;
  const d = env.data as Record<string, unknown>;
  const m = (d.match ?? d) as Match;
  return typeof m.id === 'number' && typeof m.s === 'number' ? m : null;
}

export function createMatchStore(kernel: Kernel, isFollowed: (m: Match) => boolean): MatchStore {
  const { now } = kernel;
  const matches = new Map<number, Match>();
  const extras = new Map<number, { scoreChangedAt: number; lastScorer: 'home' | 'away' | null }>();
  const holds = new Map<number, number>();
  const rows = new Map<number, BehaviorSubject<Lazy<MatchView | null>>>();
  const changed$ = new Subject<MatchChange>();
  const listLoads = new Map<Sport, Promise<unknown>>();

  function view(id: number): MatchView | null {
    const m = matches.get(id);
    if (!m) return null;
    const x = extras.get(id) ?? { scoreChangedAt: 0, lastScorer: null };
    return deriveMatch(m, { ...x, followed: isFollowed(m) }, now());
  }
  const lazyView = (id: number) => new Lazy(() => view(id));

  function upsert(m: Match, fromSnapshot: boolean): void {
    if (!holds.has(m.id)) return;
    const prev = matches.get(m.id);
    matches.set(m.id, m);
    if (prev && !fromSnapshot) {
      const [h0, a0] = prev.score;
      const [h1, a1] = m.score;
      if (h1 !== h0 || a1 !== a0) {
        extras.set(m.id, { scoreChangedAt: now(), lastScorer: h1 > h0 ? 'home' : a1 > a0 ? 'away' : null });
      }
    }
    rows.get(m.id)?.next(lazyView(m.id));
    changed$.next({ match: m, reranks: !prev || prev.s !== m.s });
  }

  function release(id: number): void {
    const left = (holds.get(id) ?? 1) - 1;
    if (left > 0) {
      holds.set(id, left);
      return;
    }
    holds.delete(id);
    matches.delete(id);
    extras.delete(id);
  }

  /** Header reads in flight by match: a detail page and its row ask at once (one request). */
  const headerLoads = new Map<number, { silent: boolean; answer: Promise<Envelope<unknown>> }>();

  function fetchHeader(id: number, sport: Sport, silent: boolean): Promise<Envelope<unknown>> {
    const pending = headerLoads.get(id);
    // A silent read may share a loud one; a loud one (its failure is shown) goes out itself.
    if (pending && (silent || !pending.silent)) return pending.answer;
    const answer = kernel.request<unknown>({
      path: sport === 'zq' ? LivePaths.zqHeader : LivePaths.lqHeader,
      params: { id },
      silent,
    });
    headerLoads.set(id, { silent, answer });
    const done = () => {
      if (headerLoads.get(id)?.answer === answer) headerLoads.delete(id);
    };
    answer.then(done, done);
    return answer;
  }

  function rowStream(id: number, sport: Sport): Observable<Lazy<MatchView | null>> {
    return new Observable<Lazy<MatchView | null>>((sub) => {
      let subject = rows.get(id);
      if (!subject) {
        holds.set(id, (holds.get(id) ?? 0) + 1);
        subject = new BehaviorSubject<Lazy<MatchView | null>>(lazyView(id));
        rows.set(id, subject);
      }
      const subj = subject;
      const unwatch = kernel.watchTopic(sportTopic(sport));
      const s = subj.subscribe((v) => sub.next(v));
      // A row the server rendered (issue 29) is opened before its page's list is read: it waits a
      // moment for that list (one request for all rows) and asks for its own header only if the
      // list did not bring it.
      let closed = false;
      const fetchAlone = () => {
        if (closed || matches.has(id)) return;
        void fetchHeader(id, sport, true).then((env) => {
          const m = headerMatch(env);
          if (m && !matches.has(id)) upsert(m, true);
        });
      };
      const wait = matches.has(id)
        ? null
        : kernel.timers.setTimeout(() => {
            const pending = listLoads.get(sport);
            if (pending) void pending.then(fetchAlone, fetchAlone);
            else fetchAlone();
          }, ROW_WAITS_FOR_LIST_MS);
      return () => {
        closed = true;
        if (wait !== null) kernel.timers.clearTimeout(wait);
        s.unsubscribe();
        unwatch();
        if (!subj.observed && rows.get(id) === subj) {
          rows.delete(id);
          release(id);
        }
      };
    });
  }

  // Live rows re-derive their minute text on a tick (no event arrives between minutes).
  const tick = kernel.timers.setInterval(() => {
    for (const [id, sub] of rows) {
      const m = matches.get(id);
      if (m && isLive(m.sport, m.s)) sub.next(lazyView(id));
    }
  }, kernel.deps.minuteTickMs ?? 20_000);
  kernel.onDispose(() => kernel.timers.clearInterval(tick));

  return {
    get: (id) => matches.get(id),
    upsert,
    seed(m) {
      if (holds.has(m.id) && !matches.has(m.id)) matches.set(m.id, m);
    },
    retain: (id) => void holds.set(id, (holds.get(id) ?? 0) + 1),
    release,
    view,
    changed$,
    watchedIds: () => [...rows.keys()],
    refreshViews() {
      for (const [id, sub] of rows) sub.next(lazyView(id));
    },
    fetchHeader,
    noteListLoad(sport, load) {
      listLoads.set(sport, load);
      const done = () => {
        if (listLoads.get(sport) === load) listLoads.delete(sport);
      };
      load.then(done, done);
    },
    streams: { match: (key) => rowStream(key.id, key.sport) },
    footprint: () => ({ matches: matches.size, extras: extras.size, rows: rows.size }),
  };
}
