/**
 * Live lists: football and basketball lists by tab (live, schedule, results, followed, hot) with
 * the type and league filters; rows come from the match store and are re-ranked live first.
 * A list holds its rows in the store while a tab shows it.
 */
import { BehaviorSubject, Observable, skip } from 'rxjs';
import { Code } from '../../protocol/codes';
import type { Match, Sport } from '../../protocol/live';
import type { ParsedTopic } from '../../protocol/topics';
import { streamKeyId, type FollowedValue, type MatchListValue } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';
import { headerMatch, sportTopic, type MatchStore } from './matches';
import { listOf } from './list-of';
import { computeListValue, inTab as inTabOf, listRequest, type ListKey } from './list-compute';

interface ListSource {
  key: ListKey;
  ids: Set<number>;
  loading: boolean;
  stale: boolean;
  out$: BehaviorSubject<MatchListValue | undefined>;
  dirty: boolean;
}

const LIST_RECOMPUTE_MS = 100;

export interface LiveListsModule {
  readonly streams: Pick<StreamBuilders, 'matchList'>;
  footprint(): { lists: number };
}

export function createLiveListsModule(
  kernel: Kernel,
  store: MatchStore,
  followed$: BehaviorSubject<FollowedValue>,
): LiveListsModule {
  const { now } = kernel;
  const lists = new Map<string, ListSource>();

  const inTab = (key: ListKey, m: Match) => inTabOf(key, m, followed$.value[key.sport]);

  function computeList(l: ListSource): MatchListValue {
    const key = l.key;
    const candidates = key.tab === 'follow' ? followed$.value[key.sport] : [...l.ids];
    const matches = candidates.flatMap((id) => store.get(id) ?? []);
    return computeListValue(key, matches, followed$.value[key.sport], l);
  }

  function markDirty(l: ListSource): void {
    if (l.dirty) return;
    l.dirty = true;
    kernel.timers.setTimeout(() => {
      l.dirty = false;
      if (lists.get(streamKeyId(l.key)) === l) l.out$.next(computeList(l));
    }, LIST_RECOMPUTE_MS);
  }

  /** Replaces the rows a list holds in the store: new ones first, so a row in both stays. */
  function holdIds(l: ListSource, ids: Iterable<number>): void {
    const next = new Set(ids);
    for (const id of next) store.retain(id);
    for (const id of l.ids) store.release(id);
    l.ids = next;
  }

  async function loadFollowedMatches(l: ListSource): Promise<void> {
    const sport = l.key.sport;
    holdIds(l, followed$.value[sport]);
    await Promise.all(
      [...l.ids]
        .filter((id) => !store.get(id))
        .map(async (id) => {
          const m = headerMatch(await store.fetchHeader(id, sport, true));
          if (m) store.upsert(m, true);
        }),
    );
  }

  async function loadList(l: ListSource): Promise<void> {
    const key = l.key;
    if (key.tab === 'follow') {
      await loadFollowedMatches(l);
      l.loading = false;
      l.out$.next(computeList(l));
      return;
    }
    const request = kernel.request<unknown>(listRequest(key, now()));
    store.noteListLoad(key.sport, request);
    const env = await request;
    l.loading = false;
    if (env.code === Code.OK && lists.get(streamKeyId(key)) === l) {
      const list = listOf<Match>(env.data);
      holdIds(
        l,
        list.map((m) => m.id),
      );
      for (const m of list) store.upsert(m, true);
      l.stale = false;
      const snapshot = list.filter((m) => inTab(key, m));
      void kernel.store.set(`list:${streamKeyId({ ...key, filter: undefined })}`, snapshot).catch(() => undefined);
    }
    l.out$.next(computeList(l));
  }

  function listStream(key: ListKey): Observable<MatchListValue> {
    return new Observable<MatchListValue>((sub) => {
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
      const unwatch = kernel.watchTopic(sportTopic(key.sport));
      const s = l.out$.subscribe((v) => {
        if (v) sub.next(v);
      });
      void (async () => {
        // Cold start: paint the last known list at once, then refresh.
        const cached = await kernel.store
          .get<Match[]>(`list:${streamKeyId({ ...key, filter: undefined })}`)
          .catch(() => undefined);
        if (cached && l.loading && lists.get(id) === l) {
          holdIds(
            l,
            cached.map((m) => m.id),
          );
          for (const m of cached) store.seed(m);
          l.stale = true;
          l.out$.next(computeList(l));
        }
        await loadList(l);
      })().catch((e: unknown) => kernel.log('list load failed', e));
      return () => {
        s.unsubscribe();
        unwatch();
        if (lists.get(id) === l) lists.delete(id);
        holdIds(l, []);
      };
    });
  }

  const changes = store.changed$.subscribe(({ match, reranks }) => {
    if (reranks) for (const l of lists.values()) if (l.key.sport === match.sport) markDirty(l);
  });
  const follows = followed$.pipe(skip(1)).subscribe(() => {
    for (const l of lists.values()) {
      if (l.key.tab === 'follow') void loadFollowedMatches(l).then(() => markDirty(l));
      else markDirty(l);
    }
  });
  kernel.onDispose(() => {
    changes.unsubscribe();
    follows.unsubscribe();
  });

  kernel.onSnapshot(async (topic: ParsedTopic) => {
    if (topic.kind !== 'football' && topic.kind !== 'basketball') return;
    const sport: Sport = topic.kind === 'football' ? 'zq' : 'lq';
    const ls = [...lists.values()].filter((l) => l.key.sport === sport);
    await Promise.all(ls.map((l) => loadList(l)));
    // Rows watched outside any list (widgets) are refreshed from their header.
    const inLists = new Set(ls.flatMap((l) => [...l.ids]));
    await Promise.all(
      store
        .watchedIds()
        .filter((id) => !inLists.has(id) && store.get(id)?.sport === sport)
        .map(async (id) => {
          const m = headerMatch(await store.fetchHeader(id, sport, false));
          if (m) store.upsert(m, false);
        }),
    );
  });

  return { streams: { matchList: listStream }, footprint: () => ({ lists: lists.size }) };
}
